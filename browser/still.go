package browser

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"math"
	"time"

	"github.com/go-rod/rod/lib/proto"
	"github.com/smokeflow/smokeflow/diffs"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

// Screenshots for comparison (docs/diffs.md "Screenshots that hold
// still"): before the capture, every document of the page, in
// smokeflow's isolated world (world.go), hides the text caret, brings
// its CSS transitions and finite animations to their end and cancels its
// infinite ones, waits for its fonts (document.fonts.ready) and for two
// rendered frames; then it is captured until two captures agree
// (settledCapture). After the capture the caret comes back and the
// infinite animations play again. The device scale factor is 1 for every
// page (NewPage), so one CSS pixel is one pixel of the image.

// ShotOptions say what a screenshot for comparison shows.
type ShotOptions struct {
	// FullPage: the whole scrollable page, not only the viewport.
	FullPage bool
	// Target: only this element's box (not with FullPage).
	Target *flows.Target
	// Mask: the boxes of every visible match of each are measured, for
	// the comparison to paint over.
	Mask []*flows.Target
}

// Shot is a screenshot taken to be compared.
type Shot struct {
	PNG []byte
	// Masks are the boxes of the mask targets' matches, in the image's
	// pixels.
	Masks []image.Rectangle
	// Unmatched are the mask targets that matched nothing visible.
	Unmatched []*flows.Target
	// Settled: two captures in a row agreed outside the masks. False:
	// the page kept changing until StillWait (or the context's end), and
	// PNG is the last capture.
	Settled bool
}

// StillScreenshot takes a screenshot held still for comparison (see
// above), with the page's secrets painted over as every screenshot has.
// An element target that does not resolve is a *LocateError.
func (p *Page) StillScreenshot(ctx context.Context, o ShotOptions) (*Shot, error) {
	if _, err := p.inFrames(ctx, Invoke(stillJS())); err != nil {
		return nil, fmt.Errorf("cannot hold the page still for the screenshot: %w", err)
	}
	defer func() {
		// undone even when the step's time ran out
		tctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
		defer cancel()
		_, _ = p.inFrames(tctx, Invoke(thawJS())) // a page that went away has nothing to undo
	}()
	var clip *locate.Box
	if o.Target != nil {
		b, err := p.ElementBox(ctx, o.Target)
		if err != nil {
			return nil, err
		}
		clip = b
	}
	req, ox, oy := p.shotRequest(ctx, o.FullPage, clip)
	shot := &Shot{}
	for _, t := range o.Mask {
		f, err := p.Find(ctx, t, FindOptions{All: true})
		vis := f.Visible
		if err != nil {
			return nil, fmt.Errorf("mask %s: %w", t, err)
		}
		if len(vis) == 0 {
			shot.Unmatched = append(shot.Unmatched, t)
		}
		for _, n := range vis {
			b := n.Box
			shot.Masks = append(shot.Masks, image.Rect(int(math.Floor(b.X-ox)), int(math.Floor(b.Y-oy)),
				int(math.Ceil(b.X-ox+b.W)), int(math.Ceil(b.Y-oy+b.H))))
		}
	}
	// taken again until two captures agree, as Playwright's
	// toHaveScreenshot: what the page moves by its own script through its
	// style sheet (no DOM mutation, no Animation to finish) is waited out,
	// and so is a layer that settles a frame after the animations ended
	data, err := p.capture(ctx, req, ox, oy, settle{still: true, masks: shot.Masks, held: p.heldStill, agreed: &shot.Settled})
	if err != nil {
		return nil, err
	}
	shot.PNG = data
	return shot, nil
}

// StillWait bounds how long a still screenshot is taken again while the
// page keeps changing (settledCapture).
const StillWait = 3 * time.Second

// samePixels reports whether two PNG captures hold the same pixels
// outside masks.
func samePixels(a, b []byte, masks []image.Rectangle) bool {
	if bytes.Equal(a, b) {
		return true
	}
	if len(masks) == 0 {
		return false
	}
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		return false
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil || ia.Bounds() != ib.Bounds() {
		return false
	}
	return bytes.Equal(diffs.Mask(ia, masks).Pix, diffs.Mask(ib, masks).Pix)
}

// heldStill says whether the page is still held: still.js, run again in
// every frame, found no animation running. One may have begun since the
// page was held (an animation that starts when another ends, or at a
// style the first frames had not resolved yet): it is brought to its end
// as the others were, and the capture must be taken again.
func (p *Page) heldStill(ctx context.Context) bool {
	n, err := p.inFrames(ctx, Invoke(stillJS(), true))
	return err == nil && n == 0
}

// inFrames evaluates js in smokeflow's world of every frame of every
// session of the page, and sums what the frames answer (a count; 0 for
// an answer that is none). Only the top document's failure is an error:
// a frame may go away meanwhile.
func (p *Page) inFrames(ctx context.Context, js string) (int, error) {
	var errs []error
	sum := 0
	for _, s := range p.Sessions() {
		tree, err := proto.PageGetFrameTree{}.Call(s.Client(ctx))
		if err != nil {
			if s == p.main {
				return sum, err
			}
			continue
		}
		frames := []*proto.PageFrameTree{tree.FrameTree}
		for len(frames) > 0 {
			f := frames[0]
			frames = append(frames[1:], f.ChildFrames...)
			r, err := p.evalOwn(ctx, s, f.Frame.ID, js)
			if err != nil && s == p.main && f.Frame.ID == s.FrameID {
				errs = append(errs, err)
			}
			if err == nil && r != nil {
				sum += r.Value.Int()
			}
		}
	}
	return sum, errors.Join(errs...)
}
