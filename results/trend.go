package results

import "time"

// Trend is a flow's recent history, read from the history store before
// the reports are written, this run last (docs/results.md "Trends").
// Only a run with --history has one.
type Trend struct {
	// Runs are the latest runs of the flow, oldest first, this one last.
	Runs []TrendRun `json:"runs"`
	// Strip is Runs in a line: ✓ passed, ✗ failed, ~ flaky.
	Strip string `json:"strip"`
	// PassRate counts flaky runs as passed; FlakyRate is their share.
	PassRate  float64       `json:"pass_rate"`
	FlakyRate float64       `json:"flaky_rate"`
	Median    time.Duration `json:"median_ns"`
	P90       time.Duration `json:"p90_ns"`
}

// Failed counts the runs of the trend that failed.
func (t *Trend) Failed() int {
	n := 0
	for _, r := range t.Runs {
		if r.Status == Failed {
			n++
		}
	}
	return n
}

// TrendRun is one run of a flow in its trend.
type TrendRun struct {
	StartedAt time.Time     `json:"started_at"`
	Status    Status        `json:"status"`
	Duration  time.Duration `json:"duration_ns"`
	// Compare is the verdict of run --compare-to when the run failed and
	// was compared (docs/running.md "Was it this deploy?").
	Compare CompareVerdict `json:"compare,omitempty"`
}

// RunTrend is the run-level trend: the latest recorded runs of the same
// environment label, this one last (docs/results.md "Trends").
type RunTrend struct {
	Runs []RunPoint `json:"runs"`
}

// RunPoint is one run in the run-level trend.
type RunPoint struct {
	StartedAt time.Time     `json:"started_at"`
	Duration  time.Duration `json:"duration_ns"`
	// Ran counts the flows that ran (skipped ones left out), Passed those
	// that passed, flaky ones included.
	Ran    int `json:"ran"`
	Passed int `json:"passed"`
}

// PassRate is the share of the flows that ran that passed; 0 when none ran.
func (p RunPoint) PassRate() float64 {
	if p.Ran == 0 {
		return 0
	}
	return float64(p.Passed) / float64(p.Ran)
}
