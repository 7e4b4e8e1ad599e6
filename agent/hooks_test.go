package agent

import "context"

// LoseContextAndReopen closes the session's browser context under it,
// then opens its page again as a page that stopped answering is (the
// last step of unfreeze): no new tab can open in a closed context.
func LoseContextAndReopen(ctx context.Context, e *Engine) error {
	if err := e.bctx.Close(); err != nil {
		return err
	}
	return e.reopen(ctx, "")
}

// Diff is the session's snapshot diff (docs/agents.md "snapshot --diff")
// on two snapshot texts: what it prints and whether it is the whole page.
func Diff(before, after string) (string, bool) {
	text, _, whole := diff(before, after, "")
	return text, whole
}

// IdleReads counts the reads the session took while the agent thought
// (idle.go).
func IdleReads(e *Engine) int {
	e.idle.mu.Lock()
	defer e.idle.mu.Unlock()
	return e.idle.reads
}

// PageReads counts the full reads of the session's page.
func PageReads(e *Engine) uint64 {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.ss.Reads()
}
