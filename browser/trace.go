package browser

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"
	"github.com/smokeflow/smokeflow/locate"
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

// readLog is what the page read since the session marked it.
type readLog struct {
	mu    sync.Mutex
	first *locate.Snapshot // the first read since MarkReads
	last  *locate.Snapshot // the latest read
}

// noteRead keeps a snapshot the page read.
func (p *Page) noteRead(s *locate.Snapshot) {
	p.traceReads.mu.Lock()
	defer p.traceReads.mu.Unlock()
	if p.traceReads.first == nil {
		p.traceReads.first = s
	}
	p.traceReads.last = s
}

// MarkReads starts a step: FirstRead then says what the page read from
// now on.
func (p *Page) MarkReads() {
	p.traceReads.mu.Lock()
	defer p.traceReads.mu.Unlock()
	p.traceReads.first = nil
}

// FirstRead is the first snapshot read since MarkReads (an action reads
// its target's before it acts), else the latest one read before it; nil
// when the page was never read.
func (p *Page) FirstRead() *locate.Snapshot {
	p.traceReads.mu.Lock()
	defer p.traceReads.mu.Unlock()
	if p.traceReads.first != nil {
		return p.traceReads.first
	}
	return p.traceReads.last
}

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
	before, data, after, err := p.measuredCapture(ctx, req)
	if err != nil {
		return nil, err
	}
	// a trace frame is not retaken: the boxes of both measures are painted
	return paintBoxes(data, append(before, after...), 0, 0)
}

// screencast is the newest frame of the page's screencast
// (StartScreencast).
type screencast struct {
	mu     sync.Mutex
	newest []byte // JPEG
	navs   int    // the main frame's navigations when it came
}

// StartScreencast has the browser send a JPEG frame of the page each
// time it paints; ScreencastFrame is the newest. Frames are acknowledged
// as they come, so the browser keeps sending them.
func (p *Page) StartScreencast(ctx context.Context) error {
	err := proto.PageStartScreencast{Format: proto.PageStartScreencastFormatJpeg, Quality: intPtr(TraceQuality), EveryNthFrame: intPtr(1),
		MaxWidth: intPtr(TraceWidth), MaxHeight: intPtr(TraceWidth)}.Call(p.main.Client(ctx))
	if err != nil {
		return fmt.Errorf("cannot start the screencast: %w", err)
	}
	return nil
}

// ErrFrameUnsafe is ScreencastFrame's answer on a page with something to
// paint over: the newest frame may be older than the boxes measured now,
// and show a secret where it was a moment before (docs/running.md
// "Traces"). TraceShot measures around its capture instead.
var ErrFrameUnsafe = errors.New("the page holds a secret or a password field: a screencast frame cannot be painted over safely")

// ErrFrameStale is ScreencastFrame's answer when the newest frame shows
// a document the page has left: the new one has not painted yet.
var ErrFrameStale = errors.New("the newest screencast frame shows the page before its last navigation")

// ScreencastFrame is the newest frame the screencast sent; an error when
// none came yet or it shows a document the page left (ErrFrameStale), and
// ErrFrameUnsafe when the page has secrets to paint over, or a password
// field.
func (p *Page) ScreencastFrame(ctx context.Context) ([]byte, error) {
	if len(p.secrets) > 0 {
		return nil, ErrFrameUnsafe
	}
	p.cast.mu.Lock()
	data, navs := p.cast.newest, p.cast.navs
	p.cast.mu.Unlock()
	if data == nil {
		return nil, errors.New("no screencast frame yet")
	}
	if navs != p.navCount() {
		return nil, ErrFrameStale
	}
	boxes, err := p.secretBoxes(ctx)
	if err != nil {
		return nil, err
	}
	if len(boxes) > 0 {
		return nil, ErrFrameUnsafe
	}
	return data, nil
}

// onScreencastFrame keeps a frame of the main page and acknowledges it.
func (p *Page) onScreencastFrame(s *CDPSession, msg *rod.Message) {
	var e proto.PageScreencastFrame
	if s != p.main || !msg.Load(&e) {
		return
	}
	navs := p.navCount()
	p.cast.mu.Lock()
	p.cast.newest, p.cast.navs = e.Data, navs
	p.cast.mu.Unlock()
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		// a page that went away needs no acknowledgement
		_ = proto.PageScreencastFrameAck{SessionID: e.SessionID}.Call(s.Client(ctx))
	}()
}

// navCount is how many times the main frame navigated.
func (p *Page) navCount() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.navs)
}
