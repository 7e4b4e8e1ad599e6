package session

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/smokeflow/smokeflow/browser"
)

// The reads and settings an agent session makes between steps, on every
// tab of the session (docs/agents.md "console", "network", "tab",
// "cookies"): what the tabs logged and sent since the reader last looked,
// the open tabs, the context's cookies.

// Mark is how far a reader has read each tab's console or requests: the
// number of the last one it was given (browser.ConsoleEntry.Seq,
// browser.Request.Seq). The zero Mark has read nothing.
type Mark map[*browser.Page]uint64

// Message is a console message of a tab, its text masked.
type Message struct {
	browser.ConsoleEntry
	Tab int // the tab's place among those the session saw, from 0
}

// ConsoleSince returns every console message of every tab after m, tab
// by tab, and moves m past them (docs/agents.md "console").
func (ss *Session) ConsoleSince(m Mark) []Message {
	var out []Message
	for i, p := range ss.tabs() {
		for _, c := range p.ConsoleSince(m[p]) {
			m[p] = c.Seq
			c.Text, c.URL = ss.mask.Mask(c.Text), ss.mask.Mask(c.URL)
			out = append(out, Message{ConsoleEntry: c, Tab: i})
		}
	}
	return out
}

// Sent is a request of a tab, its URL masked.
type Sent struct {
	browser.Request
	Tab int // the tab's place among those the session saw, from 0
}

// RequestsSince returns every request of every tab sent after m, tab by
// tab, and moves m past them; a request still in flight is given as it
// is then (docs/agents.md "network").
func (ss *Session) RequestsSince(m Mark) []Sent {
	var out []Sent
	for i, p := range ss.tabs() {
		for _, r := range p.RequestsSince(m[p]) {
			m[p] = r.Seq
			r.URL = ss.mask.Mask(r.URL)
			out = append(out, Sent{Request: r, Tab: i})
		}
	}
	return out
}

// TabInfo is one open tab.
type TabInfo struct {
	Index   int // its place among the open tabs, from 0 (the flow's `tab: N`)
	URL     string
	Title   string
	Current bool // the tab the steps act on
	Opening bool // its first page has not loaded: no URL or title yet
}

// Tabs lists the open tabs, in the order they opened (docs/agents.md
// "tab").
func (ss *Session) Tabs(ctx context.Context) ([]TabInfo, error) {
	pages, err := ss.bctx.Pages(ctx)
	if err != nil {
		return nil, err
	}
	var out []TabInfo
	for i, p := range pages {
		if p.Opening(ctx) {
			// reading it would wait for its first page
			out = append(out, TabInfo{Index: i, Current: p == ss.page, Opening: true})
			continue
		}
		u, title, err := p.URLAndTitle(ctx)
		if err != nil {
			u = p.URL(ctx)
		}
		out = append(out, TabInfo{Index: i, URL: ss.mask.Mask(u), Title: ss.mask.Mask(title), Current: p == ss.page})
	}
	return out, nil
}

// ErrNoTab is a tab index that names no open tab.
var ErrNoTab = errors.New("no such tab")

// CloseTab closes the open tab n (tabs count from 0, as Tabs lists
// them); closing the current tab takes the steps back to the tab they
// were on before it. The last open tab is not closed: `close` ends the
// session (docs/agents.md "tab").
func (ss *Session) CloseTab(ctx context.Context, n int) error {
	pages, err := ss.bctx.Pages(ctx)
	if err != nil {
		return err
	}
	if n < 0 || n >= len(pages) {
		return fmt.Errorf("%w: there is no tab %d; the open tabs are 0 to %d (tab list)", ErrNoTab, n, len(pages)-1)
	}
	if len(pages) == 1 {
		return fmt.Errorf("%w: tab %d is the session's last open tab; close ends the session", ErrNoTab, n)
	}
	p := pages[n]
	if err := p.Close(); err != nil {
		return fmt.Errorf("closing tab %d: %w", n, err)
	}
	if p != ss.page {
		return nil
	}
	prev := ss.previousTab()
	if prev == nil {
		rest := slices.DeleteFunc(slices.Clone(pages), func(q *browser.Page) bool { return q == p })
		prev = rest[0]
	}
	ss.page = prev
	ss.pg.history = append(ss.pg.history, prev)
	return prev.BringToFront(ctx)
}

// Cookies are the cookies of the session's browser context, values
// masked (docs/agents.md "cookies").
func (ss *Session) Cookies(ctx context.Context) ([]browser.Cookie, error) {
	cs, err := ss.bctx.Cookies(ctx)
	for i := range cs {
		cs[i].Value = ss.mask.Mask(cs[i].Value)
	}
	return cs, err
}

// SetCookie sets a cookie in the session's browser context: of domain
// (and its subdomains) when given, else of the current tab's host.
func (ss *Session) SetCookie(ctx context.Context, k browser.Cookie) error {
	return ss.bctx.SetCookie(ctx, k, ss.page.URL(ctx))
}

// ClearCookies deletes the cookies of the session's browser context.
func (ss *Session) ClearCookies(ctx context.Context) error { return ss.bctx.ClearCookies(ctx) }
