package browser

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/go-rod/rod/lib/proto"
	"github.com/smokeflow/smokeflow/locate"
)

// Reusing a read (docs/targets.md "Reusing a read"): an action resolves
// its target over the page's latest read when nothing has changed since,
// instead of reading the page again. Two things must agree:
//
//   - the page's generation (clock.gen, clock.go): bumped by every page event that
//     can change what a read shows (a DOM change the change watcher
//     reports, a navigation, a lifecycle event, a frame attached or
//     detached, a crash) and by every input smokeflow sends (Page.touch, inputs.go);
//   - the stamp of every document the read covered (stampJS, kept by the
//     change watcher in smokeflow's isolated world of each document):
//     asked for just before the read and again before the reuse. It
//     counts what the watcher's binding reports late or not at all: DOM
//     changes (counted at once, not 20 ms later), focus, pointer, scroll,
//     resize, toggle, load, input and animation events, the focused
//     element, the viewport and scroll position, the style sheets; a
//     document with an animation running has no stamp, and one with
//     only CSS transitions running a stamp marked moving (movingMark),
//     which only an expectation's lookup takes (Shown: the element it
//     passes on is confirmed shown live; docs/targets.md "Reusing a
//     read", "Transitions").
//
// A page with a closed shadow root, a dialog open, or a read that missed
// a frame is never reused; nor is a read whose reuse failed the action's
// live checks (Page.forget).

// reuse is a read kept for reuse: the snapshot, the generation it was
// read at (before the read began) and the stamps of its documents.
type reuse struct {
	snap *locate.Snapshot
	gen  gens
	// still: gen.all did not move during the read either (an action may
	// reuse it)
	still  bool
	stamps map[worldKey]string
}

// readInfo is what a capture says of its own completeness.
type readInfo struct {
	frames   []worldKey // every frame of every session read
	complete bool       // every session and frame was read
	closed   bool       // a document holds a closed shadow root
}

// stampWait bounds the stamp calls: a page too busy to answer is read.
const stampWait = time.Second

// movingMark opens the stamp of a document where CSS transitions, and
// nothing else that animates, are running (watch.js): such a read may
// stand for a new one only for an expectation (docs/targets.md "Reusing
// a read", "Transitions").
const movingMark = "moving "

// generation is the page's generations now.
func (p *Page) generation() gens {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.clock.now()
}

// Reads counts the page's full reads (snapshots taken from the browser,
// not reused).
func (p *Page) Reads() uint64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.clock.reads
}

// notedWorlds are the frames whose smokeflow world is noted: the
// documents that have a change watcher.
func (p *Page) notedWorlds() []worldKey {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.dialogUp {
		return nil // a script call would wait for the dialog
	}
	keys := make([]worldKey, 0, len(p.worlds))
	for k := range p.worlds {
		keys = append(keys, k)
	}
	return keys
}

// stamps asks each document of keys for its stamp (stampJS), all at once.
// A document that gives none (no watcher, something moving, gone) is left
// out; all reports whether every one gave one.
func (p *Page) stamps(ctx context.Context, keys []worldKey) (out map[worldKey]string, all bool) {
	ctx, cancel := context.WithTimeout(ctx, stampWait)
	defer cancel()
	out = make(map[worldKey]string, len(keys))
	all = true
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, k := range keys {
		p.mu.Lock()
		s, id, ok := p.bySID[k.session], p.worlds[k], true
		if s == nil || id == 0 {
			ok = false
		}
		p.mu.Unlock()
		if !ok {
			all = false
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := proto.RuntimeEvaluate{Expression: stampCall(), ContextID: id, ReturnByValue: true}.Call(s.Client(ctx))
			mu.Lock()
			defer mu.Unlock()
			if err != nil || r.ExceptionDetails != nil || r.Result == nil || r.Result.Value.Str() == "" {
				all = false
				return
			}
			out[k] = r.Result.Value.Str()
		}()
	}
	wg.Wait()
	return out, all
}

// keep counts a full read, snap, read at generation gen after stamps
// were taken, and makes it the read to reuse when it can be (clock.go
// readKept).
func (p *Page) keep(snap *locate.Snapshot, gen gens, stamps map[worldKey]string, info readInfo) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clock.readKept(snap, gen, stamps, info)
}

// reusable is the latest read when it may stand for a new one: the
// generation has not moved and every document it read gives the stamp it
// gave before the read; with moving, a stamp may be marked moving (CSS
// transitions running: an expectation's lookup, movingMark), else none
// may. nil otherwise.
func (p *Page) reusable(ctx context.Context, moving bool) *locate.Snapshot {
	p.mu.Lock()
	c := p.clock.kept()
	ok := c != nil && !p.dialogUp && !p.crashed
	p.mu.Unlock()
	if !ok {
		return nil
	}
	keys := make([]worldKey, 0, len(c.stamps))
	for k := range c.stamps {
		keys = append(keys, k)
	}
	now, all := p.stamps(ctx, keys)
	if !all {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.clock.reusable(c, now, moving) {
		return nil
	}
	return c.snap
}

// Reused is the page's latest read when it may stand for a new one
// (docs/targets.md "Reusing a read"), for a reader that would read the
// page again; nil otherwise.
func (p *Page) Reused(ctx context.Context) *locate.Snapshot { return p.reusable(ctx, false) }

// ReadAhead reads the page for an action to come to reuse (docs/agents.md
// "A read while the agent thinks"), settled first by settle, unless the
// latest read may stand for a new one already (then it neither settles
// nor reads: settling runs code in the page, which a stamp may count),
// or when a read of it is never reused (a dialog open, the page crashed);
// it reports whether it read.
func (p *Page) ReadAhead(ctx context.Context, settle func(context.Context) error) (bool, error) {
	p.mu.Lock()
	never := p.dialogUp || p.crashed
	p.mu.Unlock()
	if never || p.reusable(ctx, false) != nil {
		return false, nil
	}
	if err := settle(ctx); err != nil {
		return false, err
	}
	if err := p.awaitTransitions(ctx); err != nil {
		return false, err
	}
	if _, err := p.Snapshot(ctx); err != nil {
		return false, err
	}
	return true, nil
}

// A read ahead waits for the page's CSS transitions to end, polling its
// documents' stamps every transitionPoll, for at most transitionWait
// (docs/agents.md "A read while the agent thinks"): a read taken while
// they run is stamped moving, and no action reuses it (movingMark). A
// page whose transitions never end is read when the wait does, as
// before.
const (
	transitionPoll = 50 * time.Millisecond
	transitionWait = 2 * time.Second
)

// awaitTransitions waits until no document of the page has a CSS
// transition running, or transitionWait has passed; only ctx's end is an
// error.
func (p *Page) awaitTransitions(ctx context.Context) error {
	bound := time.NewTimer(transitionWait)
	defer bound.Stop()
	for {
		if stamps, _ := p.stamps(ctx, p.notedWorlds()); !transitionsRunning(stamps) {
			return ctx.Err()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-bound.C:
			return nil
		case <-time.After(transitionPoll):
		}
	}
}

// transitionsRunning says whether a document of stamps has CSS transitions running
// (movingMark).
func transitionsRunning(stamps map[worldKey]string) bool {
	for _, s := range stamps {
		if strings.HasPrefix(s, movingMark) {
			return true
		}
	}
	return false
}

// forget drops snap as the read to reuse: an action's live checks found
// the page otherwise than it says.
func (p *Page) forget(snap *locate.Snapshot) {
	if snap == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clock.forget(snap)
}

// An expectation may pass over the latest read (docs/targets.md "Reusing
// a read", "Expectations"): when nothing has changed since, and the
// element it found is still attached and shown now (Find with Shown). It
// never fails over one: a check that does not hold over it reads the page.

// shownNow reports whether n, as the read snap found it visible, is
// still attached and shown: a box and a visibility that shows it, as a
// read decides (docs/targets.md "Resolution", 4). When not, snap is no
// longer reused.
func (p *Page) shownNow(ctx context.Context, snap *locate.Snapshot, n *locate.Node) bool {
	raw, err := p.callOn(ctx, n, shownJS())
	if err == nil && string(raw) == "true" {
		return true
	}
	p.forget(snap)
	return false
}
