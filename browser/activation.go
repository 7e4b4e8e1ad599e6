package browser

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/go-rod/rod/lib/proto"
	"github.com/smokeflow/smokeflow/locate"
)

// What a key activates, for the action policy (docs/security.md "What a
// rule on click covers"): the element Enter or Space is pressed on, or
// the default button of the form whose field it is, found in the page
// before the key is pressed.

// Activated is an element a key press activates.
type Activated struct {
	Role, Name string
	// Self: it is the step's own element (not the focused one, nor the
	// default button of the form whose field the step's element is).
	Self bool
}

func (a *Activated) String() string { return fmt.Sprintf("%s %q", a.Role, a.Name) }

// looks numbers the looks, so that each holds its remote objects in an
// object group of its own (activationGroup): releasing one look's group
// never lets go of the objects of a look made since.
var looks atomic.Uint64

// activationGroup is a new object group, for the remote objects of one
// look, released after it (releaseGroup).
func activationGroup() string {
	return fmt.Sprintf("smokeflow-activation-%d", looks.Add(1))
}

// Activates is what pressing key (flows.KeyEnter or flows.KeySpace) on
// n's element activates; nil when nothing.
func (p *Page) Activates(ctx context.Context, n *locate.Node, key string) (*Activated, error) {
	s, err := p.nodeSession(n)
	if err != nil {
		return nil, err
	}
	group := activationGroup()
	defer releaseGroup(ctx, s, group)
	obj, err := p.resolveOwn(ctx, s, n, group)
	if err != nil {
		return nil, err
	}
	return p.activatedBy(ctx, s, group, obj.ObjectID, key, n.Backend)
}

// FocusActivates is what pressing key on the focused element activates,
// found through the frames the focus is in; nil when nothing has the
// focus, or the key activates nothing.
func (p *Page) FocusActivates(ctx context.Context, key string) (*Activated, error) {
	s, frame := p.main, p.main.FrameID
	group := activationGroup()
	for range 16 {
		defer releaseGroup(ctx, s, group)
		id, err := p.world(ctx, s, frame, true)
		if err != nil {
			return nil, err
		}
		r, err := proto.RuntimeEvaluate{Expression: focusedJS(), ContextID: id, ObjectGroup: group}.Call(s.Client(ctx))
		if err != nil {
			return nil, err
		}
		if r.ExceptionDetails != nil {
			return nil, &ScriptError{Msg: exceptionMessage(r.ExceptionDetails)}
		}
		if r.Result.ObjectID == "" {
			return nil, nil
		}
		d, err := proto.DOMDescribeNode{ObjectID: r.Result.ObjectID}.Call(s.Client(ctx))
		if err != nil {
			return nil, err
		}
		if d.Node.FrameID == "" {
			return p.activatedBy(ctx, s, group, r.Result.ObjectID, key, 0)
		}
		// a frame has the focus: its document says which element
		frame = d.Node.FrameID
		for _, c := range p.Sessions() {
			if c.FrameID == frame {
				s = c
			}
		}
	}
	return nil, errors.New("the focus is in frames nested deeper than 16")
}

// activatedBy is what pressing key on the element obj activates (activatedJS),
// named as the accessibility tree names it; self is the backend node id of
// the step's own element (0: none).
func (p *Page) activatedBy(ctx context.Context, s *CDPSession, group string, obj proto.RuntimeRemoteObjectID, key string, self int64) (*Activated, error) {
	c := s.Client(ctx)
	r, err := proto.RuntimeCallFunctionOn{ObjectID: obj, FunctionDeclaration: activatedJS(), Arguments: callArgs([]any{key}),
		ObjectGroup: group}.Call(c)
	if err != nil {
		return nil, err
	}
	if r.ExceptionDetails != nil {
		return nil, &ScriptError{Msg: exceptionMessage(r.ExceptionDetails)}
	}
	if r.Result.ObjectID == "" {
		return nil, nil
	}
	d, err := proto.DOMDescribeNode{ObjectID: r.Result.ObjectID}.Call(c)
	if err != nil {
		return nil, err
	}
	backend := d.Node.BackendNodeID
	raw, err := s.conn.Call(ctx, string(s.ID), "Accessibility.getPartialAXTree",
		proto.AccessibilityGetPartialAXTree{BackendNodeID: backend, FetchRelatives: false})
	if err != nil {
		return nil, err
	}
	tree, err := locate.DecodeAXTree(raw)
	if err != nil {
		return nil, err
	}
	a := &Activated{Self: int64(backend) == self}
	var ok bool
	if a.Role, a.Name, ok = tree.RoleName(int64(backend)); !ok {
		a.Role = d.Node.LocalName
	}
	return a, nil
}

// releaseGroup lets a look's remote objects go, before the look returns
// (even once its step's time is up: they would go with their document
// anyway, so a failure is no matter).
func releaseGroup(ctx context.Context, s *CDPSession, group string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
	defer cancel()
	_ = proto.RuntimeReleaseObjectGroup{ObjectGroup: group}.Call(s.Client(ctx))
}
