package session

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/results"
)

// diagnose gathers what the page held when a target failed
// (docs/targets.md "Failure diagnostics"), saves a screenshot with the
// candidates outlined and the snapshot, and returns the step failure.
func (ss *Session) diagnose(ctx context.Context, s *flows.Step, t *flows.Target, err error) error {
	var oe *browser.OptionError
	if errors.As(err, &oe) {
		return ss.withPage(ctx, &stepFailure{err: err, diag: optionDiag(s, t, oe)})
	}
	var le *browser.LocateError
	if !errors.As(err, &le) {
		if r := locate.ReasonOf(err); r != "" {
			return ss.withPage(ctx, &stepFailure{err: err, diag: &diagnostics.Diagnostics{Reason: r, Message: err.Error()}})
		}
		return err
	}
	d := &diagnostics.Diagnostics{Reason: le.Reason(), Message: le.Error()}
	d.Target = shownTarget(s, t)
	// a fresh context: the step's own has usually run out
	gctx, cancel := diagnoseCtx()
	defer cancel()
	snap := le.Snap
	if snap == nil {
		if s2, err := ss.page.Snapshot(gctx); err == nil {
			snap = s2
		}
	}
	var covered string
	var cover diagnostics.Cover
	var cov *locate.CoveredError
	if errors.As(err, &cov) {
		covered, cover = cov.CoveredBy, cov.Cover
	}
	var coveredNode *locate.Node
	var nie *locate.NotInteractableError
	if errors.As(err, &nie) {
		coveredNode = nie.Node
	}
	if r := le.Result; r != nil {
		d.Rungs = r.Rungs
		matches := r.Matches
		if len(matches) == 0 && r.Node != nil {
			matches = []*locate.Node{r.Node}
		}
		for _, n := range matches {
			c := candidate(n)
			if n == coveredNode || (coveredNode != nil && n.Key() == coveredNode.Key()) {
				c.CoveredBy, c.Cover = covered, cover
			}
			d.Candidates = append(d.Candidates, c)
		}
		if len(d.Candidates) > diagnostics.MaxCandidates {
			d.Truncated = true
		}
		if snap != nil {
			d.NearMisses = locate.NearMisses(snap, r, s.NeededRole())
		}
	} else if coveredNode != nil {
		c := candidate(coveredNode)
		c.CoveredBy, c.Cover = covered, cover
		d.Candidates = append(d.Candidates, c)
	}
	containerDiag(d, err, snap)
	if d.Reason == diagnostics.ReasonNotFound && le.Result != nil && le.Result.Phrase != "" {
		ss.hiddenMatches(gctx, d, le.Result.Phrase)
	}
	ss.suggest(gctx, s, d, le, snap)
	if d.Reason == diagnostics.ReasonDisabled {
		ss.formOf(gctx, d, coveredNode, snap)
	}
	valueVerdict(d, err)
	cssVerdict(d, err)
	if snap != nil {
		for _, n := range snap.All {
			if n.Role == "link" && n.Href != "" && len(d.Links) < diagnostics.MaxLinks {
				d.Links = append(d.Links, diagnostics.Link{Text: n.Name, Href: n.Href})
			}
		}
		d.URL, d.Title = snap.URL, snap.Title
		text := snap.Render(locate.RenderOptions{Mask: ss.mask.Mask, Idle: true})
		if path, err := ss.artifact(results.ArtifactSnapshot, ss.key+".failure.txt", []byte(text)); err == nil {
			d.Snapshot = path
		}
	}
	d.Explain()
	ss.showDiagnosed(snap, d, le.Snap == snap)
	sctx, scancel := diagnoseCtx() // the screenshot's own: the analysis may have used gctx up
	defer scancel()
	if png, err := ss.outlinedScreenshot(sctx, d.Candidates); err == nil {
		if path, err := ss.artifact(results.ArtifactScreenshot, ss.key+".failure.png", png); err == nil {
			d.Screenshot = path
		}
	}
	return &stepFailure{err: err, diag: d}
}

// diagnoseTime bounds each part of a failure's diagnostics: the read of
// the page with what is worked out from it, then the screenshot, each in
// a fresh context (the step's own has usually run out), so that a busy
// page's slow analysis does not cost the failure its screenshot.
const diagnoseTime = 3 * time.Second

func diagnoseCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), diagnoseTime)
}

// valueVerdict says, of a field that was right but did not take the
// value given, which values it takes.
func valueVerdict(d *diagnostics.Diagnostics, err error) {
	var bad *locate.BadValueError
	if errors.As(err, &bad) {
		// the field was right, its value not (docs/targets.md "Actionability", "Date, time and colour inputs")
		d.Verdict = fmt.Sprintf("%s does not take the value %q", d.Target, bad.Value)
		d.Hints = append(d.Hints, "give the value in the input's own form, whatever the page shows: "+locate.PickerForms)
	}
	var sg *browser.SegmentsValueError
	if errors.As(err, &sg) {
		// the field was right, the value not (docs/targets.md "Fields of segments")
		d.Verdict = fmt.Sprintf("%s does not take the value %q", d.Target, sg.Value)
		d.Hints = append(d.Hints, sg.Hint())
	}
	var ne *locate.NotEditableError
	if errors.As(err, &ne) && ne.Node != nil && ne.Node.ReadOnly {
		// the field was right, and read-only though clicked (docs/targets.md "Actionability", Editable)
		d.Verdict = fmt.Sprintf("%s is read-only", d.Target)
		if t := ne.Node.Tag; t == "input" || t == "textarea" {
			d.Verdict += ", and stayed so when clicked"
		}
		d.Hints = append(d.Hints, "do first what makes the page let you type there (a toggle, an Edit button); a picker that is read-only takes its value from its popup: `click` it and pick, or `select` the choice")
	}
	var sv *browser.SliderValueError
	if errors.As(err, &sv) {
		// the slider was right, the value not (docs/targets.md "Sliders")
		d.Verdict = fmt.Sprintf("%s does not take the value %s", d.Target, sv.Value)
		switch {
		case sv.Dragged:
			d.Verdict = fmt.Sprintf("%s did not move to %s with its keys or a drag", d.Target, sv.Value)
		case sv.Keys:
			d.Verdict = fmt.Sprintf("%s did not move to %s with its keys", d.Target, sv.Value)
		}
		d.Hints = append(d.Hints, sv.Hint())
	}
}

// cssVerdict says, of a css selector the page cannot parse, what to
// write instead (docs/targets.md "When waiting ends"): nothing was
// looked for, so what the page holds is beside the point.
func cssVerdict(d *diagnostics.Diagnostics, err error) {
	if errors.Is(err, locate.ErrBadCSS) {
		d.Verdict = fmt.Sprintf("%s was not looked for: the page cannot parse the selector", d.Target)
		d.Hints = append(d.Hints, "write it as document.querySelectorAll takes it; Playwright's own selectors (:has-text(), :visible, >>, text=) are not CSS: use a text: target, or within:")
	}
}

// withPage adds the url, title, snapshot and screenshot to diagnostics
// that were built without a resolution; more, when given, adds what else
// the same read tells. The refs the diagnostics print are of that read,
// and handed (docs/targets.md "Resolution", 1).
func (ss *Session) withPage(_ context.Context, sf *stepFailure, more ...func(context.Context, *locate.Snapshot)) error {
	gctx, cancel := diagnoseCtx()
	defer cancel()
	d := sf.diag
	snap, err := ss.page.Snapshot(gctx)
	if err == nil {
		containerDiag(d, sf.err, snap)
		for _, f := range more {
			f(gctx, snap)
		}
		d.URL, d.Title = snap.URL, snap.Title
		text := snap.Render(locate.RenderOptions{Mask: ss.mask.Mask, Idle: true})
		if path, err := ss.artifact(results.ArtifactSnapshot, ss.key+".failure.txt", []byte(text)); err == nil {
			d.Snapshot = path
		}
	}
	sctx, scancel := diagnoseCtx()
	defer scancel()
	if png, err := ss.page.Screenshot(sctx, false, nil); err == nil {
		if path, err := ss.artifact(results.ArtifactScreenshot, ss.key+".failure.png", png); err == nil {
			d.Screenshot = path
		}
	}
	d.Explain()
	if err == nil {
		ss.showDiagnosed(snap, d, false)
	}
	return sf
}

func candidate(n *locate.Node) diagnostics.Candidate {
	c := diagnostics.Candidate{Ref: n.Ref, Role: n.Role, Name: n.Name, Visible: n.Visible, Enabled: n.Enabled(),
		Region: n.Region, Frame: n.FrameName}
	if !n.Box.Empty() {
		c.Box = &diagnostics.Box{X: n.Box.X, Y: n.Box.Y, Width: n.Box.W, Height: n.Box.H}
	}
	if c.Name == "" {
		c.Name = n.Text
	}
	return c
}

// shownTarget is the target a failure names: the one the step looked
// for, its ${...} already filled in (a data row's value, a variable), so
// the verdict and the first line name the same thing; the step's own
// when none was given (docs/targets.md "Failure diagnostics").
func shownTarget(s *flows.Step, t *flows.Target) string {
	if t == nil {
		t = s.Target()
	}
	return t.String()
}
