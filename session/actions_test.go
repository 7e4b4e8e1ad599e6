package session

import (
	"testing"

	"github.com/smokeflow/smokeflow/flows"
)

// Every step action the flows package parses either holds steps (run,
// group, repeat) or has its run in stepActions, and stepActions names no
// action the parser does not know.
func TestStepActionsCoverFlowsActions(t *testing.T) {
	containers := map[string]bool{"run": true, "group": true, "repeat": true}
	known := map[string]bool{}
	for _, name := range flows.Actions() {
		known[name] = true
		if containers[name] {
			continue
		}
		if stepActions[name] == nil {
			t.Errorf("action %q has no run in stepActions", name)
		}
	}
	for name := range stepActions {
		if !known[name] {
			t.Errorf("stepActions runs %q, which flows does not parse", name)
		}
	}
}
