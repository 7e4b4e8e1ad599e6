package browser

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/go-rod/rod/lib/proto"
	"github.com/smokeflow/smokeflow/locate"
)

// clock is the page's change clock (docs/architecture-notes.md "The
// change clock"): the one place that says whether the page changed, is
// quiet, or may have a read reused. The page's event loop and its input
// feed it events through small methods (a DOM change the watcher reports,
// a document loaded, a navigation asked for or made, a request started or
// ended, an input sent, a read kept); it answers from what it recorded
// (the generation, since when the page rests, a channel closed at the
// next change, whether a kept read may be reused, what is in flight).
//
// Locking: the clock has no mutex of its own; every method is called
// under Page.mu, as the page's other state is (so one lock section reads
// the clock and the page's lifecycle together). It never reads the time
// itself where a test needs to set it: events and answers take now.
type clock struct {
	// gen moves at every change of the page smokeflow hears of, and at
	// every input it sends (reuse.go)
	gen uint64
	// shown moves as gen does, but not at an accessibility update of a
	// document's root alone (rootUpdated): what an expectation's reuse
	// compares (docs/targets.md "Reusing a read", "Transitions")
	shown uint64
	// changes counts the DOM changes the watcher reported
	changes uint64
	// lastChange is when the watcher last reported a DOM change, or the
	// main document loaded: a page at rest has had none for a while
	// (atRest).
	lastChange time.Time
	notify     chan struct{} // closed at the next change (changed)
	reads      uint64        // the full reads (Page.Reads)
	last       *reuse        // the read to reuse, if any (reuse.go)
	quiet      quiet         // what settling watches (settle.go)
}

func newClock() clock { return clock{notify: make(chan struct{})} }

// Events.

// signal records a change of the page (its generation moves) and wakes
// its waiters: a lifecycle event, a navigation, an accessibility update,
// a crash, a dialog, the page going away.
func (c *clock) signal() {
	c.gen++
	c.shown++
	c.wake()
}

// rootUpdated records an accessibility update that names a document's
// root alone (Chromium sends one as a layout moves, a transition running):
// no element's role, name or state changed, so only gen moves, not shown
// (docs/targets.md "Reusing a read", "Transitions").
func (c *clock) rootUpdated() {
	c.gen++
	c.wake()
}

// wake wakes the page's waiters without a change (an idle probe's
// answer).
func (c *clock) wake() {
	close(c.notify)
	c.notify = make(chan struct{})
}

// bump moves the generation without waking anyone: a frame attached or
// detached, an input sent (Page.touch).
func (c *clock) bump() {
	c.gen++
	c.shown++
}

// watcherCalled records a call of the change watcher's binding at now.
// idle says whether it may be an idle probe's answer (it came from the
// main document), elsewhere whether the change is another document's
// than the main one's world.
func (c *clock) watcherCalled(now time.Time, payload string, idle, elsewhere bool) {
	if idle && c.quiet.idleAnswer(payload) {
		c.wake() // an idle probe's answer: nothing changed
		return
	}
	c.changes++
	c.lastChange = now
	if elsewhere {
		c.quiet.elsewhere++
	}
	c.signal()
}

// lifecycle records a lifecycle event of the main frame at now; load:
// its document's load event.
func (c *clock) lifecycle(now time.Time, load bool) {
	if load {
		c.lastChange = now
	}
	c.signal()
}

// navigationAsked records a navigation of the main frame the page asked
// for (Page.frameRequestedNavigation).
func (c *clock) navigationAsked(now time.Time, e *proto.PageFrameRequestedNavigation) {
	c.quiet.navigating(now, e)
}

// navigated records a navigation event; main: of the main frame, so the
// navigation asked for, if any, went somewhere, and the one under way,
// if any, replaced the document (or moved within it).
func (c *clock) navigated(main bool) {
	if main {
		c.quiet.nav = underWay{}
	}
	c.signal()
}

// stopped records that the main frame stopped loading
// (Page.frameStoppedLoading): a navigation whose document was requested
// and is still under way then will not replace the document (a download,
// a 204, one aborted). One asked for, not requested yet, is not the one
// that stopped: the document it would leave finished loading.
func (c *clock) stopped() {
	if c.quiet.nav.requested {
		c.quiet.nav = underWay{}
	}
	c.signal()
}

// underWay is the navigation of the main frame to another document that
// has not replaced the document yet, if any (docs/targets.md "A
// navigation under way").
func (c *clock) underWay(now time.Time) (underWay, bool) { return c.quiet.underWay(now) }

// requestStarted and requestEnded record the network's moves (settle.go).
func (c *clock) requestStarted(now time.Time, e *proto.NetworkRequestWillBeSent, doc bool) {
	c.quiet.started(now, e, doc)
}

func (c *clock) requestEnded(now time.Time, id proto.NetworkRequestID) { c.quiet.ended(now, id) }

// readKept records a full read, snap, read at generations gen after the
// stamps of its documents were taken, and keeps it to reuse when it can
// be: nothing changed meanwhile (for an expectation's reuse, shown did
// not move; for an action's, all did not), every frame it read had a
// stamp, no closed shadow root, its reads agreed (docs/targets.md
// "Reusing a read").
func (c *clock) readKept(snap *locate.Snapshot, gen gens, stamps map[worldKey]string, info readInfo) {
	c.reads++
	c.last = nil
	if kept, ok := keptStamps(snap, stamps, info); ok && c.shown == gen.shown {
		c.last = &reuse{snap: snap, gen: gen, still: c.gen == gen.all, stamps: kept}
	}
}

// gens are the clock's two generations at a moment (a read's start).
type gens struct{ all, shown uint64 }

// now is the clock's generations now.
func (c *clock) now() gens { return gens{all: c.gen, shown: c.shown} }

// pictured is what a screencast frame of the page is stamped with
// (trace.go): the generation, which moves at every change smokeflow
// hears of and every input it sends, and the network's moves, since an
// image or a font that loads repaints the page with no DOM change. A
// frame stands for the page while its stamp is the clock's.
type pictured struct{ gen, moves uint64 }

// pictured is the clock's stamp for a frame now.
func (c *clock) pictured() pictured { return pictured{gen: c.gen, moves: c.quiet.moves} }

// keptStamps are the stamps of the frames a read covered, when it may be
// kept at all.
func keptStamps(snap *locate.Snapshot, stamps map[worldKey]string, info readInfo) (map[worldKey]string, bool) {
	if !info.complete || info.closed || snap.Inconsistent || len(info.frames) == 0 {
		return nil, false
	}
	kept := make(map[worldKey]string, len(info.frames))
	for _, k := range info.frames {
		v, has := stamps[k]
		if !has {
			return nil, false
		}
		kept[k] = v
	}
	return kept, true
}

// forget drops snap as the read to reuse.
func (c *clock) forget(snap *locate.Snapshot) {
	if c.last != nil && c.last.snap == snap {
		c.last = nil
	}
}

// Answers.

// changed is a channel closed at the page's next change.
func (c *clock) changed() <-chan struct{} { return c.notify }

// atRest says the page's main document has loaded (loaded), and neither
// its load nor a DOM change came in the restQuiet before now.
func (c *clock) atRest(now time.Time, loaded bool) bool {
	return loaded && now.Sub(c.lastChange) >= restQuiet
}

// restingSince says whether the page is at rest at now: loaded, no
// request in flight and no navigation asked for; and since when nothing
// changed (its last DOM change or its load, or the network's last move:
// a request that began or ended, a navigation asked for).
func (c *clock) restingSince(now time.Time, loaded bool) (time.Time, bool) {
	busy, _ := c.quiet.inFlight(now)
	since := c.lastChange
	if c.quiet.moved.After(since) {
		// a request that started and ended between two tries
		since = c.quiet.moved
	}
	return since, busy == "" && loaded
}

// kept is the read kept to reuse when the generation has not moved since
// it was read; nil otherwise. Its stamps are then to be compared with the
// documents' own (reusable).
func (c *clock) kept() *reuse {
	if c.last == nil || c.last.gen.shown != c.shown {
		return nil
	}
	return c.last
}

// reusable says whether r, a read kept, may stand for a new read given
// the documents' stamps now: it is still the read kept, and
//   - for an action (moving false): the generation has not moved since
//     before the read, and every document gives the stamp it gave before
//     the read, with nothing moving in it;
//   - for an expectation (moving true): the generation has not moved but
//     for updates of a document's root alone, and every document gives
//     the stamp it gave before the read but for CSS transitions running,
//     started or ended (sameShown; docs/targets.md "Reusing a read",
//     "Transitions").
func (c *clock) reusable(r *reuse, now map[worldKey]string, moving bool) bool {
	if r == nil || c.last != r || c.shown != r.gen.shown {
		return false
	}
	if !moving && (!r.still || c.gen != r.gen.all) {
		return false
	}
	for k, v := range r.stamps {
		switch {
		case moving && !sameShown(now[k], v):
			return false
		case !moving && (now[k] != v || strings.HasPrefix(v, movingMark)):
			return false
		}
	}
	return true
}

// sameShown says whether two stamps of a document (watch.js: the word
// moving or still, the count of transition events, then the rest) are
// the same but for CSS transitions.
func sameShown(a, b string) bool {
	rest := func(s string) string {
		f := strings.SplitN(s, " ", 3)
		if len(f) < 3 {
			return ""
		}
		return f[2]
	}
	ra := rest(a)
	return ra != "" && ra == rest(b)
}

// inFlight says what keeps the network busy at now ("" when nothing
// does), and when that could end if nothing else happens (settle.go).
func (c *clock) inFlight(now time.Time) (string, time.Time) { return c.quiet.inFlight(now) }

// requestsInFlight are the requests in flight, oldest first, long-lived
// ones included.
func (c *clock) requestsInFlight() []flight {
	fs := slices.Collect(maps.Values(c.quiet.flights))
	slices.SortFunc(fs, func(a, b flight) int { return a.start.Compare(b.start) })
	return fs
}

// networkMoved is a channel closed at the network's next move (a request
// started or ended, a navigation asked for).
func (c *clock) networkMoved() <-chan struct{} {
	if c.quiet.wake == nil {
		c.quiet.wake = make(chan struct{})
	}
	return c.quiet.wake
}

// navigationsAsked counts the navigations of the main frame to another
// document the page asked for.
func (c *clock) navigationsAsked() uint64 { return c.quiet.askedN }

// probeSent records an idle probe sent (settle.go idleProbe): its number,
// and the network's moves and the other documents' DOM changes so far,
// for probeFound.
func (c *clock) probeSent() (n, moves, elsewhere uint64) {
	c.quiet.sent++
	return c.quiet.sent, c.quiet.moves, c.quiet.elsewhere
}

// probeAnswered says whether idle probe n (or a later one) answered.
func (c *clock) probeAnswered(n uint64) bool { return c.quiet.answer >= n }

// probeFound is what an answered idle probe found ("" when the page was
// quiet through it), given the network's moves and the other documents'
// DOM changes when it was sent (probeSent).
func (c *clock) probeFound(moves, elsewhere uint64) string {
	switch q := &c.quiet; {
	case q.moves != moves:
		return "requests kept coming, the last " + q.lastReq
	case q.said == "changed" || q.elsewhere != elsewhere:
		return "the page kept changing"
	case q.said == "busy":
		return "its scripts kept it busy"
	}
	return ""
}

// quiet is what the clock tracks for settling: the requests in flight, a
// count of the network's moves, a navigation the page asked for, and the
// answers of the idle probes; and a channel closed at every network event
// (network events do not wake clock.notify, whose waiters are the polls
// of steps).
type quiet struct {
	// flights by request id: the browser's, unique across its processes.
	// A request may start on one DevTools session and end on another: an
	// out-of-process iframe's document starts on its parent's session and
	// ends on its own.
	flights map[proto.NetworkRequestID]flight
	moves   uint64    // requests started or ended, navigations asked for
	moved   time.Time // when moves last grew
	lastReq string    // "GET URL" of the last request that started
	// askedN counts the navigations of the main frame the page asked for
	askedN uint64
	// nav is the navigation of the main frame to another document under
	// way: asked for (Page.frameRequestedNavigation) or its document
	// requested, not yet committed nor given up (docs/targets.md "A
	// navigation under way"); one asked for whose request has not
	// started keeps the page busy too (inFlight).
	nav underWay
	// elsewhere counts the DOM changes the change watcher reported from
	// other documents than the main one (frames), or from the main one
	// before its world was noted: an idle probe watches the main
	// document's DOM itself.
	elsewhere uint64
	// sent counts the idle probes sent; answer is the number of the last
	// one that answered, and what it said.
	sent, answer uint64
	said         string
	wake         chan struct{}
}

// underWay is a navigation of the main frame to another document that
// has not replaced the document yet.
type underWay struct {
	since     time.Time
	to        string // its URL
	requested bool   // its document's request started
}

// givenUp is when it no longer counts if nothing happens: longLived after
// it was asked for, until its request starts; never after (zero).
func (n underWay) givenUp() time.Time {
	if n.requested {
		return time.Time{}
	}
	return n.since.Add(longLived)
}

type flight struct {
	start time.Time
	what  string // "GET URL"
	doc   bool   // the request of a document for the main frame
}

func (q *quiet) signal() {
	if q.wake != nil {
		close(q.wake)
	}
	q.wake = make(chan struct{})
}

// started records a request that holds the page back: not a WebSocket,
// an EventSource, a data: or blob: URL, or the browser's own favicon
// fetch. A redirect keeps its request id and its start. doc says it is
// the request of a document for the main frame: the navigation the page
// asked for, if any, has started.
func (q *quiet) started(now time.Time, e *proto.NetworkRequestWillBeSent, doc bool) {
	if doc {
		since := q.nav.since
		if since.IsZero() {
			since = now
		}
		q.nav = underWay{since: since, requested: true}
		if e.Request != nil {
			q.nav.to = shortURL(e.Request.URL)
		}
	}
	if e.Request == nil || e.Type == proto.NetworkResourceTypeWebSocket || e.Type == proto.NetworkResourceTypeEventSource ||
		e.Type == proto.NetworkResourceTypePreflight || browserOwn(e.Type, e.Request.URL) ||
		strings.HasPrefix(e.Request.URL, "data:") || strings.HasPrefix(e.Request.URL, "blob:") {
		return
	}
	if q.flights == nil {
		q.flights = map[proto.NetworkRequestID]flight{}
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
	k := e.RequestID
	what := e.Request.Method + " " + shortURL(e.Request.URL)
	if f, ok := q.flights[k]; ok {
		f.what = what
		q.flights[k] = f
	} else if len(q.flights) < 1000 {
		q.flights[k] = flight{start: now, what: what, doc: doc}
	}
	q.moves++
	q.moved = now
	q.lastReq = what
	q.signal()
}

// navigating records a navigation of the main frame to another document
// that the page asked for (a script, a form, a link, a meta refresh): it
// keeps the page busy until its request starts (the request then does),
// for at most longLived.
func (q *quiet) navigating(now time.Time, e *proto.PageFrameRequestedNavigation) {
	if e.Disposition != proto.PageClientNavigationDispositionCurrentTab {
		return
	}
	q.nav = underWay{since: now, to: shortURL(e.URL)}
	q.askedN++
	q.moves++
	q.moved = now
	q.signal()
}

// ended records a request that finished, failed or turned out to be an
// event stream, on whichever session it is reported.
func (q *quiet) ended(now time.Time, id proto.NetworkRequestID) {
	if _, ok := q.flights[id]; !ok {
		return
	}
	delete(q.flights, id)
	q.moves++
	q.moved = now
	q.signal()
}

// inFlight says what keeps the network busy at now ("" when nothing does),
// and when that could end if nothing else happens: the requests in flight
// and a navigation asked for, each for at most longLived.
func (q *quiet) inFlight(now time.Time) (string, time.Time) {
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
	if active > 0 {
		return fmt.Sprintf("%d request(s) in flight, as %s", active, oldest.what), oldest.start.Add(longLived)
	}
	if n, ok := q.underWay(now); ok && !n.requested {
		return "it was going on to " + n.to, n.givenUp()
	}
	return "", now
}

// underWay is the navigation under way, if any. One asked for whose
// request has not started within longLived is given up, as settling gives
// it up (a navigation a beforeunload handler held back); one whose
// document was requested is under way until the document is replaced or
// the frame stops loading.
func (q *quiet) underWay(now time.Time) (underWay, bool) {
	n := q.nav
	if n.since.IsZero() || !n.requested && !now.Before(n.givenUp()) {
		return underWay{}, false
	}
	return n, true
}

// idleAnswer records an answer of an idle probe, the payload of a call of
// the change watcher's binding from the main document: "idle N WORD".
// It reports whether the payload was one.
func (q *quiet) idleAnswer(payload string) bool {
	var n uint64
	var said string
	if _, err := fmt.Sscanf(payload, "idle %d %s", &n, &said); err != nil {
		return false
	}
	if n > q.answer {
		q.answer, q.said = n, said
	}
	return true
}
