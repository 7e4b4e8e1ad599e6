// Package gctune sets the Go collector's target of smokeflow's programs
// (docs/running.md "Memory").
package gctune

import (
	"os"
	"runtime/debug"
)

// Percent is the collector's target when GOGC is not set: a collection
// when the heap has grown by half since the last one, not doubled.
const Percent = 50

// Tune sets Percent unless the environment sets GOGC.
func Tune() {
	if _, set := os.LookupEnv("GOGC"); set {
		return
	}
	debug.SetGCPercent(Percent)
}
