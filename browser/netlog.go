package browser

import (
	"strings"
	"time"

	"github.com/go-rod/rod/lib/proto"
)

// What a page logged and sent, for the reads that list it since the last
// time (the agent session's `console` and `network`, docs/agents.md
// "console", "network"). The errors, warnings and exceptions and the
// failed requests are what flows check (Page.Console, FailedRequests);
// the rest is kept for a while, the oldest going first.

// keepLog is how many messages of the other levels, and how many
// requests, a page keeps; a log that holds logTrim more drops its oldest
// logTrim at once.
const (
	keepLog     = 2000
	logTrim     = 200
	keepProblem = 1000 // errors, warnings and exceptions kept (the first ones)
)

// problem reports a console type that flows check: an error, a warning,
// an uncaught exception.
func problem(typ string) bool { return typ == "error" || typ == "warning" || typ == "exception" }

// consoleLog is a page's console messages, in order. Under Page.mu.
type consoleLog struct {
	entries        []ConsoleEntry
	seq            uint64
	problems, rest int
}

func (l *consoleLog) add(c ConsoleEntry) {
	if problem(c.Type) {
		if l.problems >= keepProblem {
			return
		}
		l.problems++
	} else {
		l.rest++
	}
	l.seq++
	c.Seq = l.seq
	l.entries = append(l.entries, c)
	if l.rest < keepLog+logTrim {
		return
	}
	kept, dropped := l.entries[:0], 0
	for _, e := range l.entries {
		if !problem(e.Type) && dropped < logTrim {
			dropped++
			continue
		}
		kept = append(kept, e)
	}
	l.entries, l.rest = kept, l.rest-dropped
}

// Request is a request a page sent (each hop of a redirect its own) and
// how it ended (docs/agents.md "network").
type Request struct {
	Method string
	URL    string
	Type   string // the resource type: Document, Script, Fetch, XHR, Image, ...
	Status int    // the response's status; 0 before one, or without one
	Error  string // the network error, when it failed without a response
	// Canceled: the page or the browser dropped it (a navigation away);
	// no failure
	Canceled bool
	Start    time.Time
	End      time.Time // zero while in flight
	Seq      uint64    // numbers the page's requests from 1, in order
}

// Failed reports a request that failed: a network error, or a 4xx or 5xx
// response (docs/flows.md "Failed requests").
func (r Request) Failed() bool { return r.Error != "" || r.Status >= 400 }

// Duration is how long the request took; 0 while it is in flight.
func (r Request) Duration() time.Duration {
	if r.End.IsZero() {
		return 0
	}
	return r.End.Sub(r.Start)
}

// requestLog is a page's requests, in the order they were sent, with the
// one in flight of each request id. Under Page.mu.
type requestLog struct {
	entries []*Request
	byID    map[proto.NetworkRequestID]*Request
	seq     uint64
}

// sent records a request (a redirect ends the hop before it).
func (l *requestLog) sent(now time.Time, e *proto.NetworkRequestWillBeSent) {
	if l.byID == nil {
		l.byID = map[proto.NetworkRequestID]*Request{}
	}
	if prev := l.byID[e.RequestID]; prev != nil && e.RedirectResponse != nil {
		prev.Status, prev.End = e.RedirectResponse.Status, now
	}
	if e.Request == nil || strings.HasPrefix(e.Request.URL, "data:") || browserOwn(e.Type, e.Request.URL) {
		delete(l.byID, e.RequestID)
		return
	}
	l.seq++
	r := &Request{Method: e.Request.Method, URL: e.Request.URL, Type: string(e.Type), Start: now, Seq: l.seq}
	l.byID[e.RequestID] = r
	l.entries = append(l.entries, r)
	if len(l.entries) >= keepLog+logTrim {
		for _, old := range l.entries[:logTrim] {
			for id, cur := range l.byID {
				if cur == old {
					delete(l.byID, id)
				}
			}
		}
		l.entries = append([]*Request(nil), l.entries[logTrim:]...)
	}
}

// responded records a request's response status.
func (l *requestLog) responded(id proto.NetworkRequestID, status int, typ proto.NetworkResourceType) {
	if r := l.byID[id]; r != nil {
		r.Status = status
		if r.Type == "" {
			r.Type = string(typ)
		}
	}
}

// ended records the end of a request: errText is "" when it finished.
func (l *requestLog) ended(now time.Time, id proto.NetworkRequestID, errText string, canceled bool) {
	if r := l.byID[id]; r != nil {
		r.End, r.Canceled = now, canceled
		if !canceled {
			r.Error = errText
		}
		delete(l.byID, id)
	}
}

// RequestsSince returns the requests the page sent after the one
// numbered seq (0: all), in the order they were sent (docs/agents.md
// "network").
func (p *Page) RequestsSince(seq uint64) []Request {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []Request
	for _, r := range p.reqs.entries {
		if r.Seq > seq {
			out = append(out, *r)
		}
	}
	return out
}
