package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/go-rod/rod/lib/proto"
)

// Settling: a one-shot read and the `open` step wait for the page to
// settle before they read it or act on it (docs/targets.md "Settling").
const (
	// DefaultSettle bounds a settle wait unless the caller says otherwise.
	DefaultSettle = 5 * time.Second
	// longLived: a request pending for longer is taken for long polling
	// (or a stream) and no longer holds the page back. So is a navigation
	// the page asked for whose request has not started by then.
	longLived = 2 * time.Second
	// refreshFollowed: a <meta http-equiv=refresh> to another URL due
	// within this delay is a redirect, and is followed.
	refreshFollowed = 3 * time.Second
	// probeRetry: after an idle probe that could not be sent (its world
	// was going away), the next one waits for a page event or this long.
	probeRetry = 50 * time.Millisecond
)

// Settled says how a settle wait ended.
type Settled struct {
	Took  time.Duration // how long it waited
	Bound time.Duration // the bound it was given
	// Busy is what still kept the page busy when the bound came: "" when
	// the page settled.
	Busy string
}

// Note is the note for a page read at the bound ("" when it settled).
func (s Settled) Note() string {
	if s.Busy == "" {
		return ""
	}
	return fmt.Sprintf("the page did not settle within %s (%s)", s.Bound.Round(time.Millisecond), s.Busy)
}

// NavigationsAsked counts the navigations of the main frame to another
// document that the page asked for (a link, a form, a script): one more
// after an action means the action is taking the tab elsewhere.
func (p *Page) NavigationsAsked() uint64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.clock.navigationsAsked()
}

// shortURL keeps a URL short enough for a note.
func shortURL(u string) string {
	if len(u) > 120 {
		return u[:119] + "…"
	}
	return u
}

// SettleWait says how one settle wait goes (docs/targets.md "Settling";
// docs/architecture-notes.md "The change clock"): its bound, which is the
// front end's, and whether it follows an action on the page.
type SettleWait struct {
	// Bound is the longest the wait takes; 0 or less waits for nothing.
	Bound time.Duration
	// AfterAction: an action on the page (an agent session's click, key
	// or input) came before. The idle probe then runs even on a page
	// without scripts, so that what the action started a moment later (a
	// form sent, a link followed) is waited for.
	AfterAction bool
}

// Settle waits for the page to settle, for at most the policy's bound:
// its current document loaded, a <meta http-equiv=refresh> redirect due
// soon followed, no request in flight and, on a page that runs scripts
// (or after an action), an idle probe answered with nothing moving
// (docs/targets.md "Settling"). A page that is still busy at the bound is
// no error: Settled.Busy says what kept it busy. The error is ctx's, or
// the page's (it crashed).
func (p *Page) Settle(ctx context.Context, w SettleWait) (Settled, error) {
	return p.settleFor(ctx, w.Bound, w.AfterAction)
}

func (p *Page) settleFor(ctx context.Context, bound time.Duration, acted bool) (Settled, error) {
	if bound <= 0 {
		return Settled{Bound: bound}, nil
	}
	start := time.Now()
	bctx, cancel := context.WithTimeout(ctx, bound)
	defer cancel()
	busy, err := p.settle(bctx, acted)
	s := Settled{Took: time.Since(start), Bound: bound}
	if err == nil {
		return s, nil
	}
	// The bound came when bctx ended by its own deadline: ctx was not
	// canceled, and its deadline (if any) is not before the bound's, even
	// if it has passed too by now.
	dl, ok := ctx.Deadline()
	if bctx.Err() == nil || errors.Is(ctx.Err(), context.Canceled) || ok && dl.Before(start.Add(bound)) {
		return s, err
	}
	s.Busy = busy
	return s, nil
}

// settle runs the settle rule until the page settles or ctx ends; then
// it says what still kept the page busy. acted: probe even a page without
// scripts.
func (p *Page) settle(ctx context.Context, acted bool) (string, error) {
	for {
		loaded := func() bool { return p.loaded() }
		if err := p.waitFor(ctx, loaded); err != nil {
			return "it had not finished loading", err
		}
		p.mu.Lock()
		loader := p.loader
		p.mu.Unlock()
		pr := p.probe(ctx)
		if pr.Refresh != "" {
			moved := func() bool { return p.loader != loader }
			if err := p.waitFor(ctx, moved); err != nil {
				return "a meta refresh to " + shortURL(pr.Refresh) + " was due", err
			}
			continue
		}
		busy, err := p.waitQuiet(ctx, loader, pr.Scripted || acted)
		if err != nil || busy == "" {
			return busy, err
		}
		// busy: the page went on to another document; settle that one
	}
}

// waitQuiet waits until the page is quiet: no request in flight and no
// navigation asked for; and, for a page that runs scripts, an idle probe
// that saw the DOM unchanged, with no network move and no DOM change
// reported from when it was sent to when it answered. It returns "" then;
// or what kept the page busy, with ctx's error; or, when the page
// navigated to another document than loader, a word saying so.
func (p *Page) waitQuiet(ctx context.Context, loader proto.NetworkLoaderID, scripted bool) (string, error) {
	last := "" // what the last probe found
	for {
		busy, err := p.waitNetwork(ctx, loader)
		if err != nil || busy != "" || !scripted {
			return busy, err
		}
		busy, err = p.idleProbe(ctx, loader)
		if err != nil && last != "" {
			busy = last // cut short: say what the probes found
		}
		if err != nil || busy == "" || busy == "navigated" {
			return busy, err
		}
		last = busy
	}
}

// WaitRequests waits until none of the page's requests is in flight (a
// request pending for longer than longLived aside), for the checks whose
// answer a request still pending could change (docs/flows.md
// "no_failed_requests"). The error is ctx's, or the page's (it crashed).
func (p *Page) WaitRequests(ctx context.Context) error {
	_, err := p.waitNetwork(ctx, "")
	return err
}

// waitNetwork waits until no request is in flight and no navigation is
// asked for (docs/targets.md "Settling"). It returns "" then, "navigated"
// when the page went on to another document than loader (not checked
// when loader is ""), or what kept
// the network busy, with ctx's error.
func (p *Page) waitNetwork(ctx context.Context, loader proto.NetworkLoaderID) (string, error) {
	for {
		p.mu.Lock()
		if loader != "" && (p.loader != loader || !p.life[loader]["load"]) {
			p.mu.Unlock()
			return "navigated", nil
		}
		now := time.Now()
		busy, next := p.clock.inFlight(now)
		page, network, crashed := p.clock.changed(), p.clock.networkMoved(), p.crashed
		p.mu.Unlock()
		if busy == "" {
			return "", nil
		}
		if crashed {
			return busy, ErrPageCrashed
		}
		t := time.NewTimer(next.Sub(now))
		select {
		case <-page:
		case <-network:
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return busy, ctx.Err()
		}
		t.Stop()
	}
}

// idleWait bounds the wait of an idle probe for an idle period.
const idleWait = 500 * time.Millisecond

// idleProbe sends an idle probe (idleJS) and waits for its answer. It
// returns "" when the page was quiet through it; else what kept it busy
// (with ctx's error when ctx ended first), or "navigated" when the page
// went on to another document than loader.
func (p *Page) idleProbe(ctx context.Context, loader proto.NetworkLoaderID) (string, error) {
	p.mu.Lock()
	n, moves, changes := p.clock.probeSent()
	p.mu.Unlock()
	js := Invoke(idleJS(), n, idleWait.Milliseconds())
	err := p.inWorld(ctx, p.main, "", func(id proto.RuntimeExecutionContextID) error {
		r, err := proto.RuntimeEvaluate{Expression: js, ContextID: id}.Call(p.main.Client(ctx))
		if err == nil && r.ExceptionDetails != nil {
			err = &ScriptError{Msg: exceptionMessage(r.ExceptionDetails)}
		}
		return err
	})
	const unread = "its document could not be read"
	if err != nil {
		// the document is going away: wait for the page to move on
		if ctx.Err() != nil {
			return unread, ctx.Err()
		}
		t := time.NewTimer(probeRetry)
		defer t.Stop()
		p.mu.Lock()
		page := p.clock.changed()
		p.mu.Unlock()
		select {
		case <-page:
		case <-t.C:
		case <-ctx.Done():
			return unread, ctx.Err()
		}
		return unread, nil
	}
	answered := func() bool { return p.clock.probeAnswered(n) || p.loader != loader || !p.life[loader]["load"] }
	if err := p.waitFor(ctx, answered); err != nil {
		return "its scripts kept it busy", err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.loader != loader || !p.life[loader]["load"] {
		return "navigated", nil
	}
	return p.clock.probeFound(moves, changes), nil
}

// settleProbe is what a document says of itself: whether it runs
// scripts, and the URL of a <meta http-equiv=refresh> to another page
// that is due soon ("" when none).
type settleProbe struct {
	Scripted bool   `json:"scripted"`
	Refresh  string `json:"refresh"`
}

// probe runs probeJS. A document it cannot read (it is going away) is
// taken as scripted, with no refresh due: the quiet windows then apply.
func (p *Page) probe(ctx context.Context) settleProbe {
	scripted := settleProbe{Scripted: true}
	c := p.main.Client(ctx)
	w, err := proto.PageCreateIsolatedWorld{FrameID: p.main.FrameID, WorldName: watchWorld}.Call(c)
	if err != nil {
		return scripted
	}
	r, err := proto.RuntimeEvaluate{Expression: Invoke(probeJS(), int(refreshFollowed/time.Second)),
		ContextID: w.ExecutionContextID, ReturnByValue: true}.Call(c)
	if err != nil || r.ExceptionDetails != nil || r.Result == nil {
		return scripted
	}
	var pr settleProbe
	if json.Unmarshal([]byte(r.Result.Value.Str()), &pr) != nil {
		return scripted
	}
	return pr
}
