package flows

import (
	"strings"

	"gopkg.in/yaml.v3"
)

// The actions that hold steps: `run`, `group` and `repeat` (docs/flows.md
// "run", "group", "repeat").

// Run is `run`: another flow's steps on the same page.
type Run struct {
	Flow string // path as written, relative to this flow file
	With []Var
	// Loaded is the sub-flow, resolved at load time (nil if it failed).
	Loaded *Flow
}

// Group is `group`.
type Group struct {
	Steps []*Step
}

// Repeat is `repeat`: one of Times, While, Until.
type Repeat struct {
	Times int
	While *Expr
	Until *Expr
	Max   int // caps While/Until rounds: DefaultRepeatMax when unset; 0 with Times
	Steps []*Step
}

func (*Run) Name() ActionName    { return ActionRun }
func (*Group) Name() ActionName  { return ActionGroup }
func (*Repeat) Name() ActionName { return ActionRepeat }

func (a *Run) subject() string { return a.Flow }

func (a *Run) parse(p *parser, spec *actionSpec, k, v *yaml.Node) {
	r := p.resolve(v)
	if r == nil {
		return
	}
	var at *yaml.Node
	var with []string
	switch {
	case isNull(r):
		p.errorf(k, "run needs a flow file")
		return
	case r.Kind == yaml.ScalarNode:
		a.Flow, at = p.text(r, "run"), r
	case r.Kind == yaml.MappingNode:
		o := p.mapping(r, "run")
		p.checkArgs(o, spec, k)
		if n := o.val("flow"); n != nil {
			a.Flow, at = p.text(n, "flow"), p.resolve(n)
		}
		if n := o.val("with"); n != nil && !isNull(p.resolve(n)) {
			a.With = p.vars(n, "with")
			for _, w := range a.With {
				with = append(with, w.Name)
			}
		}
	default:
		p.errorf(r, "run needs a flow file or {flow, with}, not %s", kindName(r))
		return
	}
	if at == nil {
		return
	}
	switch {
	case strings.TrimSpace(a.Flow) == "":
		p.errorf(at, "run: the flow path must not be empty")
	case strings.Contains(a.Flow, "${"):
		p.errorf(at, "run: the flow path cannot use ${...}: sub-flows are loaded with the flow")
	default:
		p.loadSub(a, at, with)
	}
}

func (a *Run) arg() *yaml.Node {
	if len(a.With) == 0 {
		return strNode(a.Flow)
	}
	return (&mapWriter{}).add("flow", strNode(a.Flow)).add("with", varsNode(a.With)).node()
}

func (a *Group) parse(p *parser, spec *actionSpec, k, v *yaml.Node) {
	if o := p.argsOnly(spec, k, v); o != nil {
		if n := o.val("steps"); n != nil {
			a.Steps = p.steps(n, "group steps", true)
		}
	}
}

func (a *Group) arg() *yaml.Node {
	return (&mapWriter{}).add("steps", stepsNode(a.Steps)).node()
}

func (a *Repeat) parse(p *parser, spec *actionSpec, k, v *yaml.Node) {
	o := p.argsOnly(spec, k, v)
	if o == nil {
		return
	}
	ks := o.present([]string{"times", "while", "until"})
	switch len(ks) {
	case 0:
		p.errorf(k, "repeat needs one of times, while or until")
	case 1:
	default:
		p.errorf(o.m[ks[1]].k, "repeat takes one of times, while or until, not %s and %s", ks[0], ks[1])
	}
	if n := o.val("times"); n != nil {
		a.Times, _ = p.integer(n, "times", 1)
	}
	if n := o.val("while"); n != nil {
		a.While = p.expr(n, "while", true)
	}
	if n := o.val("max"); n != nil {
		a.Max, _ = p.integer(n, "max", 1)
		if o.has("times") {
			p.errorf(o.m["max"].k, "max goes with while or until, not times")
		}
	} else if !o.has("times") {
		a.Max = DefaultRepeatMax
	}
	if n := o.val("steps"); n != nil {
		a.Steps = p.steps(n, "repeat steps", true)
	}
	// until is checked after each round: it sees what the steps set.
	if n := o.val("until"); n != nil {
		a.Until = p.expr(n, "until", true)
	}
}

func (a *Repeat) arg() *yaml.Node {
	w := &mapWriter{}
	switch {
	case a.While != nil:
		w.add("while", exprNode(a.While))
	case a.Until != nil:
		w.add("until", exprNode(a.Until))
	default:
		w.add("times", intNode(a.Times))
	}
	if a.Times == 0 && a.Max != DefaultRepeatMax {
		w.add("max", intNode(a.Max))
	}
	return w.add("steps", stepsNode(a.Steps)).node()
}

// held: what each container runs (Step.Held).
func (a *Run) held() ([]*Step, *Flow)    { return nil, a.Loaded }
func (a *Group) held() ([]*Step, *Flow)  { return a.Steps, nil }
func (a *Repeat) held() ([]*Step, *Flow) { return a.Steps, nil }

// A container's steps may act on the page (docs/agents.md "Reads after
// an action").
func (*Run) actsOnPage() bool    { return true }
func (*Group) actsOnPage() bool  { return true }
func (*Repeat) actsOnPage() bool { return true }
