package browser

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/go-rod/rod/lib/proto"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

// Outcome is what an action did, for the step log.
type Outcome struct {
	Node *locate.Node
	Log  []string
	// Phases is where the action's time went.
	Phases Phases
	// clickedReadOnly: a read-only field was clicked once, as a person
	// who types into it does (readOnlyClick)
	clickedReadOnly bool
}

// Phases is where an action's time went, over all its attempts
// (docs/benchmarks.md "A click, phase by phase"): resolving the target,
// the actionability checks (one call in the page, and the element's
// position), and dispatching the action's events.
type Phases struct {
	Resolve, Checks, Dispatch time.Duration
	Attempts                  int
	// Reused counts the attempts that resolved over a reused read
	// (docs/targets.md "Reusing a read").
	Reused int
}

type checks struct {
	enabled  bool
	editable bool
	hit      bool
	// guard installs the click guard (guardJS) in the same call as the
	// checks, once they pass: the action clicks at once.
	guard bool
	// takes says why an element's role cannot take the action (check on
	// a button), nil when it can: no change of the page makes it take
	// it, so the step fails at once (docs/targets.md "When waiting
	// ends"). nil: any role takes it.
	takes func(n *locate.Node) error
	// prefer is the role check of a tie: among matches still tied after
	// the other tie-breaks, the only one it passes is chosen
	// (locate.ResolveFor); nil: takes is, when set.
	prefer func(n *locate.Node) error
	// keyed says the action works the element by keys alone, once it has
	// the focus: what holds it drawing over it is no cover then (a
	// kit's thumb over the native input it hid); anything else is
	// (docs/targets.md "Sliders"). nil: none is.
	keyed func(n *locate.Node) bool
}

// tie is the role check that breaks a tie between matches: prefer, else
// takes.
func (c checks) tie() func(*locate.Node) error {
	if c.prefer != nil {
		return c.prefer
	}
	return c.takes
}

// restQuiet is how long the change watcher must have reported no DOM
// change, and the document been loaded, for a page to be at rest
// (docs/targets.md "Actionability").
const restQuiet = 200 * time.Millisecond

// atRest says the page's main document has loaded, and neither its load
// nor a DOM change came in the last restQuiet.
func (p *Page) atRest() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.clock.atRest(time.Now(), p.loaded())
}

type checkResult struct {
	State string            `json:"state"`
	By    string            `json:"by"`
	Cover diagnostics.Cover `json:"cover"` // how By stands to the element
	X     float64           `json:"x"`     // the centre, in its frame's viewport
	Y     float64           `json:"y"`
}

// callOn runs a function with `this` bound to a node, in smokeflow's
// isolated world of the node's frame (world.go), and returns its JSON
// result.
func (p *Page) callOn(ctx context.Context, n *locate.Node, fn string, args ...any) (json.RawMessage, error) {
	if raw, ok, err := p.callHeld(ctx, n, fn, args); ok {
		return raw, err
	}
	s, err := p.nodeSession(n)
	if err != nil {
		return nil, err
	}
	c := s.Client(ctx)
	obj, err := p.resolveOwn(ctx, s, n, "")
	if err != nil {
		if ctx.Err() != nil {
			// cut short by the deadline: the element may well be there
			return nil, ctx.Err()
		}
		return nil, detached(n)
	}
	r, err := proto.RuntimeCallFunctionOn{ObjectID: obj.ObjectID, FunctionDeclaration: fn, Arguments: callArgs(args),
		ReturnByValue: true, AwaitPromise: true, UserGesture: true}.Call(c)
	// the object goes with its document anyway: an error here changes
	// nothing, and nothing waits for the answer (a round trip off every
	// check and read on an element)
	go func() {
		_ = proto.RuntimeReleaseObject{ObjectID: obj.ObjectID}.Call(s.Client(context.WithoutCancel(ctx)))
	}()
	if err != nil {
		return nil, err
	}
	if r.ExceptionDetails != nil {
		return nil, &ScriptError{Msg: exceptionMessage(r.ExceptionDetails)}
	}
	return resultJSON(r.Result), nil
}

// detached is the error of an element that left the page.
func detached(n *locate.Node) error {
	return &locate.DetachedError{NotInteractableError: locate.NotInteractableError{
		Why: diagnostics.ReasonDetached, Msg: fmt.Sprintf("%s %q left the page", n.Role, n.Name), Node: n}}
}

// nodeSession is the CDP session of n's element (locate.Handle), or a
// DetachedError when that session has gone with its iframe.
func (p *Page) nodeSession(n *locate.Node) (*CDPSession, error) {
	if s := p.sessionOf(n.Handle); s != nil {
		return s, nil
	}
	return nil, detached(n)
}

// center is the element's centre in the top-level viewport.
func (p *Page) center(ctx context.Context, n *locate.Node) (float64, float64, error) {
	s, err := p.nodeSession(n)
	if err != nil {
		return 0, 0, err
	}
	c := s.Client(ctx)
	q, err := proto.DOMGetContentQuads{BackendNodeID: proto.DOMBackendNodeID(n.Backend)}.Call(c)
	if err != nil || len(q.Quads) == 0 || len(q.Quads[0]) < 8 {
		return 0, 0, &locate.NotInteractableError{Why: diagnostics.ReasonHidden, Msg: fmt.Sprintf("%s %q has no box on screen", n.Role, n.Name), Node: n}
	}
	qd := q.Quads[0]
	x := (qd[0] + qd[2] + qd[4] + qd[6]) / 4
	y := (qd[1] + qd[3] + qd[5] + qd[7]) / 4
	ox, oy := sessionOffset(ctx, s)
	return x + ox, y + oy, nil
}

// sessionOffset is where an out-of-process iframe's viewport sits in the
// top-level viewport.
func sessionOffset(ctx context.Context, s *CDPSession) (float64, float64) {
	if s == nil || s.Parent == nil {
		return 0, 0
	}
	pc := s.Parent.Client(ctx)
	own, err := proto.DOMGetFrameOwner{FrameID: s.FrameID}.Call(pc)
	if err != nil {
		return 0, 0
	}
	bm, err := proto.DOMGetBoxModel{BackendNodeID: own.BackendNodeID}.Call(pc)
	if err != nil || len(bm.Model.Content) < 2 {
		return 0, 0
	}
	px, py := sessionOffset(ctx, s.Parent)
	return bm.Model.Content[0] + px, bm.Model.Content[1] + py
}

// actGuardKey keys the check of WithActGuard in a context.
type actGuardKey struct{}

// WithActGuard returns ctx with a check that every action made under it
// passes once it has resolved its element, before it acts on it (the
// action policy, docs/security.md "Action policy"): its error ends the
// action, unchanged, but a GuardUndecided, which is tried again.
func WithActGuard(ctx context.Context, check func(n *locate.Node) error) context.Context {
	return context.WithValue(ctx, actGuardKey{}, check)
}

// GuardUndecided is an act guard's error that says it could not decide
// on this try, for a passing reason (its look at the page failed: the
// element re-rendered or went away, a frame was replaced): the action is
// tried again, as any try is, within its timeout, and Err is its failure
// when its last try is undecided too (docs/security.md "What a rule on
// click covers"). Any other error of the guard is a decision: final.
type GuardUndecided struct{ Err error }

func (e *GuardUndecided) Error() string { return e.Err.Error() }
func (e *GuardUndecided) Unwrap() error { return e.Err }

func actGuardOf(ctx context.Context) func(n *locate.Node) error {
	g, _ := ctx.Value(actGuardKey{}).(func(n *locate.Node) error)
	return g
}

// act resolves t, waits for actionability and runs do, polling until ctx
// ends. A covered link is followed by its href when followLinks is set.
func (p *Page) act(ctx context.Context, t *flows.Target, chk checks, followLinks bool,
	do func(n *locate.Node, x, y float64) error) (*Outcome, error) {
	out := &Outcome{}
	var res *locate.Result
	var snap *locate.Snapshot
	err := p.Poll(ctx, func() (bool, error) {
		if err := p.awaitUnderWay(ctx, out); err != nil {
			return false, err
		}
		start, reads := time.Now(), p.Reads()
		f, err := p.Find(ctx, t, FindOptions{Live: true, Reuse: true, Takes: chk.tie()}) // docs/targets.md "One lookup"
		r, s := f.Result, f.Snap
		out.Phases.Attempts++
		out.Phases.Resolve += time.Since(start)
		if err != nil {
			return fatal(err)
		}
		res, snap = r, s
		if s != nil && p.Reads() == reads {
			out.Phases.Reused++
		}
		done, err := p.attempt(ctx, r, chk, followLinks, out, do)
		if !done || err != nil {
			p.forget(s) // a read that led nowhere is not reused
		}
		return done, err
	})
	if res != nil {
		out.Log = append(res.Log, out.Log...)
	}
	if err != nil {
		if locate.ReasonOf(err) != "" || errors.Is(err, context.DeadlineExceeded) {
			return out, p.wrap(err, res, snap)
		}
		return out, err
	}
	return out, nil
}

// attempt is one try of act over a resolution: the action guard, the
// actionability checks in one call in the page (checkJS), then do.
func (p *Page) attempt(ctx context.Context, r *locate.Result, chk checks, followLinks bool, out *Outcome,
	do func(n *locate.Node, x, y float64) error) (bool, error) {
	if r.Err != nil {
		return false, r.Err // Poll ends at once on a final one
	}
	n := r.Node
	if chk.editable && n.Role != "slider" {
		if f := n.OneTypable(); f != nil {
			// the target holds one field, named for it (Semi's
			// DatePicker: a host labelled Arrival around a combobox named
			// Choose date and its input; a <div role=combobox> around its
			// input, which took the keys nowhere): fill means that field
			// (docs/targets.md "Actionability", Editable)
			out.Log = append(out.Log, fmt.Sprintf("%s %q takes no text; it holds one field, %s", n.Role, n.Name, describeNode(f)))
			n = f
		}
	}
	if g := actGuardOf(ctx); g != nil {
		if err := g(n); err != nil {
			var u *GuardUndecided
			if errors.As(err, &u) {
				return false, u.Err // read the page again, and look again
			}
			return true, err
		}
	}
	if chk.takes != nil {
		if err := chk.takes(n); err != nil {
			// at once on a page at rest; one that still changes or
			// moves may show the element meant in a moment (a dialog
			// scaling in from nothing, its field of no size beside the
			// button that opened it): docs/targets.md "When waiting ends"
			return p.atRest() && !p.animating(ctx, n), err
		}
	}
	if chk.enabled && n.Disabled {
		return false, disabledErr(n)
	}
	if chk.editable && n.ReadOnly {
		if p.readOnlyClick(ctx, n, chk, out) {
			return false, nil // read again: it may take text now
		}
		return false, notEditableErr(n)
	}
	touch := p.input()
	start := time.Now()
	p.hold(ctx, n)
	defer p.release()
	x, y, done, err := p.check(ctx, n, chk, followLinks, out)
	out.Phases.Checks += time.Since(start)
	if done || err != nil {
		return done, err
	}
	out.Node = n
	start = time.Now()
	err = do(n, x, y)
	if errors.Is(err, errUntouched) {
		err = nil // nothing sent: the page's latest read stands
	} else {
		touch()
	}
	out.Phases.Dispatch += time.Since(start)
	if err == nil {
		return true, nil
	}
	if errors.Is(err, ErrPageClosed) {
		// the action closed its own tab (window.close()): it landed
		out.Log = append(out.Log, "the tab closed during the action")
		return true, nil
	}
	if ctx.Err() != nil {
		return true, &locate.ResolveError{Why: diagnostics.ReasonTimeout,
			Msg: fmt.Sprintf("%s %q was found, but the page stopped responding during the action (a script busy in a loop?)", n.Role, n.Name)}
	}
	var nie *locate.NotInteractableError
	if errors.As(err, &nie) {
		var ce *locate.CoveredError
		if errors.As(err, &ce) {
			// a click the guard refused, or that reached nothing: said in
			// the step's log, whether a later try lands or not
			line := "a click did not land, so it was tried again: " + ce.Msg
			if k := len(out.Log); k == 0 || out.Log[k-1] != line {
				out.Log = append(out.Log, line)
			}
		}
		return false, err
	}
	return true, err
}

// check runs the actionability checks on n (checkJS) and returns where to
// act, in the top-level viewport. done reports an action already done (a
// covered link followed by its href); an error, a check that failed.
func (p *Page) check(ctx context.Context, n *locate.Node, chk checks, followLinks bool, out *Outcome) (x, y float64, done bool, err error) {
	raw, err := p.callOn(ctx, n, checkJS(), chk.hit, p.atRest(), chk.enabled, chk.editable, chk.guard)
	if err != nil {
		return 0, 0, false, err
	}
	var cr checkResult
	if err := json.Unmarshal(raw, &cr); err != nil {
		return 0, 0, false, fmt.Errorf("reading the actionability checks of %s %q: %w", n.Role, n.Name, err)
	}
	switch cr.State {
	case "ok":
	case "detached":
		return 0, 0, false, detached(n)
	case "disabled":
		return 0, 0, false, disabledErr(n)
	case "not_editable":
		return 0, 0, false, notEditableErr(n)
	case "unstable":
		return 0, 0, false, &locate.UnstableError{NotInteractableError: locate.NotInteractableError{
			Why: diagnostics.ReasonUnstable, Msg: fmt.Sprintf("%s %q kept moving", n.Role, n.Name), Node: n}}
	case "hidden":
		return 0, 0, false, &locate.NotInteractableError{Why: diagnostics.ReasonHidden, Msg: fmt.Sprintf("%s %q has no size", n.Role, n.Name), Node: n}
	case "covered":
		if cr.Cover == diagnostics.CoverContainer && chk.keyed != nil && chk.keyed(n) {
			out.Log = append(out.Log, fmt.Sprintf("%s %q is drawn over by %s, which holds it; set with keys", n.Role, n.Name, cr.By))
			break
		}
		done, err := p.covered(ctx, n, cr.By, cr.Cover, followLinks, out)
		return 0, 0, done, err
	default:
		// never act on an answer the checks did not give
		return 0, 0, false, fmt.Errorf("the actionability checks of %s %q answered %q", n.Role, n.Name, cr.State)
	}
	s, err := p.nodeSession(n)
	if err != nil {
		return 0, 0, false, err
	}
	if n.Frame != "" && proto.PageFrameID(n.Frame) != s.FrameID {
		// in a frame inside the session's document: the browser says where
		x, y, err = p.center(ctx, n)
		if err != nil && chk.guard {
			_, _ = p.callOn(ctx, n, unguardJS()) // no click comes; the error says why
		}
		return x, y, false, err
	}
	ox, oy := sessionOffset(ctx, s)
	return cr.X + ox, cr.Y + oy, false, nil
}

// covered is what a covered element comes to: a link followed by its href
// (followLinks), else a CoveredError.
func (p *Page) covered(ctx context.Context, n *locate.Node, by string, cover diagnostics.Cover, followLinks bool, out *Outcome) (bool, error) {
	if followLinks && n.Role == "link" && n.Href != "" {
		href, err := p.callOn(ctx, n, linkHrefJS())
		var u string
		if err == nil && json.Unmarshal(href, &u) == nil && u != "" {
			out.Log = append(out.Log, fmt.Sprintf("link %q is covered by %s; followed its href %s", n.Name, by, u))
			if _, err := p.Navigate(ctx, u, "load"); err != nil {
				return true, err
			}
			out.Node = n
			return true, nil
		}
	}
	return false, &locate.CoveredError{NotInteractableError: locate.NotInteractableError{
		Why: diagnostics.ReasonCovered, Msg: fmt.Sprintf("%s %q is covered by %s%s", n.Role, n.Name, by, cover.Says()), Node: n},
		CoveredBy: by, Cover: cover}
}

func disabledErr(n *locate.Node) error {
	return &locate.DisabledError{NotInteractableError: locate.NotInteractableError{
		Why: diagnostics.ReasonDisabled, Msg: fmt.Sprintf("%s %q is disabled", n.Role, n.Name), Node: n}}
}

// animating says a short transition or animation runs in n's document
// (animating.js); false when the page cannot say.
func (p *Page) animating(ctx context.Context, n *locate.Node) bool {
	raw, err := p.callOn(ctx, n, animatingJS())
	return err == nil && string(raw) == "true"
}

func notEditableErr(n *locate.Node) error {
	msg := fmt.Sprintf("%s %q does not take text", n.Role, n.Name)
	if n.ReadOnly {
		msg = fmt.Sprintf("%s %q is read-only", n.Role, n.Name)
	}
	return &locate.NotEditableError{NotInteractableError: locate.NotInteractableError{
		Why: diagnostics.ReasonNotEditable, Msg: msg, Node: n}}
}

// readOnlyClick clicks a read-only <input> or <textarea> once per
// action, at the point its checks (all but the editable one) measure, as
// a person who clicks a field to type into it does, and says whether it
// did: a kit may keep a field read-only until it is clicked or focused
// (ant-design-vue's DatePicker drops readonly="" on mousedown or focus,
// and opens its panel, which commits a typed date on Enter), and the
// next read of the page says whether it takes text now (docs/targets.md
// "Actionability", Editable; conformance fill-readonly-until-focus).
func (p *Page) readOnlyClick(ctx context.Context, n *locate.Node, chk checks, out *Outcome) bool {
	if out.clickedReadOnly || n.Tag != "input" && n.Tag != "textarea" {
		return false
	}
	out.clickedReadOnly = true
	chk.editable, chk.guard = false, false
	x, y, done, err := p.check(ctx, n, chk, false, out)
	if done || err != nil || p.mouse(ctx, x, y, ClickOptions{}) != nil {
		return false
	}
	out.Log = append(out.Log, fmt.Sprintf("%s %q is read-only; clicked it, as a person does to type", n.Role, n.Name))
	return true
}

// takesText is the role check of fill and type: an element whose role
// takes no text (a button, a link) never will.
func takesText(n *locate.Node) error {
	if editable(n) {
		return nil
	}
	return notEditableErr(n)
}

// editable says n takes text: a role that does, or an <input> or a
// <textarea> whatever role the page gave it, but for an input drawn as a
// button or a toggle (`type=button`, `submit`, `reset`, `image`,
// `checkbox`, `radio`), which takes none: beside a field named like it
// (`<input type=button value="Set nickname">` and the field "Nickname:"),
// the field is the one match `fill` takes (docs/targets.md "Resolution",
// 4).
func editable(n *locate.Node) bool {
	return n.EditableRole() || n.Tag == "input" && n.Role != "button" && !n.Toggle() || n.Tag == "textarea"
}

// ClickOptions are the extras of click, dblclick and hover.
type ClickOptions struct {
	Button    string // left, right, middle
	Count     int    // 2 for dblclick
	Modifiers []string
	HoverOnly bool
}

// Click clicks the element t resolves to, after auto-wait.
func (p *Page) Click(ctx context.Context, t *flows.Target, o ClickOptions) (*Outcome, error) {
	chk := checks{enabled: !o.HoverOnly, hit: true, guard: !o.HoverOnly}
	return p.act(ctx, t, chk, !o.HoverOnly && o.Count <= 1 && o.Button == "", func(n *locate.Node, x, y float64) error {
		if o.HoverOnly {
			return p.mouse(ctx, x, y, o)
		}
		return p.guardedClick(ctx, n, x, y, o, true)
	})
}

// lostClick is unguardJS's answer for a click none of whose events
// reached the element's window (no element's description starts so).
const lostClick = "(no event)"

// guardedClick clicks at (x, y) with the hit-target guard around it
// (installed: the checks put it in place already). A click that would
// have landed elsewhere is blocked and reported as covered, so act tries
// again.
func (p *Page) guardedClick(ctx context.Context, n *locate.Node, x, y float64, o ClickOptions, installed bool) error {
	if !installed {
		if _, err := p.callOn(ctx, n, guardJS()); err != nil {
			return err
		}
	}
	if err := p.mouse(ctx, x, y, o); err != nil {
		_, _ = p.callOn(ctx, n, unguardJS()) // the error says what went wrong; the guard ends in 3 s anyway
		return err
	}
	return p.unguard(ctx, n)
}

// unguard ends the click guard on n and says where the press went: nil
// when it landed on n (or its page went on, the element gone with it),
// else a CoveredError naming what took it.
func (p *Page) unguard(ctx context.Context, n *locate.Node) error {
	raw, err := p.callOn(ctx, n, unguardJS())
	if err != nil {
		return nil // the click navigated or removed the element: it landed
	}
	var miss struct {
		By    string            `json:"by"`
		Cover diagnostics.Cover `json:"cover"`
	}
	if json.Unmarshal(raw, &miss) != nil || miss.By == "" {
		return nil
	}
	msg := fmt.Sprintf("%s %q moved: the click would have landed on %s%s", n.Role, n.Name, miss.By, miss.Cover.Says())
	if miss.By == lostClick {
		miss.By = "something outside its page (another frame), or nothing"
		msg = fmt.Sprintf("%s %q: no event of the click reached its page; it went to %s", n.Role, n.Name, miss.By)
	}
	return &locate.CoveredError{NotInteractableError: locate.NotInteractableError{
		Why: diagnostics.ReasonCovered, Msg: msg, Node: n}, CoveredBy: miss.By, Cover: miss.Cover}
}

func (p *Page) mouse(ctx context.Context, x, y float64, o ClickOptions) error {
	mods, err := modifierBits(o.Modifiers)
	if err != nil {
		return err
	}
	events := []proto.InputDispatchMouseEvent{{Type: proto.InputDispatchMouseEventTypeMouseMoved, X: x, Y: y, Modifiers: mods}}
	if !o.HoverOnly {
		btn := proto.InputMouseButtonLeft
		switch o.Button {
		case "right":
			btn = proto.InputMouseButtonRight
		case "middle":
			btn = proto.InputMouseButtonMiddle
		}
		for i := 1; i <= max(o.Count, 1); i++ {
			for _, typ := range []proto.InputDispatchMouseEventType{proto.InputDispatchMouseEventTypeMousePressed, proto.InputDispatchMouseEventTypeMouseReleased} {
				events = append(events, proto.InputDispatchMouseEvent{Type: typ, X: x, Y: y, Button: btn, ClickCount: i, Modifiers: mods})
			}
		}
	}
	return p.sendAll(ctx, "Input.dispatchMouseEvent", events)
}

// sendAll sends commands of one method to the main session one after the
// other without waiting for each answer (the browser runs a session's
// commands in order), then waits for every answer: the first error wins.
func (p *Page) sendAll(ctx context.Context, method string, params []proto.InputDispatchMouseEvent) error {
	var c *conn
	if p.owner != nil {
		c = p.owner.b.conn
	}
	if c == nil {
		for _, e := range params {
			if err := e.Call(p.main.Client(ctx)); err != nil {
				return err
			}
		}
		return nil
	}
	var waits []func(context.Context) ([]byte, error)
	var first error
	for _, e := range params {
		w, err := c.send(string(p.main.ID), method, e)
		if err != nil {
			first = err
			break
		}
		waits = append(waits, w)
	}
	for _, w := range waits {
		if _, err := w(ctx); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// Fill replaces the field's value: focus, select all, insert the text as
// one input (or clear it), then a change event; an editing host gets no
// change event, which it never fires itself; a date, time or colour input
// takes the value as it is, or fails with a BadValueError (docs/targets.md
// "Actionability"); a slider is set with keys (slider.go), a field of
// segments typed into part by part (segments.go).
func (p *Page) Fill(ctx context.Context, t *flows.Target, value string) (*Outcome, error) {
	var retyped []string
	out, err := p.act(ctx, t, checks{enabled: true, editable: true, hit: true, takes: fillable, keyed: isSlider}, false, func(n *locate.Node, x, y float64) error {
		if n.Role == "slider" {
			return p.slide(ctx, n, value, [2]float64{x, y}) // docs/targets.md "Sliders"
		}
		if segs := n.Segments(); segs != nil {
			return p.fillSegments(ctx, n, segs, value) // docs/targets.md "Fields of segments"
		}
		if f := segmentOf(n, value); f != nil {
			return p.fillSegment(ctx, f, n, value)
		}
		if n.EditHost {
			if _, err := p.callOn(ctx, n, hostSelectJS(), value == ""); err != nil {
				return err
			}
		} else if set, err := p.fillFocus(ctx, n, value); err != nil || set {
			return err
		}
		if value != "" {
			if err := (proto.InputInsertText{Text: value}).Call(p.main.Client(ctx)); err != nil {
				return err
			}
		}
		if n.EditHost {
			return nil
		}
		raw, err := p.callOn(ctx, n, changeJS())
		if err != nil {
			return err
		}
		retyped, err = p.retypeLost(ctx, n, value, raw)
		return err
	})
	if out != nil {
		out.Log = append(out.Log, retyped...)
	}
	return out, err
}

// retypeLost types value into the field n key by key when the field,
// given value at once, lost it: what it shows (raw, change.js's answer)
// does not hold value's letters and digits in their order. A mask that
// takes each input event for one key typed (Kendo's DateInput showed
// `5/day/year` for 3/14/2025) gets value as a person types it; a field
// that only formats it (`(555) 123-4567`, `1,000.00`) holds them all and
// is left alone. It answers the step's log lines (docs/flows.md "fill").
func (p *Page) retypeLost(ctx context.Context, n *locate.Node, value string, raw []byte) ([]string, error) {
	var got *string
	if value == "" || json.Unmarshal(raw, &got) != nil || got == nil || holdsInOrder(*got, value) {
		return nil, nil
	}
	log := []string{fmt.Sprintf("%s showed %q once given the text at once; typed it key by key", describeNode(n), *got)}
	if _, err := p.callOn(ctx, n, focusJS(), false, value); err != nil { // selects what it shows
		return log, err
	}
	for _, r := range value {
		if err := p.typeRune(ctx, r); err != nil {
			return log, err
		}
	}
	raw, err := p.callOn(ctx, n, changeJS())
	if err != nil {
		return log, err
	}
	if json.Unmarshal(raw, &got) == nil && got != nil && *got != value {
		log = append(log, fmt.Sprintf("%s shows %q", describeNode(n), *got))
	}
	return log, nil
}

// holdsInOrder says shown holds the letters and digits of value in their
// order, case aside.
func holdsInOrder(shown, value string) bool {
	rest := []rune(strings.ToLower(shown))
	for _, r := range strings.ToLower(value) {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			continue
		}
		i := slices.Index(rest, r)
		if i < 0 {
			return false
		}
		rest = rest[i+1:]
	}
	return true
}

// fillFocus focuses the field n for fill (focusJS); set reports a date,
// time or colour input that took value already.
func (p *Page) fillFocus(ctx context.Context, n *locate.Node, value string) (set bool, err error) {
	raw, err := p.callOn(ctx, n, focusJS(), value == "", value)
	if err != nil {
		return false, err
	}
	var state string
	if err := json.Unmarshal(raw, &state); err != nil {
		return false, fmt.Errorf("reading how %s %q took the focus: %w", n.Role, n.Name, err)
	}
	switch state {
	case "set":
		return true, nil
	case "malformed":
		return false, &locate.BadValueError{Node: n, Value: value}
	}
	return false, nil
}

// Type focuses the field and types text key by key (into an editing
// host: at its caret, or at its end, docs/flows.md "type").
func (p *Page) Type(ctx context.Context, t *flows.Target, text string, delay time.Duration) (*Outcome, error) {
	return p.act(ctx, t, checks{enabled: true, editable: true, hit: true, takes: takesText}, false, func(n *locate.Node, x, y float64) error {
		return p.typeInto(ctx, n, text, delay)
	})
}

// typeInto focuses n for keys and types text into it key by key, delay
// apart: the type step, and each segment of a field of segments
// (segments.go).
func (p *Page) typeInto(ctx context.Context, n *locate.Node, text string, delay time.Duration) error {
	if err := p.focusForKeys(ctx, n); err != nil {
		return err
	}
	for _, r := range text {
		if err := p.typeRune(ctx, r); err != nil {
			return err
		}
		if delay > 0 {
			select {
			case <-time.After(delay):
			case <-ctx.Done():
				return ctx.Err()
			}
		}
	}
	return nil
}

// Press presses a key combination ("Enter", "Control+A") on the focused
// element, or on t after focusing it.
func (p *Page) Press(ctx context.Context, t *flows.Target, combo string) (*Outcome, error) {
	keys, err := flows.ParseKeys(combo)
	if err != nil {
		return nil, err
	}
	if t == nil {
		out := &Outcome{}
		if err := p.awaitUnderWay(ctx, out); err != nil {
			return out, err
		}
		p.awaitModalFocus(ctx, out)
		defer p.input()()
		return out, p.pressKeys(ctx, keys)
	}
	return p.act(ctx, t, checks{enabled: true}, false, func(n *locate.Node, x, y float64) error {
		if err := p.focusForKeys(ctx, n); err != nil {
			return err
		}
		return p.pressKeys(ctx, keys)
	})
}

// modalFocusWait bounds the wait of a key with no target for the focus
// to move into a dialog that is opening.
const modalFocusWait = time.Second

// awaitModalFocus waits, before keys with no target, while a dialog open
// is still in its opening transition, for the focus to move into it
// (modalFocusJS), up to modalFocusWait: a kit moves it there once that
// transition ends, and a key sent before goes to the button that opened
// it (`press: Escape` right after the click left ant-design-vue's Modal
// open). The log says a wait, and a focus that stayed outside
// (docs/flows.md "press").
func (p *Page) awaitModalFocus(ctx context.Context, out *Outcome) {
	start := time.Now()
	r, err := p.evalOwn(ctx, p.main, p.main.FrameID, Invoke(modalFocusJS(), modalFocusWait.Milliseconds()))
	if err != nil {
		return
	}
	switch r.Value.Str() {
	case "moved":
		out.Log = append(out.Log, fmt.Sprintf("waited %s for the focus to move into the dialog open", time.Since(start).Round(time.Millisecond)))
	case "outside":
		out.Log = append(out.Log, fmt.Sprintf("the focus stayed outside the dialog open for %s; pressed where it is", modalFocusWait))
	}
}

// Hover moves the mouse over the element.
func (p *Page) Hover(ctx context.Context, t *flows.Target) (*Outcome, error) {
	return p.Click(ctx, t, ClickOptions{HoverOnly: true})
}

// SetChecked checks or unchecks a checkbox, radio or switch (native or
// ARIA, or a hidden native input behind a styled label); a no-op when it
// already is. After a click it waits for the state to change.
func (p *Page) SetChecked(ctx context.Context, t *flows.Target, want bool) (*Outcome, error) {
	wantS := "false"
	if want {
		wantS = "true"
	}
	clicked := false
	// the checked state is the resolution's: a live ref's, else a read's,
	// the latest one when nothing has changed since, a state a script set
	// silently among it (the stamp's digest of the form controls,
	// docs/targets.md "Reusing a read")
	takes := func(n *locate.Node) error {
		if n.Checked != "" {
			return nil
		}
		return &locate.ResolveError{Why: diagnostics.ReasonMismatch,
			Msg: fmt.Sprintf("%s %q cannot be %s: it is not a checkbox, radio or switch", n.Role, cmp.Or(n.Name, n.Text), checkedWord(want))}
	}
	out, err := p.act(ctx, t, checks{enabled: true, hit: true, takes: takes}, false, func(n *locate.Node, x, y float64) error {
		if n.Checked == wantS {
			return errUntouched
		}
		clicked = true
		return p.guardedClick(ctx, n, x, y, ClickOptions{}, false)
	})
	if err != nil {
		return out, err
	}
	if !clicked {
		out.Log = append(out.Log, fmt.Sprintf("%s %q was already %s", out.Node.Role, out.Node.Name, checkedWord(want)))
		return out, nil
	}
	// the new state, on the clicked element alone when that says what a
	// read would (locate.LiveChecked), else, from the first time it cannot,
	// over a read of the page
	var last string
	live := true
	err = p.Poll(ctx, func() (bool, error) {
		if live {
			if partial := p.partialOf(ctx, out.Node); partial != nil {
				if st, ok := locate.LiveChecked(out.Node, partial); ok {
					last = st
					return st == wantS, nil
				}
			}
			live = false
		}
		f, err := p.Find(ctx, t, FindOptions{})
		if err != nil {
			return fatal(err)
		}
		r := f.Result
		if r.Err != nil {
			return false, r.Err
		}
		last = r.Node.Checked
		return last == wantS, nil
	})
	if err != nil || last != wantS {
		return out, &locate.NotInteractableError{Why: diagnostics.ReasonMismatch,
			Msg: fmt.Sprintf("clicked %s %q but it did not become %s", out.Node.Role, out.Node.Name, checkedWord(want)), Node: out.Node}
	}
	return out, nil
}

// errUntouched is what an action's do returns when it is done without
// sending the page anything (a box already in the state asked for, a
// scroll the checks made, an element's box read): the page's latest read
// stays reusable, the scroll being in the documents' stamps
// (docs/targets.md "Reusing a read").
var errUntouched = errors.New("done, with nothing sent to the page")

func checkedWord(b bool) string {
	if b {
		return "checked"
	}
	return "unchecked"
}

// ScrollTo scrolls the element into view: the checks do, and nothing
// more is sent (errUntouched).
func (p *Page) ScrollTo(ctx context.Context, t *flows.Target) (*Outcome, error) {
	return p.act(ctx, t, checks{}, false, func(n *locate.Node, x, y float64) error { return errUntouched })
}

// ScrollPage scrolls the window: to "top" or "bottom", or by pixels.
func (p *Page) ScrollPage(ctx context.Context, to string, by int) error {
	js := fmt.Sprintf("window.scrollBy(0, %d)", by)
	switch to {
	case "top":
		js = "window.scrollTo(0, 0)"
	case "bottom":
		js = "window.scrollTo(0, document.documentElement.scrollHeight)"
	}
	defer p.input()()
	_, err := p.EvalOwn(ctx, js)
	return err
}

// Upload sets the files of a file input.
func (p *Page) Upload(ctx context.Context, t *flows.Target, files []string) (*Outcome, error) {
	return p.act(ctx, t, checks{enabled: true}, false, func(n *locate.Node, x, y float64) error {
		s, err := p.nodeSession(n)
		if err != nil {
			return err
		}
		return proto.DOMSetFileInputFiles{Files: files, BackendNodeID: proto.DOMBackendNodeID(n.Backend)}.Call(s.Client(ctx))
	})
}

// Screenshot captures the viewport, the full page, or one element's box
// (clip in top-level viewport coordinates), as PNG. Every screenshot is
// taken here, and the page's secrets are painted over (mask.go).
func (p *Page) Screenshot(ctx context.Context, fullPage bool, clip *locate.Box) ([]byte, error) {
	req, ox, oy := p.shotRequest(ctx, fullPage, clip)
	return p.capture(ctx, req, ox, oy, settle{})
}

// shotRequest is the capture of the viewport, the full page or the clip,
// and where the image's top-left corner is in the top-level viewport.
func (p *Page) shotRequest(ctx context.Context, fullPage bool, clip *locate.Box) (proto.PageCaptureScreenshot, float64, float64) {
	req := proto.PageCaptureScreenshot{Format: proto.PageCaptureScreenshotFormatPng, CaptureBeyondViewport: fullPage}
	var ox, oy float64
	if fullPage {
		m, err := proto.PageGetLayoutMetrics{}.Call(p.main.Client(ctx))
		if err == nil && m.CSSContentSize != nil {
			req.Clip = &proto.PageViewport{X: 0, Y: 0, Width: m.CSSContentSize.Width, Height: m.CSSContentSize.Height, Scale: 1}
			if m.CSSVisualViewport != nil {
				ox, oy = -m.CSSVisualViewport.PageX, -m.CSSVisualViewport.PageY
			}
		}
	}
	if clip != nil && !clip.Empty() {
		req.Clip = &proto.PageViewport{X: clip.X, Y: clip.Y, Width: clip.W, Height: clip.H, Scale: 1}
		ox, oy = clip.X, clip.Y
		if m, err := (proto.PageGetLayoutMetrics{}).Call(p.main.Client(ctx)); err == nil && m.CSSVisualViewport != nil {
			req.Clip.X += m.CSSVisualViewport.PageX
			req.Clip.Y += m.CSSVisualViewport.PageY
		}
	}
	return req, ox, oy
}

// ElementBox scrolls t into view and returns its box, for element
// screenshots.
func (p *Page) ElementBox(ctx context.Context, t *flows.Target) (*locate.Box, error) {
	var box *locate.Box
	_, err := p.act(ctx, t, checks{}, false, func(n *locate.Node, x, y float64) error {
		s, err := p.nodeSession(n)
		if err != nil {
			return err
		}
		c := s.Client(ctx)
		bm, err := proto.DOMGetBoxModel{BackendNodeID: proto.DOMBackendNodeID(n.Backend)}.Call(c)
		if err != nil || len(bm.Model.Border) < 8 {
			return &locate.NotInteractableError{Why: diagnostics.ReasonHidden, Msg: "the element has no box", Node: n}
		}
		q := bm.Model.Border
		ox, oy := sessionOffset(ctx, s)
		box = &locate.Box{X: q[0] + ox, Y: q[1] + oy, W: q[2] - q[0], H: q[5] - q[1]}
		return errUntouched // a box read: nothing sent
	})
	return box, err
}

// Attr reads an attribute or property of the element t resolves to.
func (p *Page) Attr(ctx context.Context, n *locate.Node, name string) (string, error) {
	return p.readAttr(ctx, n, name, false)
}

// Value reads the value a field holds now: its value property, which its
// value attribute only starts it with.
func (p *Page) Value(ctx context.Context, n *locate.Node) (string, error) {
	return p.readAttr(ctx, n, "value", true)
}

// readAttr reads an attribute, else a property, of n; or its property
// alone, with prop.
func (p *Page) readAttr(ctx context.Context, n *locate.Node, name string, prop bool) (string, error) {
	raw, err := p.callOn(ctx, n, attrJS(), name, prop)
	if err != nil {
		return "", err
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", fmt.Errorf("reading %s of %s %q: %w", name, n.Role, n.Name, err)
	}
	return s, nil
}
