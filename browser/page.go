package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

// Context is an isolated browser context (incognito): its own cookies,
// storage and cache.
type Context struct {
	b   *Browser
	rod *rod.Browser
	id  proto.BrowserBrowserContextID

	mu     sync.Mutex
	opts   PageOptions // of the first page, for the tabs its pages open
	tabs   []*tab      // every page, in the order they opened
	answer *DialogAnswer
	dl     *downloads                 // nil until EnableDownloads
	frames map[proto.PageFrameID]bool // frames attached in its pages (downloads.go)
	guard  *guard                     // the allowed domains; nil: every host (guard.go)
	// origins are the web origins its frames visited (state.go)
	origins []string
	// net is the connection a `network` step set, for every page
	// (emulation.go); nil: the browser's own
	net *flows.Network
	// holder sets up the tabs its pages open (hold.go); nil until needed
	holder *holder
}

// NewContext opens a fresh incognito context.
func (b *Browser) NewContext(ctx context.Context) (*Context, error) {
	r, err := proto.TargetCreateBrowserContext{DisposeOnDetach: true}.Call(b.rod.Context(ctx))
	if err != nil {
		return nil, fmt.Errorf("cannot open a browser context: %w", err)
	}
	rb := *b.rod
	cb := (&rb).NoDefaultDevice()
	cb.BrowserContextID = r.BrowserContextID
	return &Context{b: b, rod: cb, id: r.BrowserContextID}, nil
}

// Close disposes of the context and its pages.
func (c *Context) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c.stopDownloads(ctx)
	err := proto.TargetDisposeBrowserContext{BrowserContextID: c.id}.Call(c.b.rod.Context(ctx))
	if c.guard != nil {
		c.guard.close(ctx) // after the pages: they never run unguarded
	}
	c.mu.Lock()
	h := c.holder
	c.mu.Unlock()
	if h != nil {
		h.close(ctx)
	}
	for _, p := range c.allPages() {
		p.stop()
	}
	return err
}

// PageOptions configure NewPage.
type PageOptions struct {
	Width, Height int // viewport; 1280x800 when zero
	// Secrets are painted over in every screenshot of the page, wherever
	// a field holds one or the page shows one (docs/running.md "Secrets in
	// screenshots").
	Secrets []string
	// Emulation is the device and places of the context's pages
	// (emulation.go); only the first page's counts.
	Emulation Emulation
}

// NewPage opens a page in the context.
func (c *Context) NewPage(ctx context.Context, o PageOptions) (*Page, error) {
	if o.Width <= 0 {
		o.Width = 1280
	}
	if o.Height <= 0 {
		o.Height = 800
	}
	c.mu.Lock()
	if len(c.tabs) == 0 {
		o.Emulation.clockSince = time.Now()
		c.opts = o
	}
	c.mu.Unlock()
	// Subscribe first, so that no event of the new page is missed; the
	// subscription ends with the page.
	subCtx, unsubscribe := context.WithCancel(context.Background())
	events := c.b.rod.Context(subCtx).Event()
	tg, err := proto.TargetCreateTarget{URL: "about:blank", BrowserContextID: c.id}.Call(c.b.rod.Context(ctx))
	if err != nil {
		unsubscribe()
		return nil, fmt.Errorf("cannot open a page: %w", err)
	}
	t := c.addTab(tg.TargetID)
	defer close(t.ready)
	p, err := c.attach(ctx, tg.TargetID, "", o, events, unsubscribe)
	c.mu.Lock()
	t.page = p
	c.mu.Unlock()
	if err == nil && o.Emulation.set() {
		err = c.hold(ctx)
	}
	return p, err
}

// attach attaches to a page target, starts reading its events and sets
// it up as setupSession says, with the viewport of o. events is a
// subscription taken before the target could send any; unsubscribe ends
// it.
func (c *Context) attach(ctx context.Context, id, opener proto.TargetTargetID, o PageOptions,
	events <-chan *rod.Message, unsubscribe context.CancelFunc) (*Page, error) {
	p, err := c.attachTarget(ctx, id, opener, o.Secrets, events, unsubscribe)
	if err != nil {
		return nil, err
	}
	if err := c.setUp(ctx, p, o); err != nil {
		return nil, err
	}
	return p, nil
}

// attachTarget attaches to a page target and starts reading its events;
// the page is not set up yet (setUp).
func (c *Context) attachTarget(ctx context.Context, id, opener proto.TargetTargetID, secrets []string,
	events <-chan *rod.Message, unsubscribe context.CancelFunc) (*Page, error) {
	at, err := proto.TargetAttachToTarget{TargetID: id, Flatten: true}.Call(c.b.rod.Context(ctx))
	if err != nil {
		unsubscribe()
		return nil, fmt.Errorf("cannot attach to the page: %w", err)
	}
	main := &CDPSession{conn: c.b.rod, ID: at.SessionID, FrameID: proto.PageFrameID(id)}
	p := &Page{
		browser:   c.b.rod,
		owner:     c,
		opener:    opener,
		watcher:   newWatcher(events, unsubscribe),
		frames:    newFrames(main),
		capturing: capturing{secrets: append([]string(nil), secrets...)},
		table:     locate.NewRefTable(),
	}
	go p.loop()
	return p, nil
}

// setUp sets a page up as setupSession says, with the viewport of o; a
// page that could not be set up is closed.
func (c *Context) setUp(ctx context.Context, p *Page, o PageOptions) error {
	c.mu.Lock()
	net := c.net
	c.mu.Unlock()
	emulate, err := c.pageCalls(ctx, o, net)
	if err == nil {
		err = setupSession(p.main.Client(ctx), c.guard != nil, false, emulate...)
	}
	if err != nil {
		_ = p.Close()
	}
	return err
}

// setupSession enables the domains a page or iframe session reports
// through, and attaches to out-of-process iframes below it. The commands
// are sent together (CDP runs them in order per session); a paused iframe
// is always let go at the end, even after an error. A page is never
// paused by its own session, and is not told to run: that command waits
// for a tab's first page, which a slow server may never send (a tab
// opened to it would stay unusable; docs/flows.md "tab").
func setupSession(cp *Client, guarded, paused bool, extra ...cdpCall) error {
	calls := []func() error{
		func() error { return proto.InspectorEnable{}.Call(cp) },
		func() error { return proto.RuntimeEnable{}.Call(cp) },
		func() error { return proto.NetworkEnable{}.Call(cp) },
		func() error { return proto.PageEnable{}.Call(cp) },
		func() error { return proto.PageSetLifecycleEventsEnabled{Enabled: true}.Call(cp) },
		// keeps the accessibility tree alive between snapshots instead of
		// building it anew for every read
		func() error { return proto.AccessibilityEnable{}.Call(cp) },
		// counts the main thread's time on tasks from the document's start
		// (mainthread.go): counting begins when the domain is on
		func() error {
			return proto.PerformanceEnable{TimeDomain: proto.PerformanceEnableTimeDomainTimeTicks}.Call(cp)
		},
		// the change watcher (watchJS), in a world of its own
		func() error {
			return proto.RuntimeAddBinding{Name: changeBinding, ExecutionContextName: watchWorld}.Call(cp)
		},
		func() error {
			_, err := proto.PageAddScriptToEvaluateOnNewDocument{Source: watchJS(), WorldName: watchWorld, RunImmediately: true}.Call(cp)
			return err
		},
	}
	for _, e := range extra {
		calls = append(calls, func() error { return e.Call(cp) })
	}
	errs := make([]error, len(calls)+1)
	var wg sync.WaitGroup
	for i, call := range calls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = call()
		}()
	}
	wg.Wait()
	attach := proto.TargetSetAutoAttach{AutoAttach: true, WaitForDebuggerOnStart: true, Flatten: true}
	if guarded {
		// the workers are the guard's alone to let run (guard.go)
		attach.Filter = proto.TargetTargetFilter{{Type: "iframe"}, {Exclude: true}}
	}
	errs[len(calls)] = attach.Call(cp)
	var resume error
	if paused {
		resume = proto.RuntimeRunIfWaitingForDebugger{}.Call(cp)
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return resume
}

// The change watcher: a MutationObserver in every document of the page,
// and in every open shadow root in it (found as elements are added), in
// an isolated world (the page's own scripts cannot see it), that calls
// a binding when the DOM changes, at most every 20 ms. The binding's
// Runtime.bindingCalled event wakes a waiting poll (Page.Poll), so a step
// sees an element soon after it appears. Chromium's
// Accessibility.nodesUpdated is no substitute: it is not sent for content
// added to a page that was read before. The watcher also keeps the
// document's stamp, for reusing a read (reuse.go, docs/targets.md
// "Reusing a read").
const (
	watchWorld    = "smokeflow"
	changeBinding = "__smokeflowChanged"
)

// Page is one tab, in parts along what it holds
// (docs/architecture-notes.md "Page's parts"): the watcher (the event
// loop and what the page reported, with the change clock; watcher.go),
// its frames and smokeflow's worlds in them (frames.go), the input it is
// sent (inputs.go), what is captured of it (capturing.go); and its latest
// snapshot with the ref map steps resolve against. The parts are embedded:
// their fields and methods are the page's.
type Page struct {
	browser *rod.Browser
	owner   *Context
	opener  proto.TargetTargetID // the page that opened this one ("" for NewPage's)
	// setupDone is closed once an adopted tab is set up; nil for a page
	// set up before it was listed (tabs.go, Context.awaitTab, settingUp)
	setupDone chan struct{}

	// mu guards the watcher's, the frames' and the inputs' state: one lock
	// for the three, as an event changes several at once (a frame detached
	// moves the generation). capturing keeps locks of its own.
	mu sync.Mutex
	watcher
	frames
	inputs
	capturing

	// recording receives what record.js sends (record.go); nil when the
	// page is not recorded. Under mu.
	recording chan RecordCall

	refs  *locate.Snapshot // the latest `snapshot` the user saw
	table *locate.RefTable // numbers the refs of every snapshot (snapshot.go)
}

// Client is the page's main CDP session bound to ctx, for proto calls.
func (p *Page) Client(ctx context.Context) *Client { return p.main.Client(ctx) }

// Close closes the page.
func (p *Page) Close() error {
	p.mu.Lock()
	p.closed = true
	p.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	_, err := proto.TargetCloseTarget{TargetID: proto.TargetTargetID(p.main.FrameID)}.Call(p.browser.Context(ctx))
	p.stop()
	return err
}

// signal records a change of the page on its clock (its generation
// moves, clock.go) and wakes its waiters. Under p.mu.
func (p *Page) signal() { p.clock.signal() }

// ErrPageCrashed is returned when the renderer crashed.
var ErrPageCrashed = errors.New("the page crashed")

// NavigateError is a navigation that failed at the network level.
type NavigateError struct {
	URL  string
	Text string // net::ERR_CONNECTION_REFUSED
}

func (e *NavigateError) Error() string {
	return fmt.Sprintf("cannot open %s: %s", e.URL, e.Text)
}

// Navigate opens url and waits for the given lifecycle point: "load"
// (default), "domcontentloaded" or "networkidle". It returns the HTTP
// status of the document.
func (p *Page) Navigate(ctx context.Context, url, wait string) (int, error) {
	p.sealFrames() // what it paints from now on is not the last step's page
	r, err := proto.PageNavigate{URL: url}.Call(p.main.Client(ctx))
	if err != nil {
		return 0, err
	}
	if r.ErrorText != "" {
		return 0, &NavigateError{URL: url, Text: r.ErrorText}
	}
	if r.LoaderID == "" {
		// same-document navigation (a #hash)
		return p.Status(), nil
	}
	if err := p.WaitLoad(ctx, r.LoaderID, wait); err != nil {
		return p.Status(), err
	}
	return p.Status(), nil
}

// WaitLoad waits for a lifecycle point of a document ("" = the current).
func (p *Page) WaitLoad(ctx context.Context, loader proto.NetworkLoaderID, wait string) error {
	name := "load"
	switch wait {
	case "domcontentloaded":
		name = "DOMContentLoaded"
	case "networkidle":
		name = "networkIdle"
	}
	return p.waitFor(ctx, func() bool {
		l := loader
		if l == "" {
			l = p.loader
		}
		return p.life[l][name]
	})
}

// Eval runs JavaScript in the main frame, in the page's own world (its
// globals, as its scripts left them), and returns its JSON result.
// Promises are awaited. smokeflow's own code goes to EvalOwn instead
// (docs/targets.md "smokeflow's code in the page").
func (p *Page) Eval(ctx context.Context, js string) (proto.RuntimeRemoteObject, error) {
	defer p.input()() // the script may have changed anything (inputs.go)
	r, err := proto.RuntimeEvaluate{Expression: js, ReturnByValue: true, AwaitPromise: true, UserGesture: true}.Call(p.main.Client(ctx))
	if err != nil {
		return proto.RuntimeRemoteObject{}, err
	}
	if r.ExceptionDetails != nil {
		msg := r.ExceptionDetails.Text
		if r.ExceptionDetails.Exception != nil && r.ExceptionDetails.Exception.Description != "" {
			msg = r.ExceptionDetails.Exception.Description
		}
		return proto.RuntimeRemoteObject{}, &ScriptError{Msg: msg}
	}
	return *r.Result, nil
}

// ScriptError is an exception thrown by page JavaScript.
type ScriptError struct {
	Msg string
	// Line is the line of an `eval` step's code the error comes from, when
	// the code has several lines (0: not known or not useful).
	Line int
}

func (e *ScriptError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("script error: %s (line %d of the script)", e.Msg, e.Line)
	}
	return "script error: " + e.Msg
}

// URLAndTitle reads the main frame's URL and its document's title, in
// one evaluation: the one read of them (docs/architecture-notes.md "Rules
// in one place").
func (p *Page) URLAndTitle(ctx context.Context) (url, title string, err error) {
	r, err := p.EvalOwn(ctx, "[location.href, document.title]")
	if err != nil {
		return "", "", err
	}
	var pair []string
	if err := json.Unmarshal([]byte(r.Value.JSON("", "")), &pair); err != nil || len(pair) != 2 {
		return "", "", fmt.Errorf("reading the URL and title: %q", r.Value.JSON("", ""))
	}
	return pair[0], pair[1], nil
}

// URL of the main frame; "" when the page cannot answer.
func (p *Page) URL(ctx context.Context) string {
	u, _, _ := p.URLAndTitle(ctx)
	return u
}

// Title of the main document; "" when the page cannot answer.
func (p *Page) Title(ctx context.Context) string {
	_, t, _ := p.URLAndTitle(ctx)
	return t
}

// TakeSnapshot reads the page and shows it to the reader (the `snapshot`
// step and command): its refs now mean its elements as it shows them
// (docs/targets.md "Resolution", 1).
func (p *Page) TakeSnapshot(ctx context.Context) (*locate.Snapshot, error) {
	s, err := p.Snapshot(ctx)
	if err != nil {
		return nil, err
	}
	p.Show(s, nil)
	return s, nil
}

// Show makes s, a read of this page, the latest snapshot read for the
// reader, and records the refs it hands the reader (docs/targets.md
// "Resolution", 1): those of shown, or, when shown is nil, all of s's
// (it was printed whole).
func (p *Page) Show(s *locate.Snapshot, shown []*locate.Node) {
	if shown == nil {
		p.table.Record(s)
	} else {
		p.table.RecordNodes(s, shown...)
	}
	p.mu.Lock()
	p.refs = s
	p.mu.Unlock()
}

// RefMap is the latest snapshot shown to the reader (nil before any).
func (p *Page) RefMap() *locate.Snapshot {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.refs
}

// RefTable is the table that numbers the page's refs and that `@eN`
// refs are looked up in (docs/targets.md "The snapshot", "Refs").
func (p *Page) RefTable() *locate.RefTable { return p.table }
