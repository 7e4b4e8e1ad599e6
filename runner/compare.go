package runner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // the trace's pictures
	"image/png"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/image/draw"

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
	if cfg.Trace != TraceOff {
		// its trace shows the page there at the step that failed here
		there.Trace = TraceOn
	}
	a := runAttempt(ctx, there, bh, worker, f, 1, filepath.Join(slug, "compare"), plan)
	judge(c, here, a)
	if c.Verdict == results.CompareCannotRun {
		return
	}
	origins := []string{origin(cfg.BaseURL), origin(cfg.CompareTo)}
	c.OnlyHere, c.OnlyThere = onlyOneSide(sideOf(here, origins), sideOf(a, origins))
	hs, ts := atFailure(here), atFailure(a)
	if a.Status == results.Passed && here.Failure != nil {
		ts = atStep(a, here.Failure.StepIndex)
	}
	h, t := snapshotLines(cfg.ArtifactsDir, hs.snapshot, ts.snapshot)
	c.OnlyHere, c.OnlyThere = append(c.OnlyHere, h...), append(c.OnlyThere, t...)
	c.Screenshots = screenshotDiff(cfg.ArtifactsDir, filepath.Join(slug, "compare"), hs.screenshot, ts.screenshot)
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
		out = append(out, results.CompareRequest.Entry(fmt.Sprintf("%s %s %s", r.Method, withoutOrigins(r.URL, origins), what)))
	}
	for _, c := range a.Console {
		if results.IsConsoleError(c.Type) {
			out = append(out, results.CompareConsole.Entry(fmt.Sprintf("%s: %s", c.Type, withoutOrigins(firstLine(c.Text), origins))))
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

// side is what one side's attempt wrote of the page at the step that
// failed: the snapshot and the screenshot, paths under the artifacts
// folder, "" where there is none.
type side struct{ snapshot, screenshot string }

// atFailure is the page an attempt's failure wrote (its diagnostics).
func atFailure(a *results.Attempt) side {
	if a.Failure == nil || a.Failure.Diagnostics == nil {
		return side{}
	}
	return side{snapshot: a.Failure.Diagnostics.Snapshot, screenshot: a.Failure.Diagnostics.Screenshot}
}

// atStep is the page of a passed attempt's trace as the step index began:
// the snapshot the step read before it acted, and the picture taken when
// the step before it had finished.
func atStep(a *results.Attempt, index string) side {
	var s side
	shot := ""
	for _, x := range a.Artifacts {
		switch {
		case x.Kind == results.ArtifactTraceSnapshot && x.Step == index:
			s.snapshot = x.Path
		case x.Kind == results.ArtifactTraceScreenshot && x.Step == index:
			s.screenshot = shot
		case x.Kind == results.ArtifactTraceScreenshot:
			shot = x.Path
		}
	}
	return s
}

// snapshotLines are the lines only one side's snapshot has, by the diffs
// package, when both sides have one.
func snapshotLines(dir, here, there string) (onlyHere, onlyThere []string) {
	h, okH := readArtifact(dir, here)
	t, okT := readArtifact(dir, there)
	if !okH || !okT {
		return nil, nil
	}
	d := diffs.Snapshots(diffs.WithoutOrigin(string(t)), diffs.WithoutOrigin(string(h)))
	for _, hk := range d.Hunks {
		for _, l := range hk.Lines {
			switch l.Kind {
			case diffs.Added:
				onlyHere = append(onlyHere, results.CompareSnapshot.Entry(strings.TrimSpace(diffs.StripRefs(l.Text))))
			case diffs.Removed:
				onlyThere = append(onlyThere, results.CompareSnapshot.Entry(strings.TrimSpace(diffs.StripRefs(l.Text))))
			}
		}
	}
	return onlyHere, onlyThere
}

// sameSize scales the larger of two pictures of one page down to the
// other's size: a trace's pictures are smaller than a failure's
// (browser.TraceWidth). Pictures of other shapes are left as they are.
func sameSize(a, b image.Image) (image.Image, image.Image) {
	sa, sb := a.Bounds().Size(), b.Bounds().Size()
	if sa == sb || abs(sa.X*sb.Y-sb.X*sa.Y) > sa.X*sb.Y/100 {
		return a, b
	}
	scale := func(big image.Image, to image.Point) image.Image {
		out := image.NewRGBA(image.Rectangle{Max: to})
		draw.ApproxBiLinear.Scale(out, out.Bounds(), big, big.Bounds(), draw.Src, nil)
		return out
	}
	if sa.X > sb.X {
		return scale(a, sb), b
	}
	return a, scale(b, sa)
}

func abs(n int) int { return max(n, -n) }

// failureSnapshot is the text of the snapshot an attempt's failure wrote
// (its diagnostics' snapshot), when there is one.
func failureSnapshot(dir string, a *results.Attempt) (string, bool) {
	b, ok := readArtifact(dir, atFailure(a).snapshot)
	return string(b), ok
}

func readArtifact(dir, rel string) ([]byte, bool) {
	if rel == "" {
		return nil, false
	}
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
	return b, err == nil
}

// screenshotDiff compares the two sides' pictures of the page by the
// diffs package and writes the picture of what differs into the compare
// folder; nil when a side has none.
func screenshotDiff(dir, compareDir, here, there string) *results.CompareScreenshots {
	h, okH := readArtifact(dir, here)
	t, okT := readArtifact(dir, there)
	if !okH || !okT {
		return nil
	}
	hi, _, errH := image.Decode(bytes.NewReader(h))
	ti, _, errT := image.Decode(bytes.NewReader(t))
	if errH != nil || errT != nil {
		return nil
	}
	ti, hi = sameSize(ti, hi)
	// a trace's JPEG, scaled down, differs a little along edges where
	// nothing changed
	d := diffs.Images(ti, hi, diffs.ImageOptions{Threshold: 0.2})
	cs := &results.CompareScreenshots{Here: here, There: there, Differs: d.String()}
	if d.Image == nil {
		return cs
	}
	var buf bytes.Buffer
	if png.Encode(&buf, d.Image) != nil {
		return cs
	}
	rel := filepath.ToSlash(filepath.Join(compareDir, "screenshot-diff.png"))
	if os.WriteFile(filepath.Join(dir, filepath.FromSlash(rel)), buf.Bytes(), 0o644) == nil {
		cs.Diff = rel
	}
	return cs
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
