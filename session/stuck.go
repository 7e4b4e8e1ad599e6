package session

import (
	"context"
	"time"
)

// What a front end asks of a tab that did not answer in time, and what it
// may do to it (docs/agents.md "Timeouts").

// Loading lists the current tab's requests still in flight, oldest
// first, as "GET URL".
func (ss *Session) Loading() []string { return ss.page.Loading() }

// LoadFinished says whether the current tab's load has finished (its
// main document fired load, and no document of its main frame is still
// being fetched).
func (ss *Session) LoadFinished() bool { return ss.page.LoadFinished() }

// Responsive reports whether the current tab's main frame runs a script
// of smokeflow's within wait.
func (ss *Session) Responsive(ctx context.Context, wait time.Duration) bool {
	return ss.page.Responsive(ctx, wait)
}

// StopLoading stops the current tab loading, as the browser's Stop
// button does.
func (ss *Session) StopLoading(ctx context.Context) error { return ss.page.StopLoading(ctx) }

// StopScript ends the script the current tab's renderer is running; call
// it only on a tab that is not Responsive.
func (ss *Session) StopScript(ctx context.Context) error { return ss.page.StopScript(ctx) }
