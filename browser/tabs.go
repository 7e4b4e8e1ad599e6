package browser

import (
	"context"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"
)

// Tabs: the pages a context's pages open (window.open, a target=_blank
// link, a form with a target) become pages of the context too, set up as
// NewPage sets up its own (the change watcher, console and network logs,
// dialogs, the viewport), so that a flow can go on in them.
// docs/flows.md "tab".
//
// rod's Connect turns on target discovery, so every page's event stream
// carries Target.targetCreated: the opener's loop adopts the new page at
// once, before it has loaded much. Pages, run between steps, asks the
// browser for its targets as well, so that a tab whose event has not been
// read yet is not missed.

// tab is one page of a context; ready is closed once its set-up has
// ended, and page is nil then when the page closed before smokeflow could
// attach to it or set it up. A tab a page opened has its page before its
// set-up ends (Page.settingUp).
type tab struct {
	id    proto.TargetTargetID
	ready chan struct{}
	// attached is closed once an adopted tab has its page, or has none
	// (awaitTab); nil for NewPage's, whose ready says both
	attached chan struct{}
	page     *Page
}

// addTab registers a page of the context, in the order pages open.
func (c *Context) addTab(id proto.TargetTargetID) *tab {
	t := &tab{id: id, ready: make(chan struct{})}
	c.mu.Lock()
	c.tabs = append(c.tabs, t)
	c.mu.Unlock()
	return t
}

// adopt attaches to a page that one of the context's pages opened, once,
// in the background.
func (c *Context) adopt(id, opener proto.TargetTargetID) {
	c.mu.Lock()
	for _, t := range c.tabs {
		if t.id == id {
			c.mu.Unlock()
			return
		}
	}
	t := &tab{id: id, ready: make(chan struct{}), attached: make(chan struct{})}
	c.tabs = append(c.tabs, t)
	o := c.opts
	c.mu.Unlock()
	subCtx, unsubscribe := context.WithCancel(context.Background())
	events := c.b.rod.Context(subCtx).Event()
	go func() {
		defer close(t.ready)
		ctx, cancel := context.WithTimeout(context.Background(), adoptSetup)
		defer cancel()
		// an error is a page that closed at once (a link that became a
		// download): it is left out
		p, err := c.attachTarget(ctx, id, opener, o.Secrets, events, unsubscribe)
		if err != nil {
			close(t.attached)
			return
		}
		p.setupDone = make(chan struct{})
		c.mu.Lock()
		t.page = p // listed as still opening until it is set up (awaitTab)
		c.mu.Unlock()
		close(t.attached)
		if c.setUp(ctx, p, o) == nil { // else closed: left out
			close(p.setupDone)
		}
	}()
}

// adoptSetup bounds the set-up of a tab a page opened. The browser may
// hold the set-up's commands until the tab's first page commits (seen
// with a server that does not answer, on a loaded machine): a slow first
// page keeps the tab opening, it does not drop it (docs/flows.md "tab").
const adoptSetup = 5 * time.Minute

// setupWait is how long Pages waits for a tab's set-up before it lists
// the tab as still opening (Page.Opening).
const setupWait = 500 * time.Millisecond

// awaitTab is t's page once it is set up, or before when its set-up
// outlasts setupWait: then it is still opening, and listed as such
// (Page.Opening). A tab is always attached first: a tab left out of the
// list could let `tab: {url}` match another alone. nil when it closed
// first.
func (c *Context) awaitTab(ctx context.Context, t *tab) (*Page, error) {
	timer := time.NewTimer(setupWait)
	defer timer.Stop()
	select {
	case <-t.ready:
	case <-timer.C:
		select {
		case <-t.attached:
		case <-t.ready:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return t.page, nil
}

// allPages lists the pages attached so far, closed ones included.
func (c *Context) allPages() []*Page {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []*Page
	for _, t := range c.tabs {
		if t.page != nil {
			out = append(out, t.page)
		}
	}
	return out
}

// Pages returns the context's open pages (its tabs) in the order they
// opened. It first adopts the pages that its pages opened and that it has
// not seen yet, and waits until every page it adopts is set up.
func (c *Context) Pages(ctx context.Context) ([]*Page, error) {
	r, err := proto.TargetGetTargets{}.Call(c.b.rod.Context(ctx))
	if err != nil {
		return nil, err
	}
	live := map[proto.TargetTargetID]bool{}
	ours := map[proto.TargetTargetID]bool{}
	for _, p := range c.allPages() {
		ours[p.targetID()] = true
	}
	for _, info := range r.TargetInfos {
		if info.Type != proto.TargetTargetInfoTypePage || info.BrowserContextID != c.id {
			continue
		}
		live[info.TargetID] = true
		if info.OpenerID != "" && ours[info.OpenerID] {
			c.adopt(info.TargetID, info.OpenerID)
		}
	}
	c.mu.Lock()
	tabs := append([]*tab(nil), c.tabs...)
	c.mu.Unlock()
	var out []*Page
	for _, t := range tabs {
		p, err := c.awaitTab(ctx, t)
		if err != nil {
			return nil, err
		}
		if p == nil {
			continue
		}
		if !live[t.id] {
			p.markGone()
		}
		if !p.Closed() {
			out = append(out, p)
		}
	}
	return out, nil
}

func (p *Page) targetID() proto.TargetTargetID { return proto.TargetTargetID(p.main.FrameID) }

// Opener is the page that opened this one, or nil (a page of NewPage).
func (p *Page) Opener() *Page {
	if p.opener == "" || p.owner == nil {
		return nil
	}
	for _, o := range p.owner.allPages() {
		if o.targetID() == p.opener {
			return o
		}
	}
	return nil
}

// Closed reports whether the page is gone: closed by its own script
// (window.close()), or by Close.
func (p *Page) Closed() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.gone || p.closed
}

func (p *Page) markGone() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.gone {
		p.gone = true
		p.signal()
	}
}

// watchTargets handles the browser-wide target events that concern this
// page (a page it opened, adopted by its context; its own end) and its
// dialogs. It reports whether msg needs nothing more.
func (p *Page) watchTargets(msg *rod.Message) bool {
	switch msg.Method {
	case "Page.javascriptDialogOpening", "Page.javascriptDialogClosed":
		p.mu.Lock()
		ours := p.bySID[msg.SessionID] != nil
		p.mu.Unlock()
		if ours {
			p.onDialog(msg)
		}
		return true
	case "Target.targetCreated":
		var e proto.TargetTargetCreated
		if msg.Load(&e) && e.TargetInfo != nil && e.TargetInfo.Type == proto.TargetTargetInfoTypePage &&
			e.TargetInfo.OpenerID == p.targetID() && p.owner != nil {
			p.owner.adopt(e.TargetInfo.TargetID, p.targetID())
		}
		return true
	case "Target.targetDestroyed":
		var e proto.TargetTargetDestroyed
		if msg.Load(&e) && e.TargetID == p.targetID() {
			p.markGone()
		}
		return true
	case "Target.detachedFromTarget":
		var e proto.TargetDetachedFromTarget
		if msg.Load(&e) && e.SessionID == p.main.ID {
			p.markGone()
			return true
		}
	}
	return false
}

// WaitOpened waits until a page that another opened has committed its
// first navigation (its URL is no longer empty), or has closed (a link
// that turned into a download closes its new tab).
func (p *Page) WaitOpened(ctx context.Context) error {
	return p.Poll(ctx, func() (bool, error) {
		opening, err := p.opening(ctx)
		return !opening, err
	})
}

// Opening reports whether the page is a tab that another opened and that
// has not committed its first navigation: until then its document is the
// initial about:blank, the URL it will have is not known, and a command
// that its renderer must answer waits for that first page; and, before,
// while its set-up waits (settingUp, TabURL). A closed page is not opening;
// neither is one the browser could not answer for in time. docs/flows.md
// "tab".
func (p *Page) Opening(ctx context.Context) bool {
	opening, _ := p.opening(ctx)
	return opening
}

func (p *Page) opening(ctx context.Context) (bool, error) {
	if p.opener == "" || p.Closed() {
		return false, nil
	}
	u, err := p.TabURL(ctx)
	return u == "" && err == nil && !p.Closed(), err
}

// settingUp reports whether the page is a tab a page opened that is not
// set up yet: the browser holds its set-up until its first page commits,
// and it is still opening until then (TabURL, Opening).
func (p *Page) settingUp() bool {
	if p.setupDone == nil {
		return false
	}
	select {
	case <-p.setupDone:
		return false
	default:
		return !p.Closed()
	}
}

// TabURL is the URL the browser has for the tab: that of the document it
// last committed, same-document moves (history.pushState, #hash)
// included; "" while the tab is opening, its set-up included (settingUp:
// the one place that rule is kept). The browser answers it without
// the page, so it neither waits for a slow first page nor fails while a
// navigation commits, as reading location.href can. A tab the browser no
// longer knows is marked closed, and its URL is "".
func (p *Page) TabURL(ctx context.Context) (string, error) {
	if p.settingUp() {
		return "", nil
	}
	r, err := proto.TargetGetTargetInfo{TargetID: p.targetID()}.Call(p.browser.Context(ctx))
	if err != nil {
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		p.markGone()
		return "", nil
	}
	return r.TargetInfo.URL, nil
}

// ClosingItself reports whether the page's script asked to close its
// window (window.close() in a window a script opened): the browser closes
// it a moment later.
func (p *Page) ClosingItself(ctx context.Context) bool {
	if p.opener == "" {
		return false // only a window a script opened may close itself
	}
	r, err := p.EvalOwn(ctx, "window.closed")
	if err != nil {
		return p.Closed()
	}
	return r.Value.Bool()
}

// WaitClosed waits until the page is gone, for at most 3 seconds (a
// beforeunload handler may keep it open).
func (p *Page) WaitClosed(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	return p.Poll(ctx, func() (bool, error) { return p.Closed(), nil })
}

// BringToFront makes the page the active tab.
func (p *Page) BringToFront(ctx context.Context) error {
	return proto.PageBringToFront{}.Call(p.main.Client(ctx))
}
