package session

import (
	"fmt"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
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
	if x.Attr == "" {
		// a field's value by a live ref: its element alone, as the
		// browser has it now (docs/targets.md "Reusing a read")
		if f, err := ss.page.Find(ctx, t, browser.FindOptions{Live: true, NoRead: true}); err == nil && f.Source == browser.SourceLive &&
			f.Result.Err == nil && f.Result.Node.Value != "" && f.Result.Node.EditableRole() {
			return ss.extracted(sc, rec, x.Var, f.Result.Node.Value)
		}
	}
	// text and attributes over the latest read when nothing has changed
	// since and the element is shown now, as expect's text
	// (docs/targets.md "Reusing a read"); an attribute is read live
	f, err := ss.page.Find(ctx, t, browser.FindOptions{Wait: true, Reuse: true, Shown: true})
	if err == nil && x.Attr == "" && f.Source == browser.SourceReused && (f.Result.Node.EditHost || f.Result.Node.EditableRole()) {
		// a field's value is never an old read's: a script that sets
		// .value moves no stamp
		f, err = ss.page.Find(ctx, t, browser.FindOptions{Wait: true})
	}
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
	return ss.extracted(sc, rec, x.Var, v)
}

// extracted sets the variable an extract read and logs it.
func (ss *Session) extracted(sc *flows.Scope, rec *results.Step, name, v string) error {
	sc.Vars[name] = v
	rec.Log = append(rec.Log, fmt.Sprintf("%s = %q", name, ss.mask.Mask(v)))
	return nil
}
