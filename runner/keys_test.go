package runner_test

import (
	"encoding/json"
	"fmt"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/results"
)

// pressCase is one `press` and the keydowns the page must see, each
// "key|code|MODS" (MODS: C Control, A Alt, S Shift, M Meta held).
type pressCase struct {
	press string
	seen  []string
}

// held is the keydown of a modifier pressed as part of a combination.
var held = map[string]string{
	"Control": "Control|ControlLeft|C", "Alt": "Alt|AltLeft|A",
	"Shift": "Shift|ShiftLeft|S", "Meta": "Meta|MetaLeft|M",
}

// docsKeys are the keys docs/flows.md "press" lists, with what a US
// keyboard gives in the DOM (written out here, not read from the table).
func docsKeys() []pressCase {
	one := func(press, key, code string) pressCase { return pressCase{press, []string{key + "|" + code + "|"}} }
	cs := []pressCase{}
	for _, n := range []string{"Enter", "Tab", "Escape", "Backspace", "Delete", "Insert", "Home", "End",
		"PageUp", "PageDown", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight",
		"CapsLock", "NumLock", "ScrollLock", "PrintScreen", "Pause", "ContextMenu"} {
		cs = append(cs, one(n, n, n))
	}
	for i := 1; i <= 12; i++ {
		f := fmt.Sprintf("F%d", i)
		cs = append(cs, one(f, f, f))
	}
	for c := 'A'; c <= 'Z'; c++ {
		cs = append(cs, one("Key"+string(c), strings.ToLower(string(c)), "Key"+string(c)))
	}
	for d := '0'; d <= '9'; d++ {
		cs = append(cs, one("Digit"+string(d), string(d), "Digit"+string(d)), one("Numpad"+string(d), string(d), "Numpad"+string(d)))
	}
	punct := [][2]string{{"Space", " "}, {"Backquote", "`"}, {"Minus", "-"}, {"Equal", "="}, {"BracketLeft", "["},
		{"BracketRight", "]"}, {"Backslash", `\`}, {"Semicolon", ";"}, {"Quote", "'"}, {"Comma", ","}, {"Period", "."},
		{"Slash", "/"}, {"NumpadAdd", "+"}, {"NumpadSubtract", "-"}, {"NumpadMultiply", "*"}, {"NumpadDivide", "/"},
		{"NumpadDecimal", "."}, {"NumpadEnter", "Enter"}}
	for _, p := range punct {
		cs = append(cs, one(p[0], p[1], p[0]))
	}
	for _, m := range []string{"Alt", "Control", "Meta", "Shift"} {
		cs = append(cs, pressCase{m, []string{held[m]}})
	}
	return append(cs,
		// characters, case-insensitive names, and the combinations the docs show
		one("a", "a", "KeyA"), one("A", "A", "KeyA"), one("+", "+", "Equal"), one("enter", "Enter", "Enter"),
		pressCase{"ControlOrMeta", []string{held["Control"]}}, // Linux: Control
		pressCase{"Control+A", []string{held["Control"], "A|KeyA|C"}},
		pressCase{"Shift+Tab", []string{held["Shift"], "Tab|Tab|S"}},
		pressCase{"Control+Shift+KeyZ", []string{held["Control"], "Shift|ShiftLeft|CS", "Z|KeyZ|CS"}},
		pressCase{"ControlOrMeta+Enter", []string{held["Control"], "Enter|Enter|C"}},
		pressCase{"Control++", []string{held["Control"], "+|Equal|C"}},
		pressCase{"Shift+KeyA", []string{held["Shift"], "A|KeyA|S"}},
		pressCase{"Shift+Digit1", []string{held["Shift"], "!|Digit1|S"}},
		pressCase{"Alt+ArrowLeft", []string{held["Alt"], "ArrowLeft|ArrowLeft|A"}},
		pressCase{"Meta+KeyA", []string{held["Meta"], "a|KeyA|M"}},
	)
}

// keysFlow presses every case and then checks, in the page, what it saw.
func keysFlow(cs []pressCase) []string {
	var want []string
	steps := []string{"open: /runner/pages/keys.html"}
	for _, c := range cs {
		q, _ := json.Marshal(c.press)
		steps = append(steps, "press: "+string(q))
		want = append(want, c.seen...)
	}
	w, _ := json.Marshal(want)
	steps = append(steps, `eval: |
      const want = `+string(w)+`, got = window.seen;
      for (let i = 0; i < Math.max(want.length, got.length); i++)
        if (want[i] !== got[i]) throw new Error("keydown " + i + ": want " + JSON.stringify(want[i]) + ", got " + JSON.stringify(got[i]));`)
	return steps
}

var _ = Describe("press keys", func() {
	It("presses every key and combination docs/flows.md lists, as the page sees them", func() {
		res := runSteps(keysFlow(docsKeys())...)
		Expect(res.Status).To(Equal(results.Passed), failureText(res))
	})

	It("fails when the page sees another key than the one asked for (the check above can fail)", func() {
		res := runSteps(keysFlow([]pressCase{{"KeyA", []string{"b|KeyB|"}}})...)
		Expect(res.Status).To(Equal(results.Failed))
		Expect(res.Final().Failure.Message).To(ContainSubstring(`keydown 0: want "b|KeyB|", got "a|KeyA|"`))
	})

	It("types into a field: KeyA, Shift+Digit1, Control+A selects all", func() {
		res := runSteps("open: /runner/pages/keys.html", "click: Field",
			"press: KeyA", "press: Shift+Digit1", "press: Digit1",
			`assert: 'value("Field") == "a!1"'`,
			"press: Control+A", "press: KeyZ",
			`assert: 'value("Field") == "z"'`)
		Expect(res.Status).To(Equal(results.Passed), failureText(res))
	})

	It("fails a key from ${...} that is no key, with the nearest name", func() {
		res := runSteps("open: /runner/pages/keys.html", "eval: '\"Entr\"'", "press: ${result}")
		Expect(res.Status).To(Equal(results.Failed))
		Expect(res.Final().Failure.Message).To(ContainSubstring(`unknown key name "Entr"; did you mean "Enter"?`))
	})
})
