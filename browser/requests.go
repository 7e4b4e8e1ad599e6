package browser

import "time"

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
	for _, f := range p.quiet.flights {
		if !f.start.Before(t) {
			n++
		}
	}
	return n
}
