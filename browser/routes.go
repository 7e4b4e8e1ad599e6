package browser

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/go-rod/rod/lib/proto"
)

// Routes: requests answered by the flow instead of the network
// (docs/flows.md "Routes"). They share the guard's one Fetch
// interception (guard.go): every request of a page, frame or worker of
// the context is paused once; the allowed domains judge it first (a host
// they block stays blocked, whatever a route says), then the context's
// Router answers it, fails it, or lets it go on.

// RoutedRequest is a paused request, as the Router sees it.
type RoutedRequest struct {
	URL    string
	Method string
	// Type is the kind of request as the browser names it: Document,
	// Fetch, XHR, Image, Script, …
	Type string
	// Body is the request's body as text ("" when it has none).
	Body string
}

// Answer is how a Router answers a request.
type Answer struct {
	// Continue: the request goes on to the network (after Delay).
	Continue bool
	// Abort fails the request as a network error (net::ERR_FAILED).
	Abort   bool
	Status  int
	Headers []Header
	Body    []byte
	Delay   time.Duration
	// Note is what the step log says of it (the rule that answered, or
	// why the request failed).
	Note string
}

// Header is one HTTP header.
type Header struct {
	Name, Value string
}

// Router answers the requests of a context; nil for a request that no
// route takes (it goes on to the network, unlogged). It is called on the
// guard's event loop: it must not block.
type Router func(RoutedRequest) *Answer

// Routed is a request a route answered, for the step log.
type Routed struct {
	Method string
	URL    string
	Type   string
	Note   string
	Time   time.Time
}

func (r Routed) String() string {
	return fmt.Sprintf("route %s %s: %s", r.Method, r.URL, r.Note)
}

// SetRouter makes r answer the context's requests from now on. The
// context must have been opened with ContextOptions.Intercept.
func (c *Context) SetRouter(r Router) error {
	if c.guard == nil || !c.guard.intercept {
		return fmt.Errorf("routes need the context's requests paused: open it with ContextOptions{Intercept: true}")
	}
	c.guard.mu.Lock()
	defer c.guard.mu.Unlock()
	c.guard.router = r
	return nil
}

// Routed are the requests the context's routes answered so far, in
// order.
func (c *Context) Routed() []Routed {
	if c.guard == nil {
		return nil
	}
	c.guard.mu.Lock()
	defer c.guard.mu.Unlock()
	return append([]Routed(nil), c.guard.routed...)
}

// route is the answer of the context's router to a paused request (nil:
// it goes on), logged.
func (g *guard) route(e *proto.FetchRequestPaused) *Answer {
	g.mu.Lock()
	r := g.router
	g.mu.Unlock()
	if r == nil {
		return nil
	}
	req := RoutedRequest{URL: e.Request.URL, Method: e.Request.Method, Type: string(e.ResourceType), Body: postData(e.Request)}
	if e.Request.URLFragment != "" {
		req.URL += e.Request.URLFragment
	}
	a := r(req)
	if a == nil {
		return nil
	}
	g.mu.Lock()
	if len(g.routed) < 1000 {
		g.routed = append(g.routed, Routed{Method: req.Method, URL: req.URL, Type: req.Type, Note: a.Note, Time: time.Now()})
	}
	g.mu.Unlock()
	return a
}

// answer sends a route's answer for a paused request, after its delay.
func answer(cl proto.Client, id proto.FetchRequestID, a *Answer) {
	if a.Delay > 0 {
		time.Sleep(a.Delay)
	}
	switch {
	case a.Abort:
		_ = proto.FetchFailRequest{RequestID: id, ErrorReason: proto.NetworkErrorReasonFailed}.Call(cl)
	case a.Continue:
		_ = proto.FetchContinueRequest{RequestID: id}.Call(cl)
	default:
		hs := make([]*proto.FetchHeaderEntry, len(a.Headers))
		for i, h := range a.Headers {
			hs[i] = &proto.FetchHeaderEntry{Name: h.Name, Value: h.Value}
		}
		body := a.Body
		if body == nil {
			body = []byte{}
		}
		_ = proto.FetchFulfillRequest{RequestID: id, ResponseCode: a.Status, ResponseHeaders: hs, Body: body}.Call(cl)
	}
}

// answerContext bounds the DevTools call that answers a request, its
// delay included.
func answerContext(a *Answer) (context.Context, context.CancelFunc) {
	d := 10 * time.Second
	if a != nil {
		d += a.Delay
	}
	return context.WithTimeout(context.Background(), d)
}

// postData is a request's body as text.
func postData(r *proto.NetworkRequest) string {
	if r == nil {
		return ""
	}
	if r.PostData != "" || len(r.PostDataEntries) == 0 {
		return r.PostData
	}
	var b strings.Builder
	for _, e := range r.PostDataEntries {
		b.Write(e.Bytes)
	}
	return b.String()
}
