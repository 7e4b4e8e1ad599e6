package browser

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"
	"github.com/smokeflow/smokeflow/flows"
)

// The allowed domains of a context, enforced at the browser's network
// layer (docs/security.md "Allowed domains"). A browser-level session of
// the context's own attaches to every page of the context as it is
// created, paused before it loads anything (window.open's tabs too), and
// from each page to its frames and workers, paused likewise. On each it
// turns on the Fetch domain, which pauses every request before it leaves:
// smokeflow lets it go on, or fails it as blocked by the client. The
// Fetch domain does not see WebSocket handshakes: rules of
// Network.emulateNetworkConditionsByRule take every WebSocket to a host
// not allowed offline. Each block is kept with its URL (Context.Blocked).
//
// The same sessions serve a context's routes and HAR recording
// (routes.go, harrec.go; docs/flows.md "Routes"): one Fetch interception
// per target, the allowed domains judging a request before the routes.

// ContextOptions configure NewContextWith.
type ContextOptions struct {
	// AllowedDomains, when not nil, is the only hosts the context's
	// pages, frames, workers and tabs may load from (docs/security.md
	// "Allowed domains"); every other request is blocked.
	AllowedDomains *flows.Domains
	// Intercept pauses every request of the context for its routes
	// (Context.SetRouter; docs/flows.md "Routes"), in the one Fetch
	// interception the allowed domains use.
	Intercept bool
	// RecordHAR keeps the context's traffic for Context.HAR.
	RecordHAR bool
}

// Blocked is a request the allowed domains stopped.
type Blocked struct {
	URL string
	// Type is the kind of request as the browser names it: Document,
	// Script, Image, XHR, Fetch, Ping (a beacon), WebSocket, …
	Type string
	// Why: "not in the allowed domains" or "not a web address".
	Why  string
	Time time.Time
}

func (b Blocked) String() string {
	return fmt.Sprintf("blocked %s %s: %s", b.Type, b.URL, b.Why)
}

// guard is a context's allowlist, the sessions that enforce it and what
// it blocked.
type guard struct {
	domains   *flows.Domains // nil: every host
	intercept bool           // Fetch pauses requests: domains or routes
	rec       *harRecorder   // nil: no HAR recorded
	browser   *rod.Browser
	conn      *conn
	context   proto.BrowserBrowserContextID
	root      *CDPSession // the browser-level session
	stop      context.CancelFunc

	mu       sync.Mutex
	sessions map[proto.TargetSessionID]*CDPSession // root and every target it attached
	blocked  []Blocked
	err      error // the first target that could not be guarded
	router   Router
	routed   []Routed
}

// NewContextWith opens a fresh incognito context with the options o.
func (b *Browser) NewContextWith(ctx context.Context, o ContextOptions) (*Context, error) {
	c, err := b.NewContext(ctx)
	if err != nil || o.AllowedDomains == nil && !o.Intercept && !o.RecordHAR {
		return c, err
	}
	g, err := startGuard(ctx, c, o)
	if err != nil {
		_ = c.Close() // the guard's error says what went wrong
		return nil, err
	}
	c.guard = g
	return c, nil
}

// startGuard attaches the browser-level session that guards c's pages.
func startGuard(ctx context.Context, c *Context, o ContextOptions) (*guard, error) {
	subCtx, unsubscribe := context.WithCancel(context.Background())
	events := c.b.rod.Context(subCtx).Event()
	r, err := proto.TargetAttachToBrowserTarget{}.Call(c.b.rod.Context(ctx))
	if err != nil {
		unsubscribe()
		return nil, fmt.Errorf("cannot watch the context's pages for the allowed domains: %w", err)
	}
	root := &CDPSession{conn: c.b.rod, ID: r.SessionID}
	g := &guard{domains: o.AllowedDomains, intercept: o.AllowedDomains != nil || o.Intercept,
		browser: c.b.rod, conn: c.b.conn, context: c.id, root: root, stop: unsubscribe,
		sessions: map[proto.TargetSessionID]*CDPSession{root.ID: root}}
	if o.RecordHAR {
		g.rec = newHARRecorder()
	}
	go g.loop(events)
	filter := proto.TargetTargetFilter{{Type: "page"}, {Type: "service_worker"}, {Type: "shared_worker"}, {Exclude: true}}
	err = proto.TargetSetAutoAttach{AutoAttach: true, WaitForDebuggerOnStart: true, Flatten: true, Filter: filter}.Call(root.Client(ctx))
	if err != nil {
		g.close(ctx)
		return nil, fmt.Errorf("cannot watch the context's pages for the allowed domains: %w", err)
	}
	return g, nil
}

// close ends the guard's sessions (once the context is gone: a page must
// never run unguarded).
func (g *guard) close(ctx context.Context) {
	// the session ends with the browser anyway: an error here changes nothing
	_ = proto.TargetDetachFromTarget{SessionID: g.root.ID}.Call(g.browser.Context(ctx))
	g.stop()
}

// loop applies the events of the guard's sessions.
func (g *guard) loop(events <-chan *rod.Message) {
	for msg := range events {
		g.mu.Lock()
		s := g.sessions[proto.TargetSessionID(msg.SessionID)]
		g.mu.Unlock()
		if s == nil {
			continue
		}
		switch msg.Method {
		case "Target.attachedToTarget":
			g.attached(s, msg)
		case "Target.detachedFromTarget":
			var e proto.TargetDetachedFromTarget
			if msg.Load(&e) {
				g.mu.Lock()
				delete(g.sessions, e.SessionID)
				g.mu.Unlock()
			}
		case "Fetch.requestPaused":
			g.paused(s, msg)
		case "Network.requestWillBeSent", "Network.responseReceived", "Network.loadingFinished", "Network.loadingFailed":
			g.rec.event(s, msg)
		case "Network.webSocketCreated":
			var e proto.NetworkWebSocketCreated
			if msg.Load(&e) {
				if reason := why(g.domains.Check(e.URL)); reason != "" {
					g.record(e.URL, "WebSocket", reason)
				}
			}
		}
	}
}

// attached guards a target the guard's sessions attached to, paused: a
// page, frame or worker of the context. A page of another context is let
// go at once.
func (g *guard) attached(parent *CDPSession, msg *rod.Message) {
	var e proto.TargetAttachedToTarget
	if !msg.Load(&e) || e.TargetInfo == nil {
		return
	}
	child := &CDPSession{conn: g.browser, ID: e.SessionID, Parent: parent}
	if parent == g.root && e.TargetInfo.BrowserContextID != g.context {
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			// not ours: let it run, and leave it (it may have gone already)
			_ = proto.RuntimeRunIfWaitingForDebugger{}.Call(child.Client(ctx))
			_ = proto.TargetDetachFromTarget{SessionID: e.SessionID}.Call(g.root.Client(ctx))
		}()
		return
	}
	g.mu.Lock()
	g.sessions[child.ID] = child
	g.mu.Unlock()
	go g.watch(child, string(e.TargetInfo.Type))
}

// watch turns on the interception of one target's requests and
// WebSockets and the guarding of the targets it starts, then lets it run.
// A target that cannot be guarded is left paused, and the context's
// GuardErr says why.
//
// A service worker answers these commands only once it runs: for it they
// are sent, then the one that lets it run, and only then are the answers
// awaited (the browser runs a session's commands in the order they came).
func (g *guard) watch(s *CDPSession, typ string) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	calls := []struct {
		method string
		params any
	}{
		{"Network.enable", proto.NetworkEnable{}},
		{"Fetch.enable", proto.FetchEnable{Patterns: []*proto.FetchRequestPattern{{URLPattern: "*", RequestStage: proto.FetchRequestStageRequest}}}},
		{"Network.emulateNetworkConditionsByRule", offlineRules{Rules: webSocketRules(g.domains)}},
		{"Target.setAutoAttach", proto.TargetSetAutoAttach{AutoAttach: true, WaitForDebuggerOnStart: true, Flatten: true}},
	}
	var waits []func(context.Context) ([]byte, error)
	var errs []error
	for _, c := range calls {
		switch {
		case c.method == "Fetch.enable" && (typ == "worker" || !g.intercept):
			continue // a dedicated worker's requests are its page's: paused there
		case c.method == "Network.emulateNetworkConditionsByRule" && g.domains == nil:
			continue // every WebSocket may connect
		}
		w, err := g.conn.send(string(s.ID), c.method, c.params)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", c.method, err))
			continue
		}
		waits = append(waits, func(ctx context.Context) ([]byte, error) {
			r, err := w(ctx)
			if err != nil {
				return r, fmt.Errorf("%s: %w", c.method, err)
			}
			return r, nil
		})
	}
	await := func() {
		for _, w := range waits {
			_, err := w(ctx)
			errs = append(errs, err)
		}
		waits = nil
	}
	if typ != "service_worker" {
		await()
	}
	if err := errors.Join(errs...); err != nil {
		g.fail(typ, err)
		return // left paused: it never runs unguarded
	}
	// a target that went away meanwhile has nothing to run
	_ = proto.RuntimeRunIfWaitingForDebugger{}.Call(s.Client(ctx))
	await()
	if err := errors.Join(errs...); err != nil {
		g.fail(typ, err)
	}
}

// fail keeps the first target that could not be guarded.
func (g *guard) fail(typ string, err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.err == nil {
		g.err = fmt.Errorf("cannot guard a %s of the page: %w", strings.ReplaceAll(typ, "_", " "), err)
	}
}

// paused lets a request paused by the Fetch domain go on, or fails it
// when the allowlist does not hold its URL. The answer is sent in the
// background: the event loop never waits on the browser.
func (g *guard) paused(s *CDPSession, msg *rod.Message) {
	var e proto.FetchRequestPaused
	if !msg.Load(&e) || e.Request == nil {
		return
	}
	reason := why(g.domains.Check(e.Request.URL))
	var a *Answer
	if reason != "" {
		g.record(e.Request.URL, string(e.ResourceType), reason)
	} else {
		a = g.route(&e) // docs/flows.md "Routes"
	}
	go func() {
		ctx, cancel := answerContext(a)
		defer cancel()
		cl := s.Client(ctx)
		// an answer that fails is a request that went away (its frame
		// closed): nothing waits on it any more
		switch {
		case reason != "":
			_ = proto.FetchFailRequest{RequestID: e.RequestID, ErrorReason: proto.NetworkErrorReasonBlockedByClient}.Call(cl)
		case a != nil:
			answer(cl, e.RequestID, a)
		default:
			_ = proto.FetchContinueRequest{RequestID: e.RequestID}.Call(cl)
		}
	}()
}

func (g *guard) record(u, typ, reason string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.blocked) < 1000 {
		g.blocked = append(g.blocked, Blocked{URL: u, Type: typ, Why: reason, Time: time.Now()})
	}
}

// why is the reason a verdict blocks ("" when it allows).
func why(v flows.Verdict) string {
	switch v {
	case flows.NotAllowedHost:
		return "not in the allowed domains"
	case flows.NotWeb:
		return "not a web address"
	}
	return ""
}

// AllowedDomains is the context's allowlist (nil: every host).
func (c *Context) AllowedDomains() *flows.Domains {
	if c.guard == nil {
		return nil
	}
	return c.guard.domains
}

// Blocked are the requests the context's allowed domains stopped so far,
// in order.
func (c *Context) Blocked() []Blocked {
	if c.guard == nil {
		return nil
	}
	c.guard.mu.Lock()
	defer c.guard.mu.Unlock()
	return append([]Blocked(nil), c.guard.blocked...)
}

// GuardErr is the first page, frame or worker of the context that could
// not be guarded (it was kept from running), or nil.
func (c *Context) GuardErr() error {
	if c.guard == nil {
		return nil
	}
	c.guard.mu.Lock()
	defer c.guard.mu.Unlock()
	return c.guard.err
}

// offlineRules are the parameters of
// Network.emulateNetworkConditionsByRule (a recent Chromium's; rod has no
// type for it): the first rule whose URL pattern matches a request
// decides.
type offlineRules struct {
	Rules []networkRule `json:"matchedNetworkConditions"`
}

type networkRule struct {
	URLPattern         string  `json:"urlPattern"`
	Offline            bool    `json:"offline"`
	Latency            float64 `json:"latency"`
	DownloadThroughput float64 `json:"downloadThroughput"`
	UploadThroughput   float64 `json:"uploadThroughput"`
}

// webSocketRules let WebSockets to the allowed hosts through, unthrottled,
// and take every other one offline. Patterns are in the URLPattern
// syntax.
func webSocketRules(d *flows.Domains) []networkRule {
	var out []networkRule
	rule := func(pattern string, offline bool) networkRule {
		return networkRule{URLPattern: pattern, Offline: offline, DownloadThroughput: -1, UploadThroughput: -1}
	}
	for _, e := range d.Patterns() {
		host := e.Host
		if e.Subdomains {
			host = "*." + host
		}
		if strings.Contains(host, ":") { // IPv6, escaped for URLPattern
			host = "\\[" + strings.ReplaceAll(host, ":", "\\:") + "\\]"
		}
		for _, scheme := range []string{"ws", "wss"} {
			port := e.Port
			switch {
			case port == "":
				port = ":*"
			case scheme == "ws" && port == "80", scheme == "wss" && port == "443":
				port = "" // the scheme's own port: URLs leave it out
			default:
				port = ":" + port
			}
			out = append(out, rule(scheme+"://"+host+port+"/*", false))
		}
	}
	return append(out, rule("ws://*:*/*", true), rule("wss://*:*/*", true))
}
