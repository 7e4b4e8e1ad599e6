package reports

// This file builds what the HTML report shows (docs/results.md "HTML
// report") from the results model and the artifact files: the images are
// read here and embedded as data: URIs, so the report is one file.

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html/template"
	"image"
	_ "image/jpeg" // the trace frames' size
	_ "image/png"  // the screenshots' size
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/results"
)

// What the HTML report keeps of the logs of a failed attempt
// (docs/results.md "HTML report"): the entries of the last logWindow
// before the attempt ended, at most logLines of each log.
const (
	logWindow = 30 * time.Second
	logLines  = 20
	// maxEmbeddedText caps a snapshot shown in the report.
	maxEmbeddedText = 200 << 10
)

// htmlView is the whole report.
type htmlView struct {
	Run     *results.Run
	Summary results.Summary
	Tags    []string
	Flows   []htmlFlow
	CSS     template.CSS
	JS      template.JS
	// RunTrend, each flow's Trend and TrendCSS are set with --history
	// only (docs/results.md "Trends").
	RunTrend *htmlRunTrend
	TrendCSS template.CSS
}

// htmlFlow is one flow, with the words the free-text filter searches.
type htmlFlow struct {
	*results.Flow
	ID       string
	Search   string // lower case: name, file, tags, failure
	TagWords string // the tags, space-separated, for the tag filter
	Attempts []htmlAttempt
	Trend    *htmlTrend
	// Compared is the verdict of run --compare-to of a failed flow, nil
	// when none ran (docs/running.md "Was it this deploy?").
	Compared *htmlCompare
}

// htmlCompare is a failed flow's run on the compare URL: the verdict, what
// only one side had by kind, and the two sides' pictures at the step with
// the picture of what differs.
type htmlCompare struct {
	*results.Compare
	Snapshot, Requests, Console, Other []compareEntry
	Shots                              *htmlCompareShots
}

// htmlCompareShots are the pictures at the failing step: this side's, the
// other side's and the picture of what differs, when there is one.
type htmlCompareShots struct {
	Differs string
	Figures []htmlDiff
}

// htmlAttempt is one attempt. Embed is set for attempts that did not
// pass: only theirs are shown with their images.
type htmlAttempt struct {
	*results.Attempt
	Embed      bool
	Steps      []htmlStep
	Failure    *htmlFailure
	Console    []results.Console
	Requests   []results.Request
	Blocked    []results.Blocked
	LogsLeft   int // entries of the logs older than what is shown
	Diffs      []htmlDiff
	Frames     []htmlFrame
	TraceFiles int    // trace files of an attempt not embedded
	TraceDir   string // their folder, relative to the artifacts folder
}

// htmlStep is a row of the step timeline; Pct is its bar's width.
type htmlStep struct {
	*results.Step
	Pct    int
	Depth  int
	Failed bool
}

// htmlFailure is the failure of an attempt, with its evidence read.
type htmlFailure struct {
	*results.Failure
	D        *diagnostics.Diagnostics
	Shot     *htmlImage
	Snapshot string
}

// htmlImage is an embedded image, its size and the boxes drawn over it.
type htmlImage struct {
	Src   template.URL
	W, H  int
	Boxes []htmlBox
}

// htmlBox is a candidate's box over a failure screenshot, numbered as the
// candidates are listed.
type htmlBox struct {
	N          int
	X, Y, W, H float64
}

// htmlDiff is a failed baseline comparison: expected, actual, diff.
type htmlDiff struct {
	Kind  string
	Image *htmlImage
	Text  string
	Path  string
}

// htmlFrame is one frame of the film strip.
type htmlFrame struct {
	Step     string
	Label    string
	Status   results.Status
	Image    *htmlImage
	Snapshot string
}

// htmlBuilder reads the artifacts of a run.
type htmlBuilder struct {
	dir  string // the artifacts folder
	snap map[string]string
}

func buildHTMLView(run *results.Run, artifactsDir string) *htmlView {
	b := &htmlBuilder{dir: artifactsDir, snap: map[string]string{}}
	v := &htmlView{Run: run, Summary: run.Summary()}
	tags := map[string]bool{}
	for i, f := range run.Flows {
		for _, t := range f.Tags {
			tags[t] = true
		}
		v.Flows = append(v.Flows, b.flow(f, i))
	}
	for t := range tags {
		v.Tags = append(v.Tags, t)
	}
	slices.Sort(v.Tags)
	v.withTrends(run)
	return v
}

func (b *htmlBuilder) flow(f *results.Flow, i int) htmlFlow {
	hf := htmlFlow{Flow: f, ID: fmt.Sprintf("flow-%d", i+1), TagWords: strings.Join(f.Tags, " ")}
	words := []string{f.Name, f.File, f.Description, f.SkipReason, string(f.Status)}
	words = append(words, f.Tags...)
	for _, a := range f.Attempts {
		if a.Failure != nil {
			words = append(words, a.Failure.Message)
		}
		hf.Attempts = append(hf.Attempts, b.attempt(a))
	}
	if f.Status == results.Failed && f.Compare != nil {
		hf.Compared = b.compare(f.Compare)
		words = append(words, f.Compare.Message)
	}
	hf.Search = strings.ToLower(oneLine(strings.Join(words, " ")))
	return hf
}

func (b *htmlBuilder) attempt(a *results.Attempt) htmlAttempt {
	ha := htmlAttempt{Attempt: a, Embed: a.Status != results.Passed}
	var longest time.Duration
	for _, s := range a.Steps {
		longest = max(longest, s.Duration)
	}
	failed := ""
	if a.Failure != nil {
		failed = a.Failure.StepIndex
	}
	for _, s := range a.Steps {
		pct := 0
		if longest > 0 {
			pct = int(100 * s.Duration / longest)
		}
		ha.Steps = append(ha.Steps, htmlStep{Step: s, Pct: pct, Depth: strings.Count(strings.TrimPrefix(s.Index, s.Phase+"."), "."),
			Failed: s.Index == failed && failed != ""})
	}
	b.trace(&ha)
	if !ha.Embed {
		return ha
	}
	ha.Failure = b.failure(a.Failure)
	b.logs(&ha)
	for _, x := range a.Artifacts {
		switch x.Kind {
		case results.ArtifactExpected, results.ArtifactActual, results.ArtifactDiff:
			ha.Diffs = append(ha.Diffs, b.diff(x))
		}
	}
	return ha
}

// compare sorts what only one side had by kind and reads the pictures
// (docs/running.md "Was it this deploy?").
func (b *htmlBuilder) compare(c *results.Compare) *htmlCompare {
	hc := &htmlCompare{Compare: c}
	for _, e := range compareEntries(c) {
		switch e.Kind {
		case results.CompareSnapshot:
			hc.Snapshot = append(hc.Snapshot, e)
		case results.CompareRequest:
			hc.Requests = append(hc.Requests, e)
		case results.CompareConsole:
			hc.Console = append(hc.Console, e)
		default:
			hc.Other = append(hc.Other, e)
		}
	}
	if s := c.Screenshots; s != nil {
		hc.Shots = &htmlCompareShots{Differs: s.Differs}
		for _, fig := range []struct{ kind, path string }{{"here", s.Here}, {"on " + c.URL, s.There}, {"what differs", s.Diff}} {
			if fig.path != "" {
				hc.Shots.Figures = append(hc.Shots.Figures, htmlDiff{Kind: fig.kind, Path: fig.path, Image: b.image(fig.path)})
			}
		}
	}
	return hc
}

// failure reads the failure's screenshot (with its candidates' boxes) and
// snapshot.
func (b *htmlBuilder) failure(f *results.Failure) *htmlFailure {
	if f == nil {
		return nil
	}
	hf := &htmlFailure{Failure: f, D: f.Diagnostics}
	if hf.D == nil {
		return hf
	}
	if hf.D.Screenshot != "" {
		hf.Shot = b.image(hf.D.Screenshot)
	}
	if hf.Shot != nil {
		for i, c := range hf.D.Candidates {
			if c.Box != nil {
				hf.Shot.Boxes = append(hf.Shot.Boxes, htmlBox{N: i + 1, X: c.Box.X, Y: c.Box.Y, W: c.Box.Width, H: c.Box.Height})
			}
		}
	}
	if hf.D.Snapshot != "" {
		hf.Snapshot = b.text(hf.D.Snapshot)
	}
	return hf
}

// logs keeps the console entries, failed and blocked requests of the
// last logWindow before the attempt ended, logLines of each at most.
func (b *htmlBuilder) logs(ha *htmlAttempt) {
	end := ha.StartedAt.Add(ha.Duration)
	recent := func(t time.Time) bool { return ha.StartedAt.IsZero() || !t.Before(end.Add(-logWindow)) }
	var left int
	ha.Console, left = lastOf(ha.Attempt.Console, func(c results.Console) bool { return recent(c.Time) })
	ha.LogsLeft += left
	ha.Requests, left = lastOf(ha.Attempt.Requests, func(r results.Request) bool { return recent(r.Time) })
	ha.LogsLeft += left
	ha.Blocked, left = lastOf(ha.Attempt.Blocked, func(r results.Blocked) bool { return recent(r.Time) })
	ha.LogsLeft += left
}

// lastOf is the last logLines entries that keep holds for, and how many
// entries are left out.
func lastOf[T any](all []T, keep func(T) bool) ([]T, int) {
	var out []T
	for _, x := range all {
		if keep(x) {
			out = append(out, x)
		}
	}
	if len(out) > logLines {
		out = out[len(out)-logLines:]
	}
	return out, len(all) - len(out)
}

func (b *htmlBuilder) diff(x results.Artifact) htmlDiff {
	d := htmlDiff{Kind: x.Kind, Path: x.Path}
	if strings.HasSuffix(x.Path, ".png") {
		d.Image = b.image(x.Path)
	} else {
		d.Text = b.text(x.Path)
	}
	return d
}

// trace gathers the film strip of an attempt that did not pass; a passed
// attempt's trace (--trace on) is counted, not embedded.
func (b *htmlBuilder) trace(ha *htmlAttempt) {
	steps := map[string]*results.Step{}
	for _, s := range ha.Attempt.Steps {
		steps[s.Index] = s
	}
	snaps := map[string]string{}
	for _, x := range ha.Artifacts {
		if x.Kind == results.ArtifactTraceSnapshot {
			snaps[x.Step] = x.Path
		}
	}
	for _, x := range ha.Artifacts {
		if x.Kind != results.ArtifactTraceScreenshot && x.Kind != results.ArtifactTraceSnapshot {
			continue
		}
		ha.TraceFiles++
		ha.TraceDir = filepathDir(x.Path)
		if !ha.Embed || x.Kind != results.ArtifactTraceScreenshot {
			continue
		}
		fr := htmlFrame{Step: x.Step, Label: "step " + x.Step, Image: b.image(x.Path)}
		if s := steps[x.Step]; s != nil {
			fr.Label, fr.Status = "step "+stepIndex(s)+": "+stepHead(s), s.Status
		}
		if p := snaps[x.Step]; p != "" {
			fr.Snapshot = b.text(p)
		}
		ha.Frames = append(ha.Frames, fr)
	}
}

func filepathDir(p string) string {
	if i := strings.LastIndex(p, "/"); i >= 0 {
		return p[:i+1]
	}
	return ""
}

// image reads an artifact as a data: URI, with its size; nil when it
// cannot be read.
func (b *htmlBuilder) image(rel string) *htmlImage {
	data, err := os.ReadFile(filepath.Join(b.dir, filepath.FromSlash(rel)))
	if err != nil {
		return nil
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || (format != "png" && format != "jpeg") {
		return nil
	}
	// a data: URI of an image the report read and decoded itself
	src := template.URL("data:image/" + format + ";base64," + base64.StdEncoding.EncodeToString(data))
	return &htmlImage{Src: src, W: cfg.Width, H: cfg.Height}
}

// text reads a text artifact, capped; "" when it cannot be read. A file
// several frames share is read once.
func (b *htmlBuilder) text(rel string) string {
	if t, ok := b.snap[rel]; ok {
		return t
	}
	data, err := os.ReadFile(filepath.Join(b.dir, filepath.FromSlash(rel)))
	t := ""
	if err == nil {
		if len(data) > maxEmbeddedText {
			data = append(data[:maxEmbeddedText:maxEmbeddedText], "\n… (cut)"...)
		}
		t = clean(string(data))
	}
	b.snap[rel] = t
	return t
}
