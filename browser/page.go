package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"
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
	dl     *downloads // nil until EnableDownloads
	guard  *guard     // the allowed domains; nil: every host (guard.go)
	// origins are the web origins its frames visited (state.go)
	origins []string
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
	return p, err
}

// attach attaches to a page target, starts reading its events and sets
// it up as setupSession says, with the viewport of o. events is a
// subscription taken before the target could send any; unsubscribe ends
// it.
func (c *Context) attach(ctx context.Context, id, opener proto.TargetTargetID, o PageOptions,
	events <-chan *rod.Message, unsubscribe context.CancelFunc) (*Page, error) {
	at, err := proto.TargetAttachToTarget{TargetID: id, Flatten: true}.Call(c.b.rod.Context(ctx))
	if err != nil {
		unsubscribe()
		return nil, fmt.Errorf("cannot attach to the page: %w", err)
	}
	main := &CDPSession{conn: c.b.rod, ID: at.SessionID, FrameID: proto.PageFrameID(id)}
	p := &Page{
		browser:  c.b.rod,
		owner:    c,
		opener:   opener,
		main:     main,
		sessions: []*CDPSession{main},
		bySID:    map[proto.TargetSessionID]*CDPSession{at.SessionID: main},
		requests: map[proto.NetworkRequestID]sentRequest{},
		life:     map[proto.NetworkLoaderID]map[string]bool{},
		worlds:   map[worldKey]proto.RuntimeExecutionContextID{},
		table:    locate.NewRefTable(),
		notify:   make(chan struct{}),
		done:     make(chan struct{}),
		events:   events,
		stop:     unsubscribe,
		secrets:  append([]string(nil), o.Secrets...),
	}
	go p.loop()
	if err := setupSession(main.Client(ctx), c.guard != nil, &proto.EmulationSetDeviceMetricsOverride{Width: o.Width, Height: o.Height, DeviceScaleFactor: 1}); err != nil {
		_ = p.Close()
		return nil, err
	}
	return p, nil
}

// setupSession enables the domains a page or iframe session reports
// through, and attaches to out-of-process iframes below it. The commands
// are sent together (CDP runs them in order per session); a paused iframe
// is always let go at the end, even after an error.
func setupSession(cp *Client, guarded bool, extra ...interface{ Call(proto.Client) error }) error {
	calls := []func() error{
		func() error { return proto.InspectorEnable{}.Call(cp) },
		func() error { return proto.RuntimeEnable{}.Call(cp) },
		func() error { return proto.NetworkEnable{}.Call(cp) },
		func() error { return proto.PageEnable{}.Call(cp) },
		func() error { return proto.PageSetLifecycleEventsEnabled{Enabled: true}.Call(cp) },
		// keeps the accessibility tree alive between snapshots instead of
		// building it anew for every read
		func() error { return proto.AccessibilityEnable{}.Call(cp) },
		// the change watcher (watchJS), in a world of its own
		func() error {
			return proto.RuntimeAddBinding{Name: changeBinding, ExecutionContextName: watchWorld}.Call(cp)
		},
		func() error {
			_, err := proto.PageAddScriptToEvaluateOnNewDocument{Source: watchJS, WorldName: watchWorld, RunImmediately: true}.Call(cp)
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
	resume := proto.RuntimeRunIfWaitingForDebugger{}.Call(cp)
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
	watchJS       = `(() => {
  let last = 0, timer = 0, muts = 0, evs = 0, focus = 0, active = null;
  const fire = () => {
    timer = 0;
    last = Date.now();
    const notify = globalThis.` + changeBinding + `;
    if (notify) notify('');
  };
  const opts = { subtree: true, childList: true, attributes: true, characterData: true };
  const roots = new WeakSet();
  let found = 0; // shadow roots found, and watched since
  const changed = (records) => {
    muts++;
    for (const r of records) for (const n of r.addedNodes) watchShadows(n);
    if (!timer) timer = setTimeout(fire, Math.max(0, 20 - (Date.now() - last)));
  };
  const mo = new MutationObserver(changed);
  const watchShadows = (node) => {
    if (!node || (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11)) return;
    const visit = (el) => {
      const sr = el.shadowRoot;
      if (sr && !roots.has(sr)) { roots.add(sr); found++; mo.observe(sr, opts); watchShadows(sr); }
    };
    if (node.nodeType === 1) visit(node);
    for (const el of node.querySelectorAll('*')) visit(el);
  };
  mo.observe(document, opts);
  watchShadows(document);
  for (const t of ['focusin', 'focusout', 'mouseover', 'mouseout', 'pointerover', 'pointerout', 'resize', 'scroll',
    'toggle', 'load', 'input', 'change', 'transitionrun', 'transitionend', 'animationstart', 'animationend']) {
    addEventListener(t, () => { evs++; }, true);
  }
  if (document.fonts && document.fonts.addEventListener) document.fonts.addEventListener('loadingdone', () => { evs++; });
  globalThis.__smokeflowStamp = () => {
    const pending = mo.takeRecords();
    if (pending.length) changed(pending);
    // a shadow root attached after its host was added is found here
    const known = found;
    watchShadows(document);
    if (found !== known) muts++;
    const moving = document.getAnimations && document.getAnimations().some(a => a.pending || a.playState === 'running');
    if (moving) return '';
    let a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    if (a !== active) { active = a; focus++; }
    let sheets = '';
    for (const s of document.styleSheets) {
      let n = -1;
      try { n = s.cssRules.length; } catch (e) {}
      sheets += (s.disabled ? 'd' : 's') + n + (s.media ? s.media.mediaText : '') + ',';
    }
    const adopted = document.adoptedStyleSheets ? document.adoptedStyleSheets.length : 0;
    return [muts, evs, focus, innerWidth, innerHeight, scrollX, scrollY, devicePixelRatio,
      document.visibilityState, adopted, sheets].join(' ');
  };
})()`
)

// DOMChanges counts the DOM changes the page's change watcher has
// reported (at most one per 20 ms per document): it grows when anything
// on the page changed since an earlier reading.
func (p *Page) DOMChanges() uint64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.changes
}

// Page is one tab: its CDP sessions (the page and its out-of-process
// iframes), what it reported (console, failed requests), and its latest
// snapshot with the ref map steps resolve against.
type Page struct {
	browser *rod.Browser
	owner   *Context
	opener  proto.TargetTargetID // the page that opened this one ("" for NewPage's)
	main    *CDPSession
	events  <-chan *rod.Message
	stop    context.CancelFunc // ends the event subscription

	mu       sync.Mutex
	sessions []*CDPSession
	bySID    map[proto.TargetSessionID]*CDPSession
	requests map[proto.NetworkRequestID]sentRequest
	life     map[proto.NetworkLoaderID]map[string]bool
	loader   proto.NetworkLoaderID // the main frame's current document
	status   int
	console  []ConsoleEntry
	failed   []FailedRequest
	notify   chan struct{}
	changes  uint64 // DOM changes the watcher reported
	// lastChange is when the watcher last reported a DOM change, or the
	// main document loaded: a page at rest has had none for a while
	// (actions.go atRest).
	lastChange time.Time
	sent       uint64 // requests the page sent (Requests)
	// gen moves at every change of the page smokeflow hears of, and at
	// every input it sends (reuse.go); reads counts the full reads
	gen, reads uint64
	last       *reuse    // the read to reuse, if any (reuse.go)
	held       *heldElem // the element an action's attempt works on (actions.go)
	quiet      quiet     // what settling watches (settle.go)
	crashed    bool
	closed     bool
	gone       bool     // the target went away: closed by the page, or by Close
	dialogs    []Dialog // the native dialogs it opened, in order
	dialogUp   bool     // a dialog is open (not answered yet)
	done       chan struct{}

	refs  *locate.Snapshot // the latest `snapshot` the user saw
	table *locate.RefTable // numbers the refs of every snapshot (snapshot.go)

	navs []Navigation // the main frame's, in order

	// the context of smokeflow's isolated world in each frame (world.go)
	worlds map[worldKey]proto.RuntimeExecutionContextID

	secrets []string // painted over in screenshots (mask.go)

	traceReads readLog    // the snapshots read, for the trace (trace.go)
	cast       screencast // the newest screencast frame (trace.go)
}

// ConsoleEntry is a console message or an uncaught exception.
type ConsoleEntry struct {
	Type string // error, warning, exception, ...
	Text string
	URL  string
	Time time.Time
}

// FailedRequest is a network error or a 4xx/5xx response.
type FailedRequest struct {
	Method string
	URL    string
	Status int
	Error  string
	Time   time.Time
	// loader is the document the request was made for (its loader id);
	// doc: it was the main frame's document itself (DocumentFailures)
	loader proto.NetworkLoaderID
	doc    bool
}

// sentRequest is a request the page sent, as its failure needs it.
type sentRequest struct {
	req    *proto.NetworkRequest
	loader proto.NetworkLoaderID
	doc    bool // the main frame's document
}

func (f FailedRequest) String() string {
	if f.Status > 0 {
		return fmt.Sprintf("%s %s → %d", f.Method, f.URL, f.Status)
	}
	return fmt.Sprintf("%s %s → %s", f.Method, f.URL, f.Error)
}

// Client is the page's main CDP session bound to ctx, for proto calls.
func (p *Page) Client(ctx context.Context) *Client { return p.main.Client(ctx) }

// Sessions are the page's CDP sessions, the main page first.
func (p *Page) Sessions() []*CDPSession {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]*CDPSession(nil), p.sessions...)
}

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

// Crashed reports whether the page's renderer crashed or the page went away.
func (p *Page) Crashed() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.crashed
}

// Console returns what the page logged so far (errors, warnings,
// exceptions).
func (p *Page) Console() []ConsoleEntry {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]ConsoleEntry(nil), p.console...)
}

// FailedRequests returns the failed requests so far.
func (p *Page) FailedRequests() []FailedRequest {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]FailedRequest(nil), p.failed...)
}

// DocumentFailures are the failed requests the main frame's current
// document made (its scripts, styles, images, fetches), its own request
// not among them (Status says that one).
func (p *Page) DocumentFailures() []FailedRequest {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []FailedRequest
	for _, f := range p.failed {
		if f.loader == p.loader && f.loader != "" && !f.doc {
			out = append(out, f)
		}
	}
	return out
}

// Status is the HTTP status of the main document's last navigation.
func (p *Page) Status() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.status
}

// signal records a change of the page (its generation moves, reuse.go)
// and wakes its waiters. Under p.mu.
func (p *Page) signal() {
	p.gen++
	p.wake()
}

// wake wakes the page's waiters. Under p.mu.
func (p *Page) wake() {
	close(p.notify)
	p.notify = make(chan struct{})
}

func (p *Page) loop() {
	defer close(p.done)
	for msg := range p.events {
		if p.watchTargets(msg) {
			continue
		}
		p.mu.Lock()
		s := p.bySID[proto.TargetSessionID(msg.SessionID)]
		if s == nil && msg.Method == "Target.detachedFromTarget" {
			// detach events arrive on the parent's session (or none)
			s = p.main
		}
		p.mu.Unlock()
		if s == nil {
			continue
		}
		p.handle(s, msg)
	}
}

// handle applies one protocol event to the page's state, by family.
func (p *Page) handle(s *CDPSession, msg *rod.Message) {
	switch msg.Method {
	case "Target.attachedToTarget", "Target.detachedFromTarget", "Inspector.targetCrashed":
		p.handleTarget(s, msg)
	case "Runtime.consoleAPICalled", "Runtime.exceptionThrown":
		p.handleConsole(msg)
	case "Network.requestWillBeSent", "Network.responseReceived", "Network.loadingFailed", "Network.loadingFinished":
		p.handleNetwork(s, msg)
	case "Page.lifecycleEvent", "Runtime.bindingCalled", "Page.frameNavigated", "Page.navigatedWithinDocument",
		"Page.frameRequestedNavigation", "Accessibility.nodesUpdated", "Accessibility.loadComplete":
		p.handleLifecycle(s, msg)
	case "Runtime.executionContextCreated", "Runtime.executionContextDestroyed", "Runtime.executionContextsCleared":
		p.handleWorlds(s, msg)
	case "Page.screencastFrame":
		p.onScreencastFrame(s, msg)
	}
	if msg.Method == "Page.frameNavigated" {
		p.handleWorlds(s, msg)
	}
}

// handleTarget follows frame targets attaching and detaching, and a crash.
func (p *Page) handleTarget(s *CDPSession, msg *rod.Message) {
	switch msg.Method {
	case "Target.attachedToTarget":
		var e proto.TargetAttachedToTarget
		if !msg.Load(&e) || e.TargetInfo == nil {
			return
		}
		if e.TargetInfo.Type != "iframe" {
			// workers and the like: let them run
			w := &CDPSession{conn: p.browser, ID: e.SessionID}
			_ = proto.RuntimeRunIfWaitingForDebugger{}.Call(w.Client(context.Background()))
			return
		}
		child := &CDPSession{conn: p.browser, ID: e.SessionID, Parent: s, FrameID: proto.PageFrameID(e.TargetInfo.TargetID)}
		p.mu.Lock()
		p.sessions = append(p.sessions, child)
		p.bySID[e.SessionID] = child
		p.gen++
		p.mu.Unlock()
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			_ = setupSession(child.Client(ctx), p.owner != nil && p.owner.guard != nil)
		}()
	case "Target.detachedFromTarget":
		var e proto.TargetDetachedFromTarget
		if !msg.Load(&e) {
			return
		}
		p.mu.Lock()
		if c := p.bySID[e.SessionID]; c != nil && c != p.main {
			p.gen++
			delete(p.bySID, e.SessionID)
			for k := range p.worlds {
				if k.session == e.SessionID {
					delete(p.worlds, k)
				}
			}
			for i, x := range p.sessions {
				if x == c {
					p.sessions = append(p.sessions[:i], p.sessions[i+1:]...)
					break
				}
			}
		}
		p.mu.Unlock()
	case "Inspector.targetCrashed":
		p.mu.Lock()
		p.crashed = true
		p.signal()
		p.mu.Unlock()
	}
}

// handleConsole keeps console errors and warnings and uncaught exceptions.
func (p *Page) handleConsole(msg *rod.Message) {
	switch msg.Method {
	case "Runtime.consoleAPICalled":
		var e proto.RuntimeConsoleAPICalled
		if !msg.Load(&e) {
			return
		}
		if e.Type != proto.RuntimeConsoleAPICalledTypeError && e.Type != proto.RuntimeConsoleAPICalledTypeWarning && e.Type != proto.RuntimeConsoleAPICalledTypeAssert {
			return
		}
		var parts []string
		for _, a := range e.Args {
			parts = append(parts, remoteString(a))
		}
		typ := string(e.Type)
		if e.Type == proto.RuntimeConsoleAPICalledTypeAssert {
			typ = "error"
		}
		p.addConsole(ConsoleEntry{Type: typ, Text: strings.Join(parts, " "), Time: time.Now()})
	case "Runtime.exceptionThrown":
		var e proto.RuntimeExceptionThrown
		if !msg.Load(&e) || e.ExceptionDetails == nil {
			return
		}
		d := e.ExceptionDetails
		text := d.Text
		if d.Exception != nil && d.Exception.Description != "" {
			text = d.Exception.Description
		}
		p.addConsole(ConsoleEntry{Type: "exception", Text: text, URL: d.URL, Time: time.Now()})
	}
}

// handleNetwork keeps the main document's status, the failed requests and
// the requests in flight.
// mainDocument says a request or response reported on session s, of
// resource type t for frame f, is a document of the page's main frame.
func (p *Page) mainDocument(s *CDPSession, t proto.NetworkResourceType, f proto.PageFrameID) bool {
	return s == p.main && t == proto.NetworkResourceTypeDocument && f == p.main.FrameID
}

func (p *Page) handleNetwork(s *CDPSession, msg *rod.Message) {
	switch msg.Method {
	case "Network.requestWillBeSent":
		var e proto.NetworkRequestWillBeSent
		if !msg.Load(&e) {
			return
		}
		p.mu.Lock()
		if len(p.requests) > 5000 {
			p.requests = map[proto.NetworkRequestID]sentRequest{}
		}
		p.requests[e.RequestID] = sentRequest{req: e.Request, loader: e.LoaderID,
			doc: p.mainDocument(s, e.Type, e.FrameID)}
		if e.RedirectResponse == nil && e.Request != nil && !browserOwn(e.Type, e.Request.URL) {
			p.sent++
		}
		p.quiet.started(&e, p.mainDocument(s, e.Type, e.FrameID))
		p.mu.Unlock()
	case "Network.responseReceived":
		var e proto.NetworkResponseReceived
		if !msg.Load(&e) || e.Response == nil {
			return
		}
		p.mu.Lock()
		if strings.HasPrefix(e.Response.MIMEType, "text/event-stream") {
			p.quiet.ended(e.RequestID) // a stream: it holds nothing back
		}
		doc := p.mainDocument(s, e.Type, e.FrameID)
		if doc {
			p.status = e.Response.Status
		}
		if e.Response.Status >= 400 && !browserOwn(e.Type, e.Response.URL) {
			method := "GET"
			if r := p.requests[e.RequestID]; r.req != nil {
				method = r.req.Method
			}
			p.failed = append(p.failed, FailedRequest{Method: method, URL: e.Response.URL, Status: e.Response.Status, Time: time.Now(),
				loader: e.LoaderID, doc: doc})
		}
		p.mu.Unlock()
	case "Network.loadingFailed":
		var e proto.NetworkLoadingFailed
		if !msg.Load(&e) {
			return
		}
		p.mu.Lock()
		p.quiet.ended(e.RequestID)
		if e.Canceled {
			p.mu.Unlock()
			return
		}
		method, url := "GET", ""
		r := p.requests[e.RequestID]
		if r.req != nil {
			method, url = r.req.Method, r.req.URL
		}
		if url != "" && !strings.HasPrefix(url, "data:") && !browserOwn(e.Type, url) {
			p.failed = append(p.failed, FailedRequest{Method: method, URL: url, Error: e.ErrorText, Time: time.Now(),
				loader: r.loader, doc: r.doc})
		}
		p.mu.Unlock()
	case "Network.loadingFinished":
		var e proto.NetworkLoadingFinished
		if !msg.Load(&e) {
			return
		}
		p.mu.Lock()
		p.quiet.ended(e.RequestID)
		p.mu.Unlock()
	}
}

// handleLifecycle records load milestones and page changes, and wakes the waiters.
func (p *Page) handleLifecycle(s *CDPSession, msg *rod.Message) {
	switch msg.Method {
	case "Page.lifecycleEvent":
		var e proto.PageLifecycleEvent
		if !msg.Load(&e) || s != p.main || e.FrameID != p.main.FrameID {
			return
		}
		p.mu.Lock()
		if e.Name == "init" {
			p.loader = e.LoaderID
		}
		m := p.life[e.LoaderID]
		if m == nil {
			m = map[string]bool{}
			p.life[e.LoaderID] = m
		}
		m[string(e.Name)] = true
		if e.Name == "load" {
			p.lastChange = time.Now()
		}
		if (e.Name == "firstPaint" || e.Name == "firstContentfulPaint") && e.LoaderID == p.loader {
			p.painted(p.docsLocked()) // trace.go
		}
		p.signal()
		p.mu.Unlock()
	case "Runtime.bindingCalled":
		var e proto.RuntimeBindingCalled
		if !msg.Load(&e) || e.Name != changeBinding {
			return
		}
		p.mu.Lock()
		if s != p.main || !p.quiet.idleAnswer(e.Payload) {
			p.changes++
			p.lastChange = time.Now()
			if s != p.main || e.ExecutionContextID != p.worlds[worldKey{s.ID, p.main.FrameID}] {
				p.quiet.elsewhere++
			}
			p.signal()
		} else {
			p.wake() // an idle probe's answer: nothing changed
		}
		p.mu.Unlock()
	case "Page.frameRequestedNavigation":
		var e proto.PageFrameRequestedNavigation
		if !msg.Load(&e) || s != p.main || e.FrameID != p.main.FrameID {
			return
		}
		p.mu.Lock()
		p.quiet.navigating(&e)
		p.mu.Unlock()
	case "Page.frameNavigated", "Page.navigatedWithinDocument":
		p.visited(msg)
		p.mu.Lock()
		if n, ok := mainNavigation(s == p.main, p.main.FrameID, msg); ok {
			p.navs = append(p.navs, n)
			p.quiet.asked = flight{} // it went somewhere
		}
		p.signal()
		p.mu.Unlock()
	case "Accessibility.nodesUpdated", "Accessibility.loadComplete":
		p.mu.Lock()
		p.signal()
		p.mu.Unlock()
	}
}

// Navigation is a navigation of a page's main frame: to another document,
// or within the document (a #hash, the history API).
type Navigation struct {
	URL          string
	SameDocument bool
	Time         time.Time
}

// mainNavigation reads a navigation event of the main frame (main: it
// came on the page's own session, whose frame is frame).
func mainNavigation(main bool, frame proto.PageFrameID, msg *rod.Message) (Navigation, bool) {
	if !main {
		return Navigation{}, false
	}
	if msg.Method == "Page.navigatedWithinDocument" {
		var e proto.PageNavigatedWithinDocument
		if !msg.Load(&e) || e.FrameID != frame {
			return Navigation{}, false
		}
		return Navigation{URL: e.URL, SameDocument: true, Time: time.Now()}, true
	}
	var e proto.PageFrameNavigated
	if !msg.Load(&e) || e.Frame == nil || e.Frame.ID != frame {
		return Navigation{}, false
	}
	return Navigation{URL: e.Frame.URL + e.Frame.URLFragment, Time: time.Now()}, true
}

// Navigations are the navigations of the page's main frame so far, in
// order.
func (p *Page) Navigations() []Navigation {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]Navigation(nil), p.navs...)
}

// browserOwn reports a request the browser makes on its own, not the
// page: the automatic favicon fetch.
func browserOwn(typ proto.NetworkResourceType, url string) bool {
	if typ != proto.NetworkResourceTypeOther && typ != "" {
		return false
	}
	if i := strings.IndexAny(url, "?#"); i >= 0 {
		url = url[:i]
	}
	return strings.HasSuffix(url, "/favicon.ico")
}

func (p *Page) addConsole(c ConsoleEntry) {
	p.mu.Lock()
	if len(p.console) < 1000 {
		p.console = append(p.console, c)
	}
	p.mu.Unlock()
}

func remoteString(a *proto.RuntimeRemoteObject) string {
	if a == nil {
		return ""
	}
	if a.Description != "" {
		return a.Description
	}
	if a.UnserializableValue != "" {
		return string(a.UnserializableValue)
	}
	s := a.Value.String()
	if strings.HasPrefix(s, `"`) {
		s = a.Value.Str()
	}
	return s
}

// waitFor blocks until cond holds (checked under the lock after every page
// event) or ctx ends.
func (p *Page) waitFor(ctx context.Context, cond func() bool) error {
	for {
		p.mu.Lock()
		ok := cond()
		crashed := p.crashed
		ch := p.notify
		p.mu.Unlock()
		if ok {
			return nil
		}
		if crashed {
			return ErrPageCrashed
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

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
	defer p.input()() // the script may have changed anything (reuse.go)
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
