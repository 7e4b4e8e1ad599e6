package session

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/expr-lang/expr"
	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
)

// execAssert polls an expression until it is true. When it stays false (or
// cannot be evaluated) the step fails with the expression and the values
// of its parts: `count({role: "row"}) = 3` (docs/flows.md "assert").
func (ss *Session) execAssert(c *stepCall, a *flows.Assert) error {
	ctx, sc := c.sctx, c.sc
	err := ss.pollUntil(ctx, c.ctx, func(ctx context.Context) (bool, string, error) {
		env, err := ss.exprEnv(ctx, sc)
		if err != nil {
			return false, "the page could not be read: " + firstLine(err.Error()), nil
		}
		v, err := expr.Run(a.That.Program, env)
		if err != nil {
			return false, firstLine(err.Error()), nil
		}
		b, ok := v.(bool)
		if !ok {
			return false, fmt.Sprintf("it gave %T, not true or false", v), nil
		}
		if !b && a.That.Settled(env) {
			// nothing the page does can change it: fail at once
			return false, "it is false", browser.Final(errSettled)
		}
		return b, "it is false", nil
	})
	if err == nil {
		return nil
	}
	if errors.Is(err, browser.ErrPageCrashed) {
		return err
	}
	text := "expected " + a.That.Source + " to be true"
	if a.Message != "" {
		text = a.Message + " (" + a.That.Source + ")"
	}
	text += ", but " + err.Error() + ss.exprParts(a.That, sc)
	return ss.withPage(ctx, &stepFailure{err: errors.New(text), diag: &diagnostics.Diagnostics{Reason: diagnostics.ReasonAssertion, Message: text}})
}

// errSettled is the error of a condition no change of the page can make
// true.
var errSettled = errors.New("nothing the page does while the step waits can change it")

// exprParts is "; " and the values of the parts of e, read once more on a
// live context, or "" when there are none.
func (ss *Session) exprParts(e *flows.Expr, sc *flows.Scope) string {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	env, err := ss.exprEnv(ctx, sc)
	if err != nil {
		return "; the page could not be read for the values of its parts: " + firstLine(err.Error())
	}
	if parts := flows.ExprParts(e, env); len(parts) > 0 {
		return "; " + strings.Join(parts, ", ")
	}
	return ""
}

// firstLine is the first line of an expression error (expr-lang adds the
// source with a caret below it).
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// shortError shows a prefix and the first line of its cause (an expr
// error quotes the source over several lines) and still unwraps to the
// whole cause.
type shortError struct {
	prefix string
	err    error
}

func (e *shortError) Error() string { return e.prefix + firstLine(e.err.Error()) }
func (e *shortError) Unwrap() error { return e.err }
