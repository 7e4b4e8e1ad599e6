package session

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
)

// pageState is what a session knows of its tabs, dialogs and downloads.
// docs/flows.md "tab", "dialog" and "Downloads".
type pageState struct {
	bctx    *browser.Context
	all     []*browser.Page       // every tab seen, in the order they opened
	history []*browser.Page       // the tabs the flow was on, the current one last
	logged  map[*browser.Page]int // dialogs already in a step log, per tab
	blocked int                   // blocked requests already in a step log
	dlDir   string                // absolute: where the browser saves downloads
	saved   map[string]bool       // downloads saved as artifacts, by GUID
	checked int                   // downloads an `expect: download` has looked at
}

// openPage opens the session's first page (in the flow's viewport, device
// and places: places.go) and
// sets up its tabs, dialogs and downloads.
func (ss *Session) openPage(ctx context.Context) error {
	if err := ss.grantPermissions(ctx); err != nil {
		return err
	}
	page, err := ss.bctx.OpenPage(ctx, ss.pageOptions(), "", "")
	if err != nil {
		return err
	}
	ss.page = page
	ss.pg = &pageState{bctx: ss.bctx, all: []*browser.Page{page}, history: []*browser.Page{page},
		logged: map[*browser.Page]int{}, saved: map[string]bool{}}
	dir, err := filepath.Abs(filepath.Join(ss.opts.ArtifactsDir, ss.opts.Dir, "downloads"))
	if err != nil {
		return err
	}
	ss.pg.dlDir = dir
	if ss.opts.LeaveDownloads {
		return nil
	}
	if d := ss.opts.Policy.Decide(flows.KindDownload, flows.Subject{}); d.Effect != flows.Allow {
		// a download cannot wait for a confirmation: only allow lets one through
		return ss.bctx.DenyDownloads(ctx)
	}
	return ss.bctx.EnableDownloads(ctx, dir)
}

// execWatched runs a step's action between beforeStep and afterStep
// (a container's steps do it for themselves).
func (ss *Session) execWatched(ctx context.Context, s *flows.Step, idx string, sc *flows.Scope, rec *results.Step) error {
	if isContainer(s) || ss.pg == nil {
		return ss.exec(ctx, s, idx, sc, rec)
	}
	// the step's own deadline, as exec sets it: following a tab the step
	// opened is part of the step
	sctx, cancel := context.WithTimeout(ctx, ss.stepTimeout(s))
	defer cancel()
	ss.beforeStep(sc, rec)
	cur := ss.page
	ss.traceMark()
	err := ss.exec(ctx, s, idx, sc, rec)
	err = ss.afterStep(sctx, s, sc, rec, err)
	ss.traceStep(ctx, idx, cur)
	return err
}

// beforeStep goes back from a tab that closed itself since the last step
// and saves the downloads that completed meanwhile.
func (ss *Session) beforeStep(sc *flows.Scope, rec *results.Step) {
	if ss.pg == nil {
		return
	}
	ss.logDialogs(rec)
	ss.logBlocked(rec)
	ss.logRouted(rec)
	ss.saveDownloads(sc, rec)
	if ss.page.Closed() {
		ss.backFromClosed(rec)
	}
}

// afterStep logs the dialogs the step met, follows a tab it opened, goes
// back from a tab it closed and saves the downloads that completed. It
// returns the step's error, explained better when a dialog caused it.
func (ss *Session) afterStep(ctx context.Context, s *flows.Step, sc *flows.Scope, rec *results.Step, err error) error {
	if ss.pg == nil {
		return err
	}
	// the step's own time may be spent: the bookkeeping gets a moment more
	if ctx.Err() != nil {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
	}
	cur := ss.page
	if cur.ClosingItself(ctx) {
		if werr := cur.WaitClosed(ctx); werr != nil {
			rec.Log = append(rec.Log, "the tab asked to close, but it is still open: "+werr.Error())
		}
	}
	err = ss.syncTabs(ctx, s, rec, cur, err)
	err = ss.explainDialogAbort(ss.logDialogs(rec), err)
	ss.logBlocked(rec)
	ss.logRouted(rec)
	ss.saveDownloads(sc, rec)
	if ss.page.Closed() {
		ss.backFromClosed(rec)
	}
	return err
}

// syncTabs takes in the tabs that opened during the step; when the step
// acted on cur and cur opened a tab, the flow goes on in the newest one.
func (ss *Session) syncTabs(ctx context.Context, s *flows.Step, rec *results.Step, cur *browser.Page, err error) error {
	pages, perr := ss.pg.bctx.Pages(ctx)
	if perr != nil {
		rec.Log = append(rec.Log, "could not list the tabs: "+perr.Error())
		return err
	}
	var follow *browser.Page
	for _, p := range pages {
		if slices.Contains(ss.pg.all, p) {
			continue
		}
		ss.pg.all = append(ss.pg.all, p)
		if err == nil && p.Opener() == cur && s.FollowsTab() {
			if follow != nil {
				ss.logNewTab(ctx, rec, follow, pages) // the flow follows the newest
			}
			follow = p
			continue
		}
		ss.logNewTab(ctx, rec, p, pages)
	}
	if follow == nil {
		return err
	}
	if werr := follow.WaitOpened(ctx); werr != nil {
		return ss.timeoutErr(ctx, werr, "waiting for the new tab to load")
	}
	if follow.Closed() {
		rec.Log = append(rec.Log, "a new tab opened and closed itself at once (a download?)")
		return err
	}
	ss.switchTo(ctx, follow, rec, "opened a new tab (%s); the flow goes on there")
	return err
}

// logNewTab notes in the step's log a tab that opened and that the flow
// does not follow.
func (ss *Session) logNewTab(ctx context.Context, rec *results.Step, p *browser.Page, open []*browser.Page) {
	rec.Log = append(rec.Log, fmt.Sprintf("a new tab opened (%s); `tab: %d` switches to it", ss.tabName(ctx, p, open), slices.Index(open, p)))
}

// tabName is "tab N: URL" for messages, N its place among the open tabs;
// a tab still opening has no URL to read yet (reading it would wait for
// its first page).
func (ss *Session) tabName(ctx context.Context, p *browser.Page, open []*browser.Page) string {
	u, err := p.TabURL(ctx)
	if u == "" && err == nil {
		return fmt.Sprintf("tab %d, still opening", slices.Index(open, p))
	}
	return fmt.Sprintf("tab %d: %s", slices.Index(open, p), ss.mask.Mask(u))
}

// switchTo makes p the current tab and logs why (format has one %s, the
// tab's name).
func (ss *Session) switchTo(ctx context.Context, p *browser.Page, rec *results.Step, format string) {
	ss.page = p
	ss.pg.history = append(ss.pg.history, p)
	open, err := ss.pg.bctx.Pages(ctx)
	if err != nil {
		open = []*browser.Page{p}
	}
	rec.Log = append(rec.Log, fmt.Sprintf(format, ss.tabName(ctx, p, open)))
	if err := p.BringToFront(ctx); err != nil {
		rec.Log = append(rec.Log, "could not bring the tab to the front: "+err.Error())
	}
}

// previousTab is the open tab the flow was on last before the current
// one, or nil.
func (ss *Session) previousTab() *browser.Page {
	h := ss.pg.history
	for i := len(h) - 1; i >= 0; i-- {
		if h[i] != ss.page && !h[i].Closed() {
			return h[i]
		}
	}
	return nil
}

// backFromClosed goes back to the previous tab when the current one
// closed itself.
func (ss *Session) backFromClosed(rec *results.Step) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	prev := ss.previousTab()
	if prev == nil {
		rec.Log = append(rec.Log, "the tab closed itself and no other tab is open")
		return
	}
	ss.switchTo(ctx, prev, rec, "the tab closed itself; back on %s")
}

// execTab runs `tab`: previous, N or {url}. N and url wait, as expect
// does, for the tab to open.
func (ss *Session) execTab(c *stepCall, t *flows.Tab) error {
	ctx, sc, rec := c.sctx, c.sc, c.rec
	if t.Previous {
		prev := ss.previousTab()
		if prev == nil {
			return ss.tabFailure("there is no previous tab: the flow has been on this one only")
		}
		ss.switchTo(ctx, prev, rec, "switched to %s")
		return nil
	}
	m, err := t.URL.Interpolate(sc)
	if err != nil {
		return err
	}
	var pick *browser.Page
	err = ss.pollUntil(ctx, c.ctx, func(ctx context.Context) (bool, string, error) {
		pages, err := ss.pg.bctx.Pages(ctx)
		if err != nil {
			return false, err.Error(), err
		}
		var why string
		pick, why = ss.pickTab(ctx, pages, t.Index, m)
		// a look cut short by the deadline reads no URL: keep the one before
		return pick != nil, why, ctx.Err()
	})
	if errors.Is(err, browser.ErrPageCrashed) {
		return err
	}
	if err != nil {
		return ss.tabFailure(err.Error())
	}
	// tab: N may name a tab whose first page has not come yet (a match
	// of url has a URL: it has come)
	if t.Index != nil {
		if werr := pick.WaitOpened(ctx); werr != nil {
			return ss.tabFailure(fmt.Sprintf("tab %d has not loaded its first page (is its server slow?); if it is only slow, give the step a longer timeout (%v)", *t.Index, werr))
		}
	}
	if pick != ss.page {
		ss.switchTo(ctx, pick, rec, "switched to %s")
	} else {
		rec.Log = append(rec.Log, "already on "+ss.tabName(ctx, pick, []*browser.Page{pick}))
	}
	return nil
}

// pickTab finds the tab of `tab: N` or `tab: {url}` among the open ones,
// or says why none is picked. URLs are the browser's (TabURL): a read of
// location.href waits for a slow first page, and fails while a
// navigation commits, which made a matching tab look unmatched. A url is
// matched only once no tab is still opening: a tab whose first page has
// not committed has no URL yet, and may be a second match; neither is a
// tab whose set-up the browser still holds (docs/flows.md "tab").
func (ss *Session) pickTab(ctx context.Context, pages []*browser.Page, n *int, m *flows.Match) (*browser.Page, string) {
	var list, opening []string
	var hits []*browser.Page
	for i, p := range pages {
		u, err := p.TabURL(ctx)
		if err != nil {
			return nil, "could not read the tabs' URLs: " + err.Error()
		}
		if u == "" {
			list = append(list, fmt.Sprintf("%d (still opening)", i))
			opening = append(opening, strconv.Itoa(i))
			continue
		}
		list = append(list, fmt.Sprintf("%d %s", i, ss.mask.Mask(u)))
		if n == nil && m.Test(u) {
			hits = append(hits, p)
		}
	}
	open := "open tabs: " + strings.Join(list, ", ")
	if n != nil {
		if *n < len(pages) {
			return pages[*n], ""
		}
		return nil, fmt.Sprintf("there is no tab %d (tabs count from 0); %s", *n, open)
	}
	switch {
	case len(hits) > 1:
		return nil, fmt.Sprintf("%d tabs have a URL that %s; write tab: N to pick one; %s", len(hits), m, open)
	case len(opening) > 0:
		which := "tab " + opening[0]
		if len(opening) > 1 {
			which = "tabs " + strings.Join(opening, ", ")
		}
		return nil, fmt.Sprintf("waiting for %s to load a first page: a tab has no URL to match until then; write tab: N to pick a tab without waiting; %s", which, open)
	case len(hits) == 1:
		return hits[0], ""
	}
	return nil, fmt.Sprintf("no tab has a URL that %s; %s", m, open)
}

func (ss *Session) tabFailure(msg string) error {
	return &stepFailure{err: errors.New(msg), diag: &diagnostics.Diagnostics{Reason: diagnostics.ReasonAssertion, Message: msg}}
}
