package main

import (
	"os"
	"runtime/debug"
)

// gcPercent is the collector's target when GOGC is not set: a collection
// when the heap has grown by half since the last one, not doubled
// (docs/running.md "Memory").
const gcPercent = 50

// tuneGC sets gcPercent unless the environment sets GOGC.
func tuneGC() {
	if _, set := os.LookupEnv("GOGC"); set {
		return
	}
	debug.SetGCPercent(gcPercent)
}
