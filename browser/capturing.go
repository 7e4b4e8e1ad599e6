package browser

import (
	"sync"

	"github.com/smokeflow/smokeflow/locate"
)

// capturing is the part of a page that keeps what is captured of it
// (docs/architecture-notes.md "Page's parts"): the newest screencast
// frame and the snapshots read, for the trace (trace.go), and the secrets
// painted over in its screenshots (mask.go). The screencast and the reads
// keep locks of their own; the secrets never change.
type capturing struct {
	secrets    []string   // painted over in screenshots (mask.go)
	traceReads readLog    // the snapshots read, for the trace (trace.go)
	cast       screencast // the newest screencast frame (trace.go)
}

// readLog is what the page read since the session marked it.
type readLog struct {
	mu    sync.Mutex
	first *locate.Snapshot // the first read since MarkReads
	last  *locate.Snapshot // the latest read
}

// noteRead keeps a snapshot the page read.
func (c *capturing) noteRead(s *locate.Snapshot) {
	c.traceReads.mu.Lock()
	defer c.traceReads.mu.Unlock()
	if c.traceReads.first == nil {
		c.traceReads.first = s
	}
	c.traceReads.last = s
}

// MarkReads starts a step: FirstRead then says what the page read from
// now on.
func (c *capturing) MarkReads() {
	c.traceReads.mu.Lock()
	defer c.traceReads.mu.Unlock()
	c.traceReads.first = nil
}

// FirstRead is the first snapshot read since MarkReads (an action reads
// its target's before it acts), else the latest one read before it; nil
// when the page was never read.
func (c *capturing) FirstRead() *locate.Snapshot {
	c.traceReads.mu.Lock()
	defer c.traceReads.mu.Unlock()
	if c.traceReads.first != nil {
		return c.traceReads.first
	}
	return c.traceReads.last
}

// painted notes that the main frame's document docs reported its first
// paint: a frame that came after it loaded and before this is that paint.
// The caller holds Page.mu (the page's lifecycle said so).
func (p *Page) painted(docs int) {
	c := &p.capturing
	c.cast.mu.Lock()
	defer c.cast.mu.Unlock()
	if c.cast.provisional && c.cast.docs == docs {
		c.cast.provisional = false
		p.fill(docs, c.cast.newest)
		p.castIdle()
	}
}

// sealFrames ends the wait of the steps' frames (ScreencastFrame):
// smokeflow is about to send the tab an input, and what is painted from
// now on may be its effect, not the page after the step. A frame still
// empty (its document not painted yet, or its frame later than frameDue)
// takes that document's next frame when it comes: the one nearest the
// step's end; when none has come by the time the trace is kept, the
// newest frame its document painted before the step ended (Fill).
func (p *Page) sealFrames() {
	p.awaitFrames()
	c := &p.capturing
	c.cast.mu.Lock()
	defer c.cast.mu.Unlock()
	for _, f := range c.cast.waiting {
		f.sealed = true
		if f.data == nil {
			c.cast.first = append(c.cast.first, f)
		}
	}
	c.cast.waiting = nil
	if c.cast.grace != nil {
		c.cast.grace.Stop()
		c.cast.grace = nil
	}
	p.castIdle()
}
