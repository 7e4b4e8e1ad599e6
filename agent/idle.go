package agent

import (
	"context"
	"sync"
	"time"
)

// The read a session takes while the agent thinks (docs/agents.md "A
// read while the agent thinks"): after a command that acted on the page,
// a session that hears nothing for idleAfter settles the page and reads
// it, so that the next action by ref finds a read it may reuse for the
// target `export` writes instead of reading the page itself. The next
// command stops it: a read not yet begun is dropped, one under way is
// cut short.

const (
	// idleAfter is how long the session waits for the next command after
	// an action before it reads the page itself: a script's next command
	// comes sooner, a model's later.
	idleAfter = 250 * time.Millisecond
	// idleBound bounds that settle and read.
	idleBound = 5 * time.Second
)

// idle is the engine's read while the agent thinks: at most one is due or
// under way. Its mutex is never held while waiting for Engine.mu.
type idle struct {
	mu     sync.Mutex
	due    uint64             // the read due: later ones stop it
	timer  *time.Timer        // the read's start, while it is due
	cancel context.CancelFunc // the read's, while it is under way
	reads  int                // the reads taken, for the specs
}

// stop drops the read due and cuts short the one under way, before a
// command takes the engine.
func (w *idle) stop() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.due++
	if w.timer != nil {
		w.timer.Stop()
		w.timer = nil
	}
	if w.cancel != nil {
		w.cancel()
		w.cancel = nil
	}
}

// scheduleIdleRead makes a read due after idleAfter, when the command that ran
// (Engine.mu held) acted on the page.
func (e *Engine) scheduleIdleRead() {
	if !e.acted || e.ss == nil || e.closed {
		return
	}
	w := &e.idle
	w.mu.Lock()
	defer w.mu.Unlock()
	due := w.due
	w.timer = time.AfterFunc(idleAfter, func() { e.idleRead(due) })
}

// idleRead is the read due, when the latest read may not stand for a new
// one: the page settled as a read after an action settles it, then read
// (Session.ReadAhead). It leaves acted as it was: the next read still
// settles, at once on a page that stayed still.
func (e *Engine) idleRead(due uint64) {
	e.mu.Lock()
	defer e.mu.Unlock()
	w := &e.idle
	w.mu.Lock()
	if w.due != due || e.closed || e.ss == nil {
		w.mu.Unlock()
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), idleBound)
	w.timer, w.cancel = nil, cancel
	w.mu.Unlock()
	defer func() {
		w.mu.Lock()
		w.cancel = nil
		w.mu.Unlock()
		cancel()
	}()
	if read, err := e.ss.ReadAhead(ctx); err == nil && read {
		w.mu.Lock()
		w.reads++
		w.mu.Unlock()
	}
}
