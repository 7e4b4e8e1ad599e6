package runner

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
)

// This file finds what run --fix tries: the verified replacements a
// failure names (docs/running.md "Fixes proposed and proven").

// proposals is the fix of the failed attempt a before any re-run (no fix
// and why, or the step's place and the snapshot lines), and the edits to
// try, each a replacement the failure's diagnostics checked.
func (fx *fixer) proposals(dir string, f *flows.Flow, a *results.Attempt) (*results.Fix, []flows.Edit) {
	fix := &results.Fix{Status: results.FixNone}
	if a == nil || a.Failure == nil || a.Failure.Line == 0 {
		fix.Reason = "no fix: the flow failed outside its steps"
		return fix, nil
	}
	fl := a.Failure
	fix.File, fix.Line = fl.File, fl.Line
	s := stepAt(f, fl.Line)
	switch {
	case fl.File != f.File:
		fix.Reason = fmt.Sprintf("no fix: the failing step is in %s, not in the flow's own file: fixes edit the flow's own steps", fl.File)
		return fix, nil
	case fx.src[f.File] == nil:
		fix.Reason = fmt.Sprintf("no fix: %s could not be read when the run started", f.File)
		return fix, nil
	case s == nil:
		fix.Reason = "no fix: the failing step is inside a group or a repeat: fixes edit top-level steps only"
		return fix, nil
	}
	if why := appBug(dir, a); why != "" {
		fix.Status, fix.Reason = results.FixAppBug, "no fix: "+why+": that looks like the app's bug, not the test's"
		return fix, nil
	}
	edits, lines, why := editsFor(dir, s, a)
	fix.Snapshot = lines
	if why != "" {
		fix.Reason = "no fix: " + why
		if strings.HasPrefix(why, appBugPrefix) {
			fix.Status = results.FixAppBug
		}
	}
	return fix, edits
}

// appBugPrefix starts the reasons of editsFor that call the change the
// app's.
const appBugPrefix = "a number changed"

// stepAt is the top-level step (setup, steps, teardown) on line.
func stepAt(f *flows.Flow, line int) *flows.Step {
	for _, s := range f.AllSteps() {
		if s.Pos.Line == line && s.Pos.File == f.File {
			return s
		}
	}
	return nil
}

// editsFor are the replacements of step s that a's failure names: the
// targets its diagnostics checked against the failure snapshot (a renamed
// button, a changed label, a target told apart by within: or a role), or
// for `expect: {text: …}`, the close variant the element now shows. why
// says why there are none.
func editsFor(dir string, s *flows.Step, a *results.Attempt) (edits []flows.Edit, lines []string, why string) {
	fl := a.Failure
	d := fl.Diagnostics
	key, t := s.TargetSlot()
	if d != nil && t != nil && len(d.Suggestions) > 0 {
		snap, _ := failureSnapshot(dir, a)
		for _, sg := range d.Suggestions {
			if old := oldName(t); old != "" && flows.NumbersChanged(old, sg.Name) {
				return nil, nil, fmt.Sprintf("%s: %q is now %q", appBugPrefix, old, sg.Name)
			}
			edits = append(edits, flows.Edit{Line: fl.Line, Action: fl.Action, Kind: flows.EditTarget, Slot: key, New: sg.Target})
			lines = append(lines, refLines(snap, sg.Ref)...)
		}
		return edits, lines, ""
	}
	if e, ok := s.Action.(*flows.Expect); ok && e.Kind == flows.ExpectText && fl.Reason == diagnostics.ReasonAssertion {
		return textEdit(dir, fl, e, a)
	}
	return nil, nil, "the failure names no verified replacement (no target checked against its snapshot, no close variant of an expected text)"
}

// oldName is the name a target looks for, as written.
func oldName(t *flows.Target) string {
	for _, s := range []string{t.Name, t.Phrase, t.Label, t.Text, t.Placeholder} {
		if s != "" {
			return s
		}
	}
	return ""
}

// actualRE reads the text an `expect: {text: …}` found from its failure
// message (session's stringCheck writes it with %q).
var actualRE = regexp.MustCompile(`, but it is ("(?:[^"\\]|\\.)*")$`)

// textEdit is the new expected text of a failed `expect: {text: …}`: the
// part of the element's text closest to the old one, when close enough
// and its digits are the same.
func textEdit(dir string, fl *results.Failure, e *flows.Expect, a *results.Attempt) ([]flows.Edit, []string, string) {
	var old string
	switch {
	case e.Match != nil && e.Match.Equals != nil:
		old = *e.Match.Equals
	case e.Match != nil && e.Match.Contains != nil:
		old = *e.Match.Contains
	default:
		return nil, nil, "only an expected text by equals or contains is replaced, not a pattern"
	}
	if strings.Contains(old, "${") {
		return nil, nil, "the expected text is built from ${…}: edit it by hand"
	}
	m := actualRE.FindStringSubmatch(firstLine(fl.Message))
	if m == nil {
		return nil, nil, "the failure does not say what text the element holds"
	}
	actual, err := strconv.Unquote(m[1])
	if err != nil {
		return nil, nil, "the failure does not say what text the element holds"
	}
	repl := actual
	if e.Match.Contains != nil {
		repl = closestPart(old, actual)
	}
	if repl == "" || diagnostics.Similarity(old, repl) < diagnostics.NearMissThreshold {
		return nil, nil, fmt.Sprintf("the element's text %q holds no close variant of %q", actual, old)
	}
	if flows.NumbersChanged(old, repl) {
		return nil, nil, fmt.Sprintf("%s: the page shows %q where the flow expects %q", appBugPrefix, repl, old)
	}
	snap, _ := failureSnapshot(dir, a)
	var lines []string
	for _, l := range strings.Split(snap, "\n") {
		if strings.Contains(l, repl) {
			lines = append(lines, diagnosticLine(l))
		}
	}
	return []flows.Edit{{Line: fl.Line, Action: fl.Action, Kind: flows.EditText, New: repl}}, lines, ""
}

// closestPart is the run of words of text, about as many as old has, most
// like old.
func closestPart(old, text string) string {
	words := strings.Fields(text)
	n := len(strings.Fields(old))
	best, score := "", 0.0
	for size := max(1, n-1); size <= n+1; size++ {
		for i := 0; i+size <= len(words); i++ {
			part := strings.Join(words[i:i+size], " ")
			if s := diagnostics.Similarity(old, part); s > score {
				best, score = part, s
			}
		}
	}
	return best
}

// refLines are the lines of a snapshot that name ref, without refs.
func refLines(snap, ref string) []string {
	if ref == "" {
		return nil
	}
	var out []string
	for _, l := range strings.Split(snap, "\n") {
		if strings.Contains(l, "[ref="+ref+"]") {
			out = append(out, diagnosticLine(l))
		}
	}
	return out
}
