package flows

import (
	"strings"
	"testing"
	"time"
)

// factRow is what each action declares of itself (docs/architecture-notes.md
// "Step actions"), for one action with its argument.
type factRow struct {
	a             Action
	url, text     string // Step.PolicySubject
	artifact      string // Step.ArtifactName
	waits, acts   bool   // Step.WaitsForPage, Step.ActsOnPage
	steps         int    // len of Step.Held's steps
	sub           bool   // Step.Held's flow
	exported      string // Step.Exported, as YAML ("" when it is the step as written)
	exportTimeout time.Duration
}

func factRows() []factRow {
	t := &Target{Phrase: "Email"}
	sub := &Flow{Name: "login"}
	two := []*Step{{Action: &Snapshot{}}, {Action: &Snapshot{}}}
	return []factRow{
		{a: &Open{URL: "http://x/login?pw=s3cret"}, url: "http://x/login?pw=s3cret", waits: true,
			exported: "- open: /login?pw=${secrets.PW}\n"},
		{a: &Snapshot{Artifact: "home"}, artifact: "home"},
		{a: &Pointer{Act: ActionClick, Target: t}, acts: true},
		{a: &Pointer{Act: ActionDblClick, Target: t}, acts: true},
		{a: &Pointer{Act: ActionHover, Target: t}, acts: true},
		{a: &Drag{From: t, To: t}, acts: true},
		{a: &Fill{Target: t, Value: "s3cret"}, acts: true, exported: "- fill: {target: Email, value: '${secrets.PW}'}\n"},
		{a: &TypeText{Target: t, Text: "s3cret"}, acts: true, exported: "- type: {target: Email, text: '${secrets.PW}'}\n"},
		{a: &Press{Key: "Enter"}, text: "Enter", acts: true},
		{a: &Select{Target: t, Options: []string{"a", "s3cret"}}, acts: true,
			exported: "- select: {target: Email, options: [a, '${secrets.PW}']}\n"},
		{a: &Check{Target: t}, acts: true},
		{a: &Check{Act: ActionUncheck, Target: t}, acts: true},
		{a: &Upload{Target: t, Files: []string{"/d/a.txt", "/e/b.txt"}}, acts: true,
			exported: "- upload: {target: Email, files: [a.txt, /e/b.txt]}\n"},
		{a: &Scroll{Target: t}, acts: true},
		{a: &Wait{Duration: DefaultStepTimeout}, waits: true, exportTimeout: 2 * DefaultStepTimeout,
			exported: "- wait: 10s\n  timeout: 20s\n"},
		{a: &Expect{Kind: ExpectVisible, Target: t, Baseline: "cart"}, artifact: "cart", waits: true},
		{a: &Assert{}},
		{a: &Extract{Var: "v", From: t}},
		{a: &Screenshot{Artifact: "shot"}, artifact: "shot"},
		{a: &Eval{JS: "go('s3cret')"}, text: "go('s3cret')", acts: true, exported: "- eval: go('${secrets.PW}')\n"},
		{a: &Request{URL: "/api"}, url: "/api"},
		{a: &RouteStep{Rules: []*Route{{URL: URLPattern{Source: "**/api"}, Abort: true}}}},
		{a: &Dialog{}, acts: true},
		{a: &Tab{}, acts: true},
		{a: &Network{Offline: true}, acts: true},
		{a: &Run{Flow: "login.yaml", Loaded: sub}, sub: true, acts: true},
		{a: &Group{Steps: two}, steps: 2, acts: true},
		{a: &Repeat{Times: 2, Steps: two}, steps: 2, acts: true},
	}
}

// TestActionFacts: every action of the actions table declares its facts
// on its type, as its row says (docs/architecture-notes.md "Step
// actions").
func TestActionFacts(t *testing.T) {
	seen := map[ActionName]bool{}
	x := &Export{Base: "http://x", Dir: "/d", Secret: func(s string) string {
		return strings.ReplaceAll(s, "s3cret", "${secrets.PW}")
	}}
	for _, c := range factRows() {
		seen[c.a.Name()] = true
		s := &Step{Action: c.a}
		if u, text := s.PolicySubject(); u != c.url || text != c.text {
			t.Errorf("%s: PolicySubject = %q, %q, want %q, %q", c.a.Name(), u, text, c.url, c.text)
		}
		if got := s.ArtifactName(); got != c.artifact {
			t.Errorf("%s: ArtifactName = %q, want %q", c.a.Name(), got, c.artifact)
		}
		if s.WaitsForPage() != c.waits || s.ActsOnPage() != c.acts {
			t.Errorf("%s: WaitsForPage, ActsOnPage = %v, %v, want %v, %v", c.a.Name(), s.WaitsForPage(), s.ActsOnPage(), c.waits, c.acts)
		}
		if steps, sub := s.Held(); len(steps) != c.steps || (sub != nil) != c.sub {
			t.Errorf("%s: Held = %d steps, flow %v, want %d, %v", c.a.Name(), len(steps), sub != nil, c.steps, c.sub)
		}
		factExported(t, c, s, x)
	}
	for _, spec := range actions {
		if !seen[spec.Name] {
			t.Errorf("%s: no row in TestActionFacts", spec.Name)
		}
	}
}

// factExported checks the step as a recorded flow writes it, and that
// the step as written is left as it was.
func factExported(t *testing.T, c factRow, s *Step, x *Export) {
	t.Helper()
	before, _ := s.YAML()
	e := s.Exported(x)
	got, err := e.YAML()
	if err != nil {
		t.Fatalf("%s: %v", c.a.Name(), err)
	}
	want := c.exported
	if want == "" {
		want = before
	}
	if got != want || e.Timeout != c.exportTimeout {
		t.Errorf("%s: Exported = %q (timeout %v), want %q (timeout %v)", c.a.Name(), got, e.Timeout, want, c.exportTimeout)
	}
	if after, _ := s.YAML(); after != before {
		t.Errorf("%s: Exported changed the step: %q, was %q", c.a.Name(), after, before)
	}
}
