package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/go-rod/rod/lib/proto"
)

// Settling: a one-shot read and the `open` step wait for the page to
// settle before they read it or act on it (docs/targets.md "Settling").
const (
	// DefaultSettle bounds a settle wait unless the caller says otherwise.
	DefaultSettle = 5 * time.Second
	// netQuiet: no request in flight for this long, counted from the last
	// request's start or end and from the document's load.
	netQuiet = 500 * time.Millisecond
	// domQuiet: no DOM change reported by the change watcher for this long.
	domQuiet = 200 * time.Millisecond
	// longLived: a request pending for longer is taken for long polling
	// (or a stream) and no longer holds the page back.
	longLived = 2 * time.Second
	// refreshFollowed: a <meta http-equiv=refresh> to another URL due
	// within this delay is a redirect, and is followed.
	refreshFollowed = 3 * time.Second
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

// quiet is what a page tracks for settling, under Page.mu: the requests
// in flight, when the network and the DOM last moved, and a channel
// closed at every network event (network events do not wake Page.notify,
// whose waiters are the polls of steps).
type quiet struct {
	flights map[flightKey]flight
	lastNet time.Time // a request started or ended
	loaded  time.Time // the main document loaded
	lastDOM time.Time // the change watcher reported a DOM change
	lastReq string    // "GET URL" of the last request that started
	acted   time.Time // an action of an agent session ended (Acted)
	wake    chan struct{}
}

type flightKey struct {
	session proto.TargetSessionID
	id      proto.NetworkRequestID
}

type flight struct {
	start time.Time
	what  string // "GET URL"
}

func (q *quiet) signal() {
	if q.wake != nil {
		close(q.wake)
	}
	q.wake = make(chan struct{})
}

// started records a request that holds the page back: not a WebSocket,
// an EventSource, a data: or blob: URL, or the browser's own favicon
// fetch. A redirect keeps its request id and its start.
func (q *quiet) started(sid proto.TargetSessionID, e *proto.NetworkRequestWillBeSent) {
	if e.Request == nil || e.Type == proto.NetworkResourceTypeWebSocket || e.Type == proto.NetworkResourceTypeEventSource ||
		e.Type == proto.NetworkResourceTypePreflight || browserOwn(e.Type, e.Request.URL) ||
		strings.HasPrefix(e.Request.URL, "data:") || strings.HasPrefix(e.Request.URL, "blob:") {
		return
	}
	now := time.Now()
	if q.flights == nil {
		q.flights = map[flightKey]flight{}
	}
	if len(q.flights) >= 1000 {
		// requests whose end never came (their frame went away): they
		// no longer count anyway
		for k, f := range q.flights {
			if now.Sub(f.start) >= longLived {
				delete(q.flights, k)
			}
		}
	}
	k := flightKey{sid, e.RequestID}
	what := e.Request.Method + " " + shortURL(e.Request.URL)
	if f, ok := q.flights[k]; ok {
		f.what = what
		q.flights[k] = f
	} else if len(q.flights) < 1000 {
		q.flights[k] = flight{start: now, what: what}
	}
	q.lastNet, q.lastReq = now, what
	q.signal()
}

// ended records a request that finished, failed or turned out to be an
// event stream.
func (q *quiet) ended(sid proto.TargetSessionID, id proto.NetworkRequestID) {
	k := flightKey{sid, id}
	if _, ok := q.flights[k]; !ok {
		return
	}
	delete(q.flights, k)
	q.lastNet = time.Now()
	q.signal()
}

// shortURL keeps a URL short enough for a note.
func shortURL(u string) string {
	if len(u) > 120 {
		return u[:119] + "…"
	}
	return u
}

// Settle waits for the page to settle, for at most bound: its current
// document loaded, a <meta http-equiv=refresh> redirect due soon followed,
// and then the network and the DOM quiet (docs/targets.md "Settling"). A
// page that is still busy at the bound is no error: Settled.Busy says
// what kept it busy. A bound of 0 or less waits for nothing. The error is
// ctx's, or the page's (it crashed).
func (p *Page) Settle(ctx context.Context, bound time.Duration) (Settled, error) {
	if bound <= 0 {
		return Settled{Bound: bound}, nil
	}
	start := time.Now()
	bctx, cancel := context.WithTimeout(ctx, bound)
	defer cancel()
	busy, err := p.settle(bctx)
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
// it says what still kept the page busy.
// Acted marks the end of an action on the page (an agent session's
// click, key or input): for netQuiet after it, even a page that runs no
// script is not taken as settled, so that what the action started a
// moment later (a form sent, a link followed) is waited for
// (docs/targets.md "Settling").
func (p *Page) Acted() {
	p.mu.Lock()
	p.quiet.acted = time.Now()
	p.quiet.signal()
	p.mu.Unlock()
}

func (p *Page) settle(ctx context.Context) (string, error) {
	for {
		loaded := func() bool { return p.life[p.loader]["load"] }
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
		busy, err := p.waitQuiet(ctx, loader, pr.Scripted)
		if err != nil || busy == "" {
			return busy, err
		}
		// busy: the page went on to another document; settle that one
	}
}

// waitQuiet waits until the network and the DOM are quiet. It returns
// "" then; or what kept the page busy, with ctx's error; or, when the
// page navigated to another document than loader, a word saying so.
// A page without scripts that has no request in flight is quiet at once.
func (p *Page) waitQuiet(ctx context.Context, loader proto.NetworkLoaderID, scripted bool) (string, error) {
	for {
		p.mu.Lock()
		if p.loader != loader || !p.life[loader]["load"] {
			p.mu.Unlock()
			return "navigated", nil
		}
		now := time.Now()
		busy, next := p.busy(now, scripted)
		if p.quiet.wake == nil {
			p.quiet.wake = make(chan struct{})
		}
		page, network, crashed := p.notify, p.quiet.wake, p.crashed
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

// busy says what keeps the page from being quiet at now ("" when it is
// quiet), and when that could end if nothing else happens. Under p.mu.
func (p *Page) busy(now time.Time, scripted bool) (string, time.Time) {
	q := &p.quiet
	var active int
	var oldest flight
	for _, f := range q.flights {
		if now.Sub(f.start) < longLived {
			if active == 0 || f.start.Before(oldest.start) {
				oldest = f
			}
			active++
		}
	}
	if end := q.acted.Add(netQuiet); active == 0 && now.Before(end) {
		return "it had only just been acted on", end
	}
	if !scripted && active == 0 {
		return "", now
	}
	if active > 0 {
		return fmt.Sprintf("%d request(s) in flight, as %s", active, oldest.what), oldest.start.Add(longLived)
	}
	if end := q.lastNet.Add(netQuiet); now.Before(end) {
		return "requests kept coming, the last " + q.lastReq, end
	}
	if end := q.loaded.Add(netQuiet); now.Before(end) {
		return "it had only just loaded", end
	}
	if end := q.lastDOM.Add(domQuiet); now.Before(end) {
		return "the page kept changing", end
	}
	return "", now
}

// settleProbe is what a document says of itself: whether it runs
// scripts, and the URL of a <meta http-equiv=refresh> to another page
// that is due soon ("" when none).
type settleProbe struct {
	Scripted bool   `json:"scripted"`
	Refresh  string `json:"refresh"`
}

// probeJS reads settleProbe in the main document, out of the page's reach
// (the change watcher's isolated world). %d is refreshFollowed in seconds.
const probeJS = `(() => {
  const scripted = !!document.querySelector('script, iframe, frame, object, embed, [onload], [onpageshow], [onerror]');
  let refresh = '';
  const m = document.querySelector('meta[http-equiv="refresh" i]');
  const r = m && /^\s*(\d+)[\d.]*\s*(?:[;,\s]\s*(?:url\s*=\s*)?(["']?)(.*?)\2\s*)?$/i.exec(m.content || '');
  if (r && Number(r[1]) <= %d && r[3]) {
    try {
      const to = new URL(r[3], document.baseURI).href;
      if (to.split('#')[0] !== location.href.split('#')[0]) refresh = to;
    } catch (e) {}
  }
  return JSON.stringify({scripted, refresh});
})()`

// probe runs probeJS. A document it cannot read (it is going away) is
// taken as scripted, with no refresh due: the quiet windows then apply.
func (p *Page) probe(ctx context.Context) settleProbe {
	scripted := settleProbe{Scripted: true}
	c := p.main.Client(ctx)
	w, err := proto.PageCreateIsolatedWorld{FrameID: p.main.FrameID, WorldName: watchWorld}.Call(c)
	if err != nil {
		return scripted
	}
	r, err := proto.RuntimeEvaluate{Expression: fmt.Sprintf(probeJS, int(refreshFollowed/time.Second)),
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
