package browser

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"
)

// watcher is the part of a page that follows its events
// (docs/architecture-notes.md "Page's parts"): the event loop
// (Page.loop), what the page reported (console, requests, failures,
// navigations, dialogs), its main document's lifecycle, and the change
// clock (clock.go). Its state is under Page.mu.
type watcher struct {
	events <-chan *rod.Message
	stop   context.CancelFunc // ends the event subscription
	done   chan struct{}      // closed when the event loop ends

	requests map[proto.NetworkRequestID]sentRequest
	life     map[proto.NetworkLoaderID]map[string]bool
	loader   proto.NetworkLoaderID // the main frame's current document
	status   int
	console  consoleLog
	failed   []FailedRequest
	reqs     requestLog // every request, for the agent's `network` (netlog.go)
	sent     uint64     // requests the page sent (Requests)
	// clock says whether the page changed, is quiet, or may have a read
	// reused (clock.go; docs/architecture-notes.md "The change clock")
	clock    clock
	crashed  bool
	closed   bool
	gone     bool         // the target went away: closed by the page, or by Close
	dialogs  []Dialog     // the native dialogs it opened, in order
	dialogUp bool         // a dialog is open (not answered yet)
	navs     []Navigation // the main frame's, in order
}

func newWatcher(events <-chan *rod.Message, stop context.CancelFunc) watcher {
	return watcher{
		events:   events,
		stop:     stop,
		done:     make(chan struct{}),
		requests: map[proto.NetworkRequestID]sentRequest{},
		life:     map[proto.NetworkLoaderID]map[string]bool{},
		clock:    newClock(),
	}
}

// docsLocked is docCount; the caller holds Page.mu.
func (w *watcher) docsLocked() int {
	n := 0
	for _, nav := range w.navs {
		if !nav.SameDocument {
			n++
		}
	}
	return n
}

// DOMChanges counts the DOM changes the page's change watcher has
// reported (at most one per 20 ms per document): it grows when anything
// on the page changed since an earlier reading.
func (p *Page) DOMChanges() uint64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.clock.changes
}

// ConsoleEntry is a console message or an uncaught exception.
type ConsoleEntry struct {
	Type string // error, warning, exception, log, info, debug, ...
	Text string
	URL  string // the script that logged it, when known
	Line int    // its line in URL, from 1; 0 when unknown
	Time time.Time
	// Seq numbers the page's messages from 1, in order: a reader reads on
	// from the last it saw (Page.ConsoleSince)
	Seq uint64
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
	var out []ConsoleEntry
	for _, c := range p.console.entries {
		if problem(c.Type) {
			out = append(out, c)
		}
	}
	return out
}

// ConsoleSince returns every message the page logged after the one
// numbered seq (0: all), of every level, in order (docs/agents.md
// "console").
func (p *Page) ConsoleSince(seq uint64) []ConsoleEntry {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []ConsoleEntry
	for _, c := range p.console.entries {
		if c.Seq > seq {
			out = append(out, c)
		}
	}
	return out
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
		"Page.frameRequestedNavigation", "Page.frameStoppedLoading", "Accessibility.nodesUpdated", "Accessibility.loadComplete":
		p.handleLifecycle(s, msg)
	case "Runtime.executionContextCreated", "Runtime.executionContextDestroyed", "Runtime.executionContextsCleared":
		p.handleWorlds(s, msg)
	case "Page.screencastFrame":
		p.onScreencastFrame(s, msg)
	case "Input.dragIntercepted":
		p.onDragIntercepted(msg)
	case "Page.frameAttached":
		var e proto.PageFrameAttached
		if p.owner != nil && msg.Load(&e) {
			p.owner.noteFrame(e.FrameID)
		}
	}
	if msg.Method == "Page.frameNavigated" {
		p.handleWorlds(s, msg)
	}
}

// handleConsole keeps console messages, of every level, and uncaught
// exceptions, with the script and line they came from.
func (p *Page) handleConsole(msg *rod.Message) {
	switch msg.Method {
	case "Runtime.consoleAPICalled":
		var e proto.RuntimeConsoleAPICalled
		if !msg.Load(&e) {
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
		c := ConsoleEntry{Type: typ, Text: strings.Join(parts, " "), Time: time.Now()}
		if e.StackTrace != nil && len(e.StackTrace.CallFrames) > 0 {
			f := e.StackTrace.CallFrames[0]
			c.URL, c.Line = f.URL, f.LineNumber+1
		}
		p.addConsole(c)
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
		p.addConsole(ConsoleEntry{Type: "exception", Text: text, URL: d.URL, Line: d.LineNumber + 1, Time: time.Now()})
	}
}

// mainDocument says a request or response reported on session s, of
// resource type t for frame f, is a document of the page's main frame.
func (p *Page) mainDocument(s *CDPSession, t proto.NetworkResourceType, f proto.PageFrameID) bool {
	return s == p.main && t == proto.NetworkResourceTypeDocument && f == p.main.FrameID
}

// handleNetwork keeps the main document's status, the failed requests and
// the requests in flight.
func (p *Page) handleNetwork(s *CDPSession, msg *rod.Message) {
	switch msg.Method {
	case "Network.requestWillBeSent":
		var e proto.NetworkRequestWillBeSent
		if !msg.Load(&e) {
			return
		}
		p.mu.Lock()
		p.requestSent(time.Now(), &e, p.mainDocument(s, e.Type, e.FrameID))
		p.mu.Unlock()
	case "Network.responseReceived":
		var e proto.NetworkResponseReceived
		if !msg.Load(&e) || e.Response == nil {
			return
		}
		p.mu.Lock()
		p.responseReceived(time.Now(), &e, p.mainDocument(s, e.Type, e.FrameID))
		p.mu.Unlock()
	case "Network.loadingFailed":
		var e proto.NetworkLoadingFailed
		if !msg.Load(&e) {
			return
		}
		p.mu.Lock()
		p.loadingFailed(time.Now(), &e)
		p.mu.Unlock()
	case "Network.loadingFinished":
		var e proto.NetworkLoadingFinished
		if !msg.Load(&e) {
			return
		}
		p.mu.Lock()
		now := time.Now()
		p.clock.requestEnded(now, e.RequestID)
		p.reqs.ended(now, e.RequestID, "", false)
		p.mu.Unlock()
	}
}

// requestSent records a request the page sent at now (doc: the main
// frame's document). Under Page.mu.
func (w *watcher) requestSent(now time.Time, e *proto.NetworkRequestWillBeSent, doc bool) {
	if len(w.requests) > 5000 {
		w.requests = map[proto.NetworkRequestID]sentRequest{}
	}
	w.requests[e.RequestID] = sentRequest{req: e.Request, loader: e.LoaderID, doc: doc}
	w.reqs.sent(now, e)
	if e.RedirectResponse == nil && e.Request != nil && !browserOwn(e.Type, e.Request.URL) {
		w.sent++
	}
	w.clock.requestStarted(now, e, doc)
}

// responseReceived records a response at now: the main document's status
// (doc), a failure (4xx, 5xx), the end of a stream. Under Page.mu.
func (w *watcher) responseReceived(now time.Time, e *proto.NetworkResponseReceived, doc bool) {
	if strings.HasPrefix(e.Response.MIMEType, "text/event-stream") {
		w.clock.requestEnded(now, e.RequestID) // a stream: it holds nothing back
	}
	if doc {
		w.status = e.Response.Status
	}
	w.reqs.responded(e.RequestID, e.Response.Status, e.Type)
	if e.Response.Status >= 400 && !browserOwn(e.Type, e.Response.URL) {
		method := "GET"
		if r := w.requests[e.RequestID]; r.req != nil {
			method = r.req.Method
		}
		w.failed = append(w.failed, FailedRequest{Method: method, URL: e.Response.URL, Status: e.Response.Status, Time: now,
			loader: e.LoaderID, doc: doc})
	}
}

// loadingFailed records a request that failed at now; one canceled is no
// failure. Under Page.mu.
func (w *watcher) loadingFailed(now time.Time, e *proto.NetworkLoadingFailed) {
	w.clock.requestEnded(now, e.RequestID)
	w.reqs.ended(now, e.RequestID, e.ErrorText, e.Canceled)
	if e.Canceled {
		return
	}
	method, url := "GET", ""
	r := w.requests[e.RequestID]
	if r.req != nil {
		method, url = r.req.Method, r.req.URL
	}
	if url != "" && !strings.HasPrefix(url, "data:") && !browserOwn(e.Type, url) {
		w.failed = append(w.failed, FailedRequest{Method: method, URL: url, Error: e.ErrorText, Time: now,
			loader: r.loader, doc: r.doc})
	}
}

// noteLifecycle records a lifecycle event of the main frame's document
// (init: the frame's current document is its loader's). Under Page.mu.
func (w *watcher) noteLifecycle(e *proto.PageLifecycleEvent) {
	if e.Name == "init" {
		w.loader = e.LoaderID
	}
	m := w.life[e.LoaderID]
	if m == nil {
		m = map[string]bool{}
		w.life[e.LoaderID] = m
	}
	m[string(e.Name)] = true
}

// loaded says the main frame's current document has loaded. Under
// Page.mu.
func (w *watcher) loaded() bool { return w.life[w.loader]["load"] }

// handleLifecycle records load milestones and page changes, and wakes the waiters.
func (p *Page) handleLifecycle(s *CDPSession, msg *rod.Message) {
	switch msg.Method {
	case "Page.lifecycleEvent":
		var e proto.PageLifecycleEvent
		if !msg.Load(&e) || s != p.main || e.FrameID != p.main.FrameID {
			return
		}
		p.mu.Lock()
		p.noteLifecycle(&e)
		if (e.Name == "firstPaint" || e.Name == "firstContentfulPaint") && e.LoaderID == p.loader {
			p.painted(p.docsLocked()) // capturing.go
		}
		p.clock.lifecycle(time.Now(), e.Name == "load")
		p.mu.Unlock()
	case "Runtime.bindingCalled":
		var e proto.RuntimeBindingCalled
		if msg.Load(&e) && e.Name == recordBinding && s == p.main {
			p.recorded(&e) // record.go
			return
		}
		if e.Name != changeBinding {
			return
		}
		p.mu.Lock()
		elsewhere := s != p.main || e.ExecutionContextID != p.worlds[worldKey{s.ID, p.main.FrameID}]
		p.clock.watcherCalled(time.Now(), e.Payload, s == p.main, elsewhere)
		p.mu.Unlock()
	case "Page.frameRequestedNavigation":
		var e proto.PageFrameRequestedNavigation
		if !msg.Load(&e) || s != p.main || e.FrameID != p.main.FrameID {
			return
		}
		p.mu.Lock()
		p.clock.navigationAsked(time.Now(), &e)
		p.mu.Unlock()
	case "Page.frameStoppedLoading":
		var e proto.PageFrameStoppedLoading
		if !msg.Load(&e) || s != p.main || e.FrameID != p.main.FrameID {
			return
		}
		p.mu.Lock()
		p.clock.stopped()
		p.mu.Unlock()
	case "Page.frameNavigated", "Page.navigatedWithinDocument":
		p.visited(msg)
		p.mu.Lock()
		n, ok := mainNavigation(s == p.main, p.main.FrameID, msg)
		if ok {
			p.navs = append(p.navs, n)
		}
		p.clock.navigated(ok) // the navigation asked for went somewhere
		p.mu.Unlock()
	case "Accessibility.nodesUpdated", "Accessibility.loadComplete":
		p.mu.Lock()
		if rootOnly(msg) {
			p.clock.rootUpdated()
		} else {
			p.signal()
		}
		p.mu.Unlock()
	}
}

// rootOnly says whether msg is an Accessibility.nodesUpdated that names
// documents' roots alone (docs/targets.md "Reusing a read",
// "Transitions").
func rootOnly(msg *rod.Message) bool {
	var e proto.AccessibilityNodesUpdated
	if msg.Method != "Accessibility.nodesUpdated" || !msg.Load(&e) || len(e.Nodes) == 0 {
		return false
	}
	for _, n := range e.Nodes {
		if n.Role == nil || n.Role.Value.Str() != "RootWebArea" {
			return false
		}
	}
	return true
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
	p.console.add(c)
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
		ch := p.clock.changed()
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
