// Package door is a front end that reaches past the session to its page,
// for the layout spec to catch (docs/architecture.md "The session is the
// only door"). It is never built: testdata is left out of ./...
package door

import (
	"context"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/session"
)

type holder struct {
	page *browser.Page
}

func reach(ctx context.Context, ss *session.Session, bc *browser.Context, h holder) int {
	p, _ := bc.OpenPage(ctx, browser.PageOptions{}, "", "")
	_ = p.URL(ctx)
	open := bc.OpenPage
	_ = open
	_ = h.page.Status()
	// what the session offers is fine: a Tab holds a page, out of reach
	_ = ss.Tab()
	_, _ = ss.Settle(ctx)
	return ss.Status()
}
