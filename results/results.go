// Package results is the plain results model the runner produces and the
// reports read. It holds data only: no browser, no I/O.
package results

import (
	"math"
	"strconv"
	"time"

	"github.com/smokeflow/smokeflow/diagnostics"
)

// SchemaVersion is the version of the JSON shape of Run. Bump it on any
// incompatible change; docs/results.md documents it.
const SchemaVersion = 1

// Status of a flow, an attempt or a step.
type Status string

const (
	Passed  Status = "passed"
	Failed  Status = "failed"
	Flaky   Status = "flaky"   // flows only: failed, then passed on retry
	Skipped Status = "skipped" // not run (tags, fail-fast, interrupt, `if`)
	Warned  Status = "warned"  // steps only: an optional step that failed
)

// Run is one `smokeflow run`.
type Run struct {
	SchemaVersion int           `json:"schema_version"`
	Tool          string        `json:"tool"` // "smokeflow vX.Y.Z"
	StartedAt     time.Time     `json:"started_at"`
	Duration      time.Duration `json:"duration_ns"`
	BaseURL       string        `json:"base_url,omitempty"`
	Browser       string        `json:"browser,omitempty"` // product/version
	Shard         string        `json:"shard,omitempty"`   // "1/3"
	Workers       int           `json:"workers"`
	Interrupted   bool          `json:"interrupted,omitempty"`
	// ArtifactsDir is where artifact paths are relative to.
	ArtifactsDir string  `json:"artifacts_dir"`
	Flows        []*Flow `json:"flows"`
	// Setup are the setup flows the run ran, once each, in the order
	// they ran (docs/security.md "Log in once"). They are no test cases:
	// Summary does not count them.
	Setup []*Flow `json:"setup_flows,omitempty"`
	// History is the run-level trend, with --history only
	// (docs/results.md "Trends").
	History *RunTrend `json:"history,omitempty"`
}

// Summary counts flows by status.
type Summary struct {
	Total   int `json:"total"`
	Passed  int `json:"passed"`
	Failed  int `json:"failed"`
	Flaky   int `json:"flaky"`
	Skipped int `json:"skipped"`
	// Quarantined are the failed flows an active quarantine holds: they
	// are not in Failed and do not fail the run (docs/flows.md
	// "Quarantine").
	Quarantined int `json:"quarantined,omitempty"`
}

// Summary counts the run's flows.
func (r *Run) Summary() Summary {
	var s Summary
	for _, f := range r.Flows {
		s.Total++
		switch f.Status {
		case Passed:
			s.Passed++
		case Failed:
			if f.Held() {
				s.Quarantined++
			} else {
				s.Failed++
			}
		case Flaky:
			s.Flaky++
		case Skipped:
			s.Skipped++
		}
	}
	return s
}

// Warnings counts the warnings of the run's flows (Flow.Warnings).
func (r *Run) Warnings() int {
	n := 0
	for _, f := range r.Flows {
		if f != nil {
			n += len(f.Warnings())
		}
	}
	return n
}

// Flow is one flow file: one test case.
type Flow struct {
	Name        string        `json:"name"`
	File        string        `json:"file"` // as given on the command line
	Description string        `json:"description,omitempty"`
	Tags        []string      `json:"tags,omitempty"`
	Status      Status        `json:"status"`
	Duration    time.Duration `json:"duration_ns"` // all attempts
	SkipReason  string        `json:"skip_reason,omitempty"`
	Attempts    []*Attempt    `json:"attempts,omitempty"`
	// History is the flow's recent runs, with --history only
	// (docs/results.md "Trends").
	History *Trend `json:"history,omitempty"`
	// Quarantine is the flow's `quarantine:` and whether it held on the
	// day of the run (docs/flows.md "Quarantine").
	Quarantine *Quarantine `json:"quarantine,omitempty"`
	// Compare is the flow run again on --compare-to after it failed
	// (docs/running.md "Was it this deploy?").
	Compare *Compare `json:"compare,omitempty"`
	// Fix is what run --fix made of the failure (docs/running.md "Fixes
	// proposed and proven").
	Fix *Fix `json:"fix,omitempty"`
}

// Quarantine is a flow's quarantine as the run saw it.
type Quarantine struct {
	Owner  string `json:"owner"`
	Until  string `json:"until"` // YYYY-MM-DD, the last day it holds
	Reason string `json:"reason"`
	Active bool   `json:"active"`
}

// Held reports whether the flow failed under an active quarantine: its
// failure does not fail the run.
func (f *Flow) Held() bool {
	return f.Status == Failed && f.Quarantine != nil && f.Quarantine.Active
}

// Final is the last attempt, or nil.
func (f *Flow) Final() *Attempt {
	if len(f.Attempts) == 0 {
		return nil
	}
	return f.Attempts[len(f.Attempts)-1]
}

// Warnings are the `optional: true` steps that failed in the flow's last
// attempt, in order: they did not fail the flow, and every report shows
// them (docs/running.md "Output").
func (f *Flow) Warnings() []*Step {
	a := f.Final()
	if a == nil {
		return nil
	}
	var out []*Step
	for _, s := range a.Steps {
		if s != nil && s.Status == Warned {
			out = append(out, s)
		}
	}
	return out
}

// Attempt is one try of a flow in a fresh browser context.
type Attempt struct {
	Number    int           `json:"number"` // 1-based
	Status    Status        `json:"status"`
	StartedAt time.Time     `json:"started_at"`
	Duration  time.Duration `json:"duration_ns"`
	Steps     []*Step       `json:"steps"`
	Failure   *Failure      `json:"failure,omitempty"`
	Artifacts []Artifact    `json:"artifacts,omitempty"`
	Console   []Console     `json:"console,omitempty"`
	Requests  []Request     `json:"failed_requests,omitempty"`
	Dialogs   []Dialog      `json:"dialogs,omitempty"`
	// Baselines are the baseline files the attempt wrote, when asked to
	// update them (docs/flows.md "Baselines").
	Baselines []Baseline `json:"baselines,omitempty"`
	// Blocked are the requests the allowed domains stopped.
	Blocked []Blocked `json:"blocked,omitempty"`
	// Routed are the requests the flow's routes answered
	// (docs/flows.md "Routes").
	Routed []Routed `json:"routed,omitempty"`
	// SoftFailures are the failures of the soft checks, in order; any
	// fails the attempt at its end (docs/flows.md "Soft checks").
	SoftFailures []*Failure `json:"soft_failures,omitempty"`
}

// Step is one executed (or skipped) step. Nested steps (group, repeat,
// run) are listed flat, their Index showing the nesting ("3.2").
type Step struct {
	Index    string        `json:"index"`           // "3", "3.2"
	Phase    string        `json:"phase,omitempty"` // setup, steps, teardown
	Action   string        `json:"action"`
	Name     string        `json:"name,omitempty"`
	Target   string        `json:"target,omitempty"`
	File     string        `json:"file"`
	Line     int           `json:"line"`
	Status   Status        `json:"status"`
	Duration time.Duration `json:"duration_ns"`
	Error    string        `json:"error,omitempty"`
	// Log lines: what the step did ("followed href of covered link"), retries.
	Log []string `json:"log,omitempty"`
	// Vitals are the figures an `expect: {vitals: ...}` step read, in
	// the order of docs/flows.md "Web vitals".
	Vitals []Vital `json:"vitals,omitempty"`
}

// Vital is one web vital as a step read it (docs/flows.md "Web vitals").
type Vital struct {
	Name string `json:"name"` // ttfb, fcp, lcp, cls, inp, load
	// Value is in milliseconds, or CLS's score; Unit says which ("ms" or
	// "" for a score).
	Value float64 `json:"value"`
	Unit  string  `json:"unit,omitempty"`
	// Budget is the step's budget for it, in the same unit (0: none).
	Budget float64 `json:"budget,omitempty"`
	// Over: the figure is not below its budget.
	Over bool `json:"over,omitempty"`
}

// String says the figure for a log or a report: `lcp 1.62 s (budget
// 2.5 s)`, `cls 0.31 (over budget 0.1)`.
func (v Vital) String() string {
	s := v.Name + " " + VitalText(v.Value, v.Unit)
	switch {
	case v.Over:
		s += " (over budget " + VitalText(v.Budget, v.Unit) + ")"
	case v.Budget > 0:
		s += " (budget " + VitalText(v.Budget, v.Unit) + ")"
	}
	return s
}

// VitalText says a figure: `1.62 s` from 1000 ms up, `180 ms` below,
// a score as it is (`0.31`).
func VitalText(x float64, unit string) string {
	switch {
	case unit == "":
		return strconv.FormatFloat(x, 'f', -1, 64)
	case x >= 1000:
		return strconv.FormatFloat(math.Round(x/10)/100, 'f', -1, 64) + " s"
	}
	return strconv.FormatFloat(math.Round(x), 'f', -1, 64) + " " + unit
}

// Failure is why an attempt failed.
type Failure struct {
	// Message is "step N (FILE:LINE) ACTION TARGET: reason".
	Message   string `json:"message"`
	StepIndex string `json:"step_index,omitempty"`
	Action    string `json:"action,omitempty"`
	Target    string `json:"target,omitempty"`
	File      string `json:"file,omitempty"`
	Line      int    `json:"line,omitempty"`
	// Reason is the failure's category (docs/results.md "Reasons").
	Reason diagnostics.Reason `json:"reason"`
	// Source quotes the step's YAML lines with their numbers.
	Source      []SourceLine             `json:"source,omitempty"`
	Diagnostics *diagnostics.Diagnostics `json:"diagnostics,omitempty"`
}

// SourceLine is one quoted line of a flow file.
type SourceLine struct {
	Line int    `json:"line"`
	Text string `json:"text"`
}

// Artifact kinds.
const (
	ArtifactScreenshot = "screenshot"
	ArtifactSnapshot   = "snapshot"
	ArtifactConsole    = "console"
	ArtifactNetwork    = "network"
	ArtifactDownload   = "download"
	// A baseline comparison that failed (docs/flows.md "Baselines"): the
	// baseline, the page as it was, and what differs (an image with the
	// differing pixels in red, or the snapshot diff).
	ArtifactExpected = "expected"
	ArtifactActual   = "actual"
	ArtifactDiff     = "diff"
	// The trace of an attempt (docs/running.md "Traces"): a screenshot
	// after every step, and the snapshot before every action. Their
	// Artifact.Step names the step; the HTML report plays them in order.
	ArtifactTraceScreenshot = "trace-screenshot"
	ArtifactTraceSnapshot   = "trace-snapshot"
)

// Artifact is a file written for an attempt. Path is relative to
// Run.ArtifactsDir, with forward slashes.
type Artifact struct {
	Kind string `json:"kind"`
	Name string `json:"name"`
	Path string `json:"path"`
	// Step is the index of the step the artifact belongs to ("3.2"),
	// when it belongs to one.
	Step string `json:"step,omitempty"`
}

// Baseline kinds: what a baseline file holds.
const (
	BaselineScreenshot = "screenshot"
	BaselineSnapshot   = "snapshot"
	BaselineA11y       = "a11y" // the violations an a11y check accepts
)

// Baseline is a baseline file a step wrote when the baselines were to be
// updated: a new one, or one the page no longer matched.
type Baseline struct {
	Step string `json:"step"` // the step's index
	Kind string `json:"kind"` // BaselineScreenshot, BaselineSnapshot or BaselineA11y
	// File is the baseline's path, as the flow file's path is given.
	File string `json:"file"`
	// New: there was no baseline before; else the page differed from it.
	New bool `json:"new,omitempty"`
}

// Console is a console message or an uncaught exception.
type Console struct {
	Type string    `json:"type"` // error, warning, log, exception
	Text string    `json:"text"`
	URL  string    `json:"url,omitempty"`
	Time time.Time `json:"time"`
}

// IsConsoleError reports a console entry of that type that counts as an
// error: a console error or an uncaught exception, not a warning nor a
// log. It is the one filter of `no_console_errors`, consoleErrors() in
// expressions, the report's console lines and explore's findings
// (docs/architecture-notes.md "Rules in one place").
func IsConsoleError(typ string) bool { return typ == "error" || typ == "exception" }

// Request is a failed request: a network error or a 4xx/5xx response.
type Request struct {
	Method string    `json:"method"`
	URL    string    `json:"url"`
	Status int       `json:"status,omitempty"` // 0 for a network error
	Error  string    `json:"error,omitempty"`  // net::ERR_...
	Time   time.Time `json:"time"`
}

// Dialog is a native dialog (alert, confirm, prompt, beforeunload) a page
// opened, and how it was answered.
type Dialog struct {
	Type     string    `json:"type"`
	Message  string    `json:"message"`
	URL      string    `json:"url,omitempty"` // the frame's
	Accepted bool      `json:"accepted"`
	Text     string    `json:"text,omitempty"` // typed into an accepted prompt
	Time     time.Time `json:"time"`
}

// Blocked is a request the allowed domains stopped (docs/security.md
// "Allowed domains").
type Blocked struct {
	URL  string    `json:"url"`
	Type string    `json:"type"` // Document, Script, XHR, Fetch, Ping, WebSocket, …
	Why  string    `json:"why"`  // not in the allowed domains, not a web address
	Time time.Time `json:"time"`
}

// Routed is a request the flow's routes answered (docs/flows.md
// "Routes"): Answer says how, and which rule or HAR did.
type Routed struct {
	Method string    `json:"method"`
	URL    string    `json:"url"`
	Type   string    `json:"type,omitempty"` // Document, Fetch, XHR, Image, …
	Answer string    `json:"answer"`
	Time   time.Time `json:"time"`
}
