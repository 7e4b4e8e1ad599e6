package runner

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/diffs"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
)

// compareRun runs a flow whose final attempt failed once more, at once,
// on cfg.CompareTo in the same browser, and says whether the failure is
// this deploy's (docs/running.md "Was it this deploy?"). Its attempt is
// not one of the flow's: the status and the exit code stay as they are.
func compareRun(ctx context.Context, cfg Config, bh *browserHolder, worker int, f *flows.Flow, res *results.Flow, slug string, plan attemptPlan) {
	here := res.Final()
	c := &results.Compare{URL: cfg.CompareTo}
	res.Compare = c
	if err := reachable(ctx, cfg.CompareTo); err != nil {
		c.Verdict, c.Message = results.CompareCannotRun, fmt.Sprintf("cannot run on %s: %v", cfg.CompareTo, err)
		return
	}
	there := cfg
	there.BaseURL, there.Listener, there.HARDir = cfg.CompareTo, nil, ""
	a := runAttempt(ctx, there, bh, worker, f, 1, filepath.Join(slug, "compare"), plan)
	judge(c, here, a)
	if c.Verdict == results.CompareCannotRun {
		return
	}
	origins := []string{origin(cfg.BaseURL), origin(cfg.CompareTo)}
	c.OnlyHere, c.OnlyThere = onlyOneSide(sideOf(here, origins), sideOf(a, origins))
	if c.Verdict == results.CompareSameStep || c.Verdict == results.CompareOtherStep {
		h, t := snapshotLines(cfg.ArtifactsDir, here, a)
		c.OnlyHere, c.OnlyThere = append(c.OnlyHere, h...), append(c.OnlyThere, t...)
	}
}

// judge gives c the verdict of the attempt a on the compare URL, against
// the failed attempt here.
func judge(c *results.Compare, here, a *results.Attempt) {
	switch {
	case a.Status == results.Passed:
		c.Verdict, c.Message = results.CompareBrokeHere, fmt.Sprintf("passes on %s: this deploy broke it", c.URL)
		return
	case a.Failure == nil:
		c.Verdict, c.Message = results.CompareCannotRun, fmt.Sprintf("cannot run on %s: the attempt ended without a failure", c.URL)
		return
	}
	switch a.Failure.Reason {
	case diagnostics.ReasonBrowser, diagnostics.ReasonConfig, diagnostics.ReasonSetup, diagnostics.ReasonInterrupted, diagnostics.ReasonInternal:
		c.Verdict, c.Message = results.CompareCannotRun, fmt.Sprintf("cannot run on %s: %s", c.URL, firstLine(a.Failure.Message))
		return
	}
	c.Step = a.Failure.StepIndex
	if here.Failure != nil && here.Failure.StepIndex == a.Failure.StepIndex && here.Failure.Line == a.Failure.Line {
		c.Verdict, c.Message = results.CompareSameStep, fmt.Sprintf("fails on %s too, at the same step (%s): not this deploy", c.URL, c.Step)
		return
	}
	c.Verdict, c.Message = results.CompareOtherStep, fmt.Sprintf("fails on %s too, at another step (%s): %s", c.URL, c.Step, firstLine(a.Failure.Message))
}

// reachable is an error when nothing answers at u: an answer of any
// status will do, the flow says what it expects of the page.
func reachable(ctx context.Context, u string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			return fmt.Errorf("unreachable (%v)", ue.Err)
		}
		return err
	}
	return resp.Body.Close()
}

// sideOf is what an attempt holds that can differ between two
// environments: its failed requests and console errors, each origin left
// out so that the same page on two hosts reads the same.
func sideOf(a *results.Attempt, origins []string) []string {
	var out []string
	for _, r := range a.Requests {
		what := r.Error
		if r.Status != 0 {
			what = fmt.Sprint(r.Status)
		}
		out = append(out, fmt.Sprintf("request %s %s %s", r.Method, withoutOrigins(r.URL, origins), what))
	}
	for _, c := range a.Console {
		if results.IsConsoleError(c.Type) {
			out = append(out, fmt.Sprintf("console %s: %s", c.Type, withoutOrigins(firstLine(c.Text), origins)))
		}
	}
	return out
}

// onlyOneSide are the entries only a has and those only b has, in order,
// each once.
func onlyOneSide(a, b []string) (onlyA, onlyB []string) {
	return missingFrom(a, b), missingFrom(b, a)
}

func missingFrom(a, b []string) []string {
	in := make(map[string]bool, len(b))
	for _, s := range b {
		in[s] = true
	}
	var out []string
	for _, s := range a {
		if !in[s] {
			out = append(out, s)
			in[s] = true
		}
	}
	return out
}

// snapshotLines are the snapshot lines only one side's failure snapshot
// has, by the diffs package, when both failures wrote one.
func snapshotLines(dir string, here, there *results.Attempt) (onlyHere, onlyThere []string) {
	h, okH := failureSnapshot(dir, here)
	t, okT := failureSnapshot(dir, there)
	if !okH || !okT {
		return nil, nil
	}
	d := diffs.Snapshots(diffs.WithoutOrigin(t), diffs.WithoutOrigin(h))
	for _, hk := range d.Hunks {
		for _, l := range hk.Lines {
			switch l.Kind {
			case diffs.Added:
				onlyHere = append(onlyHere, "snapshot "+strings.TrimSpace(diffs.StripRefs(l.Text)))
			case diffs.Removed:
				onlyThere = append(onlyThere, "snapshot "+strings.TrimSpace(diffs.StripRefs(l.Text)))
			}
		}
	}
	return onlyHere, onlyThere
}

// failureSnapshot is the text of the snapshot an attempt's failure wrote
// (its diagnostics' snapshot), when there is one.
func failureSnapshot(dir string, a *results.Attempt) (string, bool) {
	if a.Failure == nil || a.Failure.Diagnostics == nil || a.Failure.Diagnostics.Snapshot == "" {
		return "", false
	}
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(a.Failure.Diagnostics.Snapshot)))
	return string(b), err == nil
}

// origin is scheme://host of u, or "" when it has none.
func origin(u string) string {
	p, err := url.Parse(u)
	if err != nil || p.Host == "" {
		return ""
	}
	return p.Scheme + "://" + p.Host
}

func withoutOrigins(s string, origins []string) string {
	for _, o := range origins {
		if o != "" {
			s = strings.ReplaceAll(s, o, "")
		}
	}
	return s
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
