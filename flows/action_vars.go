package flows

import (
	"strings"

	"gopkg.in/yaml.v3"
)

// The actions that set a variable for the steps after them: `extract`
// and `eval` (docs/flows.md "extract", "eval").

// Extract is `extract`: From (with optional Attr) or Expr.
type Extract struct {
	Var  string
	From *Target
	Attr string
	Expr *Expr
}

// Eval is `eval`: JavaScript run in the page; its result is
// ${vars.result}.
type Eval struct {
	JS string
}

// resultVar is the variable eval sets.
const resultVar = "result"

func (*Extract) Name() ActionName { return ActionExtract }
func (*Eval) Name() ActionName    { return ActionEval }

func (a *Extract) targetSlot() (string, *Target) { return "from", a.From }

// A script may open a tab, which the flow follows.
func (*Eval) followsTab() bool { return true }

func (a *Extract) parse(p *parser, spec *actionSpec, k, v *yaml.Node) {
	o := p.argsOnly(spec, k, v)
	if o == nil {
		return
	}
	switch ks := o.present([]string{"from", "expr"}); len(ks) {
	case 0:
		p.errorf(k, "extract needs from (a TARGET) or expr")
	case 2:
		p.errorf(o.m[ks[1]].k, "extract takes from or expr, not both")
	}
	if n := o.val("from"); n != nil {
		a.From = p.target(n, "extract from")
	}
	if n := o.val("attr"); n != nil {
		a.Attr = p.nonEmpty(n, "attr")
		if !o.has("from") {
			p.errorf(o.m["attr"].k, "attr goes with from")
		}
	}
	if n := o.val("expr"); n != nil {
		a.Expr = p.expr(n, "expr", false)
	}
	if n := o.val("var"); n != nil {
		name := strings.TrimSpace(p.text(n, "var"))
		if p.checkVarName(name, p.resolve(n)) {
			a.Var = name
			p.known[name] = true
		}
	}
}

func (a *Extract) arg() *yaml.Node {
	w := (&mapWriter{}).add("var", strNode(a.Var)).add("from", targetNode(a.From))
	if a.Attr != "" {
		w.add("attr", strNodeOf(a.Attr))
	}
	return w.add("expr", exprNode(a.Expr)).node()
}

func (a *Eval) parse(p *parser, _ *actionSpec, k, v *yaml.Node) {
	r := p.resolve(v)
	if r == nil {
		return
	}
	if isNull(r) {
		p.errorf(k, "eval needs JavaScript")
		return
	}
	a.JS = p.nonEmpty(r, "eval")
	p.known[resultVar] = true
}

func (a *Eval) arg() *yaml.Node { return strNodeOf(a.JS) }

// The policy's patterns look at the script (docs/security.md "Action
// policy").
func (a *Eval) policySubject() (string, string) { return "", a.JS }

// A script acts on the page (docs/agents.md "Reads after an action").
func (*Eval) actsOnPage() bool { return true }

// exported: the script's secrets as references (docs/agents.md "Export").
func (a *Eval) exported(x *Export, s *Step) { s.Action = &Eval{JS: x.Secret(a.JS)} }
