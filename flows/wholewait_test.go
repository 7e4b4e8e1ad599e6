package flows

import (
	"testing"
)

// TestWaitsWholeTimeout: only a wait step waits its whole timeout under a
// front end's rest bound (docs/targets.md "When waiting ends").
func TestWaitsWholeTimeout(t *testing.T) {
	if !(&Step{Action: &Wait{}}).WaitsWholeTimeout() {
		t.Error("a wait step must wait its whole timeout")
	}
	if (&Step{Action: &Assert{}}).WaitsWholeTimeout() {
		t.Error("an assert step must not wait its whole timeout")
	}
}
