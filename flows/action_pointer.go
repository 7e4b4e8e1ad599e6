package flows

import "gopkg.in/yaml.v3"

// The actions that move the mouse or the page: `click`, `dblclick`,
// `hover` and `scroll` (docs/flows.md "click", "scroll").

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
