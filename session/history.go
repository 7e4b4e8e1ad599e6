package session

import (
	"context"

	"github.com/smokeflow/smokeflow/browser"
)

// History goes delta entries back (-1) or forward (1) in the current
// tab's history, as the browser's buttons do, and waits for the page it
// goes to to load; browser.ErrNoHistory says there is none (the agent
// session's back and forward, docs/agents.md "Verbs").
func (ss *Session) History(ctx context.Context, delta int) error { return ss.page.History(ctx, delta) }

// Reload reloads the current tab and waits for its new document to load.
func (ss *Session) Reload(ctx context.Context) error { return ss.page.Reload(ctx) }

// MainThread is how long the current tab's main thread has spent on
// tasks, by the wall clock and in processor time, since its document
// began: the walk of explore tells a slow page from a busy machine by it
// (docs/explore.md "Slowness on a busy machine").
func (ss *Session) MainThread(ctx context.Context) (browser.MainThread, error) {
	return ss.page.MainThread(ctx)
}
