package browser

import (
	"context"
	"fmt"
	"time"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/locate"
)

// A navigation under way (docs/targets.md "A navigation under way"): an
// action never acts on a document the page is leaving.

// waitUnderWay waits while a navigation of the main frame to another
// document is under way: asked for or its document requested, and not
// yet committed nor given up (clock.go quiet.underWay). It returns the
// first one it waited for (zero: none was under way). Its error is ctx's
// end, as a navigation failure that names where the page was going, or
// ErrPageCrashed.
func (p *Page) waitUnderWay(ctx context.Context) (underWay, error) {
	var waited underWay
	for {
		p.mu.Lock()
		now := time.Now()
		n, ok := p.clock.underWay(now)
		ch, crashed := p.clock.changed(), p.crashed
		p.mu.Unlock()
		if !ok {
			return waited, nil
		}
		if crashed {
			return waited, ErrPageCrashed
		}
		if waited.since.IsZero() {
			waited = n
		}
		var expired <-chan time.Time
		if g := n.givenUp(); !g.IsZero() {
			expired = time.After(g.Sub(now)) // collected once it fires or is dropped
		}
		select {
		case <-ch:
		case <-expired:
		case <-ctx.Done():
			why := "its request had not started"
			if n.requested {
				why = "its server had not answered"
			}
			return waited, &locate.ResolveError{Why: diagnostics.ReasonNavigation, Msg: fmt.Sprintf(
				"the page was going on to %s, which had not replaced it %s later (%s); "+
					"an action waits for the page it is led to before it acts", n.to, time.Since(n.since).Round(time.Millisecond), why)}
		}
	}
}

// awaitUnderWay is waitUnderWay before an action's try: a wait is said in
// the action's log.
func (p *Page) awaitUnderWay(ctx context.Context, out *Outcome) error {
	start := time.Now()
	n, err := p.waitUnderWay(ctx)
	if !n.since.IsZero() && err == nil {
		out.Log = append(out.Log, fmt.Sprintf("waited %s for the page to go on to %s before acting",
			time.Since(start).Round(time.Millisecond), n.to))
	}
	return err
}
