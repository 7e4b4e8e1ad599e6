package browser

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/go-rod/rod/lib/cdp"
	"github.com/go-rod/rod/lib/proto"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/locate"
)

// LocateError is a target that could not be resolved or acted on before
// the deadline. It carries the last resolution and snapshot, which is what
// diagnostics are built from.
type LocateError struct {
	Err    error // a locate.ResolveError or a NotInteractable error
	Result *locate.Result
	Snap   *locate.Snapshot
}

func (e *LocateError) Error() string { return e.Err.Error() }
func (e *LocateError) Unwrap() error { return e.Err }

// Reason is the failure category.
func (e *LocateError) Reason() diagnostics.Reason {
	if r := locate.ReasonOf(e.Err); r != "" {
		return r
	}
	return diagnostics.ReasonTimeout
}

// pollDelays are the pauses between polls of the page: quick at first,
// then every half second (as Playwright's).
var pollDelays = []time.Duration{0, 20 * time.Millisecond, 50 * time.Millisecond, 100 * time.Millisecond, 100 * time.Millisecond, 250 * time.Millisecond, 500 * time.Millisecond}

// minPollGap is the least time from one poll's start to the next when a
// page change cuts the pause short, and pollDuty the largest share of the
// time polls may take then: a page that changes all the time (a ticking
// clock, a script-driven animation) is read at most every 40 ms, and a
// page whose snapshot takes 30 ms at most every 90 ms, not in a loop.
const (
	minPollGap = 40 * time.Millisecond
	pollDuty   = 3
)

// Poll calls try until it reports done or ctx ends, pausing as
// pollDelays says, and returns the last error try gave (a try cut short by
// the deadline does not replace a more telling earlier one). It is the one
// retry loop of every step that waits (docs/targets.md "When waiting
// ends"): a try's error that waiting cannot cure (IsFinal) ends it at
// once, and under a rest bound (WithRestBound) so does a failure on a page
// that has been at rest for that long. A pause is
// cut short when the page changes (its DOM, as the change watcher of
// watchJS reports, or its accessibility tree; a frame navigates; a load
// event fires), so a step sees an element soon
// after it appears rather than at the next half-second tick; Playwright
// polls inside the page on every animation frame to the same end.
func (p *Page) Poll(ctx context.Context, try func() (done bool, err error)) error {
	return poll(ctx, p.Changed, p.restingSince, try)
}

// Changed returns a channel that is closed at the page's next change: a
// DOM mutation in any of its documents (reported by watchJS), a
// navigation, a lifecycle event, an accessibility tree update, a crash.
func (p *Page) Changed() <-chan struct{} {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.clock.changed()
}

// restingSince says whether the page is at rest now: its main document
// loaded, no request in flight and no navigation asked for (as settling
// counts them), not crashed; and since when nothing changed (its last DOM
// change or its load, or the network's last move: a request that began
// or ended, a navigation asked for), as the page's change clock says
// (clock.go; docs/architecture-notes.md "The change clock").
func (p *Page) restingSince() (time.Time, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	since, ok := p.clock.restingSince(time.Now(), p.loaded())
	return since, ok && !p.crashed
}

// RestBound is a front end's policy for the steps it runs (docs/agents.md
// "Timeouts"): a step that has not passed fails once the page has been at
// rest for After, without waiting out its timeout; GaveUp then says so.
type RestBound struct {
	After  time.Duration
	gaveUp atomic.Bool
}

// GaveUp reports whether a poll under the bound ended on a page at rest.
func (b *RestBound) GaveUp() bool { return b != nil && b.gaveUp.Load() }

type restKey struct{}

// WithRestBound returns ctx with the rest bound b for every poll made
// under it.
func WithRestBound(ctx context.Context, b *RestBound) context.Context {
	return context.WithValue(ctx, restKey{}, b)
}

func restBoundOf(ctx context.Context) *RestBound {
	b, _ := ctx.Value(restKey{}).(*RestBound)
	if b == nil || b.After <= 0 {
		return nil
	}
	return b
}

// restLeft is how long the page must stay at rest for the poll begun at
// begun to give up under b: the page is at rest since its last change,
// the poll's start, or the last time the poll saw it busy (busy, moved
// to now when it is busy now), whichever came last.
func (b *RestBound) restLeft(resting func() (time.Time, bool), busy *time.Time) time.Duration {
	since, ok := resting()
	now := time.Now()
	if !ok {
		*busy = now
		return b.After
	}
	if busy.After(since) {
		since = *busy
	}
	return b.After - now.Sub(since)
}

func poll(ctx context.Context, changed func() <-chan struct{}, resting func() (time.Time, bool), try func() (done bool, err error)) error {
	var last error
	rb := restBoundOf(ctx)
	busy := time.Now() // the poll's start counts as a change
	for i := 1; ; i++ {
		var ch <-chan struct{} // taken before the try: a change during it counts
		if changed != nil {
			ch = changed()
		}
		start := time.Now()
		done, err := try()
		if done || IsFinal(err) {
			return err
		}
		// A try cut short by the deadline says less than the one before it.
		if err != nil && (last == nil || ctx.Err() == nil || !IsContextErr(err)) {
			last = err
		}
		d := pollDelays[min(i, len(pollDelays)-1)]
		var moving *locate.UnstableError
		if errors.As(last, &moving) {
			// an element still moving (a CSS transition or animation,
			// which neither the DOM nor the network shows): the page is
			// not at rest (docs/targets.md "When waiting ends")
			busy = time.Now()
		} else if rb != nil && resting != nil && last != nil && ctx.Err() == nil {
			// a failure on a page at rest: nothing will change it
			left := rb.restLeft(resting, &busy)
			if left <= 0 {
				rb.gaveUp.Store(true)
				return last
			}
			d = min(d, left)
		}
		if ctx.Err() == nil && pause(ctx, start, d, ch, i > 1) {
			continue
		}
		if last == nil {
			last = ctx.Err()
		}
		return last
	}
}

// finalError is a try's error that waiting cannot cure.
type finalError struct{ err error }

func (e *finalError) Error() string { return e.err.Error() }
func (e *finalError) Unwrap() error { return e.err }

// Final marks err as one that waiting cannot cure (docs/targets.md "When
// waiting ends"): a poll whose try returns it ends at once.
func Final(err error) error {
	if err == nil {
		return nil
	}
	return &finalError{err: err}
}

// IsFinal reports an error that waiting cannot cure: one Final marked, or
// a resolution that cannot change (locate.IsFinal: a ref of a page the
// tab has left).
func IsFinal(err error) bool {
	var fe *finalError
	return err != nil && (errors.As(err, &fe) || locate.IsFinal(err))
}

// pause waits d, or less when ch closes: then until pollDuty times what
// the poll took after start, and, when gap, minPollGap after it (the
// first retry after a change has no such floor: the page that changed
// right after an action is read again at once). It reports false when
// ctx ended.
func pause(ctx context.Context, start time.Time, d time.Duration, ch <-chan struct{}, floor bool) bool {
	took := time.Since(start)
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	case <-ch:
	}
	least := pollDuty * took
	if floor {
		least = max(least, minPollGap)
	}
	gap := least - time.Since(start)
	if gap <= 0 {
		return true
	}
	g := time.NewTimer(gap)
	defer g.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-g.C:
	case <-t.C:
	}
	return true
}

// cssQuery finds elements by a CSS selector in every document of every
// session of the page (open shadow roots are not pierced by CSS).
func (p *Page) cssQuery(ctx context.Context, sel string) (map[locate.NodeKey]bool, error) {
	out := map[locate.NodeKey]bool{}
	for _, s := range p.Sessions() {
		c := s.Client(ctx)
		doc, err := proto.DOMGetDocument{Depth: intPtr(-1), Pierce: true}.Call(c)
		if err != nil {
			return nil, err
		}
		var docs []*proto.DOMNode
		var walk func(n *proto.DOMNode)
		backend := map[proto.DOMNodeID]proto.DOMBackendNodeID{}
		walk = func(n *proto.DOMNode) {
			backend[n.NodeID] = n.BackendNodeID
			if n.NodeType == 9 {
				docs = append(docs, n)
			}
			for _, c := range n.Children {
				walk(c)
			}
			if n.ContentDocument != nil {
				walk(n.ContentDocument)
			}
			for _, c := range n.ShadowRoots {
				walk(c)
			}
		}
		walk(doc.Root)
		for _, d := range docs {
			r, err := proto.DOMQuerySelectorAll{NodeID: d.NodeID, Selector: sel}.Call(c)
			if err != nil {
				return nil, cssError(err)
			}
			for _, id := range r.NodeIDs {
				out[locate.NodeKey{Session: string(s.ID), Backend: int64(backend[id])}] = true
			}
		}
	}
	return out, nil
}

// cssError is a failed DOM.querySelectorAll: locate.ErrBadCSS when the
// page could not parse the selector (querySelectorAll's SyntaxError,
// which DevTools answers as "DOM Error while querying"), else the read's
// own error.
func cssError(err error) error {
	var ce *cdp.Error
	if errors.As(err, &ce) && ce.Message == "DOM Error while querying" {
		return fmt.Errorf("%w (%s)", locate.ErrBadCSS, ce.Message)
	}
	return err
}

func intPtr(i int) *int { return &i }

// IsContextErr reports an error caused by a context ending (a CDP call
// cut short by the step's deadline).
func IsContextErr(err error) bool {
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) ||
		strings.Contains(err.Error(), context.DeadlineExceeded.Error())
}

// fatal decides whether a CDP error ends the poll: a crashed page does,
// a page in the middle of navigating does not.
func fatal(err error) (bool, error) {
	if errors.Is(err, ErrPageCrashed) {
		return true, err
	}
	return false, err
}

func (p *Page) wrap(err error, res *locate.Result, snap *locate.Snapshot) error {
	var le *LocateError
	if errors.As(err, &le) {
		return err
	}
	if errors.Is(err, ErrPageCrashed) {
		return err
	}
	if locate.ReasonOf(err) == "" {
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
			err = &locate.ResolveError{Why: diagnostics.ReasonTimeout, Msg: "timed out reading the page: the step's time ran out before a read of the page ended, so nothing was looked for; give the step a longer timeout"}
		} else {
			err = &locate.ResolveError{Why: diagnostics.ReasonTimeout, Msg: fmt.Sprintf("reading the page failed: %v", err)}
		}
	}
	return &LocateError{Err: err, Result: res, Snap: snap}
}

// QueryCSS returns the elements matching a CSS selector in every document
// of the page.
func (p *Page) QueryCSS(ctx context.Context, sel string) (map[locate.NodeKey]bool, error) {
	return p.cssQuery(ctx, sel)
}
