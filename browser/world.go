package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/cdp"
	"github.com/go-rod/rod/lib/proto"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/ysmood/gson"
)

// smokeflow's code in the page (docs/targets.md "smokeflow's code in the
// page"): every function smokeflow runs in a document — the actionability
// checks, the click guard, focus and fill, select, reads of attributes,
// the form and hidden-element scans, the candidate outlines, the secret
// masks, the URL and title — runs in smokeflow's isolated world of that
// document's frame, watchWorld, the world of the change watcher. A world
// shares the page's DOM but has JavaScript globals and DOM prototypes of
// its own, so a page that replaced Event, JSON, Array.prototype.map,
// Element.prototype.getBoundingClientRect or document.elementFromPoint
// changes nothing there, and the page cannot see what smokeflow does in
// it. Only the code of an `eval` step runs in the page's own world.
//
// A world's execution context lives as long as its document. For calls
// on an element, the page keeps the context of each (session, frame): the
// change watcher's script creates the world in every new document, and
// the Runtime.executionContextCreated event that says so is noted here; a
// frame whose world was never made gets one from Page.createIsolatedWorld.
// A frame's context is forgotten when the frame navigates and when
// Chromium reports it destroyed. A call may still come before those events
// are read, with the context of the frame's previous document (which
// lives on in the back/forward cache): Chromium then resolves the element
// to null, or finds no such context, and the call makes the world again
// and tries once more. An evaluation that names no element cannot tell,
// so it asks for the frame's world every time (one round trip).

// worldKey is a frame of a session: its document has one world of
// smokeflow's at a time.
type worldKey struct {
	session proto.TargetSessionID
	frame   proto.PageFrameID
}

// handleWorlds notes smokeflow's world being made in a document of s,
// and forgets the contexts Chromium destroyed.
func (p *Page) handleWorlds(s *CDPSession, msg *rod.Message) {
	switch msg.Method {
	case "Runtime.executionContextCreated":
		var e proto.RuntimeExecutionContextCreated
		if !msg.Load(&e) || e.Context == nil || e.Context.Name != watchWorld {
			return
		}
		frame := proto.PageFrameID(e.Context.AuxData["frameId"].Str())
		if frame == "" {
			return
		}
		p.mu.Lock()
		p.worlds[worldKey{s.ID, frame}] = e.Context.ID
		p.mu.Unlock()
	case "Runtime.executionContextDestroyed":
		var e proto.RuntimeExecutionContextDestroyed
		if !msg.Load(&e) {
			return
		}
		p.mu.Lock()
		for k, id := range p.worlds {
			if k.session == s.ID && id == e.ExecutionContextID {
				delete(p.worlds, k)
			}
		}
		p.mu.Unlock()
	case "Page.frameNavigated":
		var e proto.PageFrameNavigated
		if !msg.Load(&e) || e.Frame == nil {
			return
		}
		p.mu.Lock()
		delete(p.worlds, worldKey{s.ID, e.Frame.ID})
		p.mu.Unlock()
	case "Runtime.executionContextsCleared":
		p.mu.Lock()
		for k := range p.worlds {
			if k.session == s.ID {
				delete(p.worlds, k)
			}
		}
		p.mu.Unlock()
	}
}

// world is the execution context of smokeflow's world in a frame of s:
// the one noted, unless fresh, or else a new one from
// Page.createIsolatedWorld (which gives the frame's existing world of
// that name, if its document has one).
func (p *Page) world(ctx context.Context, s *CDPSession, frame proto.PageFrameID, fresh bool) (proto.RuntimeExecutionContextID, error) {
	if frame == "" {
		frame = s.FrameID
	}
	k := worldKey{s.ID, frame}
	p.mu.Lock()
	id, ok := p.worlds[k]
	p.mu.Unlock()
	if ok && !fresh {
		return id, nil
	}
	w, err := proto.PageCreateIsolatedWorld{FrameID: frame, WorldName: watchWorld}.Call(s.Client(ctx))
	if err != nil {
		return 0, fmt.Errorf("cannot reach the frame's document: %w", err)
	}
	p.mu.Lock()
	p.worlds[k] = w.ExecutionContextID
	p.mu.Unlock()
	return w.ExecutionContextID, nil
}

// forgetWorld drops a context that a call found gone.
func (p *Page) forgetWorld(s *CDPSession, frame proto.PageFrameID, id proto.RuntimeExecutionContextID) {
	if frame == "" {
		frame = s.FrameID
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if k := (worldKey{s.ID, frame}); p.worlds[k] == id {
		delete(p.worlds, k)
	}
}

// inWorld runs call with the context of smokeflow's world in a frame of
// s, and once more with a world made anew when the call failed (its
// document had gone: a navigation, or a frame that reloaded).
func (p *Page) inWorld(ctx context.Context, s *CDPSession, frame proto.PageFrameID,
	call func(proto.RuntimeExecutionContextID) error) error {
	id, err := p.world(ctx, s, frame, false)
	if err != nil {
		return err
	}
	if err = call(id); err == nil || ctx.Err() != nil {
		return err
	}
	p.forgetWorld(s, frame, id)
	id, err = p.world(ctx, s, frame, true)
	if err != nil {
		return err
	}
	return call(id)
}

// errOtherDocument is an element resolved to null: the world is of
// another document than the element's.
var errOtherDocument = errors.New("the element is not in the document of smokeflow's world")

// resolveOwn resolves n's element into smokeflow's world of its frame,
// in the object group given ("" for none).
func (p *Page) resolveOwn(ctx context.Context, s *CDPSession, n *locate.Node, group string) (*proto.RuntimeRemoteObject, error) {
	var obj *proto.RuntimeRemoteObject
	err := p.inWorld(ctx, s, proto.PageFrameID(n.Frame), func(id proto.RuntimeExecutionContextID) error {
		r, err := proto.DOMResolveNode{BackendNodeID: proto.DOMBackendNodeID(n.Backend), ExecutionContextID: id,
			ObjectGroup: group}.Call(s.Client(ctx))
		if err != nil {
			return err
		}
		if r.Object == nil || r.Object.ObjectID == "" {
			return errOtherDocument
		}
		obj = r.Object
		return nil
	})
	return obj, err
}

// evalOwn evaluates an expression in smokeflow's world of a frame of s
// (its current document's, asked for anew), awaiting a promise, and
// returns its value. When the browser refuses the call (the document
// went away between the world's creation and the call: a navigation
// committing, "Cannot find context with specified id"), it is made once
// more, in the world of the document the frame holds then, as inWorld
// does (docs/targets.md "smokeflow's code in the page"): a read of
// smokeflow's (the boxes a trace frame paints over) is of the page now,
// not lost to the moment it changed documents.
func (p *Page) evalOwn(ctx context.Context, s *CDPSession, frame proto.PageFrameID, expr string) (*proto.RuntimeRemoteObject, error) {
	r, err := p.evalOwnOnce(ctx, s, frame, expr)
	var ce *cdp.Error
	if err != nil && errors.As(err, &ce) && ctx.Err() == nil {
		r, err = p.evalOwnOnce(ctx, s, frame, expr)
	}
	return r, err
}

// evalOwnOnce is one try of evalOwn.
func (p *Page) evalOwnOnce(ctx context.Context, s *CDPSession, frame proto.PageFrameID, expr string) (*proto.RuntimeRemoteObject, error) {
	id, err := p.world(ctx, s, frame, true)
	if err != nil {
		return nil, err
	}
	r, err := proto.RuntimeEvaluate{Expression: expr, ContextID: id, ReturnByValue: true, AwaitPromise: true}.Call(s.Client(ctx))
	if err != nil {
		return nil, err
	}
	if r.ExceptionDetails != nil {
		return nil, &ScriptError{Msg: exceptionMessage(r.ExceptionDetails)}
	}
	return r.Result, nil
}

// EvalOwn runs smokeflow's own JavaScript in the main frame, in
// smokeflow's isolated world, and returns its JSON result (promises
// awaited): reads and drawings of smokeflow's that the page's scripts
// must neither break nor see. The code of an `eval` step goes to
// RunScript, in the page's own world.
func (p *Page) EvalOwn(ctx context.Context, js string) (proto.RuntimeRemoteObject, error) {
	r, err := p.evalOwn(ctx, p.main, p.main.FrameID, js)
	if err != nil {
		return proto.RuntimeRemoteObject{}, err
	}
	return *r, nil
}

// callArgs are the arguments of Runtime.callFunctionOn, by value.
func callArgs(args []any) []*proto.RuntimeCallArgument {
	var out []*proto.RuntimeCallArgument
	for _, a := range args {
		out = append(out, &proto.RuntimeCallArgument{Value: gson.New(a)})
	}
	return out
}

// resultJSON is a by-value result as JSON.
func resultJSON(r *proto.RuntimeRemoteObject) json.RawMessage {
	return json.RawMessage(r.Value.JSON("", ""))
}
