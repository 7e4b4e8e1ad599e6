package browser

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/go-rod/rod/lib/proto"
	"golang.org/x/sync/errgroup"

	"github.com/smokeflow/smokeflow/locate"
)

// Secrets in screenshots (docs/running.md "Secrets in screenshots"):
// every screenshot is taken by Page.Screenshot, which paints an opaque
// box over each element that holds or shows a secret value, and over
// every password field that holds anything. The boxes are measured in
// every frame of the page (out-of-process iframes and open shadow roots
// included) by maskJS, in smokeflow's isolated world, and painted on the
// PNG: the page itself is never changed, so the app cannot observe it
// and there is nothing to restore.

// maskColor is the paint of the boxes.
var maskColor = color.RGBA{A: 0xff}

// maskPad widens each box on every side, for glyphs that overhang their
// line box (italics, accents).
const maskPad = 2

// maskTries is how often a capture is measured again when the boxes
// moved while it was taken.
const maskTries = 3

// frameBoxes is what maskJS returns.
type frameBoxes struct {
	Boxes [][4]float64 `json:"boxes"`
	W     float64      `json:"w"`
	H     float64      `json:"h"`
}

// capture takes req and paints over the secrets. (ox, oy) is where the
// image's top-left corner is in the top-level viewport. The boxes are
// measured before and after the capture; if they moved, or could not be
// measured (a frame that went away meanwhile), it is taken again, and
// after maskTries the boxes cover every place seen.
func (p *Page) capture(ctx context.Context, req proto.PageCaptureScreenshot, ox, oy float64, st settle) ([]byte, error) {
	var seen []locate.Box
	var shot []byte
	var agreed bool // the kept shot's settle.agreed
	var lastErr error
	for try := 0; try < maskTries; try++ {
		before, data, after, err := p.measuredCapture(ctx, req, st)
		switch {
		case err != nil:
			lastErr = err
			continue
		case sameBoxes(before, after):
			return paintBoxes(data, before, ox, oy)
		}
		shot, agreed = data, st.settled()
		seen = append(append(seen, before...), after...)
	}
	if shot == nil {
		return nil, lastErr
	}
	st.ended(agreed)
	// still moving: cover the hull of every place they were seen, as
	// they may have passed anywhere between
	return paintBoxes(shot, append(seen, hull(seen)), ox, oy)
}

// measuredCapture measures the boxes, takes the screenshot and measures
// them again. A navigation of the tab under way is waited for first: the
// browser answers a capture sent meanwhile only once a frame comes, which
// the page being left no longer paints (docs/running.md "Traces", "Never
// a failure"; docs/targets.md "A navigation under way").
func (p *Page) measuredCapture(ctx context.Context, req proto.PageCaptureScreenshot, st settle) ([]locate.Box, []byte, []locate.Box, error) {
	if _, err := p.waitUnderWay(ctx); err != nil {
		return nil, nil, nil, err
	}
	before, err := p.secretBoxes(ctx)
	if err != nil {
		return nil, nil, nil, err
	}
	data, err := p.settledCapture(ctx, req, st)
	if err != nil {
		return nil, nil, nil, err
	}
	after, err := p.secretBoxes(ctx)
	if err != nil {
		return nil, nil, nil, err
	}
	return before, data, after, nil
}

// fullPageTries bounds the captures of a full-page screenshot.
const fullPageTries = 3

// settle says whether a capture is taken again until two captures in a
// row agree (settledCapture). The zero value: a viewport capture once, a
// full-page one up to fullPageTries. still: a screenshot for comparison,
// for up to StillWait, compared outside masks (still.go).
type settle struct {
	still bool
	masks []image.Rectangle
	// held, for a still capture, says whether the page is still held
	// (heldStill): two captures that agree while an animation runs are
	// not the page at rest.
	held func(context.Context) bool
	// agreed, when not nil, is set to whether the capture kept is one
	// that two captures in a row agreed on (false: the bound came first)
	agreed *bool
}

// ended sets agreed, for the capture that is kept.
func (st settle) ended(agreed bool) {
	if st.agreed != nil {
		*st.agreed = agreed
	}
}

// settled is what agreed holds: the last capture kept.
func (st settle) settled() bool { return st.agreed != nil && *st.agreed }

// settledCapture takes req, again until two captures in a row hold the
// same pixels (outside st's masks), and keeps the last. A full-page
// capture lays the page out beyond the viewport, and a frame (an
// out-of-process iframe most of all) may not have painted its new area by
// then (docs/running.md "Full-page screenshots"); a still screenshot
// waits out what the page still moves (docs/diffs.md "Screenshots that
// hold still"), and when the step's time runs out its last capture
// stands.
func (p *Page) settledCapture(ctx context.Context, req proto.PageCaptureScreenshot, st settle) ([]byte, error) {
	var prev []byte
	end := time.Now().Add(StillWait)
	for try := 1; ; try++ {
		r, err := req.Call(p.main.Client(ctx))
		switch {
		case err != nil && st.still && prev != nil && ctx.Err() != nil:
			st.ended(false)
			return prev, nil
		case err != nil:
			return nil, err
		case prev != nil && samePixels(prev, r.Data, st.masks) && (st.held == nil || st.held(ctx)):
			st.ended(true)
			return r.Data, nil
		case !st.still && !req.CaptureBeyondViewport,
			st.still && !time.Now().Before(end),
			!st.still && try == fullPageTries:
			st.ended(false)
			return r.Data, nil
		}
		prev = r.Data
	}
}

// secretBoxes measures the boxes to paint over, in every frame of every
// session of the page, in top-level viewport coordinates. Every frame is
// measured at once, a session's own frame while its frame tree is listed:
// a page without iframes costs one round trip.
func (p *Page) secretBoxes(ctx context.Context) ([]locate.Box, error) {
	args, err := json.Marshal(append([]string{}, p.secrets...))
	if err != nil {
		return nil, err
	}
	var mu sync.Mutex
	var out []locate.Box
	g, gctx := errgroup.WithContext(ctx)
	measure := func(s *CDPSession, frame proto.PageFrameID) {
		g.Go(func() error {
			boxes, err := p.frameSecretBoxes(gctx, s, frame, string(args))
			mu.Lock()
			out = append(out, boxes...)
			mu.Unlock()
			return err
		})
	}
	for _, s := range p.Sessions() {
		measure(s, s.FrameID)
		g.Go(func() error {
			tree, err := proto.PageGetFrameTree{}.Call(s.Client(gctx))
			if err != nil {
				return fmt.Errorf("cannot list the frames to hide the secrets in: %w", err)
			}
			frames := []*proto.PageFrameTree{tree.FrameTree}
			for len(frames) > 0 {
				f := frames[0]
				frames = append(frames[1:], f.ChildFrames...)
				if f.Frame.ID != s.FrameID {
					measure(s, f.Frame.ID)
				}
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	// in one order whatever order the frames answered in: two measures
	// of a still page are the same (sameBoxes)
	slices.SortFunc(out, func(a, b locate.Box) int {
		return cmp.Or(cmp.Compare(a.Y, b.Y), cmp.Compare(a.X, b.X), cmp.Compare(a.H, b.H), cmp.Compare(a.W, b.W))
	})
	return out, nil
}

// frameSecretBoxes runs maskJS in smokeflow's world of the frame
// (world.go) and maps its boxes to the top-level viewport. A child
// frame's boxes are clipped to its viewport; the top document's are not,
// for full-page shots.
func (p *Page) frameSecretBoxes(ctx context.Context, s *CDPSession, frame proto.PageFrameID, args string) ([]locate.Box, error) {
	r, err := p.evalOwn(ctx, s, frame, Invoke(maskJS(), json.RawMessage(args)))
	if err != nil {
		return nil, fmt.Errorf("cannot look for secrets in a frame: %w", err)
	}
	var fb frameBoxes
	if err := json.Unmarshal(resultJSON(r), &fb); err != nil {
		return nil, fmt.Errorf("cannot look for secrets in a frame: %w", err)
	}
	if len(fb.Boxes) == 0 {
		return nil, nil
	}
	if s.Parent == nil && frame == s.FrameID {
		out := make([]locate.Box, 0, len(fb.Boxes))
		for _, b := range fb.Boxes {
			out = append(out, locate.Box{X: b[0], Y: b[1], W: b[2], H: b[3]})
		}
		return out, nil
	}
	view, err := frameViewport(ctx, s, frame)
	if err != nil {
		return nil, err
	}
	return mapToViewport(fb, view), nil
}

// mapToViewport clips a child frame's boxes to its viewport and moves
// them to where that viewport is (view, in top-level coordinates). A frame
// drawn at another scale than its own viewport (a CSS transform) is
// covered whole.
func mapToViewport(fb frameBoxes, view locate.Box) []locate.Box {
	if fb.W <= 0 || fb.H <= 0 || math.Abs(view.W-fb.W) > 1 || math.Abs(view.H-fb.H) > 1 {
		return []locate.Box{view}
	}
	var out []locate.Box
	for _, b := range fb.Boxes {
		x0, y0 := math.Max(b[0], 0), math.Max(b[1], 0)
		x1, y1 := math.Min(b[0]+b[2], fb.W), math.Min(b[1]+b[3], fb.H)
		if x1 > x0 && y1 > y0 {
			out = append(out, locate.Box{X: view.X + x0, Y: view.Y + y0, W: x1 - x0, H: y1 - y0})
		}
	}
	return out
}

// frameViewport is the content box of a frame's <iframe> element in the
// top-level viewport. The element is in the same session when the frame
// is, else (an out-of-process iframe, the root of its session) in the
// parent session.
func frameViewport(ctx context.Context, s *CDPSession, frame proto.PageFrameID) (locate.Box, error) {
	host := s
	if frame == s.FrameID {
		if s.Parent == nil {
			return locate.Box{}, fmt.Errorf("the top frame has no <iframe>")
		}
		host = s.Parent
	}
	hc := host.Client(ctx)
	own, err := proto.DOMGetFrameOwner{FrameID: frame}.Call(hc)
	if err != nil {
		return locate.Box{}, fmt.Errorf("cannot find where a frame with a secret is: %w", err)
	}
	bm, err := proto.DOMGetBoxModel{BackendNodeID: own.BackendNodeID}.Call(hc)
	if err != nil || len(bm.Model.Content) < 8 {
		return locate.Box{}, fmt.Errorf("cannot find where a frame with a secret is: %w", err)
	}
	q := bm.Model.Content
	view := quadBounds(q)
	if host.Parent != nil {
		// the host session's own viewport sits in its parent's
		hv, err := frameViewport(ctx, host, host.FrameID)
		if err != nil {
			return locate.Box{}, err
		}
		view.X += hv.X
		view.Y += hv.Y
	}
	return view, nil
}

// quadBounds is the bounding box of a quad (x1,y1 .. x4,y4).
func quadBounds(q proto.DOMQuad) locate.Box {
	x0, y0, x1, y1 := q[0], q[1], q[0], q[1]
	for i := 2; i+1 < len(q); i += 2 {
		x0, x1 = math.Min(x0, q[i]), math.Max(x1, q[i])
		y0, y1 = math.Min(y0, q[i+1]), math.Max(y1, q[i+1])
	}
	return locate.Box{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}

func sameBoxes(a, b []locate.Box) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// hull is the smallest box around all of bs.
func hull(bs []locate.Box) locate.Box {
	if len(bs) == 0 {
		return locate.Box{}
	}
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, b := range bs {
		x0, y0 = math.Min(x0, b.X), math.Min(y0, b.Y)
		x1, y1 = math.Max(x1, b.X+b.W), math.Max(y1, b.Y+b.H)
	}
	return locate.Box{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}

// paintBoxes paints the boxes (top-level viewport coordinates; the image
// starts at ox, oy, one pixel per CSS pixel as NewPage sets the device
// scale factor to 1) on the PNG, or the JPEG of a trace (trace.go), which
// stays a JPEG.
func paintBoxes(shot []byte, boxes []locate.Box, ox, oy float64) ([]byte, error) {
	if len(boxes) == 0 {
		return shot, nil
	}
	src, format, err := image.Decode(bytes.NewReader(shot))
	if err != nil {
		return nil, fmt.Errorf("cannot hide the secrets in the screenshot: %w", err)
	}
	img := image.NewRGBA(src.Bounds())
	draw.Draw(img, img.Bounds(), src, src.Bounds().Min, draw.Src)
	paint := image.NewUniform(maskColor)
	for _, b := range boxes {
		r := image.Rect(int(math.Floor(b.X-ox))-maskPad, int(math.Floor(b.Y-oy))-maskPad,
			int(math.Ceil(b.X-ox+b.W))+maskPad, int(math.Ceil(b.Y-oy+b.H))+maskPad)
		draw.Draw(img, r.Intersect(img.Bounds()), paint, image.Point{}, draw.Src)
	}
	var out bytes.Buffer
	if format == "jpeg" {
		err = jpeg.Encode(&out, img, &jpeg.Options{Quality: TraceQuality})
	} else {
		err = png.Encode(&out, img)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot hide the secrets in the screenshot: %w", err)
	}
	return out.Bytes(), nil
}
