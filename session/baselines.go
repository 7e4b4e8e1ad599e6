package session

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/diffs"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/results"
)

// Baselines (docs/flows.md "Baselines", docs/diffs.md): `expect:
// {screenshot: NAME}` and `expect: {snapshot: NAME}` compare the page with
// a file kept beside the flow file, retried as every expectation is until
// it holds or the step times out. A missing baseline fails the step at
// once, unless the baselines are to be updated: then a missing or
// differing one is written once the page held still: one screenshot whose
// captures agreed while the page was held (Playwright's two consecutive
// screenshots that match), or two readings in a row that agree.

// reading is the page read once for a baseline: the file's content (a
// PNG, masks painted; or a snapshot text) and the masks' boxes.
type reading struct {
	data  []byte
	masks []image.Rectangle
	log   []string
	a11y  []browser.AxeViolation // an a11y check's violations, data's lines
	// unsettled: a screenshot whose captures never agreed (unsettled's line)
	unsettled bool
}

// comparison is a reading compared with a baseline.
type comparison struct {
	same bool
	says string // what differs, or how close it came
	diff []byte // the diff image or text; nil when there is none
}

// baselineCheck is one kind of baseline: how the page is read, and how
// two readings compare.
type baselineCheck struct {
	kind    string // results.BaselineScreenshot, BaselineSnapshot or BaselineA11y
	ext     string // of the artifacts
	read    func(ctx context.Context) (*reading, error)
	compare func(want []byte, got *reading) comparison
	// differs fails the step of a page that does not match; nil:
	// baselineDiffers
	differs func(c *stepCall, file string, got *reading, cmp comparison) error
}

// expectBaseline runs expect screenshot and expect snapshot, and expect
// a11y with a baseline.
func (ss *Session) expectBaseline(c *stepCall, e *flows.Expect) error {
	if c.s.Pos.File == "" {
		return failWith(diagnostics.ReasonConfig, errors.New("a baseline is kept beside its flow file, and this step comes from none"))
	}
	file := e.BaselineFile(c.s.Pos.File)
	want, err := os.ReadFile(file)
	missing := errors.Is(err, fs.ErrNotExist)
	if err != nil && !missing {
		return failWith(diagnostics.ReasonFile, fmt.Errorf("cannot read the baseline: %w", err))
	}
	chk, err := ss.baselineCheck(c, e)
	if err != nil {
		return err
	}
	if missing && !ss.opts.UpdateBaselines {
		return ss.missingBaseline(c, chk, file)
	}
	var last, prev *reading
	var cmp comparison
	readings := 0
	err = ss.pollUntil(c.sctx, c.ctx, func(ctx context.Context) (bool, string, error) {
		r, err := chk.read(ctx)
		if err != nil {
			return false, err.Error(), err
		}
		prev, last = last, r
		readings++
		if !missing {
			if cmp = chk.compare(want, r); cmp.same {
				return true, "", nil
			}
		}
		if ss.opts.UpdateBaselines && (chk.heldStill(r) || prev != nil && chk.compare(prev.data, r).same) {
			return true, "", nil
		}
		return false, cmp.says, nil
	})
	if last != nil {
		c.rec.Log = append(c.rec.Log, last.log...)
	}
	switch {
	case err == nil && !missing && cmp.same:
		c.rec.Log = append(c.rec.Log, fmt.Sprintf("matches the baseline %s: %s", file, cmp.says))
		return nil
	case err == nil:
		return ss.writeBaseline(c, chk, file, last.data, missing, cmp)
	}
	var le *browser.LocateError
	if errors.As(err, &le) {
		return ss.diagnose(c.ctx, c.s, c.t, le)
	}
	if last == nil && !ss.opts.UpdateBaselines {
		// the page was never read: nothing was compared, and nothing was
		// to be written
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, errNoRead) {
			return failWith(diagnostics.ReasonTimeout, fmt.Errorf("the step's time (%s) ran out before the page could be read once to compare with the baseline %s; give the step a longer timeout: %w", ss.stepTimeout(c.s), file, err))
		}
		return ss.expectFailed(c.ctx, c.s, c.t, err)
	}
	if ss.opts.UpdateBaselines {
		return notWritten(file, missing, readings, last, err)
	}
	if chk.differs != nil {
		return chk.differs(c, file, last, cmp)
	}
	return ss.baselineDiffers(c, chk, file, want, last, cmp)
}

// heldStill reports whether r is a screenshot whose captures agreed while
// the page was held still: one such reading may be written as a baseline.
func (chk *baselineCheck) heldStill(r *reading) bool {
	return chk.kind == results.BaselineScreenshot && !r.unsettled
}

// notWritten fails a step that was to write or update its baseline, and
// did not: the page never held still for it (docs/flows.md "Baselines").
func notWritten(file string, missing bool, readings int, last *reading, err error) error {
	verb := "updated"
	if missing {
		verb = "written"
	}
	switch {
	case readings < 2 && last != nil && last.unsettled:
		// more time would not help: the page moves
		return failWith(diagnostics.ReasonAssertion, fmt.Errorf("the baseline %s was not %s: %s; %s: %w", file, verb, kept, unsettledFix, err))
	case readings < 2:
		return failWith(diagnostics.ReasonTimeout, fmt.Errorf("the step's time ran out after %d reading(s) of the page, and the baseline %s was not %s: a screenshot that held still, or two readings in a row that agree, are needed; give the step a longer timeout: %w", readings, file, verb, err))
	}
	return failWith(diagnostics.ReasonAssertion, fmt.Errorf("the page did not hold still for two readings in a row, and the baseline %s was not %s: %w", file, verb, err))
}

// baselineCheck is how the expectation reads the page and compares.
func (ss *Session) baselineCheck(c *stepCall, e *flows.Expect) (*baselineCheck, error) {
	if e.Kind == flows.ExpectA11y {
		return ss.a11yBaseline(c, e), nil
	}
	if e.Kind == flows.ExpectSnapshot {
		return &baselineCheck{kind: results.BaselineSnapshot, ext: ".txt", read: ss.readSnapshot, compare: compareSnapshots}, nil
	}
	var masks []*flows.Target
	for _, m := range e.Mask {
		t, err := ss.target(m, c.sc)
		if err != nil {
			return nil, err
		}
		masks = append(masks, t)
	}
	o := browser.ShotOptions{FullPage: e.FullPage, Target: c.t, Mask: masks}
	return &baselineCheck{kind: results.BaselineScreenshot, ext: ".png",
		read: func(ctx context.Context) (*reading, error) { return ss.readScreenshot(ctx, o) },
		compare: func(want []byte, got *reading) comparison {
			return compareScreenshots(want, got, e.MaxDiffRatio)
		}}, nil
}

// unsettled is the step's log line for a screenshot whose captures never
// agreed (docs/diffs.md "Screenshots that hold still").
var unsettled = kept + ", and the last one was compared; " + unsettledFix

var (
	kept         = fmt.Sprintf("the page kept changing: no two captures in a row agreed within %s (or what was left of the step's time)", browser.StillWait)
	unsettledFix = "mask what changes, or wait until it stops"
)

// readScreenshot takes a screenshot held still, its masks painted, and
// notes a mask that matched nothing and a page that never held still.
func (ss *Session) readScreenshot(ctx context.Context, o browser.ShotOptions) (*reading, error) {
	shot, err := ss.page.StillScreenshot(ctx, o)
	if err != nil {
		return nil, err
	}
	r := &reading{data: shot.PNG, masks: shot.Masks}
	for _, t := range shot.Unmatched {
		r.log = append(r.log, fmt.Sprintf("mask %s matched nothing visible", ss.mask.Mask(t.String())))
	}
	if !shot.Settled {
		r.log, r.unsettled = append(r.log, unsettled), true
	}
	if len(shot.Masks) == 0 {
		return r, nil
	}
	img, err := png.Decode(bytes.NewReader(shot.PNG))
	if err != nil {
		return nil, fmt.Errorf("cannot paint the masks on the screenshot: %w", err)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, diffs.Mask(img, shot.Masks)); err != nil {
		return nil, fmt.Errorf("cannot paint the masks on the screenshot: %w", err)
	}
	r.data = b.Bytes()
	return r, nil
}

// readSnapshot reads the snapshot as the snapshot step renders it, secrets
// masked, its header naming the page by its path (diffs.WithoutOrigin).
// The refs the steps resolve against stay as they were.
func (ss *Session) readSnapshot(ctx context.Context) (*reading, error) {
	snap, err := ss.page.Snapshot(ctx)
	if err != nil {
		return nil, err
	}
	return &reading{data: []byte(diffs.WithoutOrigin(snap.Render(locate.RenderOptions{Mask: ss.mask.Mask})))}, nil
}

// compareScreenshots: the share of differing pixels is at most maxRatio,
// the masks painted in both images.
func compareScreenshots(want []byte, got *reading, maxRatio float64) comparison {
	d, err := diffs.PNGs(want, got.data, diffs.ImageOptions{Masks: got.masks})
	if err != nil {
		return comparison{says: "the baseline cannot be read as a PNG image: " + err.Error()}
	}
	c := comparison{same: d.SameSize() && d.Ratio() <= maxRatio, says: d.String()}
	switch {
	case c.same && d.Pixels > 0:
		c.says += fmt.Sprintf(", within max_diff_ratio %g", maxRatio)
	case !c.same && d.SameSize():
		c.says += fmt.Sprintf(", more than max_diff_ratio %g allows", maxRatio)
	}
	if d.Image != nil {
		var b bytes.Buffer
		if png.Encode(&b, d.Image) == nil {
			c.diff = b.Bytes()
		}
	}
	return c
}

// compareSnapshots: the same lines, refs aside.
func compareSnapshots(want []byte, got *reading) comparison {
	d := diffs.Snapshots(string(want), string(got.data))
	c := comparison{same: !d.Changed(), says: d.Summary()}
	if !c.same {
		c.diff = []byte(d.String())
	}
	return c
}

// baselineFix is what writes the baselines of the flow: Options.BaselineFix
// for its file, else a run of it in words.
func (ss *Session) baselineFix(c *stepCall) string {
	file := ss.flow.File
	if file == "" {
		file = c.s.Pos.File
	}
	if ss.opts.BaselineFix == "" {
		return "a run of " + file + " that updates the baselines"
	}
	return "`" + strings.ReplaceAll(ss.opts.BaselineFix, "FILE", file) + "`"
}

// missingBaseline fails the step of a baseline that does not exist yet,
// with the page as it is in the artifacts.
func (ss *Session) missingBaseline(c *stepCall, chk *baselineCheck, file string) error {
	msg := fmt.Sprintf("there is no baseline %s yet; %s writes it", file, ss.baselineFix(c))
	d := &diagnostics.Diagnostics{Reason: diagnostics.ReasonFile, Message: msg}
	// one read, bounded as a check's first try is
	rctx, cancel := firstTry(c.sctx, c.ctx)
	defer cancel()
	if r, err := chk.read(rctx); err == nil {
		if path, err := ss.artifact(results.ArtifactActual, ss.key+".actual"+chk.ext, r.data); err == nil {
			d.Hints = append(d.Hints, "the page as it is now: "+path)
			ss.attachActual(d, chk, path)
		}
	}
	return &stepFailure{err: errors.New(msg), diag: d}
}

// attachActual names the page's reading as the failure's screenshot or
// snapshot.
func (ss *Session) attachActual(d *diagnostics.Diagnostics, chk *baselineCheck, path string) {
	switch chk.kind {
	case results.BaselineScreenshot:
		d.Screenshot = path
	case results.BaselineSnapshot:
		d.Snapshot = path
	}
}

// baselineDiffers fails the step of a page that did not match its
// baseline, with the baseline, the page and the diff in the artifacts.
func (ss *Session) baselineDiffers(c *stepCall, chk *baselineCheck, file string, want []byte, got *reading, cmp comparison) error {
	msg := fmt.Sprintf("the %s differs from its baseline %s: %s", chk.kind, file, cmp.says)
	d := &diagnostics.Diagnostics{Reason: diagnostics.ReasonAssertion, Message: msg,
		Hints: []string{"if the page is right and the baseline out of date, " + ss.baselineFix(c) + " updates it"}}
	files := []struct {
		kind, suffix string
		data         []byte
	}{{results.ArtifactExpected, ".expected", want}, {results.ArtifactActual, ".actual", got.data}, {results.ArtifactDiff, ".diff", cmp.diff}}
	for _, f := range files {
		if f.data == nil {
			continue
		}
		path, err := ss.artifact(f.kind, ss.key+f.suffix+chk.ext, f.data)
		if err != nil {
			return err
		}
		if f.kind == results.ArtifactActual {
			ss.attachActual(d, chk, path)
		}
	}
	if chk.kind == results.BaselineSnapshot {
		c.rec.Log = append(c.rec.Log, strings.Split(strings.TrimRight(capLines(string(cmp.diff), 40), "\n"), "\n")...)
	}
	return &stepFailure{err: errors.New(msg), diag: d}
}

// capLines keeps the first n lines of s, and says how many it left out.
func capLines(s string, n int) string {
	lines := strings.SplitAfter(s, "\n")
	if len(lines) <= n+1 {
		return s
	}
	return strings.Join(lines[:n], "") + fmt.Sprintf("… %d more lines in the diff artifact\n", len(lines)-n)
}

// writeBaseline writes the page's reading as the baseline, and says so.
func (ss *Session) writeBaseline(c *stepCall, chk *baselineCheck, file string, data []byte, missing bool, cmp comparison) error {
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return failWith(diagnostics.ReasonFile, fmt.Errorf("cannot write the baseline: %w", err))
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		return failWith(diagnostics.ReasonFile, fmt.Errorf("cannot write the baseline: %w", err))
	}
	ss.baselines = append(ss.baselines, results.Baseline{Step: c.rec.Index, Kind: chk.kind, File: file, New: missing})
	if missing {
		c.rec.Log = append(c.rec.Log, "baseline written: "+file+" (new)")
	} else {
		c.rec.Log = append(c.rec.Log, "baseline updated: "+file+" (it differed: "+cmp.says+")")
	}
	return nil
}
