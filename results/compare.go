package results

import "strings"

// CompareVerdict is what a flow that failed did on the compare URL
// (run --compare-to; docs/running.md "Was it this deploy?").
type CompareVerdict string

const (
	// CompareBrokeHere: the flow passes on the compare URL.
	CompareBrokeHere CompareVerdict = "this_deploy"
	// CompareSameStep: it fails there too, at the same step.
	CompareSameStep CompareVerdict = "same_step"
	// CompareOtherStep: it fails there too, at another step.
	CompareOtherStep CompareVerdict = "other_step"
	// CompareCannotRun: it could not be run there (unreachable, no
	// browser, a setup that failed there).
	CompareCannotRun CompareVerdict = "cannot_run"
)

// CompareVerdicts are the verdicts in the order a count of them lists
// them (docs/running.md "History").
var CompareVerdicts = []CompareVerdict{CompareBrokeHere, CompareSameStep, CompareOtherStep, CompareCannotRun}

// Mark is the verdict's letter under a strip of runs (`smokeflow
// history`; docs/running.md "History"): D, S, O, X.
func (v CompareVerdict) Mark() string {
	switch v {
	case CompareBrokeHere:
		return "D"
	case CompareSameStep:
		return "S"
	case CompareOtherStep:
		return "O"
	case CompareCannotRun:
		return "X"
	}
	return "?"
}

// Words are the verdict in a few words, for a line that counts verdicts
// over runs (docs/running.md "History"); Compare.Message is the whole
// sentence of one run.
func (v CompareVerdict) Words() string {
	switch v {
	case CompareBrokeHere:
		return "this deploy broke it"
	case CompareSameStep:
		return "not this deploy (same step)"
	case CompareOtherStep:
		return "fails there too (another step)"
	case CompareCannotRun:
		return "cannot run there"
	}
	return string(v)
}

// Compare is the flow run again on the compare URL after its final
// failed attempt. It changes neither the flow's status nor the exit code.
type Compare struct {
	URL     string         `json:"url"`
	Verdict CompareVerdict `json:"verdict"`
	// Step is the index of the step that failed there, when one did.
	Step string `json:"step,omitempty"`
	// Message is the verdict as a sentence: "passes on URL: this deploy
	// broke it".
	Message string `json:"message"`
	// OnlyHere and OnlyThere are what only one side has at its failure:
	// failed requests, console errors and snapshot lines, origins left
	// out, each starting with its kind (CompareKind.Entry).
	OnlyHere  []string `json:"only_here,omitempty"`
	OnlyThere []string `json:"only_there,omitempty"`
	// Screenshots are the two sides' pictures of the page at the step
	// that failed here, when both have one.
	Screenshots *CompareScreenshots `json:"screenshots,omitempty"`
}

// CompareScreenshots are the pictures of the page at the failing step on
// both sides, and what differs between them (docs/running.md "Was it
// this deploy?"). Paths are under the artifacts folder.
type CompareScreenshots struct {
	Here  string `json:"here"`
	There string `json:"there"`
	// Diff shows the differing pixels in red over a faded copy of the
	// picture there; "" when the sizes differ.
	Diff string `json:"diff,omitempty"`
	// Differs says how much differs: "1520 of 1024000 pixels differ
	// (0.15%)", or the two sizes.
	Differs string `json:"differs"`
}

// CompareKind is what an entry of Compare.OnlyHere or OnlyThere is: the
// word it starts with, written by the runner and read by the reports.
type CompareKind string

const (
	// CompareSnapshot: a line of the page's snapshot at the step.
	CompareSnapshot CompareKind = "snapshot"
	// CompareRequest: a failed request, "METHOD PATH STATUS".
	CompareRequest CompareKind = "request"
	// CompareConsole: a console error, "TYPE: TEXT".
	CompareConsole CompareKind = "console"
)

// Entry is text as an entry of kind k: "request GET /api 500".
func (k CompareKind) Entry(text string) string { return string(k) + " " + text }

// CompareKindOf splits an entry into its kind and the rest; an entry of no
// known kind is "" and the whole entry.
func CompareKindOf(entry string) (CompareKind, string) {
	for _, k := range []CompareKind{CompareSnapshot, CompareRequest, CompareConsole} {
		if rest, ok := strings.CutPrefix(entry, string(k)+" "); ok {
			return k, rest
		}
	}
	return "", entry
}
