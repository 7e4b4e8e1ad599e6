package browser

import (
	"context"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"
	"github.com/smokeflow/smokeflow/locate"
)

// frames is the part of a page that holds its documents
// (docs/architecture-notes.md "Page's parts"): its CDP sessions (the page
// and its out-of-process iframes) and the context of smokeflow's isolated
// world in each frame (world.go). Its state is under Page.mu, but main,
// which never changes.
type frames struct {
	main     *CDPSession
	sessions []*CDPSession
	bySID    map[proto.TargetSessionID]*CDPSession
	// the context of smokeflow's isolated world in each frame (world.go)
	worlds map[worldKey]proto.RuntimeExecutionContextID
}

func newFrames(main *CDPSession) frames {
	return frames{
		main:     main,
		sessions: []*CDPSession{main},
		bySID:    map[proto.TargetSessionID]*CDPSession{main.ID: main},
		worlds:   map[worldKey]proto.RuntimeExecutionContextID{},
	}
}

// Sessions are the page's CDP sessions, the main page first.
func (p *Page) Sessions() []*CDPSession {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]*CDPSession(nil), p.sessions...)
}

// attachFrame adds the session of an out-of-process iframe. Under
// Page.mu.
func (f *frames) attachFrame(child *CDPSession) {
	f.sessions = append(f.sessions, child)
	f.bySID[child.ID] = child
}

// detachFrame drops the session sid of an iframe that left the page, and
// the worlds in its frames; false when sid is none of its iframes'.
// Under Page.mu.
func (f *frames) detachFrame(sid proto.TargetSessionID) bool {
	c := f.bySID[sid]
	if c == nil || c == f.main {
		return false
	}
	delete(f.bySID, sid)
	for k := range f.worlds {
		if k.session == sid {
			delete(f.worlds, k)
		}
	}
	for i, x := range f.sessions {
		if x == c {
			f.sessions = append(f.sessions[:i], f.sessions[i+1:]...)
			break
		}
	}
	return true
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
		p.attachFrame(child)
		p.clock.bump()
		p.mu.Unlock()
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			await := func(context.Context) {}
			if c := p.owner; c != nil {
				// the iframe's document keeps the page's places (emulation.go),
				// set before setupSession lets it run (sendAll)
				c.mu.Lock()
				o, net := c.opts, c.net
				c.mu.Unlock()
				emulate, _ := c.frameCalls(ctx, o, net)
				await = sendAll(c.b.conn, child, emulate)
			}
			_ = setupSession(child.Client(ctx), p.owner != nil && p.owner.guard != nil, true)
			await(ctx)
		}()
	case "Target.detachedFromTarget":
		var e proto.TargetDetachedFromTarget
		if !msg.Load(&e) {
			return
		}
		p.mu.Lock()
		if p.detachFrame(e.SessionID) {
			p.clock.bump()
		}
		p.mu.Unlock()
	case "Inspector.targetCrashed":
		p.mu.Lock()
		p.crashed = true
		p.signal()
		p.mu.Unlock()
	}
}

// sessionOf is the session a snapshot's node was read through, nil when
// it has gone (its iframe left the page).
func (p *Page) sessionOf(h locate.Handle) *CDPSession {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.bySID[proto.TargetSessionID(h.Session)]
}
