package session

import (
	"context"
	"time"

	"github.com/smokeflow/smokeflow/browser"
)

// SettlePolicy bounds how long the session waits for its page to settle
// (docs/targets.md "Settling", "The bound"). A front end sets its policy
// once, in Options.Settle; the `open` step's rule is one of the same kind
// (openStepSettle). The zero value waits for at most
// browser.DefaultSettle, whatever the time left.
type SettlePolicy struct {
	// Off: no wait; the page is read as it is (`snapshot --wait 0`, a
	// load state waited for instead).
	Off bool
	// Max bounds every wait; 0: browser.DefaultSettle.
	Max time.Duration
	// Share, when more than 0, is the part of the time left before the
	// context's deadline a wait may take (an agent session's reads take
	// half of their command's timeout at most).
	Share float64
	// Margin, when more than 0, is what a wait leaves of the time left
	// before the context's deadline (the `open` step keeps 250 ms).
	Margin time.Duration
}

// Bound is how long a wait under ctx may take by the policy; 0 or less:
// no wait.
func (p SettlePolicy) Bound(ctx context.Context) time.Duration {
	if p.Off {
		return 0
	}
	bound := p.Max
	if bound == 0 {
		bound = browser.DefaultSettle
	}
	dl, ok := ctx.Deadline()
	if !ok {
		return bound
	}
	left := time.Until(dl)
	if p.Share > 0 {
		bound = min(bound, time.Duration(float64(left)*p.Share))
	}
	if p.Margin > 0 {
		bound = min(bound, left-p.Margin)
	}
	return bound
}

// openStepSettle is the `open` step's rule: at most browser.DefaultSettle,
// and never past its step's timeout, less 250 ms (docs/targets.md "The
// bound").
var openStepSettle = SettlePolicy{Margin: 250 * time.Millisecond}

// Settle waits for the current tab to settle, for at most the bound of
// Options.Settle (docs/targets.md "Settling"). A page still busy at the
// bound is no error: Settled.Note says what kept it busy. The error is
// ctx's, or the page's.
func (ss *Session) Settle(ctx context.Context) (browser.Settled, error) {
	return ss.page.Settle(ctx, browser.SettleWait{Bound: ss.opts.Settle.Bound(ctx)})
}

// SettleAfterAction is Settle after an action (an agent session's click,
// key or input): the idle probe runs even on a page without scripts, so
// that what the action started a moment later is waited for
// (docs/targets.md "Settling").
func (ss *Session) SettleAfterAction(ctx context.Context) (browser.Settled, error) {
	return ss.page.Settle(ctx, browser.SettleWait{Bound: ss.opts.Settle.Bound(ctx), AfterAction: true})
}
