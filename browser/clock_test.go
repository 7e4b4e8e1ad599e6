package browser

import (
	"fmt"
	"testing"
	"time"

	"github.com/go-rod/rod/lib/proto"
	"github.com/smokeflow/smokeflow/locate"
)

// The change clock (clock.go, docs/architecture-notes.md "The change
// clock") is fed recorded event sequences, as the page's event loop and
// its input would feed it, without a browser; its answers are checked at
// the end.

// rec is a recording being played: the clock, the time of the next
// event, and what the events noted on the way.
type rec struct {
	c        clock
	now      time.Time
	readGen  gens             // the generations a read began at
	snap     *locate.Snapshot // the read kept
	watching <-chan struct{}  // taken by watch
	probed   bool             // an idle probe was sent (probe)
	moves    uint64
	elseN    uint64
}

type event func(r *rec)

var t0 = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

func after(d time.Duration) event { return func(r *rec) { r.now = r.now.Add(d) } }

// load: the main document's load event.
func load() event { return func(r *rec) { r.c.lifecycle(r.now, true) } }

// mutation: the change watcher's binding called from the main document.
func mutation() event { return func(r *rec) { r.c.watcherCalled(r.now, "", true, false) } }

// frameMutation: the change watcher's binding called from another
// document.
func frameMutation() event { return func(r *rec) { r.c.watcherCalled(r.now, "", false, true) } }

// idleAnswer: an idle probe's answer through the binding.
func idleAnswer(n int, said string) event {
	return func(r *rec) { r.c.watcherCalled(r.now, fmt.Sprintf("idle %d %s", n, said), true, false) }
}

func request(id, url string) event {
	return func(r *rec) {
		r.c.requestStarted(r.now, &proto.NetworkRequestWillBeSent{RequestID: proto.NetworkRequestID(id),
			Request: &proto.NetworkRequest{Method: "GET", URL: url}, Type: proto.NetworkResourceTypeFetch}, false)
	}
}

func requestEnd(id string) event {
	return func(r *rec) { r.c.requestEnded(r.now, proto.NetworkRequestID(id)) }
}

func navigationAsked(url string) event {
	return func(r *rec) {
		r.c.navigationAsked(r.now, &proto.PageFrameRequestedNavigation{URL: url,
			Disposition: proto.PageClientNavigationDispositionCurrentTab})
	}
}

// docRequest: the request of a document for the main frame.
func docRequest(id, url string) event {
	return func(r *rec) {
		r.c.requestStarted(r.now, &proto.NetworkRequestWillBeSent{RequestID: proto.NetworkRequestID(id),
			Request: &proto.NetworkRequest{Method: "GET", URL: url}, Type: proto.NetworkResourceTypeDocument}, true)
	}
}

// stoppedLoading: the main frame stopped loading.
func stoppedLoading() event { return func(r *rec) { r.c.stopped() } }

func navigated(main bool) event { return func(r *rec) { r.c.navigated(main) } }

func inputSent() event { return func(r *rec) { r.c.bump() } }

// rootUpdate: an accessibility update that names a document's root alone.
func rootUpdate() event { return func(r *rec) { r.c.rootUpdated() } }

// watch takes the channel closed at the page's next change.
func watch() event { return func(r *rec) { r.watching = r.c.changed() } }

// probe sends an idle probe.
func probe() event {
	return func(r *rec) {
		_, r.moves, r.elseN = r.c.probeSent()
		r.probed = true
	}
}

// readBegun: a read begins (its generation is taken first).
func readBegun() event { return func(r *rec) { r.readGen = r.c.now() } }

// readKept: the read ends, over documents with these stamps.
func readKept(stamps ...string) event {
	return func(r *rec) {
		r.snap = &locate.Snapshot{}
		info := readInfo{complete: true}
		m := map[worldKey]string{}
		for i, s := range stamps {
			k := worldKey{session: "s", frame: proto.PageFrameID(fmt.Sprint("f", i))}
			info.frames = append(info.frames, k)
			m[k] = s
		}
		r.c.readKept(r.snap, r.readGen, m, info)
	}
}

// answers are what the clock says at the end of a recording.
type answers struct {
	gen, changes uint64
	atRest       bool          // the DOM at rest (actions.go checkJS)
	resting      bool          // at rest, the network too (locate.go Poll)
	since        time.Duration // since when, after t0 (-1: never changed)
	busy         string        // what is in flight
	reusable     bool          // the read kept, given stampsNow, for an action
	shownReuse   bool          // the same, for an expectation
	woke         bool          // the channel taken by watch was closed
	probe        string        // what the idle probe found
	underWay     string        // where a navigation under way goes
}

func TestClock(t *testing.T) {
	cases := []struct {
		name      string
		unloaded  bool
		events    []event
		stampsNow []string
		want      answers
	}{
		{name: "a loaded page with nothing moving rests", events: []event{load(), after(300 * time.Millisecond)},
			want: answers{gen: 1, atRest: true, resting: true}},
		{name: "a page not loaded does not rest", unloaded: true, events: []event{after(time.Second)},
			want: answers{since: -1}},
		{name: "a mutation bumps the generation, wakes and resets rest",
			events: []event{load(), after(300 * time.Millisecond), watch(), mutation(), after(50 * time.Millisecond)},
			want:   answers{gen: 2, changes: 1, resting: true, since: 300 * time.Millisecond, woke: true}},
		{name: "rest comes back restQuiet after the last mutation",
			events: []event{load(), after(300 * time.Millisecond), mutation(), after(restQuiet)},
			want:   answers{gen: 2, changes: 1, atRest: true, resting: true, since: 300 * time.Millisecond}},
		{name: "an idle probe's answer wakes without a change",
			events: []event{load(), after(300 * time.Millisecond), watch(), idleAnswer(1, "quiet")},
			want:   answers{gen: 1, atRest: true, resting: true, woke: true}},
		{name: "a request in flight keeps the page unquiet and is named",
			events: []event{load(), after(300 * time.Millisecond), request("1", "http://x/api"), after(100 * time.Millisecond)},
			want: answers{gen: 1, atRest: true, since: 300 * time.Millisecond,
				busy: "1 request(s) in flight, as GET http://x/api"}},
		{name: "a request ended: the page rests since its end",
			events: []event{load(), after(300 * time.Millisecond), request("1", "http://x/api"), after(50 * time.Millisecond),
				requestEnd("1")},
			want: answers{gen: 1, atRest: true, resting: true, since: 350 * time.Millisecond}},
		{name: "a request pending for longLived no longer holds the page",
			events: []event{load(), request("1", "http://x/poll"), after(longLived)},
			want:   answers{gen: 1, atRest: true, resting: true}},
		{name: "a data: URL is not waited for",
			events: []event{load(), after(300 * time.Millisecond), request("1", "data:,x")},
			want:   answers{gen: 1, atRest: true, resting: true}},
		{name: "a navigation asked makes it busy",
			events: []event{load(), after(300 * time.Millisecond), navigationAsked("http://x/next")},
			want: answers{gen: 1, atRest: true, since: 300 * time.Millisecond,
				busy: "it was going on to http://x/next", underWay: "http://x/next"}},
		{name: "a navigation asked whose document is requested is under way until it replaces the document",
			events: []event{load(), navigationAsked("http://x/next"), docRequest("d", "http://x/next?q=1"), after(3 * longLived)},
			want:   answers{gen: 1, atRest: true, resting: true, underWay: "http://x/next?q=1"}},
		{name: "a navigation that replaced the document is no longer under way",
			events: []event{load(), navigationAsked("http://x/next"), docRequest("d", "http://x/next"), navigated(true)},
			want:   answers{gen: 2, since: 0, busy: "1 request(s) in flight, as GET http://x/next"}},
		{name: "a navigation whose frame stopped loading (a download, a 204) is no longer under way",
			events: []event{load(), navigationAsked("http://x/file"), docRequest("d", "http://x/file"), requestEnd("d"), stoppedLoading()},
			want:   answers{gen: 2, resting: true}},
		{name: "a navigation asked is still under way when the document it leaves stops loading",
			events: []event{load(), navigationAsked("http://x/next"), stoppedLoading()},
			want:   answers{gen: 2, busy: "it was going on to http://x/next", underWay: "http://x/next"}},
		{name: "a navigation asked is still under way when a frame navigates",
			events: []event{load(), navigationAsked("http://x/next"), navigated(false)},
			want:   answers{gen: 2, busy: "it was going on to http://x/next", underWay: "http://x/next"}},
		{name: "a navigation asked whose request never started is given up after longLived",
			events: []event{load(), navigationAsked("http://x/next"), after(longLived)},
			want:   answers{gen: 1, atRest: true, resting: true}},
		{name: "a navigation asked that went somewhere no longer does",
			events: []event{load(), after(300 * time.Millisecond), navigationAsked("http://x/next"), navigated(true)},
			want:   answers{gen: 2, atRest: true, resting: true, since: 300 * time.Millisecond}},
		{name: "a kept read with equal stamps is reusable",
			events: []event{load(), readBegun(), readKept("still 0 a", "still 0 b")}, stampsNow: []string{"still 0 a", "still 0 b"},
			want: answers{gen: 1, resting: true, reusable: true, shownReuse: true}},
		{name: "an update of a document's root alone: an expectation may reuse the read, not an action",
			events: []event{load(), readBegun(), readKept("still 0 a"), rootUpdate()}, stampsNow: []string{"still 0 a"},
			want: answers{gen: 2, resting: true, shownReuse: true}},
		{name: "a read during an update of the root alone is kept for an expectation only",
			events: []event{load(), readBegun(), rootUpdate(), readKept("still 0 a")}, stampsNow: []string{"still 0 a"},
			want: answers{gen: 2, resting: true, shownReuse: true}},
		{name: "transitions running, started or ended: an expectation may reuse the read, not an action",
			events: []event{load(), readBegun(), readKept("moving 3 a")}, stampsNow: []string{"still 5 a"},
			want: answers{gen: 1, resting: true, shownReuse: true}},
		{name: "a transition running and the rest of the stamp the same: not for an action",
			events: []event{load(), readBegun(), readKept("moving 3 a")}, stampsNow: []string{"moving 3 a"},
			want: answers{gen: 1, resting: true, shownReuse: true}},
		{name: "transitions running and another part of the stamp changed: neither",
			events: []event{load(), readBegun(), readKept("moving 3 a")}, stampsNow: []string{"moving 3 b"},
			want: answers{gen: 1, resting: true}},
		{name: "no stamp now (an animation running): neither",
			events: []event{load(), readBegun(), readKept("still 0 a")}, stampsNow: []string{""},
			want: answers{gen: 1, resting: true}},
		{name: "a kept read whose stamp changed is not",
			events: []event{load(), readBegun(), readKept("still 0 a", "still 0 b")}, stampsNow: []string{"still 0 a", "still 0 c"},
			want: answers{gen: 1, resting: true}},
		{name: "a kept read at an older generation is not",
			events: []event{load(), readBegun(), readKept("still 0 a"), mutation()}, stampsNow: []string{"still 0 a"},
			want: answers{gen: 2, changes: 1, resting: true}},
		{name: "a read the page changed during is not kept",
			events: []event{load(), readBegun(), mutation(), readKept("still 0 a")}, stampsNow: []string{"still 0 a"},
			want: answers{gen: 2, changes: 1, resting: true}},
		{name: "an input sent moves the generation without waking",
			events: []event{load(), readBegun(), readKept("still 0 a"), watch(), inputSent()}, stampsNow: []string{"still 0 a"},
			want: answers{gen: 2, resting: true}},
		{name: "a frame's mutation during an idle probe: the page kept changing",
			events: []event{load(), after(300 * time.Millisecond), probe(), frameMutation(), idleAnswer(1, "quiet")},
			want: answers{gen: 2, changes: 1, resting: true, since: 300 * time.Millisecond,
				probe: "the page kept changing"}},
		{name: "a request during an idle probe is named",
			events: []event{load(), probe(), request("1", "http://x/a"), requestEnd("1"), idleAnswer(1, "quiet")},
			want:   answers{gen: 1, resting: true, probe: "requests kept coming, the last GET http://x/a"}},
		{name: "an idle probe that found the page quiet",
			events: []event{load(), probe(), idleAnswer(1, "quiet")},
			want:   answers{gen: 1, resting: true}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := &rec{c: newClock(), now: t0}
			for _, e := range tc.events {
				e(r)
			}
			if got := r.answer(!tc.unloaded, tc.stampsNow); got != tc.want {
				t.Errorf("got  %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

// answer asks the clock at the end of the recording.
func (r *rec) answer(loaded bool, stampsNow []string) answers {
	c := &r.c
	since, resting := c.restingSince(r.now, loaded)
	a := answers{gen: c.gen, changes: c.changes, atRest: c.atRest(r.now, loaded), resting: resting, since: -1}
	if !since.IsZero() {
		a.since = since.Sub(t0)
	}
	a.busy, _ = c.inFlight(r.now)
	now := map[worldKey]string{}
	for i, s := range stampsNow {
		now[worldKey{session: "s", frame: proto.PageFrameID(fmt.Sprint("f", i))}] = s
	}
	a.reusable = c.reusable(c.kept(), now, false)
	a.shownReuse = c.reusable(c.kept(), now, true)
	if r.watching != nil {
		select {
		case <-r.watching:
			a.woke = true
		default:
		}
	}
	if n, ok := c.underWay(r.now); ok {
		a.underWay = n.to
	}
	if r.probed && c.probeAnswered(1) {
		a.probe = c.probeFound(r.moves, r.elseN)
	}
	return a
}
