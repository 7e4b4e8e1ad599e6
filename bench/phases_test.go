package bench

import "github.com/smokeflow/smokeflow/browser"

// addPhases adds the phases of an action's outcome to ph
// (browser.Outcome.Phases).
func addPhases(ph map[string]timings, out *browser.Outcome) {
	if out == nil {
		return
	}
	ph["resolve"] = append(ph["resolve"], out.Phases.Resolve)
	ph["checks"] = append(ph["checks"], out.Phases.Checks)
	ph["dispatch"] = append(ph["dispatch"], out.Phases.Dispatch)
}
