package session

import "context"

// History goes delta entries back (-1) or forward (1) in the current
// tab's history, as the browser's buttons do, and waits for the page it
// goes to to load; browser.ErrNoHistory says there is none (the agent
// session's back and forward, docs/agents.md "Verbs").
func (ss *Session) History(ctx context.Context, delta int) error { return ss.page.History(ctx, delta) }

// Reload reloads the current tab and waits for its new document to load.
func (ss *Session) Reload(ctx context.Context) error { return ss.page.Reload(ctx) }
