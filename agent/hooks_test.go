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
