package results

// ChangeKind is how a flow's standing changed since its last recorded
// run in the same environment (docs/running.md "Alerts"): what an alert
// of `--notify-on change` says.
type ChangeKind string

const (
	// GoneFailing is a flow that fails and did not last time (or has no
	// recorded run yet).
	GoneFailing ChangeKind = "failing"
	// StillFailing is a flow that failed last time too, re-posted once
	// --renotify has passed since its last alert.
	StillFailing ChangeKind = "still_failing"
	// Recovered is a flow that passes and failed last time.
	Recovered ChangeKind = "recovered"
	// GoneFlaky is a flow whose flaky rate over its recent runs rose to
	// --flaky-alert or above.
	GoneFlaky ChangeKind = "flaky"
)

// Change is one flow's (or data row's) change.
type Change struct {
	Kind ChangeKind `json:"kind"`
	Flow string     `json:"flow"`
	File string     `json:"file,omitempty"`
	// FlakyRate is the flow's flaky rate over its recent runs, this one
	// included (GoneFlaky).
	FlakyRate float64 `json:"flaky_rate,omitempty"`
	// Message is a failure's message, first line (GoneFailing,
	// StillFailing).
	Message string `json:"message,omitempty"`
}
