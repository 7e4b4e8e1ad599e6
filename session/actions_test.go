package session

import (
	"testing"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

// Every step action the flows package parses has a run in runnerOf, and
// exactly the ones that hold steps (run, group, repeat) run as containers.
func TestRunnerOfCoversFlowsActions(t *testing.T) {
	containers := map[flows.ActionName]bool{flows.ActionRun: true, flows.ActionGroup: true, flows.ActionRepeat: true}
	for _, name := range flows.Actions() {
		a := flows.NewAction(name)
		if a == nil {
			t.Errorf("flows has no action type for %q", name)
			continue
		}
		if a.Name() != name {
			t.Errorf("flows makes %q for the action %q", a.Name(), name)
		}
		run, container := runnerOf(a), (&flows.Step{Action: a}).Holds()
		if run == nil {
			t.Errorf("action %q (%T) has no run in runnerOf", name, a)
		}
		if container != containers[name] {
			t.Errorf("action %q: container is %v, want %v", name, container, containers[name])
		}
	}
	if run := runnerOf(nil); run != nil {
		t.Errorf("runnerOf runs a step without an action")
	}
}

// A missing container's near misses come from the document it was looked
// for in only (docs/targets.md "Near misses": the page the step ran on).
func TestContainerDiagNoNearMissesOfAnotherPage(t *testing.T) {
	snap := &locate.Snapshot{Document: "B", All: []*locate.Node{{Role: "list", Name: "Todos", Visible: true}}}
	for doc, want := range map[string]int{"A": 0, "B": 1} {
		d := &diagnostics.Diagnostics{}
		err := &locate.ContainerError{Container: &flows.Target{Phrase: "Todo list"}, Phrase: "Todo list", Doc: doc}
		if !containerDiag(d, err, snap) || len(d.NearMisses) != want {
			t.Errorf("container looked for in %s, read of B: near misses %v, want %d", doc, d.NearMisses, want)
		}
	}
}
