package browser

import (
	"embed"
	"encoding/json"
	"regexp"
	"strings"
	"sync"

	"github.com/smokeflow/smokeflow/flows"
)

// In-page code (docs/architecture-notes.md "In-page code"): every script
// smokeflow runs in a page is a file of js/, one JavaScript expression
// (a function expression, or an expression evaluated as it stands), and
// the Go side gets each by one name below. The helpers more than one
// script needs (describe, the hit test, the click guard) are in
// js/lib.js, once; script puts them, after Go's constants the scripts
// name, in front of every script that names one of either, in a closure
// of its own (a script that names none stands alone):
//
//	(() => {
//	const changeBinding = "…", …;   // jsConstants
//	<js/lib.js>
//	return (
//	<js/NAME.js>
//	);
//	})()
//
// which is the script's expression still: a function for
// Runtime.callFunctionOn, a value for Runtime.evaluate. Nothing is
// defined in the page's globals.

//go:embed js/*.js
var jsFiles embed.FS

// jsConstants are the constants of Go that the scripts name.
var jsConstants = []struct{ name, value string }{
	{"changeBinding", changeBinding}, // watch.js, idle.js
	{"lostClick", lostClick},         // unguard.js
	{"keySpace", flows.KeySpace},     // activated.js
	{"recordBinding", recordBinding}, // record.js
	{"movingMark", movingMark},       // watch.js
	{"focusAnswerMS", focusAnswerMS}, // lib.js focusAnswered
}

// focusAnswerMS bounds, in milliseconds, the wait of fill, type and
// press for the page's answer to the focus they give a field
// (docs/targets.md "The page's answer to the focus").
const focusAnswerMS = "250"

// The scripts, by the name of their file in js/.
var (
	activatedJS      = lazyScript("activated")
	animatingJS      = lazyScript("animating")
	attrJS           = lazyScript("attr")
	changeJS         = lazyScript("change")
	checkJS          = lazyScript("check")
	clockJS          = lazyScript("clock")
	dragStateJS      = lazyScript("drag-state")
	dragWatchJS      = lazyScript("drag-watch")
	dropAtJS         = lazyScript("drop-at")
	fadingBesideJS   = lazyScript("fading-beside")
	focusJS          = lazyScript("focus")
	focusElementJS   = lazyScript("focus-element")
	focusedJS        = lazyScript("focused")
	formJS           = lazyScript("form")
	formInfoJS       = lazyScript("form-info")
	guardJS          = lazyScript("guard")
	drawnJS          = lazyScript("drawn")
	hostFocusJS      = lazyScript("host-focus")
	hostSelectJS     = lazyScript("host-select")
	idleJS           = lazyScript("idle")
	isSelectJS       = lazyScript("is-select")
	nativeChosenJS   = lazyScript("native-chosen")
	linkHrefJS       = lazyScript("link-href")
	maskJS           = lazyScript("mask")
	modalFocusJS     = lazyScript("modal-focus")
	overlaysJS       = lazyScript("overlays")
	probeJS          = lazyScript("probe")
	readOnlyJS       = lazyScript("read-only")
	readStorageJS    = lazyScript("read-storage")
	recordJS         = lazyScript("record")
	selectJS         = lazyScript("select")
	selectControlsJS = lazyScript("select-controls")
	setStorageJS     = lazyScript("set-storage")
	shownJS          = lazyScript("shown")
	sliderJS         = lazyScript("slider")
	sliderTrackJS    = lazyScript("slider-track")
	stampCall        = lazyScript("stamp")
	stillJS          = lazyScript("still")
	thawJS           = lazyScript("thaw")
	unguardJS        = lazyScript("unguard")
	vitalsJS         = lazyScript("vitals")
	watchJS          = lazyScript("watch")
)

// The scripts the session runs on a failure (docs/targets.md "Failure
// diagnostics") and explore's accessibility check (docs/explore.md
// "Accessibility"), through Page.EvalOwn and Invoke.
var (
	HiddenJS  = lazyScript("hidden")
	OutlineJS = lazyScript("outline")
	AxeRunJS  = lazyScript("axe-run")
)

// jsPrelude is what every script is put after: Go's constants, then
// lib.js.
var jsPrelude = sync.OnceValue(func() string {
	var b strings.Builder
	for i, c := range jsConstants {
		v, _ := json.Marshal(c.value) // a string always marshals
		sep := ", "
		if i == 0 {
			sep = "const "
		}
		b.WriteString(sep + c.name + " = " + string(v))
	}
	b.WriteString(";\n")
	b.WriteString(jsFile("lib"))
	return b.String()
})

// script is the file js/NAME.js with the prelude in front, in a closure
// of its own (see above).
func script(name string) string {
	return withPrelude(jsFile(name))
}

// lazyScript is script(name), built on first use: a process that drives
// no page (a session command's client, `smokeflow validate`) builds none
// of them at its start (docs/architecture-notes.md "In-page code").
func lazyScript(name string) func() string {
	return sync.OnceValue(func() string { return script(name) })
}

// withPrelude puts the prelude in front of the expression src, when src
// names one of its constants or lib.js's helpers; a script that names
// none is its expression alone, so the scripts run on every read and
// settle (stamp, probe, idle) parse nothing more than their own text.
func withPrelude(src string) string {
	if !namesPrelude(src) {
		return "(\n" + src + ")"
	}
	return "(() => {\n" + jsPrelude() + "return (\n" + src + ");\n})()"
}

// libNames are the top-level functions and constants of lib.js.
var libNames = sync.OnceValue(func() [][]string {
	return regexp.MustCompile(`(?m)^(?:function|const) (\w+)\b`).FindAllStringSubmatch(jsFile("lib"), -1)
})

// namesPrelude reports whether src names a constant of jsConstants or a
// function or constant of lib.js (a name in a comment counts too: the prelude is then
// there for nothing, never missing).
func namesPrelude(src string) bool {
	for _, c := range jsConstants {
		if strings.Contains(src, c.name) {
			return true
		}
	}
	for _, m := range libNames() {
		if strings.Contains(src, m[1]) {
			return true
		}
	}
	return false
}

// jsFile is the text of js/NAME.js. The files are embedded: a name
// without a file is a mistake of this package, which any of its tests
// finds at once (TestInPageScriptsCompile).
func jsFile(name string) string {
	b, err := jsFiles.ReadFile("js/" + name + ".js")
	if err != nil {
		panic("browser: no in-page script js/" + name + ".js")
	}
	return string(b)
}

// Invoke is the expression that calls the function expression fn (a
// script of js/) with args, each as its JSON, for Runtime.evaluate
// (which takes no arguments of its own) or Page.EvalOwn.
func Invoke(fn string, args ...any) string {
	parts := make([]string, len(args))
	for i, a := range args {
		b, err := json.Marshal(a)
		if err != nil {
			panic("browser: an in-page script's argument cannot be JSON: " + err.Error())
		}
		parts[i] = string(b)
	}
	return "(" + fn + ")(" + strings.Join(parts, ", ") + ")"
}
