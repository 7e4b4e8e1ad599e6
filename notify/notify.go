// Package notify posts a short summary of a run to webhooks (Slack-style
// incoming webhooks and generic ones) when it failed, or always: run
// output, as reports are, so it reads the results model only
// (docs/running.md "Notifications").
package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/results"
)

// Status of a run, in a notification.
const (
	StatusPassed      = "passed"
	StatusFailed      = "failed"
	StatusInterrupted = "interrupted"
	StatusError       = "error" // the run could not run its flows
)

// Mode is when a notification is due (--notify-on; docs/running.md
// "Alerts").
type Mode string

const (
	// OnFailure posts after a run that did not pass (the default without
	// a history store).
	OnFailure Mode = "failure"
	// OnAlways posts after every run (--notify-always).
	OnAlways Mode = "always"
	// OnChange posts when a flow's standing changed since its last
	// recorded run (Options.Changes), or the run could not run (the
	// default with a history store).
	OnChange Mode = "change"
)

// Modes are the modes in the order the help lists them.
var Modes = []Mode{OnChange, OnFailure, OnAlways}

// Options configure Send. Zero values get defaults.
type Options struct {
	// URLs are the webhooks, each posted to in turn.
	URLs []string
	// On is when a notification is due; "" is OnFailure.
	On Mode
	// Changes are the run's changes, for OnChange.
	Changes []results.Change
	// EnvLabel is the environment the run tested (--env-label), or "".
	EnvLabel string
	// ReportURL is where people can see the reports (a CI run's page).
	ReportURL string
	// Reports are the paths of the reports written.
	Reports []string
	// Error is why the run could not run its flows (no browser), or "".
	Error string
	// Timeout bounds each post (default 10s); a webhook that does not
	// answer in time failed.
	Timeout time.Duration
	// RetryDelay is the pause before the one retry (default 1s).
	RetryDelay time.Duration
	// Client posts (default: a client of its own).
	Client *http.Client
}

func (o Options) withDefaults() Options {
	if o.Timeout <= 0 {
		o.Timeout = 10 * time.Second
	}
	if o.RetryDelay <= 0 {
		o.RetryDelay = time.Second
	}
	if o.Client == nil {
		o.Client = &http.Client{}
	}
	return o
}

// maxFailed caps the failed flows a notification lists; the counts are
// always whole.
const maxFailed = 50

// maxTextFailed caps the failed flows the text names.
const maxTextFailed = 10

// Payload is what is posted, as JSON: text for chat webhooks (Slack,
// Mattermost, Teams, Google Chat read `text`), and the same facts as
// fields for other tools.
type Payload struct {
	Text string `json:"text"`
	// Blocks are the same for Slack's Block Kit; Slack shows them, and
	// the text in its push notifications.
	Blocks   []Block `json:"blocks"`
	Status   string  `json:"status"`
	EnvLabel string  `json:"env_label,omitempty"`
	// Changes are the changes that made an OnChange notification due,
	// first to last: failing, still failing, recovered, flaky.
	Changes   []results.Change `json:"changes,omitempty"`
	Summary   results.Summary  `json:"summary"`
	StartedAt time.Time        `json:"started_at"`
	Duration  time.Duration    `json:"duration_ns"`
	BaseURL   string           `json:"base_url,omitempty"`
	Shard     string           `json:"shard,omitempty"`
	Error     string           `json:"error,omitempty"`
	// Failed are the failed flows, at most 50, in the run's order.
	Failed []FailedFlow `json:"failed"`
	// MoreFailed counts the failed flows left out of Failed.
	MoreFailed int      `json:"more_failed,omitempty"`
	ReportURL  string   `json:"report_url,omitempty"`
	Reports    []string `json:"reports,omitempty"`
}

// FailedFlow is a failed flow and its first failing step.
type FailedFlow struct {
	Name string      `json:"name"`
	File string      `json:"file"`
	Step *FailedStep `json:"step,omitempty"`
	// Compare is the verdict of run --compare-to, "passes on URL: this
	// deploy broke it" (docs/running.md "Was it this deploy?").
	Compare string `json:"compare,omitempty"`
}

// FailedStep is where a flow failed: the innermost step (docs/results.md
// "Failure"), or only a reason and message when no step failed.
type FailedStep struct {
	Index   string             `json:"index,omitempty"`
	File    string             `json:"file,omitempty"`
	Line    int                `json:"line,omitempty"`
	Action  string             `json:"action,omitempty"`
	Target  string             `json:"target,omitempty"`
	Reason  diagnostics.Reason `json:"reason"`
	Message string             `json:"message"`
}

// StatusOf is the run's status for a notification.
func StatusOf(run *results.Run, runErr string) string {
	switch {
	case runErr != "":
		return StatusError
	case run.Summary().Failed > 0:
		return StatusFailed
	case run.Interrupted:
		return StatusInterrupted
	}
	return StatusPassed
}

// Due reports whether a notification is sent for the run: a run that
// could not run is always notified (docs/running.md "Alerts").
func Due(run *results.Run, o Options) bool {
	if len(o.URLs) == 0 {
		return false
	}
	switch o.On {
	case OnAlways:
		return true
	case OnChange:
		return o.Error != "" || len(o.Changes) > 0
	}
	return StatusOf(run, o.Error) != StatusPassed
}

// Build makes the notification of a run.
func Build(run *results.Run, o Options) Payload {
	p := Payload{
		Status: StatusOf(run, o.Error), Summary: run.Summary(), StartedAt: run.StartedAt, Duration: run.Duration,
		BaseURL: run.BaseURL, Shard: run.Shard, Error: o.Error, Failed: []FailedFlow{},
		ReportURL: o.ReportURL, Reports: o.Reports, EnvLabel: o.EnvLabel, Changes: sortedChanges(o.Changes),
	}
	for _, f := range run.Flows {
		if f == nil || f.Status != results.Failed {
			continue
		}
		if len(p.Failed) == maxFailed {
			p.MoreFailed++
			continue
		}
		ff := FailedFlow{Name: f.Name, File: f.File}
		if a := f.Final(); a != nil && a.Failure != nil {
			fl := a.Failure
			ff.Step = &FailedStep{Index: fl.StepIndex, File: fl.File, Line: fl.Line, Action: fl.Action, Target: plainTarget(fl.Target),
				Reason: fl.Reason, Message: fl.Message}
		}
		if f.Compare != nil {
			ff.Compare = f.Compare.Message
		}
		p.Failed = append(p.Failed, ff)
	}
	p.Text, p.Blocks = text(p), blocks(p)
	return p
}

// text is the summary for people, a few lines of plain text: the
// changes first, then the run (docs/running.md "Alerts").
func text(p Payload) string {
	lines := []string{}
	if head := changesHead(p.Changes); head != "" {
		lines = append(lines, head)
		for _, c := range p.Changes {
			lines = append(lines, "• "+changeLine(c))
		}
	}
	lines = append(lines, summaryLine(p))
	if p.Error != "" {
		lines = append(lines, firstLine(p.Error))
	}
	lines = append(lines, failedLines(p)...)
	if l := linkLine(p); l != "" {
		lines = append(lines, l)
	}
	return strings.Join(lines, "\n")
}

// summaryLine is the run's status and counts.
func summaryLine(p Payload) string {
	var b strings.Builder
	mark := map[string]string{StatusPassed: "✅", StatusFailed: "❌", StatusInterrupted: "⏹️", StatusError: "⚠️"}[p.Status]
	s := p.Summary
	if p.Status == StatusError && s.Total == 0 {
		// it stopped before its flows: a flow that does not load, a
		// missing variable (docs/running.md "Alerts")
		fmt.Fprintf(&b, "%s smokeflow run could not run", mark)
		if p.EnvLabel != "" {
			fmt.Fprintf(&b, " in %s", p.EnvLabel)
		}
		if p.BaseURL != "" {
			fmt.Fprintf(&b, " on %s", p.BaseURL)
		}
		return b.String()
	}
	fmt.Fprintf(&b, "%s smokeflow run %s", mark, p.Status)
	if p.EnvLabel != "" {
		fmt.Fprintf(&b, " in %s", p.EnvLabel)
	}
	fmt.Fprintf(&b, ": %d passed", s.Passed)
	for _, c := range []struct {
		n    int
		what string
	}{{s.Failed, "failed"}, {s.Flaky, "flaky"}, {s.Skipped, "skipped"}} {
		if c.n > 0 {
			fmt.Fprintf(&b, ", %d %s", c.n, c.what)
		}
	}
	fmt.Fprintf(&b, " of %d flows in %s", s.Total, p.Duration.Round(time.Second))
	if p.BaseURL != "" {
		fmt.Fprintf(&b, " on %s", p.BaseURL)
	}
	return b.String()
}

// failedLines name the first failed flows and their first failing step.
func failedLines(p Payload) []string {
	var out []string
	for i, f := range p.Failed {
		if i == maxTextFailed {
			out = append(out, fmt.Sprintf("… and %d more failed", len(p.Failed)-i+p.MoreFailed))
			break
		}
		l := fmt.Sprintf("• %s (%s)", f.Name, f.File)
		if f.Step != nil {
			l += fmt.Sprintf(": %s [%s]", firstLine(f.Step.Message), f.Step.Reason)
		}
		if f.Compare != "" {
			l += " — " + f.Compare
		}
		out = append(out, l)
	}
	return out
}

// linkLine is where the reports are, or "".
func linkLine(p Payload) string {
	switch {
	case p.ReportURL != "":
		return "report: " + p.ReportURL
	case len(p.Reports) > 0:
		return "reports: " + strings.Join(p.Reports, ", ")
	}
	return ""
}

// plainTarget is a failed step's target as the flow wrote it
// (docs/running.md "Notifications"). The results hold a phrase quoted, as
// a message shows it (`click "Place order"`): the payload's field has it
// plain, `Place order`, since its JSON string quotes it already. A ref
// (`@e3`) and a target of keys (`role="button" name="Sign in"`) stay as
// the messages write them.
func plainTarget(t string) string {
	if strings.HasPrefix(t, `"`) {
		if p, err := strconv.Unquote(t); err == nil {
			return p
		}
	}
	return t
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// Error is a webhook that did not take the notification after its retry.
type Error struct {
	// Endpoint is the webhook's scheme and host: its path often holds a
	// token, and is not shown.
	Endpoint string
	Tries    []error // one per try
}

func (e *Error) Error() string {
	msgs := make([]string, len(e.Tries))
	for i, t := range e.Tries {
		msgs[i] = t.Error()
	}
	return fmt.Sprintf("notifying %s failed %d times: %s", e.Endpoint, len(e.Tries), strings.Join(msgs, "; then "))
}

func (e *Error) Unwrap() []error { return e.Tries }

// ErrStatus is a webhook that answered with a status other than 2xx.
var ErrStatus = errors.New("the webhook answered")

// Send posts the run's notification to every webhook when it is due
// (Due), each tried twice at most, and returns an *Error per webhook that
// did not take it. It never fails the run: the caller logs what it returns.
func Send(ctx context.Context, run *results.Run, o Options) []error {
	if !Due(run, o) {
		return nil
	}
	o = o.withDefaults()
	body, err := json.Marshal(Build(run, o))
	if err != nil {
		return []error{fmt.Errorf("notify: %w", err)}
	}
	var errs []error
	for _, u := range o.URLs {
		e := &Error{Endpoint: Endpoint(u)}
		for try := 0; try < 2; try++ {
			if try > 0 && !pause(ctx, o.RetryDelay) {
				break
			}
			err := post(ctx, o, u, body)
			if err == nil {
				e.Tries = nil
				break
			}
			e.Tries = append(e.Tries, err)
		}
		if len(e.Tries) > 0 {
			errs = append(errs, e)
		}
	}
	return errs
}

// pause waits d, or less when ctx ends; it reports whether d passed.
func pause(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// post makes one try.
func post(ctx context.Context, o Options, u string, body []byte) error {
	ctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("bad webhook URL: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := o.Client.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // its text repeats the URL, token and all
		}
		if errors.Is(err, context.DeadlineExceeded) {
			return fmt.Errorf("no answer within %s: %w", o.Timeout, err)
		}
		return err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%w %s", ErrStatus, resp.Status)
	}
	return nil
}

// Endpoint is a webhook URL shown without its path, query or user: they
// often hold its token.
func Endpoint(u string) string {
	pu, err := url.Parse(u)
	if err != nil || pu.Host == "" {
		return "a webhook URL that does not parse"
	}
	if pu.Path != "" && pu.Path != "/" || pu.RawQuery != "" {
		return pu.Scheme + "://" + pu.Host + "/…"
	}
	return pu.Scheme + "://" + pu.Host
}
