package history

import (
	"encoding/json"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/results"
)

// Entry is one recorded run of a flow.
type Entry struct {
	StartedAt time.Time      `json:"started_at"`
	Status    results.Status `json:"status"`
	Attempts  int            `json:"attempts"`
	Duration  time.Duration  `json:"-"`
	Commit    string         `json:"commit,omitempty"`
	Branch    string         `json:"branch,omitempty"`
	EnvLabel  string         `json:"env_label,omitempty"`
	Reason    string         `json:"reason,omitempty"`
	Step      string         `json:"step,omitempty"`
	Message   string         `json:"message,omitempty"`
	Artifacts string         `json:"artifacts,omitempty"`
	// CompareVerdict, CompareURL and CompareMessage are the verdict of
	// run --compare-to of a failed run, its URL and its sentence
	// (docs/running.md "Was it this deploy?").
	CompareVerdict results.CompareVerdict `json:"compare_verdict,omitempty"`
	CompareURL     string                 `json:"compare_url,omitempty"`
	CompareMessage string                 `json:"compare_message,omitempty"`
}

// MarshalJSON writes the duration in milliseconds.
func (e Entry) MarshalJSON() ([]byte, error) {
	type plain Entry
	return json.Marshal(struct {
		plain
		DurationMS int64 `json:"duration_ms"`
	}{plain(e), e.Duration.Milliseconds()})
}

// FlowHistory is one flow's latest runs and its figures over them
// (docs/running.md "History").
type FlowHistory struct {
	Name string `json:"name"`
	File string `json:"file"`
	// Runs are the latest runs, oldest first.
	Runs []Entry `json:"runs"`
	// Strip is the runs in a line, oldest first: ✓ passed, ✗ failed,
	// ~ flaky (passed on a retry).
	Strip string `json:"strip"`
	// PassRate counts flaky runs as passed; FlakyRate is their share.
	PassRate  float64       `json:"pass_rate"`
	FlakyRate float64       `json:"flaky_rate"`
	Median    time.Duration `json:"-"`
	P90       time.Duration `json:"-"`
	// LastPassed is the latest run that passed (flaky included), over all
	// the history the filter keeps; FailingSince, when the latest run
	// failed, the first failure after that.
	LastPassed   *time.Time `json:"last_passed,omitempty"`
	FailingSince *time.Time `json:"failing_since,omitempty"`
	// LastFailure is the latest run that failed, with its reason.
	LastFailure *Entry `json:"last_failure,omitempty"`
	// Compared counts the runs of Runs compared by run --compare-to, by
	// verdict: which failures were this deploy's.
	Compared map[results.CompareVerdict]int `json:"compared,omitempty"`
}

// MarshalJSON writes the durations in milliseconds.
func (h FlowHistory) MarshalJSON() ([]byte, error) {
	type plain FlowHistory
	return json.Marshal(struct {
		plain
		MedianMS int64 `json:"median_ms"`
		P90MS    int64 `json:"p90_ms"`
	}{plain(h), h.Median.Milliseconds(), h.P90.Milliseconds()})
}

// marks are the strip's marks by status.
var marks = map[results.Status]string{results.Passed: "✓", results.Failed: "✗", results.Flaky: "~"}

// figure computes the strip, the rates and the durations from Runs.
func (h *FlowHistory) figure() {
	var strip strings.Builder
	var passed, flaky int
	durs := make([]time.Duration, 0, len(h.Runs))
	for _, e := range h.Runs {
		strip.WriteString(marks[e.Status])
		switch e.Status {
		case results.Passed:
			passed++
		case results.Flaky:
			passed++
			flaky++
		}
		durs = append(durs, e.Duration)
		if e.CompareVerdict != "" {
			if h.Compared == nil {
				h.Compared = map[results.CompareVerdict]int{}
			}
			h.Compared[e.CompareVerdict]++
		}
	}
	h.Strip = strip.String()
	if n := float64(len(h.Runs)); n > 0 {
		h.PassRate, h.FlakyRate = float64(passed)/n, float64(flaky)/n
	}
	h.Median, h.P90 = percentile(durs, 0.5), percentile(durs, 0.9)
}

// percentile is the nearest-rank percentile p of ds (0 when empty).
func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	k := int(math.Ceil(p*float64(len(s)))) - 1
	return s[max(k, 0)]
}
