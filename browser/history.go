package browser

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/go-rod/rod/lib/proto"
)

// This file moves a page through its history and reloads it, for the
// agent session's back, forward and reload (docs/agents.md "Verbs"), and
// tells a page whose scripts are busy in a loop from one that answers
// (docs/agents.md "Timeouts").

// ErrNoHistory is a back or forward with no page to go to.
var ErrNoHistory = errors.New("no page in the history in that direction")

// History goes delta entries back (-1) or forward (1) in the main frame's
// history, as the browser's buttons do, and waits until the page it goes
// to has committed and its document has loaded. ErrNoHistory says there
// is no such entry.
func (p *Page) History(ctx context.Context, delta int) error {
	c := p.main.Client(ctx)
	h, err := proto.PageGetNavigationHistory{}.Call(c)
	if err != nil {
		return err
	}
	i := h.CurrentIndex + delta
	if i < 0 || i >= len(h.Entries) {
		return ErrNoHistory
	}
	navs := len(p.Navigations())
	if err := (proto.PageNavigateToHistoryEntry{EntryID: h.Entries[i].ID}).Call(c); err != nil {
		return err
	}
	return p.waitNavigated(ctx, navs)
}

// Reload reloads the page and waits until its new document has loaded.
func (p *Page) Reload(ctx context.Context) error {
	navs := len(p.Navigations())
	if err := (proto.PageReload{}).Call(p.main.Client(ctx)); err != nil {
		return err
	}
	return p.waitNavigated(ctx, navs)
}

// waitNavigated waits until the main frame navigated after its navs-th
// navigation, and then, unless that stayed within the document, for the
// load event of its document.
func (p *Page) waitNavigated(ctx context.Context, navs int) error {
	if err := p.waitFor(ctx, func() bool { return len(p.navs) > navs }); err != nil {
		return fmt.Errorf("waiting for the page to navigate: %w", err)
	}
	all := p.Navigations()
	if all[len(all)-1].SameDocument {
		return nil
	}
	return p.WaitLoad(ctx, "", "load")
}

// Responsive reports whether the page's main frame runs a script of
// smokeflow's within wait. A page whose own script is busy in a loop
// does not: the renderer runs one script at a time.
func (p *Page) Responsive(ctx context.Context, wait time.Duration) bool {
	if p.Crashed() || p.Closed() {
		return false
	}
	wctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	_, err := p.EvalOwn(wctx, "0")
	return err == nil
}

// StopScript ends the script the main frame's renderer is running
// (Runtime.terminateExecution): a page's loop, or an eval that never
// returns. Call it only on a page that is not Responsive: on an idle page
// it would end the next script that starts instead.
func (p *Page) StopScript(ctx context.Context) error {
	return proto.RuntimeTerminateExecution{}.Call(p.main.Client(ctx))
}
