package browser

import (
	"context"
	"encoding/json"
	"time"

	"github.com/go-rod/rod/lib/proto"
	"github.com/smokeflow/smokeflow/locate"
)

// inputs is the part of a page that the input smokeflow sends it works
// with (docs/architecture-notes.md "Page's parts"): the element an
// action's attempt works on, held for its calls; the input sent is told
// to the capture and the change clock (input, touch). The mouse and keys
// are sent in actions.go and keys.go. Its state is under Page.mu.
type inputs struct {
	held *heldElem
	// dragged is the data of a native drag the browser handed smokeflow
	// (Input.dragIntercepted) during a drag step, nil otherwise (drag.go).
	dragged *proto.InputDragData
}

// heldFor is the held element when it is n's, else nil. Under Page.mu.
func (in *inputs) heldFor(n *locate.Node) *heldElem {
	if h := in.held; h != nil && h.session == n.Session && h.backend == n.Backend {
		return h
	}
	return nil
}

// heldElem is the element an action's attempt works on, resolved once
// into smokeflow's world: every call of the attempt (the checks, the
// guard, focus, change) goes to it without resolving it again.
type heldElem struct {
	session string
	backend int64
	s       *CDPSession
	obj     proto.RuntimeRemoteObjectID
}

// hold resolves n's element for the calls of one attempt; release lets it
// go (without waiting: the object goes with its document anyway).
func (p *Page) hold(ctx context.Context, n *locate.Node) {
	s := p.sessionOf(n.Handle)
	if s == nil {
		return
	}
	obj, err := p.resolveOwn(ctx, s, n, "")
	if err != nil {
		return // callOn says what is wrong
	}
	p.mu.Lock()
	p.held = &heldElem{session: n.Session, backend: n.Backend, s: s, obj: obj.ObjectID}
	p.mu.Unlock()
}

func (p *Page) release() {
	p.mu.Lock()
	h := p.held
	p.held = nil
	p.mu.Unlock()
	if h == nil {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = proto.RuntimeReleaseObject{ObjectID: h.obj}.Call(h.s.Client(ctx)) // gone with its document, maybe
	}()
}

// callHeld runs fn on the held element, if n's is held; ok false when
// it is not, or the call could not reach it (its document went away):
// callOn then resolves the element again, and says why it cannot.
func (p *Page) callHeld(ctx context.Context, n *locate.Node, fn string, args []any) (json.RawMessage, bool, error) {
	p.mu.Lock()
	h := p.heldFor(n)
	p.mu.Unlock()
	if h == nil {
		return nil, false, nil
	}
	r, err := proto.RuntimeCallFunctionOn{ObjectID: h.obj, FunctionDeclaration: fn, Arguments: callArgs(args),
		ReturnByValue: true, AwaitPromise: true, UserGesture: true}.Call(h.s.Client(ctx))
	if err != nil {
		return nil, false, nil
	}
	if r.ExceptionDetails != nil {
		return nil, true, &ScriptError{Msg: exceptionMessage(r.ExceptionDetails)}
	}
	return resultJSON(r.Result), true, nil
}

// input starts an input smokeflow sends the page (a click, keys, a
// script): the steps' trace frames stop waiting for what it paints
// (capturing.go sealFrames), and the touch it returns, called once the input
// is sent, bumps the page's generation.
func (p *Page) input() (touch func()) {
	p.sealFrames()
	return p.touch
}

// touch bumps the page's generation: smokeflow sent it an input (a click,
// keys, a script), which may have changed anything.
func (p *Page) touch() {
	p.mu.Lock()
	p.clock.bump()
	p.mu.Unlock()
}
