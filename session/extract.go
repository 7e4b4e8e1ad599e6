package session

import (
	"context"
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
		if v, ok := ss.fieldLive(ctx, t); ok {
			return ss.extracted(sc, rec, x.Var, v)
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

// fieldLive is what extract reads from a field by a plain live ref, on
// its element alone, as the browser has it now (docs/targets.md "Reusing
// a read"): its value, or, when it is empty, its name, as a read of the
// page says it (locate.Node.TextOrName: a field has no text of its own;
// one recorded with some is left to a read). ok is false for any other
// target or element.
func (ss *Session) fieldLive(ctx context.Context, t *flows.Target) (string, bool) {
	if e := ss.page.RefEntry(t); e == nil || !e.EditableRole() {
		return "", false // no field by its ref: nothing to ask the browser
	}
	f, err := ss.page.Find(ctx, t, browser.FindOptions{Live: true, NoRead: true})
	if err != nil || f.Source != browser.SourceLive || f.Result.Err != nil || !f.Result.Node.EditableRole() {
		return "", false
	}
	n := f.Result.Node
	if n.Value == "" && n.Text != "" {
		return "", false
	}
	if n.Value != "" {
		return n.Value, true
	}
	return n.Name, true
}

// extracted sets the variable an extract read and logs it.
func (ss *Session) extracted(sc *flows.Scope, rec *results.Step, name, v string) error {
	sc.Vars[name] = v
	rec.Log = append(rec.Log, fmt.Sprintf("%s = %q", name, ss.mask.Mask(v)))
	return nil
}
