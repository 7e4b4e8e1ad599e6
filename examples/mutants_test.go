package examples_test

// The mutation check: every expectation, assert and waiting check of the
// example flows is flipped, one mutant per check, and each mutant must go
// red at the mutated step. A check that stays green when flipped proves
// nothing (docs/flows.md "Checks that fail").

import (
	"context"
	"fmt"
	"io/fs"
	"net/http/httptest"
	"path"
	"strings"
	"testing"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/examples"
	"github.com/smokeflow/smokeflow/examples/demo"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// mutantTimeout is the step timeout of a flipped check. It only has to
// run out: the original check runs first, on its own timeout, so the page
// is where the check held.
const mutantTimeout = time.Second

// mutantWorkers run mutants at once: most of a mutant's time is its
// flipped check waiting out its timeout.
const mutantWorkers = 4

// mutantMark is text no demo page holds.
const mutantMark = " (smokeflow mutant)"

// checkRef is the place of one check in a flow: its phase and the index
// path through groups, repeats and sub-flows.
type checkRef struct {
	phase string
	path  []int
}

// mutant is one flipped check, ready to run.
type mutant struct {
	flow   *flows.Flow
	step   *flows.Step        // the mutated step, in flow
	desc   string             // what was flipped
	reason diagnostics.Reason // the failure's reason; "" for any known one
}

func TestExampleMutantsGoRed(t *testing.T) {
	if testing.Short() {
		t.Skip("drives Chromium")
	}
	srv := httptest.NewServer(demo.Handler())
	defer srv.Close()
	ctx := context.Background()
	br, err := browser.Launch(ctx, browser.Options{})
	if err != nil {
		t.Fatalf("these tests drive a real Chromium: install it (sudo apt-get install -y chromium) or set SMOKEFLOW_BROWSER: %v", err)
	}
	defer func() {
		if err := br.Close(); err != nil {
			t.Errorf("closing the browser: %v", err)
		}
		browser.ReapZombies()
	}()

	var mutants []mutant
	for _, name := range exampleFiles(t) {
		f := parseExample(t, name, srv.URL)
		if hasTag(f, "failing") {
			continue
		}
		for i, r := range checksOf(f) {
			m, err := mutate(parseExample(t, name, srv.URL), stepAt(parseExample(t, name, srv.URL), r), r)
			if err != nil {
				t.Errorf("%s: check %d: %v", name, i+1, err)
				continue
			}
			m.flow.Name = fmt.Sprintf("%s [mutant %d: %s]", m.flow.Name, i+1, m.desc)
			mutants = append(mutants, m)
		}
	}
	if len(mutants) == 0 {
		t.Fatal("no checks found in the example flows")
	}
	var list []*flows.Flow
	for _, m := range mutants {
		list = append(list, m.flow)
	}
	// No trace: every mutant fails, so each would keep its screencast's
	// frames, and no mutant checks a trace (docs/testing.md "Keeping
	// `make test` short")
	run, err := runner.Run(ctx, runner.Config{Use: br, BaseURL: srv.URL, Workers: mutantWorkers, ArtifactsDir: t.TempDir(),
		Trace: runner.TraceOff}, list)
	if err != nil {
		t.Fatal(err)
	}
	survived := 0
	for i, f := range run.Flows {
		m := mutants[i]
		a := f.Final()
		switch {
		case f.Status != results.Failed:
			survived++
			t.Errorf("survived: %s (%s:%d) stayed green", f.Name, m.step.Pos.File, m.step.Pos.Line)
		case a == nil || a.Failure == nil:
			t.Errorf("%s: failed without a failure record", f.Name)
		case failedStepName(a) != m.step.Name:
			t.Errorf("%s: failed before the flipped check (at the original check or a step before it): %s",
				f.Name, a.Failure.Message)
		case a.Failure.File != m.step.Pos.File || a.Failure.Line != m.step.Pos.Line:
			t.Errorf("%s: the failure is at %s:%d, not at the check's %s:%d: %s", f.Name,
				a.Failure.File, a.Failure.Line, m.step.Pos.File, m.step.Pos.Line, a.Failure.Message)
		case a.Failure.Reason != m.reason && (m.reason != "" || !a.Failure.Reason.Known()):
			t.Errorf("%s: reason %q, want %q: %s", f.Name, a.Failure.Reason, m.reason, a.Failure.Message)
		}
	}
	t.Logf("%d mutants, %d survived", len(mutants), survived)
}

// failedStepName is the name of the step the attempt's failure names.
func failedStepName(a *results.Attempt) string {
	for _, s := range a.Steps {
		if s.Index == a.Failure.StepIndex {
			return s.Name
		}
	}
	return ""
}

func failureMessage(f *results.Flow) string {
	if a := f.Final(); a != nil && a.Failure != nil {
		return a.Failure.Message
	}
	return string(f.Status)
}

func exampleFiles(t *testing.T) []string {
	entries, err := fs.ReadDir(examples.Flows, "flows")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".yaml") {
			out = append(out, "flows/"+e.Name())
		}
	}
	return out
}

// parseExample parses an embedded example afresh, so that each mutant has
// its own copy to change.
func parseExample(t *testing.T, name, base string) *flows.Flow {
	src, err := fs.ReadFile(examples.Flows, name)
	if err != nil {
		t.Fatal(err)
	}
	opts := flows.LoadOptions{BaseURL: base, ReadFile: func(p string) ([]byte, error) {
		return fs.ReadFile(examples.Flows, path.Clean(p))
	}}
	f, err := flows.Parse(name, src, opts)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func hasTag(f *flows.Flow, tag string) bool {
	for _, x := range f.Tags {
		if x == tag {
			return true
		}
	}
	return false
}

// isCheck reports the steps that check something: expect, assert, and the
// waits that wait for a state of the page.
func isCheck(s *flows.Step) bool {
	switch w := s.Action.(type) {
	case *flows.Expect, *flows.Assert:
		return true
	case *flows.Wait:
		return w.Text != "" || w.Target != nil || w.Gone != nil || w.URL != nil
	}
	return false
}

// children are the steps a container runs.
func children(s *flows.Step) []*flows.Step {
	switch a := s.Action.(type) {
	case *flows.Group:
		return a.Steps
	case *flows.Repeat:
		return a.Steps
	case *flows.Run:
		if a.Loaded != nil {
			return append(append([]*flows.Step{}, a.Loaded.Setup...), a.Loaded.Steps...)
		}
	}
	return nil
}

func phases(f *flows.Flow) map[string][]*flows.Step {
	return map[string][]*flows.Step{"setup": f.Setup, "steps": f.Steps, "teardown": f.Teardown}
}

// checksOf lists the checks of f in the order they run.
func checksOf(f *flows.Flow) []checkRef {
	var out []checkRef
	var walk func(phase string, steps []*flows.Step, prefix []int)
	walk = func(phase string, steps []*flows.Step, prefix []int) {
		for i, s := range steps {
			p := append(append([]int{}, prefix...), i)
			if isCheck(s) {
				out = append(out, checkRef{phase: phase, path: p})
			}
			walk(phase, children(s), p)
		}
	}
	for _, ph := range []string{"setup", "steps", "teardown"} {
		walk(ph, phases(f)[ph], nil)
	}
	return out
}

func stepAt(f *flows.Flow, r checkRef) *flows.Step {
	steps := phases(f)[r.phase]
	var s *flows.Step
	for _, i := range r.path {
		s = steps[i]
		steps = children(s)
	}
	return s
}

// mutate replaces the check at r in f with a group: the original check
// (orig, from another parse of the file), so that the page is where the
// check held, then the flipped check, which must fail, on the short
// timeout. The steps after the check are dropped: they cannot matter.
func mutate(f *flows.Flow, orig *flows.Step, r checkRef) (mutant, error) {
	s := stepAt(f, r)
	check := *s
	steps, flipped, desc, err := flip(&check)
	if err != nil {
		return mutant{}, err
	}
	flipped.Timeout = mutantTimeout
	flipped.Name = "smokeflow mutant: " + desc
	*s = flows.Step{Pos: s.Pos, EndLine: s.EndLine, Name: "mutant of " + desc,
		Action: &flows.Group{Steps: append([]*flows.Step{orig}, steps...)}}
	switch r.phase {
	case "setup":
		f.Steps = f.Steps[:0]
	case "steps":
		f.Steps = f.Steps[:r.path[0]+1]
	}
	m := mutant{flow: f, step: flipped, desc: desc, reason: diagnostics.ReasonAssertion}
	if w, ok := flipped.Action.(*flows.Wait); ok && w.Target != nil {
		m.reason = "" // not_found or hidden: the target does not resolve
	}
	return m, nil
}

// flip turns a check into one that must fail where the original held: it
// returns the steps to run and the one among them that must fail.
func flip(s *flows.Step) ([]*flows.Step, *flows.Step, string, error) {
	var desc string
	var err error
	switch a := s.Action.(type) {
	case *flows.Expect:
		if a.Kind == flows.ExpectNoConsoleErrors || a.Kind == flows.ExpectNoFailedRequests {
			return breakLogs(s, a.Kind)
		}
		desc, err = flipExpect(a)
	case *flows.Assert:
		src := "not (" + a.That.Source + ")"
		prog, cerr := flows.CompileExpr(src)
		a.That = &flows.Expr{Source: src, Pos: a.That.Pos, Program: prog}
		desc, err = "assert "+src, cerr
	case *flows.Wait:
		desc, err = flipWait(a)
	default:
		err = fmt.Errorf("%s is not a check", s.Action.Name())
	}
	return []*flows.Step{s}, s, desc, err
}

func flipExpect(e *flows.Expect) (string, error) {
	swap := map[string]string{
		flows.ExpectVisible: flows.ExpectHidden, flows.ExpectHidden: flows.ExpectVisible,
		flows.ExpectEnabled: flows.ExpectDisabled, flows.ExpectDisabled: flows.ExpectEnabled,
		flows.ExpectChecked: flows.ExpectUnchecked, flows.ExpectUnchecked: flows.ExpectChecked,
	}
	switch e.Kind {
	case flows.ExpectVisible, flows.ExpectHidden, flows.ExpectEnabled, flows.ExpectDisabled,
		flows.ExpectChecked, flows.ExpectUnchecked:
		was := e.Kind
		e.Kind = swap[was]
		return was + " → " + e.Kind, nil
	case flows.ExpectText, flows.ExpectValue, flows.ExpectURL, flows.ExpectTitle:
		d, err := flipMatch(e.Match)
		return e.Kind + " " + d, err
	case flows.ExpectCount:
		return flipCount(e), nil
	}
	return "", fmt.Errorf("no mutation for expect kind %q: add one to examples/mutants_test.go", e.Kind)
}

// flipMatch makes a string check expect what the page does not hold.
func flipMatch(m *flows.Match) (string, error) {
	switch {
	case m.Equals != nil:
		v := *m.Equals + mutantMark
		m.Equals = &v
		return fmt.Sprintf("equals %q", v), nil
	case m.Contains != nil:
		v := *m.Contains + mutantMark
		m.Contains = &v
		return fmt.Sprintf("contains %q", v), nil
	case m.Matches != nil:
		src := "^smokeflow mutant$"
		re, err := flows.CompileMatch(src)
		if err != nil {
			return "", err
		}
		m.Matches = &flows.Regex{Source: src, Re: re}
		return "matches " + src, nil
	}
	return "", fmt.Errorf("a match without equals, contains or matches")
}

// flipCount moves each bound of a count off by one, across the count the
// original saw: equals N → N+1, min N → max N-1, max N → min N+1.
func flipCount(e *flows.Expect) string {
	switch {
	case e.Equals != nil:
		n := *e.Equals + 1
		e.Equals = &n
		return fmt.Sprintf("count equals %d", n)
	case e.Min != nil:
		n := *e.Min - 1
		e.Min, e.Max = nil, &n
		return fmt.Sprintf("count max %d", n)
	default:
		n := *e.Max + 1
		e.Min, e.Max = &n, nil
		return fmt.Sprintf("count min %d", n)
	}
}

// breakLogs mutates the world instead of the check: no_console_errors and
// no_failed_requests have no opposite form, so the mutant logs an error
// (or fails a request) first and waits until the page has recorded it.
func breakLogs(s *flows.Step, kind string) ([]*flows.Step, *flows.Step, string, error) {
	js, cond := `console.error("smokeflow mutant")`, "len(console_errors()) > 0"
	if kind == flows.ExpectNoFailedRequests {
		js, cond = `fetch("/smokeflow-mutant-missing").then(r => r.status)`, "len(failed_requests()) > 0"
	}
	prog, err := flows.CompileExpr(cond)
	if err != nil {
		return nil, nil, "", err
	}
	pos := s.Pos
	pos.Line = 0 // the helper steps have no line of their own
	return []*flows.Step{
		{Pos: pos, Action: &flows.Eval{JS: js}},
		{Pos: pos, Action: &flows.Assert{That: &flows.Expr{Source: cond, Program: prog}}},
		s,
	}, s, kind + " after " + js, nil
}

func flipWait(w *flows.Wait) (string, error) {
	switch {
	case w.Text != "":
		w.Text += mutantMark
		return fmt.Sprintf("wait text %q", w.Text), nil
	case w.Target != nil:
		w.Gone, w.Target = w.Target, nil
		return "wait target → gone", nil
	case w.Gone != nil:
		w.Target, w.Gone = w.Gone, nil
		return "wait gone → target", nil
	case w.URL != nil:
		d, err := flipMatch(w.URL)
		return "wait url " + d, err
	}
	return "", fmt.Errorf("no mutation for this wait")
}
