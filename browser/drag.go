package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

// A drag, as a person makes one with a mouse (docs/targets.md
// "Dragging"): both ends are actionable as a click's target is, the
// press lands on the element dragged (the click guard), the mouse moves
// in steps to the drop point and is released there. A press and a move
// that start a native drag and drop (a dragstart the page does not
// cancel) go on as one: the browser hands the drag to smokeflow, which
// sends it over the drop point and drops it there.

// DragEndError is a drag that failed at one of its ends: End is "from"
// or "to" (docs/flows.md "drag").
type DragEndError struct {
	End string
	Err error
}

func (e *DragEndError) Error() string { return e.Err.Error() }
func (e *DragEndError) Unwrap() error { return e.Err }

// dragStep is the length of the mouse's steps between the ends, in CSS
// px; a drag moves in dragMinSteps to dragMaxSteps of them. A pointer
// library starts a drag only past a few px (a threshold), and follows
// the pointer move by move.
const (
	dragStep     = 15.0
	dragMinSteps = 5
	dragMaxSteps = 20
	// dragFirst is the least the first move goes: past the browser's
	// own threshold for a native drag (4 px), so that the drag is
	// decided after it.
	dragFirst = 6.0
)

// Drag drags the element from resolves to onto to: its centre, or the
// point at from its top-left corner.
func (p *Page) Drag(ctx context.Context, from, to *flows.Target, at *flows.Offset) (*Outcome, error) {
	var drop *locate.Node
	toOut, err := p.act(ctx, to, checks{hit: at == nil}, false, func(n *locate.Node, x, y float64) error {
		drop = n
		if at == nil {
			return nil
		}
		return p.dropAt(ctx, n, at)
	})
	if err != nil {
		return toOut, &DragEndError{End: "to", Err: err}
	}
	out, err := p.act(ctx, from, checks{enabled: true, hit: true, guard: true}, false, func(n *locate.Node, x, y float64) error {
		return p.dragFrom(ctx, n, x, y, drop, at)
	})
	out.Log = append(toOut.Log, out.Log...)
	if err != nil {
		return out, &DragEndError{End: "from", Err: err}
	}
	if out.Node != nil {
		out.Log = append(out.Log, fmt.Sprintf("dragged %s %q onto %s %q", out.Node.Role, out.Node.Name, drop.Role, drop.Name))
	}
	return out, nil
}

// dropAt hit-tests the point at of the drop element n (drop-at.js).
func (p *Page) dropAt(ctx context.Context, n *locate.Node, at *flows.Offset) error {
	raw, err := p.callOn(ctx, n, dropAtJS(), at.X, at.Y)
	if err != nil {
		return err
	}
	var r struct {
		State string            `json:"state"`
		By    string            `json:"by"`
		Cover diagnostics.Cover `json:"cover"`
		W     float64           `json:"w"`
		H     float64           `json:"h"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return fmt.Errorf("reading the drop point of %s %q: %w", n.Role, n.Name, err)
	}
	switch r.State {
	case "ok":
		return nil
	case "detached":
		return detached(n)
	case "outside":
		return &locate.NotInteractableError{Why: diagnostics.ReasonHidden, Node: n,
			Msg: fmt.Sprintf("%s %q is %gx%g px: the point x: %g, y: %g is outside it; give a point inside it", n.Role, n.Name, r.W, r.H, at.X, at.Y)}
	}
	return &locate.CoveredError{NotInteractableError: locate.NotInteractableError{Why: diagnostics.ReasonCovered, Node: n,
		Msg: fmt.Sprintf("%s %q is covered at x: %g, y: %g by %s%s", n.Role, n.Name, at.X, at.Y, r.By, r.Cover.Says())},
		CoveredBy: r.By, Cover: r.Cover}
}

// dragFrom is the drag itself, from (x, y) on n to the drop element: the
// press (guarded: a press that lands elsewhere is a CoveredError, tried
// again), then the moves and the release, or the native drag's drop.
func (p *Page) dragFrom(ctx context.Context, n *locate.Node, x, y float64, drop *locate.Node, at *flows.Offset) error {
	if _, err := p.callOn(ctx, n, dragWatchJS()); err != nil {
		_, _ = p.callOn(ctx, n, unguardJS())
		return err
	}
	c := p.main.Client(ctx)
	p.mu.Lock()
	p.dragged = nil
	p.mu.Unlock()
	intercept := proto.InputSetInterceptDrags{Enabled: true}.Call(c) == nil
	defer p.endIntercept()
	if err := p.pressAt(ctx, [2]float64{x, y}); err != nil {
		_, _ = p.callOn(ctx, n, unguardJS())
		return err
	}
	if err := p.unguard(ctx, n); err != nil {
		p.releaseMouse(x, y)
		return err
	}
	tx, ty, err := p.dropPoint(ctx, drop, at)
	if err != nil {
		p.releaseMouse(x, y)
		// final: the drop element was there a moment ago
		return fmt.Errorf("the drop target %s %q went from the screen as the drag started: %v", drop.Role, drop.Name, err)
	}
	if at == nil {
		tx, ty = pastCentre(x, y, tx, ty)
	}
	path := dragPath(x, y, tx, ty)
	if err := p.moveTo(ctx, path[0]); err != nil {
		p.releaseMouse(x, y)
		return err
	}
	native := false
	if raw, err := p.callOn(ctx, n, dragStateJS(), false); err == nil {
		_ = json.Unmarshal(raw, &native)
	}
	if native && intercept {
		return p.nativeDrop(ctx, n, path)
	}
	for _, pt := range path[1:] {
		if err := p.moveTo(ctx, pt); err != nil {
			p.releaseMouse(pt[0], pt[1])
			return err
		}
	}
	// one frame for a library that reads moves once a frame, and the last
	// move again (some drop where the pointer last moved to, not where it
	// is released)
	_, _ = p.callOn(ctx, n, dragStateJS(), true)
	_ = p.moveTo(ctx, [2]float64{tx, ty})
	return (proto.InputDispatchMouseEvent{Type: proto.InputDispatchMouseEventTypeMouseReleased, X: tx, Y: ty,
		Button: proto.InputMouseButtonLeft, ClickCount: 1}).Call(c)
}

// pastCentre is the drop point (tx, ty), an element's centre, moved a
// pixel further on each axis the drag travels from (x, y) (docs/targets.md
// "Dragging"): a list that puts the dragged item before or after the item
// under the pointer by which half of it the pointer is in (jQuery UI's
// sortable, dragula, a list written by hand) then puts it in that item's
// place, as the libraries that reorder on the item entered do, and as a
// person dragging one item onto another means; at the exact centre it
// would stay on the near side.
func pastCentre(x, y, tx, ty float64) (float64, float64) {
	step := func(from, to float64) float64 {
		switch d := to - from; {
		case d >= 1:
			return 1
		case d <= -1:
			return -1
		}
		return 0
	}
	return tx + step(x, tx), ty + step(y, ty)
}

// leftHeld is the buttons of a mouse event while the left one is held.
func leftHeld() *int {
	b := 1
	return &b
}

// dragPath is the points the mouse moves through from (x, y) to (tx, ty),
// the last one (tx, ty): the first at least dragFirst px away (the whole
// way when shorter), the rest in even steps.
func dragPath(x, y, tx, ty float64) [][2]float64 {
	dx, dy := tx-x, ty-y
	dist := math.Hypot(dx, dy)
	steps := min(max(int(math.Ceil(dist/dragStep)), dragMinSteps), dragMaxSteps)
	first := 1.0
	if dist > dragFirst {
		first = math.Max(dragFirst/dist, 1/float64(steps))
	}
	pts := [][2]float64{{x + dx*first, y + dy*first}}
	for i := 1; i <= steps; i++ {
		f := float64(i) / float64(steps)
		if f > first {
			pts = append(pts, [2]float64{x + dx*f, y + dy*f})
		}
	}
	if last := pts[len(pts)-1]; last != [2]float64{tx, ty} {
		pts = append(pts, [2]float64{tx, ty})
	}
	return pts
}

// dragPoints presses the left button at from, moves to to along dragPath
// and lets go there: a drag by points, for a slider (slider.go).
func (p *Page) dragPoints(ctx context.Context, from, to [2]float64) error {
	if err := p.pressAt(ctx, from); err != nil {
		return err
	}
	for _, pt := range dragPath(from[0], from[1], to[0], to[1]) {
		if err := p.moveTo(ctx, pt); err != nil {
			p.releaseMouse(pt[0], pt[1])
			return err
		}
	}
	return (proto.InputDispatchMouseEvent{Type: proto.InputDispatchMouseEventTypeMouseReleased, X: to[0], Y: to[1],
		Button: proto.InputMouseButtonLeft, ClickCount: 1}).Call(p.main.Client(ctx))
}

// pressAt moves the mouse to pt and presses its left button there: the
// start of a drag (dragFrom, dragPoints).
func (p *Page) pressAt(ctx context.Context, pt [2]float64) error {
	return p.sendAll(ctx, "Input.dispatchMouseEvent", []proto.InputDispatchMouseEvent{
		{Type: proto.InputDispatchMouseEventTypeMouseMoved, X: pt[0], Y: pt[1]},
		{Type: proto.InputDispatchMouseEventTypeMousePressed, X: pt[0], Y: pt[1], Button: proto.InputMouseButtonLeft, Buttons: leftHeld(), ClickCount: 1},
	})
}

// moveTo moves the mouse, its left button held.
func (p *Page) moveTo(ctx context.Context, pt [2]float64) error {
	return proto.InputDispatchMouseEvent{Type: proto.InputDispatchMouseEventTypeMouseMoved, X: pt[0], Y: pt[1],
		Button: proto.InputMouseButtonLeft, Buttons: leftHeld()}.Call(p.main.Client(ctx))
}

// releaseMouse lets the mouse button go at (x, y), in a context of its own: the
// step's may have ended.
func (p *Page) releaseMouse(x, y float64) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_ = proto.InputDispatchMouseEvent{Type: proto.InputDispatchMouseEventTypeMouseReleased, X: x, Y: y,
		Button: proto.InputMouseButtonLeft, ClickCount: 1}.Call(p.main.Client(ctx))
}

// endIntercept stops the browser handing drags to smokeflow.
func (p *Page) endIntercept() {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_ = proto.InputSetInterceptDrags{Enabled: false}.Call(p.main.Client(ctx))
	p.mu.Lock()
	p.dragged = nil
	p.mu.Unlock()
}

// onDragIntercepted keeps the data of a native drag the browser handed
// smokeflow.
func (p *Page) onDragIntercepted(msg *rod.Message) {
	var e proto.InputDragIntercepted
	if !msg.Load(&e) || e.Data == nil {
		return
	}
	p.mu.Lock()
	p.dragged = e.Data
	p.clock.wake()
	p.mu.Unlock()
}

// nativeDrop goes on with a native drag the page started on n after the
// first move of path: once the browser has handed it over, it enters at
// that point, goes over the others one rendered frame apart, as a
// person's mouse moves come, and drops at the last (docs/targets.md
// "Dragging"). A library that reorders a list on dragover may ignore the
// dragovers that come soon after a change (SortableJS, for 30 ms), so
// the ones of a burst after the first change are lost.
func (p *Page) nativeDrop(ctx context.Context, n *locate.Node, path [][2]float64) error {
	var data *proto.InputDragData
	err := p.waitFor(ctx, func() bool {
		data = p.dragged
		return data != nil
	})
	last := path[len(path)-1]
	if err != nil {
		p.releaseMouse(last[0], last[1])
		return fmt.Errorf("the page started a native drag, but the browser never handed it over: %w", err)
	}
	c := p.main.Client(ctx)
	ev := func(t proto.InputDispatchDragEventType, pt [2]float64) error {
		return proto.InputDispatchDragEvent{Type: t, X: pt[0], Y: pt[1], Data: data}.Call(c)
	}
	// a frame, as drag-state.js waits for one; a dragged element the page
	// took out of the document waits for none
	frame := func() { _, _ = p.callOn(ctx, n, dragStateJS(), false) }
	if err := ev(proto.InputDispatchDragEventTypeDragEnter, path[0]); err != nil {
		return err
	}
	over := func(pt [2]float64) error {
		frame()
		return ev(proto.InputDispatchDragEventTypeDragOver, pt)
	}
	for _, pt := range path[1:] {
		if err := over(pt); err != nil {
			return err
		}
	}
	// the last point again, as the pointer path's last move: a dragover
	// that moved the list put another element under the pointer, which
	// the browser enters first and has its dragover only on the next
	// update, and a drop before it would be refused
	if err := over(last); err != nil {
		return err
	}
	// the drop ends the press that started the drag: a release after it
	// would be a mouseup over the drop target, and a click on what holds
	// both ends
	return ev(proto.InputDispatchDragEventTypeDrop, last)
}

// dropPoint is where a drag drops on n, in the top-level viewport: its
// centre, or the point at from its top-left corner.
func (p *Page) dropPoint(ctx context.Context, n *locate.Node, at *flows.Offset) (float64, float64, error) {
	if at == nil {
		return p.center(ctx, n)
	}
	s, err := p.nodeSession(n)
	if err != nil {
		return 0, 0, err
	}
	q, err := proto.DOMGetContentQuads{BackendNodeID: proto.DOMBackendNodeID(n.Backend)}.Call(s.Client(ctx))
	if err != nil || len(q.Quads) == 0 || len(q.Quads[0]) < 8 {
		return 0, 0, &locate.NotInteractableError{Why: diagnostics.ReasonHidden, Msg: fmt.Sprintf("%s %q has no box on screen", n.Role, n.Name), Node: n}
	}
	ox, oy := sessionOffset(ctx, s)
	return q.Quads[0][0] + at.X + ox, q.Quads[0][1] + at.Y + oy, nil
}
