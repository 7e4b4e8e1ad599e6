package browser

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"
)

// holder sets the emulation on the pages a context's pages open before
// their first document loads (docs/flows.md "Devices and places"): a
// browser-level session auto-attaches to every new page paused, sets the
// context's emulation and connection on its own session to the page (a
// page keeps a session's overrides while the session lives), then lets
// it run; a page of another context is let go at once. Without it a popup
// would load its first document, Accept-Language and navigator.language
// fixed, while its own page session (Context.adopt) is still being set
// up.
type holder struct {
	c    *Context
	root *CDPSession
	stop context.CancelFunc

	mu       sync.Mutex
	sessions []*CDPSession // the held pages' sessions, kept while they live
}

// hold starts the context's holder, once; a context whose pages have no
// emulation and no connection set needs none.
func (c *Context) hold(ctx context.Context) error {
	c.mu.Lock()
	started := c.holder != nil
	c.mu.Unlock()
	if started {
		return nil
	}
	subCtx, unsubscribe := context.WithCancel(context.Background())
	events := c.b.rod.Context(subCtx).Event()
	r, err := proto.TargetAttachToBrowserTarget{}.Call(c.b.rod.Context(ctx))
	if err != nil {
		unsubscribe()
		return fmt.Errorf("cannot watch the context's new tabs: %w", err)
	}
	h := &holder{c: c, root: &CDPSession{conn: c.b.rod, ID: r.SessionID}, stop: unsubscribe}
	c.mu.Lock()
	if c.holder != nil { // another call won
		c.mu.Unlock()
		h.close(ctx)
		return nil
	}
	c.holder = h
	c.mu.Unlock()
	go h.loop(events)
	filter := proto.TargetTargetFilter{{Type: "page"}, {Exclude: true}}
	err = proto.TargetSetAutoAttach{AutoAttach: true, WaitForDebuggerOnStart: true, Flatten: true, Filter: filter}.Call(h.root.Client(ctx))
	if err != nil {
		return fmt.Errorf("cannot watch the context's new tabs: %w", err)
	}
	return nil
}

func (h *holder) loop(events <-chan *rod.Message) {
	for msg := range events {
		if proto.TargetSessionID(msg.SessionID) != h.root.ID || msg.Method != "Target.attachedToTarget" {
			continue
		}
		var e proto.TargetAttachedToTarget
		if !msg.Load(&e) || e.TargetInfo == nil {
			continue
		}
		go h.attached(e)
	}
}

// attached sets up a page the holder attached to, paused, and lets it
// run.
func (h *holder) attached(e proto.TargetAttachedToTarget) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s := &CDPSession{conn: h.c.b.rod, ID: e.SessionID}
	if e.TargetInfo.BrowserContextID != h.c.id {
		// not ours: let it run, and leave it (it may have gone already)
		_ = proto.RuntimeRunIfWaitingForDebugger{}.Call(s.Client(ctx))
		_ = proto.TargetDetachFromTarget{SessionID: e.SessionID}.Call(h.root.Client(ctx))
		return
	}
	h.c.mu.Lock()
	o, net := h.c.opts, h.c.net
	h.c.mu.Unlock()
	// sent before the page runs, awaited after (sendAll)
	calls, err := h.c.pageCalls(ctx, o, net)
	calls = slices.DeleteFunc(calls, func(c cdpCall) bool { _, one := c.(oneOverride); return one })
	// the clock's script is kept by a session whose Page domain is on
	await := sendAll(h.c.b.conn, s, append([]cdpCall{proto.PageEnable{}}, calls...))
	_ = proto.RuntimeRunIfWaitingForDebugger{}.Call(s.Client(ctx))
	await(ctx) // an error is a page that closed at once
	if err == nil {
		h.mu.Lock()
		h.sessions = append(h.sessions, s)
		h.mu.Unlock()
	}
}

// held are the sessions of the pages the holder set up.
func (h *holder) held() []*CDPSession {
	if h == nil {
		return nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]*CDPSession(nil), h.sessions...)
}

func (h *holder) close(ctx context.Context) {
	// the session ends with the browser anyway: an error here changes nothing
	_ = proto.TargetDetachFromTarget{SessionID: h.root.ID}.Call(h.c.b.rod.Context(ctx))
	h.stop()
}

// sendAll sends calls on s without waiting for their answers, and
// returns what waits for them all. A paused target gets its emulation
// this way: the renderer answers some of the calls only once the target
// runs, but runs a session's commands in the order they came, so calls
// sent before Runtime.runIfWaitingForDebugger apply before its first
// script.
func sendAll(cn *conn, s *CDPSession, calls []cdpCall) (await func(context.Context)) {
	var waits []func(context.Context) ([]byte, error)
	for _, call := range calls {
		if w, err := cn.send(string(s.ID), call.ProtoReq(), call); err == nil {
			waits = append(waits, w)
		}
	}
	return func(ctx context.Context) {
		for _, w := range waits {
			_, _ = w(ctx)
		}
	}
}
