package reports

import (
	"fmt"

	"github.com/smokeflow/smokeflow/results"
)

// fixLines are what run --fix made of a failed flow, a line each, for the
// terminal and the Markdown (docs/running.md "Fixes proposed and
// proven"); nil without --fix.
func fixLines(f *results.Fix) []string {
	if f == nil {
		return nil
	}
	switch f.Status {
	case results.FixProven, results.FixApplied, results.FixNotApplied:
	default:
		return []string{fmt.Sprintf("fix (%s): %s", f.Status, oneLine(f.Reason))}
	}
	head := fmt.Sprintf("fix proven: %s:%d %s → %s (the patched flow passed)", f.File, f.Line, f.Old, f.New)
	out := []string{head, "  patch: " + f.Patch + ", evidence: " + f.EvidenceFile}
	switch f.Status {
	case results.FixApplied:
		out = append(out, "  applied to "+f.File)
	case results.FixNotApplied:
		out = append(out, "  "+oneLine(f.Reason))
	}
	return out
}
