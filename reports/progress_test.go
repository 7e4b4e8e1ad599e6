package reports

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
)

func TestProgressLiveLineAndFlowLines(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	var out bytes.Buffer
	p := NewProgress(&out, Normal, true, true)
	f := &flows.Flow{Name: "Checkout"}
	p.Event(results.Event{Kind: results.FlowStarted, Worker: 0, Flow: f.Name, Attempt: 1})
	p.Event(results.Event{Kind: results.StepStarted, Worker: 0, Flow: f.Name, Step: &results.Step{Action: "click", Target: `"Place order"`}})
	if !strings.Contains(out.String(), `Checkout › click "Place order"`) {
		t.Fatalf("no live line with the current step:\n%q", out.String())
	}
	res := &results.Flow{Name: "Checkout", Status: results.Failed, Duration: 1500 * time.Millisecond, Attempts: []*results.Attempt{{
		Status: results.Failed,
		Failure: &results.Failure{Message: `step 4 (checkout.yaml:9) click "Place order": "Place order" stayed disabled`, Reason: diagnostics.ReasonDisabled,
			Source:      []results.SourceLine{{Line: 9, Text: "  - click: Place order"}},
			Diagnostics: &diagnostics.Diagnostics{Reason: diagnostics.ReasonDisabled, Verdict: `"Place order" stayed disabled`, Hints: []string{"fill in the form first"}}},
	}}}
	p.Event(results.Event{Kind: results.FlowFinished, Worker: 0, Flow: f.Name, Result: res})
	s := out.String()
	for _, want := range []string{"\r\x1b[K", "✗ Checkout 1.5s", "\n  reason: disabled\n", "   9 |   - click: Place order", "stayed disabled", "try: fill in the form first"} {
		if !strings.Contains(s, want) {
			t.Errorf("%q not in output:\n%s", want, s)
		}
	}
	if strings.Contains(s, "\x1b[3") {
		t.Errorf("colour despite NO_COLOR:\n%q", s)
	}
}

func TestProgressPlainAndQuiet(t *testing.T) {
	var out bytes.Buffer
	p := NewProgress(&out, Quiet, false, false)
	f := &flows.Flow{Name: "Home"}
	p.Event(results.Event{Kind: results.StepStarted, Flow: f.Name, Step: &results.Step{Action: "open"}})
	p.Event(results.Event{Kind: results.FlowFinished, Flow: f.Name, Result: &results.Flow{Name: "Home", Status: results.Passed}})
	p.Summary(&results.Run{Flows: []*results.Flow{{Status: results.Passed}}, Duration: time.Second}, nil)
	s := out.String()
	if strings.Contains(s, "\r") || strings.Contains(s, "✓ Home") {
		t.Errorf("quiet plain output shows live lines or passing flows:\n%q", s)
	}
	if !strings.Contains(s, "1 passed in 1.0s") {
		t.Errorf("no summary:\n%q", s)
	}
}

// An optional step that failed is a warning line under its flow, and the
// summary counts it (docs/running.md "Output").
func TestProgressWarnings(t *testing.T) {
	var out bytes.Buffer
	p := NewProgress(&out, Normal, false, false)
	f := &results.Flow{Name: "Home", Status: results.Passed, Duration: time.Second, Attempts: []*results.Attempt{{Steps: []*results.Step{
		{Index: "1", Action: "open", Target: "/", Status: results.Passed},
		{Index: "2", Action: "click", Target: `"Accept cookies"`, File: "home.yaml", Line: 5, Status: results.Warned,
			Error: "no element matches \"Accept cookies\"\nmore"},
	}}}}
	p.Event(results.Event{Kind: results.FlowFinished, Flow: f.Name, Result: f})
	p.Summary(&results.Run{Flows: []*results.Flow{f}, Duration: time.Second}, nil)
	want := "✓ Home 1.0s\n" +
		"  ⚠ step 2 (home.yaml:5) click \"Accept cookies\" (optional): no element matches \"Accept cookies\" more\n" +
		"\n1 passed, 1 warning in 1.0s\n"
	if got := out.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
