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
