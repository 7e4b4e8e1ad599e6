// Package gctune sets the Go collector's target of smokeflow's programs
// (docs/running.md "Memory").
package gctune

import (
	"os"
	"runtime/debug"
)

// Percent is the collector's target when GOGC is not set: a collection
// when the heap has grown by 30 % since the last one, not doubled
// (docs/running.md "Memory").
const Percent = 30

// Tune sets Percent unless the environment sets GOGC.
func Tune() {
	if _, set := os.LookupEnv("GOGC"); set {
		return
	}
	debug.SetGCPercent(Percent)
}
