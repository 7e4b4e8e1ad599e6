package browser

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"
)

// The trace of a flow (docs/running.md "Traces"): a JPEG of the page
// after every step, and the snapshot the step read before it acted. The
// page keeps the snapshots it reads (readLog) so that the trace costs no
// extra read; the frames come from TraceShot.

// TraceQuality is the JPEG quality of the trace frames: small files, text
// still legible. TraceWidth is the largest width and height of a
// screencast frame, in pixels (the browser scales its frames down).
const (
	TraceQuality = 60
	TraceWidth   = 800
)

// TraceShot is a JPEG of the viewport now, at TraceQuality, the secrets
// painted over as in every screenshot (docs/running.md "Secrets in
// screenshots"). It is taken at the viewport's size: a capture clipped to
// a smaller scale has the browser emulate another viewport for a moment,
// which moves the page under the flow.
func (p *Page) TraceShot(ctx context.Context) ([]byte, error) {
	if p.Crashed() {
		return nil, ErrPageCrashed
	}
	req := proto.PageCaptureScreenshot{Format: proto.PageCaptureScreenshotFormatJpeg, Quality: intPtr(TraceQuality), OptimizeForSpeed: true}
	before, data, after, err := p.measuredCapture(ctx, req, settle{})
	if err != nil {
		return nil, err
	}
	// a trace frame is not retaken: the boxes of both measures are painted
	return paintBoxes(data, append(before, after...), 0, 0)
}

// screencast is the page's screencast (ScreencastFrame): whether it
// runs, its newest frame, and the frames of steps still waiting for
// theirs. It runs only while a step's frame waits for one: from a step's
// end until frameGrace after the first frame of the tab's document came,
// and until a document an input found unpainted paints (docs/running.md
// "How the frame is taken"); the browser captures every paint while it
// runs.
type screencast struct {
	mu          sync.Mutex
	on          bool          // started, and no stop sent since
	stopping    chan struct{} // closed once the last stop sent is answered; nil: none sent
	newest      []byte        // JPEG
	docs        int           // the document it shows (docCount); -1: not known
	provisional bool          // it came before docs reported its first paint (onScreencastFrame)
	waiting     []*CastFrame  // frames the frames that come fill, until an input
	first       []*CastFrame  // frames an input found empty: their document's first frame fills them
	came        chan struct{} // closed when a frame fills waiting frames (awaitFrames)
	late        bool          // an input waited frameDue for a frame in vain, none came since
	// newestAt is the clock's stamp (clock.pictured) when the newest
	// frame's capture could begin: while the page's stamp is the same,
	// the frame is the page now. since is the stamp when the screencast
	// started or its last frame came: the next frame's newestAt.
	newestAt, since pictured
	// unsafeDoc is 1 + the document (docCount) that showed something to
	// paint over, 0 when none did: its frames are not used from then on
	// (ScreencastFrame).
	unsafeDoc int
	grace     *time.Timer // ends the frameGrace of the frames filled (endGrace); nil: none runs
}

// frameGrace is how long a step's frame, once filled, still takes the
// frames that come: the browser captures what it last drew, which can be
// a paint older than the step's last change, and the paint of that
// change then comes within a frame or two. After it, the screencast
// stops (docs/running.md "How the frame is taken").
const frameGrace = 50 * time.Millisecond

// frameDue bounds how long an input waits for the frame that the last
// step's end asked of the screencast, when it has not come yet: it comes
// a frame or two after the start (9 to 23 ms on a quiet machine), and an
// input that came first would leave the step without a frame when the
// input leads to another document.
const frameDue = 200 * time.Millisecond

// awaitFrames waits, for at most frameDue, for the frame the running
// screencast owes a step's frame of the tab's current document, painted:
// the page a step left is the one its frame shows, not a document's first
// paint after the next step's input. A page whose frame did not come in
// time is not waited for again until one comes.
func (p *Page) awaitFrames() {
	docs, state := p.frameDoc()
	if state != docPainted {
		return
	}
	c := &p.cast
	c.mu.Lock()
	owed := c.on && !c.late && slices.ContainsFunc(c.waiting, func(f *CastFrame) bool { return f.data == nil && f.docs == docs })
	if c.came == nil {
		c.came = make(chan struct{})
	}
	came := c.came
	c.mu.Unlock()
	if !owed {
		return
	}
	t := time.NewTimer(frameDue)
	defer t.Stop()
	select {
	case <-came:
	case <-t.C:
		c.mu.Lock()
		c.late = true
		c.mu.Unlock()
	}
}

// CastFrame is a step's frame from the screencast (ScreencastFrame): the
// first frame of the document the tab shows at the step's end to come
// after it (the screencast sends one when it starts), or the tab's newest
// frame when the page has not changed since it; when none came by
// smokeflow's next input to the tab (the tab had not yet painted that
// document), that document's first (docs/running.md "Traces").
type CastFrame struct {
	docs   int    // the document it shows (docCount)
	data   []byte // JPEG; guarded by the page's cast.mu
	sealed bool   // an input came since; guarded by the page's cast.mu
	// last is the newest frame of its document when the step ended, nil
	// when none: the frame when the tab leaves the document before one
	// comes (leftBy)
	last []byte
	page *Page
}

// leftBy says whether the tab has gone on from f's document to document
// docs, and if so gives f, if still empty, the newest frame its document
// had painted: the page the step left, as last painted, since that
// document never paints again. The caller holds the page's cast.mu.
func (f *CastFrame) leftBy(docs int) bool {
	return f.docs < docs && f.takeLast()
}

// lastPaint says whether an input came since f's step (sealed), and if
// so gives f, if still empty, the newest frame its document had painted
// when the step ended: its own frame did not come before the input
// (frameDue, on a busy machine) nor since, and a screenshot now would
// show what the inputs since did (docs/running.md "How the frame is
// taken"). The caller holds the page's cast.mu.
func (f *CastFrame) lastPaint() bool {
	return f.sealed && f.takeLast()
}

// takeLast gives f, if still empty, the newest frame its document had
// painted when the step ended (last; nil when it had painted none), and
// reports true. The caller holds the page's cast.mu.
func (f *CastFrame) takeLast() bool {
	if f.data == nil {
		f.data = f.last
	}
	return true
}

// JPEG is the frame; nil when none came.
func (f *CastFrame) JPEG() []byte {
	f.page.cast.mu.Lock()
	defer f.page.cast.mu.Unlock()
	return f.data
}

// castOn starts the screencast unless it runs: the browser then sends a
// JPEG frame of the page at once, and one each time it paints. Frames
// are acknowledged as they come, so the browser keeps sending them. A
// stop still on its way is waited for first, so that it cannot stop the
// new start.
func (p *Page) castOn(ctx context.Context) error {
	p.cast.mu.Lock()
	on, stopping := p.cast.on, p.cast.stopping
	p.cast.mu.Unlock()
	if on {
		return nil
	}
	if stopping != nil {
		select {
		case <-stopping:
		case <-ctx.Done():
			return fmt.Errorf("cannot start the screencast: %w", ctx.Err())
		}
	}
	at := p.pictured()
	err := proto.PageStartScreencast{Format: proto.PageStartScreencastFormatJpeg, Quality: intPtr(TraceQuality), EveryNthFrame: intPtr(1),
		MaxWidth: intPtr(TraceWidth), MaxHeight: intPtr(TraceWidth)}.Call(p.main.Client(ctx))
	if err != nil {
		return fmt.Errorf("cannot start the screencast: %w", err)
	}
	p.cast.mu.Lock()
	p.cast.on, p.cast.since = true, at
	p.cast.mu.Unlock()
	return nil
}

// castIdle stops the screencast when no step's frame waits for a frame:
// its captures cost the browser CPU at every paint (docs/benchmarks.md
// "Traces"). The stop is sent without waiting for its answer. The caller
// holds c.mu.
func (p *Page) castIdle() {
	c := &p.cast
	if !c.on || len(c.waiting) > 0 || len(c.first) > 0 {
		return
	}
	c.on = false
	done := make(chan struct{})
	c.stopping = done
	s := p.main
	go func() {
		defer close(done)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = proto.PageStopScreencast{}.Call(s.Client(ctx)) // a page gone away has stopped
	}()
}

// ErrFrameUnsafe is ScreencastFrame's answer for a flow with secrets,
// and on a document that showed something to paint over, from then on: a
// frame may be older than the boxes measured now, and show a secret where
// it was a moment before, or before it went (docs/running.md "Traces").
// TraceShot measures around its capture instead. A frame of another
// document cannot show it.
var ErrFrameUnsafe = errors.New("the page holds a secret or a password field: a screencast frame cannot be painted over safely")

// ScreencastFrame is the frame of a step that has just finished: the
// newest frame of the tab's current document when the screencast runs or
// the page has not changed since that frame (clock.pictured), else one
// that the next frame of that document fills, the screencast started for
// it (a frame of a document the tab has left would show the page before
// the step). ErrFrameUnsafe for a flow with secrets, and on a document
// that showed a password field holding a value, from then on.
func (p *Page) ScreencastFrame(ctx context.Context) (*CastFrame, error) {
	if len(p.secrets) > 0 {
		return nil, ErrFrameUnsafe
	}
	docs := p.docCount()
	c := &p.cast
	c.mu.Lock()
	unsafe := c.unsafeDoc == docs+1
	c.mu.Unlock()
	if unsafe {
		return nil, ErrFrameUnsafe
	}
	boxes, err := p.secretBoxes(ctx)
	if err != nil {
		return nil, err
	}
	if len(boxes) > 0 {
		c.mu.Lock()
		c.unsafeDoc = docs + 1
		c.mu.Unlock()
		return nil, ErrFrameUnsafe
	}
	at := p.pictured()
	c.mu.Lock()
	f := &CastFrame{docs: docs, page: p}
	if c.newest != nil && c.docs == docs && !c.provisional {
		if c.on || c.newestAt == at {
			// it runs (a frame waits for a document to paint), or nothing
			// changed since its newest frame: that frame is the page now
			f.data = c.newest
			p.castIdle()
			c.mu.Unlock()
			return f, nil
		}
		f.last = c.newest
	}
	c.waiting = append(c.waiting, f)
	c.mu.Unlock()
	if err := p.castOn(ctx); err != nil {
		c.mu.Lock()
		c.waiting = slices.DeleteFunc(c.waiting, func(w *CastFrame) bool { return w == f })
		c.mu.Unlock()
		return nil, err
	}
	return f, nil
}

// onScreencastFrame keeps a frame of the main page, fills the steps'
// frames waiting for its document, and acknowledges it. A frame that
// comes before the main frame's document has painted may still show the
// document before it (Chromium holds the old paint a moment after a
// navigation): it counts for the document only once the document has
// loaded, and then only when the document's first paint is reported with
// no frame after it (painted).
func (p *Page) onScreencastFrame(s *CDPSession, msg *rod.Message) {
	var e proto.PageScreencastFrame
	if s != p.main || !msg.Load(&e) {
		return
	}
	docs, state := p.frameDoc()
	at := p.pictured()
	p.cast.mu.Lock()
	p.cast.newest, p.cast.docs, p.cast.provisional, p.cast.late = e.Data, -1, false, false
	p.cast.newestAt, p.cast.since = p.cast.since, at
	switch state {
	case docPainted:
		p.cast.docs = docs
		p.fill(docs, e.Data)
		p.castIdle()
	case docLoaded:
		p.cast.docs, p.cast.provisional = docs, true
	}
	p.cast.mu.Unlock()
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		// a page that went away needs no acknowledgement
		_ = proto.PageScreencastFrameAck{SessionID: e.SessionID}.Call(s.Client(ctx))
	}()
}

// fill gives a frame of document docs to the steps' frames that wait for
// one: the first frame of their document to come after their step's end,
// or a later one within frameGrace of it, is theirs (endGrace). The
// caller holds c.mu.
func (p *Page) fill(docs int, data []byte) {
	c := &p.cast
	c.waiting = slices.DeleteFunc(c.waiting, func(f *CastFrame) bool { return f.leftBy(docs) })
	for _, f := range c.waiting {
		if f.docs == docs {
			f.data = data
			if c.grace == nil {
				c.grace = time.AfterFunc(frameGrace, p.endGrace)
			}
		}
	}
	if c.came != nil {
		close(c.came) // awaitFrames
	}
	c.came = make(chan struct{})
	first := c.first[:0]
	for _, f := range c.first {
		switch {
		case f.docs == docs:
			f.data = data
		case !f.leftBy(docs):
			first = append(first, f)
		}
	}
	c.first = first
}

// endGrace ends the wait of the steps' frames that have their picture,
// once frameGrace has passed since the first came, and stops the
// screencast if no other frame waits.
func (p *Page) endGrace() {
	c := &p.cast
	c.mu.Lock()
	defer c.mu.Unlock()
	c.grace = nil
	c.waiting = slices.DeleteFunc(c.waiting, func(f *CastFrame) bool { return f.data != nil })
	p.castIdle()
}

// docState is how far the main frame's current document is: not loaded,
// loaded (DOMContentLoaded) but not painted, painted.
type docState int

const (
	docLoading docState = iota
	docLoaded
	docPainted
)

// frameDoc is the main frame's current document (docCount) and how far
// it is.
func (p *Page) frameDoc() (int, docState) {
	p.mu.Lock()
	defer p.mu.Unlock()
	life, docs := p.life[p.loader], p.docsLocked()
	switch {
	case life["firstPaint"] || life["firstContentfulPaint"]:
		return docs, docPainted
	case life["DOMContentLoaded"]:
		return docs, docLoaded
	}
	return docs, docLoading
}

// frameShotWait bounds the screenshot that fills an empty frame.
const frameShotWait = time.Second

// Fill gives a frame that no screencast frame filled a screenshot of its
// tab now (TraceShot), when the tab still shows the frame's document and
// smokeflow sent it no input since the step; the newest frame of its
// document when the tab has left it (leftBy), or when an input came
// before its frame and no frame came since (lastPaint); a frame that has
// its picture is left as it is.
func (f *CastFrame) Fill(ctx context.Context) {
	p := f.page
	docs := p.docCount()
	p.cast.mu.Lock()
	done := f.data != nil || f.leftBy(docs) || f.lastPaint()
	p.cast.mu.Unlock()
	if done || p.Closed() || p.Crashed() || docs != f.docs {
		return
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), frameShotWait)
	defer cancel()
	shot, err := p.TraceShot(sctx)
	if err != nil {
		return // left out: the trace never fails a step
	}
	p.cast.mu.Lock()
	if f.data == nil {
		f.data = shot
	}
	p.cast.mu.Unlock()
}

// pictured is the page's stamp for a screencast frame now
// (clock.pictured).
func (p *Page) pictured() pictured {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.clock.pictured()
}

// docCount is how many documents the main frame has navigated to (a
// navigation within the document keeps its frames current).
func (p *Page) docCount() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.docsLocked()
}
