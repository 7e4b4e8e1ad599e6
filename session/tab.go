package session

import (
	"context"
	"encoding/json"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/locate"
)

// The small reads of the current tab that front ends make between steps
// (docs/architecture.md "The session is the only door").

// Tab names one tab of a session: two Tabs are equal when they are the
// same tab. The zero Tab is none.
type Tab struct{ p *browser.Page }

// Tab is the current tab: the one steps act on.
func (ss *Session) Tab() Tab { return Tab{ss.page} }

// TabCount is how many tabs the session saw (Tabs).
func (ss *Session) TabCount() int { return len(ss.tabs()) }

// Status is the HTTP status of the current tab's main document's last
// navigation.
func (ss *Session) Status() int { return ss.page.Status() }

// URL is the current tab's main frame's URL.
func (ss *Session) URL(ctx context.Context) string { return ss.page.URL(ctx) }

// Requests counts the requests the current tab's documents sent: it grows
// when the page asked the network for anything.
func (ss *Session) Requests() uint64 { return ss.page.Requests() }

// DOMChanges counts the DOM changes the current tab's change watcher
// reported: it grows when anything on the page changed.
func (ss *Session) DOMChanges() uint64 { return ss.page.DOMChanges() }

// InFlightSince counts the current tab's requests in flight that started
// at t or later, among those settling waits for (docs/targets.md
// "Settling").
func (ss *Session) InFlightSince(t time.Time) int { return ss.page.InFlightSince(t) }

// Changed is closed at the current tab's next change (a DOM mutation, a
// navigation, a crash): what a poll waits on instead of sleeping.
func (ss *Session) Changed() <-chan struct{} { return ss.page.Changed() }

// Attr reads an attribute or property of n, a node of a read of the
// current tab.
func (ss *Session) Attr(ctx context.Context, n *locate.Node, name string) (string, error) {
	return ss.page.Attr(ctx, n, name)
}

// Screenshot captures the current tab's viewport (or the full page) as
// PNG, its secrets painted over.
func (ss *Session) Screenshot(ctx context.Context, fullPage bool) ([]byte, error) {
	return ss.page.Screenshot(ctx, fullPage, nil)
}

// StillScreenshot takes a screenshot of the current tab held still for
// comparison (docs/diffs.md), as a baseline's is.
func (ss *Session) StillScreenshot(ctx context.Context, o browser.ShotOptions) (*browser.Shot, error) {
	return ss.page.StillScreenshot(ctx, o)
}

// EvalOwn runs js in the current tab's main frame, in smokeflow's
// isolated world, out of the page's reach (docs/targets.md "smokeflow's
// code in the page"), and returns its result as JSON (promises awaited).
func (ss *Session) EvalOwn(ctx context.Context, js string) (json.RawMessage, error) {
	r, err := ss.page.EvalOwn(ctx, js)
	if err != nil {
		return nil, err
	}
	return json.RawMessage(r.Value.JSON("", "")), nil
}

// Axe runs axe-core's rules o on the current tab's main document, in
// smokeflow's own world, loading axe-core first when it is not there
// (docs/flows.md "Accessibility checks"; explore's walk, docs/explore.md
// "Accessibility").
func (ss *Session) Axe(ctx context.Context, o browser.AxeOptions) ([]browser.AxeViolation, error) {
	return ss.page.Axe(ctx, nil, o)
}
