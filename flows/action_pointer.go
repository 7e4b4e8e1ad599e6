package flows

import (
	"math"
	"strconv"

	"gopkg.in/yaml.v3"
)

// The actions that move the mouse or the page: `click`, `dblclick`,
// `hover`, `drag` and `scroll` (docs/flows.md "click", "drag", "scroll").

// Pointer is `click`, `dblclick` or `hover`, as Act says.
type Pointer struct {
	Act       ActionName // ActionClick (or ""), ActionDblClick or ActionHover
	Target    *Target
	Button    string   // left (default), right, middle
	Modifiers []string // Alt, Control, Meta, Shift
}

// Scroll is `scroll`: exactly one of Target, To or By is set.
type Scroll struct {
	Target *Target
	To     string // top, bottom
	By     int
}

func (a *Pointer) Name() ActionName {
	if a.Act == "" {
		return ActionClick
	}
	return a.Act
}
func (*Scroll) Name() ActionName { return ActionScroll }

// short: the target alone is the argument (`click: X`).
func (a *Pointer) short() bool { return a.Button == "" && len(a.Modifiers) == 0 }

func (a *Pointer) targetSlot() (string, *Target) {
	if a.short() {
		return string(a.Name()), a.Target
	}
	return "target", a.Target
}

// A click may open a tab, which the flow follows, or start a download; a
// hover does neither.
func (a *Pointer) followsTab() bool  { return a.Act != ActionHover }
func (a *Pointer) canDownload() bool { return a.Act != ActionHover }

// click, dblclick and hover act on the element they resolve; scroll does
// when it has a target. A click or a double click activates it; a hover
// does not (docs/security.md "What a rule on click covers").
func (*Pointer) actsOnElement() bool  { return true }
func (a *Scroll) actsOnElement() bool { return a.Target != nil }
func (a *Pointer) activation(*Scope) Activation {
	if a.Act == ActionHover {
		return Activation{}
	}
	return Activation{By: ActivatesTarget}
}

func (a *Scroll) targetSlot() (string, *Target) { return "target", a.Target }

func (a *Pointer) parse(p *parser, spec *actionSpec, k, v *yaml.Node) {
	t, o := p.targetForm(spec, k, v)
	a.Target = t
	if o == nil {
		return
	}
	if n := o.val("button"); n != nil {
		a.Button = p.enum(n, "button", buttons)
	}
	if n := o.val("modifiers"); n != nil {
		mods, nodes := p.strList(n, "modifiers", false)
		for i, m := range mods {
			if contains(modifierNames, m) {
				a.Modifiers = append(a.Modifiers, m)
				continue
			}
			p.errorf(nodes[i], "modifier must be %s, not %q%s", orList(modifierNames), m, keyAliasHint(m, modifierNames))
		}
	}
}

func (a *Pointer) arg() *yaml.Node {
	if a.short() {
		return targetNode(a.Target)
	}
	w := (&mapWriter{}).add("target", targetNode(a.Target))
	if a.Button != "" {
		w.add("button", strNode(a.Button))
	}
	if len(a.Modifiers) > 0 {
		w.add("modifiers", stringsNode(a.Modifiers))
	}
	return w.node()
}

func (a *Scroll) parse(p *parser, spec *actionSpec, k, v *yaml.Node) {
	r := p.resolve(v)
	if r == nil {
		return
	}
	if r.Kind == yaml.ScalarNode && !isNull(r) && contains(scrollTos, r.Value) {
		a.To = r.Value
		return
	}
	t, o := p.targetForm(spec, k, v)
	a.Target = t
	if o == nil {
		return
	}
	ks := o.present([]string{"target", "to", "by"})
	switch len(ks) {
	case 0:
		p.errorf(k, "scroll needs target, to or by")
	case 1:
	default:
		p.errorf(o.m[ks[1]].k, "scroll takes one of target, to or by, not %s and %s", ks[0], ks[1])
	}
	if n := o.val("to"); n != nil {
		a.To = p.enum(n, "to", scrollTos)
	}
	if n := o.val("by"); n != nil {
		a.By, _ = p.integer(n, "by", -1<<30)
		if a.By == 0 {
			p.errorf(p.resolve(n), "by must not be 0")
		}
	}
}

func (a *Scroll) arg() *yaml.Node {
	switch {
	case a.To != "":
		return strNode(a.To)
	case a.By != 0:
		return (&mapWriter{}).add("by", intNode(a.By)).node()
	}
	t := targetNode(a.Target)
	if t != nil && t.Kind == yaml.ScalarNode && contains(scrollTos, t.Value) {
		// `scroll: top` is the page's top, not an element
		return (&mapWriter{}).add("target", t).node()
	}
	return t
}

// A pointer action and a scroll act on the page (docs/agents.md "Reads
// after an action").
func (*Pointer) actsOnPage() bool { return true }
func (*Scroll) actsOnPage() bool  { return true }

// Drag is `drag`: a press on From, moves to To (its centre, or the point
// At from its top-left corner), a release (docs/flows.md "drag").
type Drag struct {
	From *Target
	To   *Target
	At   *Offset // nil: To's centre
	// toEnd: this is the view of the step whose main target is To, for a
	// failure of that end (ToEnd).
	toEnd bool
}

// Offset is a point in CSS pixels from an element's top-left corner.
type Offset struct{ X, Y float64 }

func (*Drag) Name() ActionName { return ActionDrag }

// targetSlot: the step's main target is From, the end a drag starts at;
// ToEnd's view names To.
func (a *Drag) targetSlot() (string, *Target) {
	if a.toEnd {
		return "to", a.To
	}
	return "from", a.From
}

// ToEnd is the drag seen from its drop end: its main target is To, under
// the key `to`, so that a failure of that end is diagnosed and suggested
// as that end's (docs/flows.md "drag").
func (a *Drag) ToEnd() *Drag {
	c := *a
	c.toEnd = true
	return &c
}

// A drag acts on both its ends, each checked as a click's target is
// (docs/security.md "Action policy"), and on the page; a drop may open a
// tab.
func (*Drag) actsOnElement() bool { return true }
func (*Drag) actsOnPage() bool    { return true }
func (*Drag) followsTab() bool    { return true }

func (a *Drag) parse(p *parser, spec *actionSpec, k, v *yaml.Node) {
	o := p.argsOnly(spec, k, v)
	if o == nil {
		return
	}
	if n := o.val("from"); n != nil {
		a.From = p.target(n, "drag from")
	}
	if n := o.val("to"); n != nil {
		a.To, a.At = p.dropPoint(n)
	}
}

// dropPoint reads `to`: a TARGET, or {target: TARGET, x: N, y: N}.
func (p *parser) dropPoint(n *yaml.Node) (*Target, *Offset) {
	r := p.resolve(n)
	if r == nil || r.Kind != yaml.MappingNode {
		return p.target(n, "drag to"), nil
	}
	o := p.mapping(r, "drag to")
	if o == nil {
		return nil, nil
	}
	if !o.has("target") {
		if xy := o.present([]string{"x", "y"}); len(xy) > 0 {
			p.errorf(o.m[xy[0]].k, "drag to: an offset goes with the element under target: {target: TARGET, x: N, y: N}")
			return nil, nil
		}
		return p.targetMap(o, "drag to", 0), nil
	}
	p.unknownKeys(o, "drag to", keysOf(dropPointFields), nil)
	t := p.target(o.val("target"), "drag to target")
	at := &Offset{}
	for _, f := range []struct {
		key string
		v   *float64
	}{{"x", &at.X}, {"y", &at.Y}} {
		n := o.val(f.key)
		if n == nil {
			p.errorf(o.m["target"].k, "drag to needs %q with target: {target: TARGET, x: N, y: N} (CSS px from its top-left corner)", f.key)
			continue
		}
		*f.v = p.offset(n, "drag to "+f.key)
	}
	return t, at
}

// offset reads a number of CSS pixels, 0 or more.
func (p *parser) offset(n *yaml.Node, what string) float64 {
	n = p.resolve(n)
	if n == nil {
		return 0
	}
	if n.Kind == yaml.ScalarNode && (n.ShortTag() == "!!int" || n.ShortTag() == "!!float") {
		if f, err := strconv.ParseFloat(n.Value, 64); err == nil && f >= 0 && !math.IsInf(f, 0) {
			return f
		}
	}
	p.errorf(n, "%s must be a number of CSS pixels from the element's top-left corner, 0 or more, such as 12, not %s", what, kindName(n))
	return 0
}

func (a *Drag) arg() *yaml.Node {
	to := targetNode(a.To)
	if a.At != nil {
		to = (&mapWriter{}).add("target", to).add("x", numberNode(a.At.X)).add("y", numberNode(a.At.Y)).node()
	}
	return (&mapWriter{}).add("from", targetNode(a.From)).add("to", to).node()
}

// numberNode writes a whole number as one (12), any other as a float.
func numberNode(f float64) *yaml.Node {
	if f == math.Trunc(f) && math.Abs(f) < 1<<31 {
		return intNode(int(f))
	}
	return floatNode(f)
}
