package session

import (
	"fmt"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
)

// execExtract sets a variable from the page or an expression.
func (ss *Session) execExtract(c *stepCall, x *flows.Extract) error {
	ctx, flowCtx, s, t, sc, rec := c.sctx, c.ctx, c.s, c.t, c.sc, c.rec
	if x.Expr != nil {
		v, err := ss.evalExpr(ctx, x.Expr, sc)
		if err != nil {
			return failWith(diagnostics.ReasonExpression, err)
		}
		sc.Vars[x.Var] = v
		rec.Log = append(rec.Log, fmt.Sprintf("%s = %s", x.Var, ss.mask.Mask(fmt.Sprint(v))))
		return nil
	}
	f, err := ss.page.Find(ctx, t, browser.FindOptions{Wait: true})
	r := f.Result
	if err != nil {
		return ss.diagnose(flowCtx, s, t, err)
	}
	var v string
	switch {
	case x.Attr != "":
		v, err = ss.page.Attr(ctx, r.Node, x.Attr)
		if err != nil {
			return err
		}
	case r.Node.EditHost || r.Node.Value != "" && r.Node.EditableRole():
		v = r.Node.Value // an editor's content, even empty (docs/flows.md "extract")
	default:
		v = r.Node.TextOrName()
	}
	sc.Vars[x.Var] = v
	rec.Log = append(rec.Log, fmt.Sprintf("%s = %q", x.Var, ss.mask.Mask(v)))
	return nil
}
