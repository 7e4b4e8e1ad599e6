package browser

import (
	"context"
	"time"

	"github.com/go-rod/rod/lib/proto"
)

// Requests counts the requests the page's documents sent (a redirect is
// the same request; the browser's own fetches, such as the favicon, do not
// count): it grows when the page asked the network for anything since an
// earlier reading.
func (p *Page) Requests() uint64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.sent
}

// InFlightSince counts the requests in flight that started at t or later,
// among those settling waits for (docs/targets.md "Settling"), long-lived
// ones included.
func (p *Page) InFlightSince(t time.Time) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for _, f := range p.clock.requestsInFlight() {
		if !f.start.Before(t) {
			n++
		}
	}
	return n
}

// Loading lists the page's requests still in flight, oldest first, as
// "GET URL", long-lived ones included: what kept its load from finishing
// when a command timed out (docs/agents.md "Timeouts").
func (p *Page) Loading() []string {
	p.mu.Lock()
	fs := p.clock.requestsInFlight()
	p.mu.Unlock()
	var out []string
	for _, f := range fs {
		out = append(out, f.what)
	}
	return out
}

// LoadFinished says whether the page's load has finished: its main
// document has fired load, and no document of the main frame is still
// being fetched (a navigation not yet committed, or a document still
// arriving). Requests in flight after the load (a long poll, a beacon)
// do not keep it from finishing (docs/agents.md "Timeouts").
func (p *Page) LoadFinished() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, f := range p.clock.requestsInFlight() {
		if f.doc {
			return false
		}
	}
	return p.loaded()
}

// StopLoading stops the page loading, as the browser's Stop button does
// (Page.stopLoading): a navigation not yet committed is dropped, and the
// document's requests in flight are cancelled. Scripts are not touched.
func (p *Page) StopLoading(ctx context.Context) error {
	return proto.PageStopLoading{}.Call(p.main.Client(ctx))
}
