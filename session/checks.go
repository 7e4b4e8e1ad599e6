package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/expr-lang/expr"
	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/results"
)

// unmet is a check that did not hold yet: why, and the error it met.
type unmet struct {
	msg string
	err error
}

func (u *unmet) Error() string {
	if u.msg == "" && u.err != nil {
		return u.err.Error()
	}
	return u.msg
}

func (u *unmet) Unwrap() error { return u.err }

// pollUntil re-checks cond until it holds or ctx ends (Page.Poll: sooner
// when the page changes). It returns nil only when cond held; otherwise the
// page crash, or an *unmet with the last reason cond gave for not holding
// (docs/flows.md "Checks that fail": never a silent pass).
func (ss *Session) pollUntil(ctx context.Context, cond func() (bool, string, error)) error {
	err := ss.page.Poll(ctx, func() (bool, error) {
		ok, msg, err := cond()
		switch {
		case ok:
			return true, nil
		case errors.Is(err, browser.ErrPageCrashed):
			return true, err
		}
		if msg == "" && err != nil {
			msg = err.Error()
		}
		if msg == "" {
			msg = "it did not hold"
		}
		return false, &unmet{msg: msg, err: err}
	})
	var u *unmet
	switch {
	case err == nil:
		return nil
	case errors.As(err, &u), errors.Is(err, browser.ErrPageCrashed):
		return err
	}
	// no try ran to the end before the step's deadline
	return &unmet{msg: "the step timed out before the check could read the page", err: err}
}

func matchString(m *flows.Match, s string) (bool, string) {
	if m == nil {
		return true, ""
	}
	want := ""
	switch {
	case m.Equals != nil:
		want = fmt.Sprintf("to equal %q", *m.Equals)
	case m.Contains != nil:
		want = fmt.Sprintf("to contain %q", *m.Contains)
	case m.Matches != nil:
		want = "to match " + m.Matches.Source
	}
	return m.Test(s), want
}

// wait runs the `wait` forms.
func (ss *Session) wait(ctx context.Context, s *flows.Step, w *flows.Wait, t *flows.Target, sc *flows.Scope) error {
	p := ss.page
	switch {
	case w.Duration > 0:
		timer := time.NewTimer(w.Duration)
		defer timer.Stop()
		select {
		case <-timer.C:
			return nil
		case <-ctx.Done():
			return failWith(diagnostics.ReasonTimeout, fmt.Errorf("wait %s: the step timed out first", w.Duration))
		}
	case w.Text != "":
		txt, err := ss.str(w.Text, sc)
		if err != nil {
			return failWith(diagnostics.ReasonExpression, err)
		}
		tt := &flows.Target{Text: txt}
		err = ss.pollUntil(ctx, func() (bool, string, error) {
			_, vis, _, err := p.Query(ctx, tt)
			return len(vis) > 0, fmt.Sprintf("text %q did not appear", txt), err
		})
		if err != nil {
			return ss.expectFailed(ctx, s, tt, err)
		}
	case w.Target != nil:
		_, _, err := p.Locate(ctx, t)
		if err != nil {
			return ss.diagnose(ctx, s, err)
		}
	case w.Gone != nil:
		err := ss.pollUntil(ctx, func() (bool, string, error) {
			_, vis, _, err := p.Query(ctx, t)
			return err == nil && len(vis) == 0, fmt.Sprintf("%s is still visible", t), err
		})
		if err != nil {
			return ss.expectFailed(ctx, s, t, err)
		}
	case w.URL != nil:
		m, err := w.URL.Interpolate(sc)
		if err != nil {
			return failWith(diagnostics.ReasonExpression, err)
		}
		err = ss.pollUntil(ctx, func() (bool, string, error) {
			u, _, err := ss.urlAndTitle(ctx)
			if err != nil {
				return false, "the page's URL could not be read: " + firstLine(err.Error()), err
			}
			ok, want := matchString(m, u)
			return ok, fmt.Sprintf("expected the URL %s, but it is %q", want, u), nil
		})
		if err != nil {
			return ss.expectFailed(ctx, s, nil, err)
		}
	case w.Load != "":
		if err := p.WaitLoad(ctx, "", w.Load); err != nil {
			r := diagnostics.ReasonNavigation
			if ctx.Err() != nil {
				r = diagnostics.ReasonTimeout
			}
			return failWith(r, fmt.Errorf("the page did not reach %s: %w", w.Load, err))
		}
	}
	return nil
}

// expect runs a web-first expectation: re-checked until it holds or the
// step times out, then a failure saying what the page held instead
// (docs/flows.md "expect").
func (ss *Session) expect(ctx, flowCtx context.Context, s *flows.Step, e *flows.Expect, t *flows.Target, sc *flows.Scope) error {
	if e.Match != nil {
		// interpolate the expected strings and compile a ${...} regex
		m, err := e.Match.Interpolate(sc)
		if err != nil {
			return failWith(diagnostics.ReasonExpression, err)
		}
		e = &flows.Expect{Kind: e.Kind, Target: e.Target, Match: m, Equals: e.Equals, Min: e.Min, Max: e.Max}
	}
	var cond func() (bool, string, error)
	switch e.Kind {
	case flows.ExpectVisible, flows.ExpectHidden:
		cond = ss.visibleCond(ctx, t, e.Kind == flows.ExpectVisible)
	case flows.ExpectText, flows.ExpectValue:
		// a value a script set moves no stamp: a value is always read
		// (docs/targets.md "Reusing a read")
		cond = ss.single(ctx, t, ss.stringCheck(ctx, e, t), e.Kind == flows.ExpectText)
	case flows.ExpectURL, flows.ExpectTitle:
		cond = ss.pageCond(ctx, e)
	case flows.ExpectCount:
		cond = ss.countCond(ctx, e, t)
	case flows.ExpectEnabled, flows.ExpectDisabled, flows.ExpectChecked, flows.ExpectUnchecked:
		cond = ss.single(ctx, t, stateCheck(e.Kind, t), false)
	case flows.ExpectNoConsoleErrors:
		return ss.noConsoleErrors()
	case flows.ExpectNoFailedRequests:
		// a request still in flight may yet fail: wait for it, as long as
		// the step may (docs/flows.md "no_failed_requests")
		if err := ss.page.WaitRequests(ctx); err != nil && ctx.Err() == nil {
			return err
		}
		return ss.noFailedRequests()
	case flows.ExpectDialog:
		cond = ss.dialogCond(e.Match)
	case flows.ExpectDownload:
		return ss.expectDownload(ctx, flowCtx, s, e.Match)
	default:
		return failWith(diagnostics.ReasonInternal, fmt.Errorf("unknown expectation %q", e.Kind))
	}
	if err := ss.pollUntil(ctx, cond); err != nil {
		return ss.expectFailed(flowCtx, s, t, err)
	}
	return nil
}

// single is the condition of a check on the one element t resolves to; an
// element that does not resolve is an error that gets diagnostics. With
// reuse, the check may hold over the page's latest read when nothing has
// changed since (docs/targets.md "Reusing a read"); when it does not, the
// page is read.
func (ss *Session) single(ctx context.Context, t *flows.Target, check func(n *locate.Node) (bool, string), reuse bool) func() (bool, string, error) {
	return func() (bool, string, error) {
		if reuse {
			if r := ss.page.ReusedResolve(ctx, t); r != nil {
				if ok, msg := check(r.Node); ok {
					return true, msg, nil
				}
			}
		}
		r, snap, err := ss.page.Resolve(ctx, t)
		if err != nil {
			return false, err.Error(), err
		}
		if r.Err != nil {
			// the read kept: the candidates printed are of it, so their refs are
			// handed (docs/targets.md "Resolution", 1)
			return false, r.Err.Error(), &browser.LocateError{Err: r.Err, Result: r, Snap: snap}
		}
		ok, msg := check(r.Node)
		return ok, msg, nil
	}
}

// visibleCond holds when some match of t is visible (want) or none is.
// That one is visible may hold over the page's latest read when nothing
// has changed since; that none is, never (docs/targets.md "Reusing a
// read").
func (ss *Session) visibleCond(ctx context.Context, t *flows.Target, want bool) func() (bool, string, error) {
	return func() (bool, string, error) {
		if want {
			if ss.page.ReusedVisible(ctx, t) {
				return true, "", nil
			}
		}
		all, vis, _, err := ss.page.Query(ctx, t)
		var ce *locate.ContainerError
		switch {
		case errors.As(err, &ce) && !want:
			return false, fmt.Sprintf("expected %s to be hidden, but %s", t, ce), err
		case errors.As(err, &ce):
			return false, fmt.Sprintf("expected %s to be visible, but %s", t, ce), err
		case !want:
			return err == nil && len(vis) == 0, fmt.Sprintf("expected %s to be hidden, but %d match(es) are visible", t, len(vis)), err
		case len(all) > 0:
			return len(vis) > 0, fmt.Sprintf("%d element(s) match %s, but none is visible", len(all), t), err
		}
		return len(vis) > 0, fmt.Sprintf("nothing matches %s", t), err
	}
}

// stringCheck compares an element's text or value with the expectation's
// match.
func (ss *Session) stringCheck(ctx context.Context, e *flows.Expect, t *flows.Target) func(n *locate.Node) (bool, string) {
	if e.Kind == flows.ExpectText {
		return func(n *locate.Node) (bool, string) {
			txt := n.Text
			if txt == "" && !n.EditHost {
				// an editor's text is its content, even empty
				// (docs/flows.md "expect")
				txt = n.Name
			}
			ok, want := matchString(e.Match, txt)
			return ok, fmt.Sprintf("expected the text of %s %s, but it is %q", t, want, txt)
		}
	}
	return func(n *locate.Node) (bool, string) {
		ok, want := matchString(e.Match, n.Value)
		if !ok && n.Tag == "select" {
			// a native select holds by its option's value as well as
			// its label, as `select` picks by either
			if v, err := ss.page.Attr(ctx, n, "value"); err == nil && v != n.Value {
				if ok, _ = matchString(e.Match, v); !ok {
					return false, fmt.Sprintf("expected the value of %s %s, but it is %q (option value %q)", t, want, n.Value, v)
				}
			}
		}
		return ok, fmt.Sprintf("expected the value of %s %s, but it is %q", t, want, n.Value)
	}
}

// pageCond compares the page's URL or title with the expectation's match.
func (ss *Session) pageCond(ctx context.Context, e *flows.Expect) func() (bool, string, error) {
	return func() (bool, string, error) {
		u, title, err := ss.urlAndTitle(ctx)
		if err != nil {
			return false, fmt.Sprintf("the page's %s could not be read: %s", e.Kind, firstLine(err.Error())), err
		}
		v := u
		if e.Kind == flows.ExpectTitle {
			v = title
		}
		ok, want := matchString(e.Match, v)
		return ok, fmt.Sprintf("expected the %s %s, but it is %q", e.Kind, want, v), nil
	}
}

// countCond holds when the number of matches of t is within the bounds.
func (ss *Session) countCond(ctx context.Context, e *flows.Expect, t *flows.Target) func() (bool, string, error) {
	return func() (bool, string, error) {
		all, _, _, err := ss.page.Query(ctx, t)
		n := len(all)
		ok := true
		var want []string
		if e.Equals != nil {
			ok = ok && n == *e.Equals
			want = append(want, fmt.Sprintf("exactly %d", *e.Equals))
		}
		if e.Min != nil {
			ok = ok && n >= *e.Min
			want = append(want, fmt.Sprintf("at least %d", *e.Min))
		}
		if e.Max != nil {
			ok = ok && n <= *e.Max
			want = append(want, fmt.Sprintf("at most %d", *e.Max))
		}
		return ok && err == nil, fmt.Sprintf("expected %s of %s, but %s", strings.Join(want, " and "), t, thereAre(n, err)), err
	}
}

// thereAre says how many matches a count found: n, or, when the
// target's `within` container matched nothing, that (docs/targets.md
// "Resolution", 5).
func thereAre(n int, err error) string {
	var ce *locate.ContainerError
	switch {
	case errors.As(err, &ce):
		return ce.Error()
	case err != nil:
		return "the page could not be read: " + firstLine(err.Error())
	}
	return fmt.Sprintf("there are %d", n)
}

// stateCheck holds when the element is enabled, disabled, checked or
// unchecked, as kind says.
func stateCheck(kind string, t *flows.Target) func(n *locate.Node) (bool, string) {
	switch kind {
	case flows.ExpectEnabled, flows.ExpectDisabled:
		want := kind == flows.ExpectEnabled
		return func(n *locate.Node) (bool, string) {
			return n.Enabled() == want, fmt.Sprintf("expected %s to be %s, but it is not", t, kind)
		}
	}
	want := "true"
	if kind == flows.ExpectUnchecked {
		want = "false"
	}
	return func(n *locate.Node) (bool, string) {
		st := n.Checked
		if st == "" {
			st = "not checkable"
		}
		return n.Checked == want, fmt.Sprintf("expected %s to be %s, but it is %s", t, kind, checkedState(st))
	}
}

// noConsoleErrors fails when the page logged a console error or threw.
func (ss *Session) noConsoleErrors() error {
	var errs []string
	for _, c := range ss.page.Console() {
		if c.Type == "error" || c.Type == "exception" {
			errs = append(errs, c.Text)
		}
	}
	if len(errs) == 0 {
		return nil
	}
	return &stepFailure{err: fmt.Errorf("%d console error(s): %s", len(errs), strings.Join(capList(errs, 5), " | ")),
		diag: &diagnostics.Diagnostics{Reason: diagnostics.ReasonAssertion, Message: "console errors", Hints: []string{"see console.log in the artifacts"}}}
}

// noFailedRequests fails when a request failed or got a 4xx/5xx.
func (ss *Session) noFailedRequests() error {
	var fails []string
	for _, r := range ss.page.FailedRequests() {
		fails = append(fails, r.String())
	}
	if len(fails) == 0 {
		return nil
	}
	return &stepFailure{err: fmt.Errorf("%d failed request(s): %s", len(fails), strings.Join(capList(fails, 5), " | ")),
		diag: &diagnostics.Diagnostics{Reason: diagnostics.ReasonAssertion, Message: "failed requests", Hints: []string{"see network.log in the artifacts"}}}
}

func checkedState(s string) string {
	switch s {
	case "true":
		return "checked"
	case "false":
		return "unchecked"
	}
	return s
}

func capList(xs []string, n int) []string {
	if len(xs) <= n {
		return xs
	}
	return append(xs[:n:n], fmt.Sprintf("… %d more", len(xs)-n))
}

// expectFailed turns a check that did not hold (pollUntil's error) into a
// step failure, with diagnostics when the target did not resolve.
func (ss *Session) expectFailed(ctx context.Context, s *flows.Step, t *flows.Target, err error) error {
	var le *browser.LocateError
	if errors.As(err, &le) {
		return ss.diagnose(ctx, s, err)
	}
	if errors.Is(err, browser.ErrPageCrashed) {
		return err
	}
	msg := err.Error()
	d := &diagnostics.Diagnostics{Reason: diagnostics.ReasonAssertion, Message: msg}
	if t != nil {
		d.Target = t.String()
	}
	cause := errors.New(msg)
	if ce := (*locate.ContainerError)(nil); errors.As(err, &ce) {
		cause = &unmet{msg: msg, err: ce} // for its near misses
	}
	return ss.withPage(ctx, &stepFailure{err: cause, diag: d}, func(ctx context.Context, snap *locate.Snapshot) {
		ss.disabledForm(ctx, s, t, d, snap)
	})
}

// assert polls an expression until it is true. When it stays false (or
// cannot be evaluated) the step fails with the expression and the values
// of its parts: `count({role: "row"}) = 3` (docs/flows.md "assert").
func (ss *Session) assert(ctx context.Context, a *flows.Assert, sc *flows.Scope) error {
	err := ss.pollUntil(ctx, func() (bool, string, error) {
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

// extract sets a variable from the page or an expression.
func (ss *Session) extract(ctx, flowCtx context.Context, s *flows.Step, x *flows.Extract, t *flows.Target, sc *flows.Scope, rec *results.Step) error {
	if x.Expr != nil {
		v, err := ss.evalExpr(ctx, x.Expr, sc)
		if err != nil {
			return failWith(diagnostics.ReasonExpression, err)
		}
		sc.Vars[x.Var] = v
		rec.Log = append(rec.Log, fmt.Sprintf("%s = %s", x.Var, ss.mask.Mask(fmt.Sprint(v))))
		return nil
	}
	r, _, err := ss.page.Locate(ctx, t)
	if err != nil {
		return ss.diagnose(flowCtx, s, err)
	}
	var v string
	switch {
	case x.Attr != "":
		v, err = ss.page.Attr(ctx, r.Node, x.Attr)
		if err != nil {
			return err
		}
	case r.Node.EditHost || r.Node.Value != "" && (r.Node.Role == "textbox" || r.Node.Role == "searchbox" || r.Node.Role == "combobox" || r.Node.Role == "spinbutton"):
		v = r.Node.Value // an editor's content, even empty (docs/flows.md "extract")
	default:
		v = r.Node.Text
		if v == "" {
			v = r.Node.Name
		}
	}
	sc.Vars[x.Var] = v
	rec.Log = append(rec.Log, fmt.Sprintf("%s = %q", x.Var, ss.mask.Mask(v)))
	return nil
}

// exprEnv binds the expression functions to the page. The URL and title
// are read until the page answers: an error, never "", when it does not
// before ctx ends (a check must not hold on a value never read).
func (ss *Session) exprEnv(ctx context.Context, sc *flows.Scope) (*flows.ExprEnv, error) {
	p := ss.page
	u, title, err := ss.urlAndTitle(ctx)
	if err != nil {
		return nil, err
	}
	env := map[string]string{}
	for _, e := range osEnviron(ss.opts.LookupEnv) {
		env[e[0]] = e[1]
	}
	status, _ := sc.Vars["status"].(int)
	if status == 0 {
		status = p.Status()
	}
	x := &flows.ExprEnv{
		URL:      u,
		Title:    title,
		Status:   status,
		Vars:     sc.Vars,
		Env:      env,
		Response: sc.Response(),
		ConsoleErrors: func() []string {
			var out []string
			for _, c := range p.Console() {
				if c.Type == "error" || c.Type == "exception" {
					out = append(out, c.Text)
				}
			}
			return out
		},
		FailedRequests: func() []string {
			var out []string
			for _, r := range p.FailedRequests() {
				out = append(out, r.String())
			}
			return out
		},
	}
	ss.bindTargets(ctx, sc, x)
	return x, nil
}

// urlAndTitle reads the main frame's URL and title, trying again while
// the page cannot answer (a navigation in progress) until ctx ends.
func (ss *Session) urlAndTitle(ctx context.Context) (string, string, error) {
	var pair []string
	err := ss.page.Poll(ctx, func() (bool, error) {
		r, err := ss.page.EvalOwn(ctx, "[location.href, document.title]")
		if err != nil {
			return errors.Is(err, browser.ErrPageCrashed), err
		}
		if err := json.Unmarshal([]byte(r.Value.JSON("", "")), &pair); err != nil || len(pair) != 2 {
			return false, fmt.Errorf("reading the URL and title: %q", r.Value.JSON("", ""))
		}
		return true, nil
	})
	if err != nil {
		return "", "", err
	}
	return pair[0], pair[1], nil
}

// bindTargets binds the functions of targets (visible, count, text, …).
func (ss *Session) bindTargets(ctx context.Context, sc *flows.Scope, x *flows.ExprEnv) {
	p := ss.page
	target := func(v any) (*flows.Target, error) {
		t, err := flows.TargetFromValue(v)
		if err != nil {
			return nil, err
		}
		return flows.InterpolateTarget(t, sc)
	}
	one := func(v any) (*locate.Node, error) {
		t, err := target(v)
		if err != nil {
			return nil, err
		}
		r, _, err := p.Resolve(ctx, t)
		if err != nil {
			return nil, err
		}
		if r.Err != nil {
			return nil, r.Err
		}
		return r.Node, nil
	}
	query := func(v any) ([]*locate.Node, []*locate.Node, error) {
		t, err := target(v)
		if err != nil {
			return nil, nil, err
		}
		all, vis, _, err := p.Query(ctx, t)
		return all, vis, err
	}
	x.Visible = func(v any) (bool, error) {
		_, vis, err := query(v)
		return len(vis) > 0, err
	}
	x.Exists = func(v any) (bool, error) {
		all, _, err := query(v)
		return len(all) > 0, err
	}
	x.Count = func(v any) (int, error) {
		all, _, err := query(v)
		return len(all), err
	}
	x.Text = func(v any) (string, error) {
		n, err := one(v)
		if err != nil {
			return "", err
		}
		if n.Text != "" || n.EditHost {
			return n.Text, nil
		}
		return n.Name, nil
	}
	x.Value = func(v any) (string, error) {
		n, err := one(v)
		if err != nil {
			return "", err
		}
		return n.Value, nil
	}
	x.Attr = func(v any, name string) (string, error) {
		n, err := one(v)
		if err != nil {
			return "", err
		}
		return p.Attr(ctx, n, name)
	}
	x.Enabled = func(v any) (bool, error) {
		n, err := one(v)
		if err != nil {
			return false, err
		}
		return n.Enabled(), nil
	}
	x.Checked = func(v any) (bool, error) {
		n, err := one(v)
		if err != nil {
			return false, err
		}
		return n.Checked == "true", nil
	}
}

// osEnviron lists the environment through lookup for the names the
// process has.
func osEnviron(lookup func(string) (string, bool)) [][2]string {
	var out [][2]string
	for _, kv := range environ() {
		k, _, _ := strings.Cut(kv, "=")
		if v, ok := lookup(k); ok {
			out = append(out, [2]string{k, v})
		}
	}
	return out
}

// diagnose gathers what the page held when a target failed
// (docs/targets.md "Failure diagnostics"), saves a screenshot with the
// candidates outlined and the snapshot, and returns the step failure.
func (ss *Session) diagnose(ctx context.Context, s *flows.Step, err error) error {
	var le *browser.LocateError
	if !errors.As(err, &le) {
		if r := locate.ReasonOf(err); r != "" {
			return ss.withPage(ctx, &stepFailure{err: err, diag: &diagnostics.Diagnostics{Reason: r, Message: err.Error()}})
		}
		return err
	}
	d := &diagnostics.Diagnostics{Reason: le.Reason(), Message: le.Error()}
	if t := s.Target(); t != nil {
		d.Target = t.String()
	}
	// a fresh context: the step's own has usually run out
	gctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	snap := le.Snap
	if snap == nil {
		if s2, err := ss.page.Snapshot(gctx); err == nil {
			snap = s2
		}
	}
	var covered string
	var cov *locate.CoveredError
	if errors.As(err, &cov) {
		covered = cov.CoveredBy
	}
	var coveredNode *locate.Node
	var nie *locate.NotInteractableError
	if errors.As(err, &nie) {
		coveredNode = nie.Node
	}
	if r := le.Result; r != nil {
		d.Rungs = r.Rungs
		matches := r.Matches
		if len(matches) == 0 && r.Node != nil {
			matches = []*locate.Node{r.Node}
		}
		for _, n := range matches {
			c := candidate(n)
			if n == coveredNode || (coveredNode != nil && n.Key() == coveredNode.Key()) {
				c.CoveredBy = covered
			}
			d.Candidates = append(d.Candidates, c)
		}
		if len(d.Candidates) > diagnostics.MaxCandidates {
			d.Truncated = true
		}
		if snap != nil {
			d.NearMisses = locate.NearMisses(snap, r, s.NeededRole())
		}
	} else if coveredNode != nil {
		c := candidate(coveredNode)
		c.CoveredBy = covered
		d.Candidates = append(d.Candidates, c)
	}
	containerDiag(d, err, snap)
	if d.Reason == diagnostics.ReasonNotFound && le.Result != nil && le.Result.Phrase != "" {
		ss.hiddenMatches(gctx, d, le.Result.Phrase)
	}
	ss.suggest(gctx, s, d, le, snap)
	if d.Reason == diagnostics.ReasonDisabled {
		ss.formOf(gctx, d, coveredNode, snap)
	}
	var bad *locate.BadValueError
	if errors.As(err, &bad) {
		// the field was right, its value not (docs/targets.md "Actionability", "Date, time and colour inputs")
		d.Verdict = fmt.Sprintf("%s does not take the value %q", d.Target, bad.Value)
		d.Hints = append(d.Hints, "give the value in the input's own form, whatever the page shows: "+locate.PickerForms)
	}
	if snap != nil {
		for _, n := range snap.All {
			if n.Role == "link" && n.Href != "" && len(d.Links) < diagnostics.MaxLinks {
				d.Links = append(d.Links, diagnostics.Link{Text: n.Name, Href: n.Href})
			}
		}
		d.URL, d.Title = snap.URL, snap.Title
		text := snap.Render(locate.RenderOptions{Mask: ss.mask.Mask, Idle: true})
		if path, err := ss.artifact(results.ArtifactSnapshot, ss.key+".failure.txt", []byte(text)); err == nil {
			d.Snapshot = path
		}
	}
	d.Explain()
	ss.showDiagnosed(snap, d, le.Snap == snap)
	if png, err := ss.outlinedScreenshot(gctx, d.Candidates); err == nil {
		if path, err := ss.artifact(results.ArtifactScreenshot, ss.key+".failure.png", png); err == nil {
			d.Screenshot = path
		}
	}
	return &stepFailure{err: err, diag: d}
}

// withPage adds the url, title, snapshot and screenshot to diagnostics
// that were built without a resolution; more, when given, adds what else
// the same read tells. The refs the diagnostics print are of that read,
// and handed (docs/targets.md "Resolution", 1).
func (ss *Session) withPage(_ context.Context, sf *stepFailure, more ...func(context.Context, *locate.Snapshot)) error {
	gctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	d := sf.diag
	snap, err := ss.page.Snapshot(gctx)
	if err == nil {
		containerDiag(d, sf.err, snap)
		for _, f := range more {
			f(gctx, snap)
		}
		d.URL, d.Title = snap.URL, snap.Title
		text := snap.Render(locate.RenderOptions{Mask: ss.mask.Mask, Idle: true})
		if path, err := ss.artifact(results.ArtifactSnapshot, ss.key+".failure.txt", []byte(text)); err == nil {
			d.Snapshot = path
		}
	}
	if png, err := ss.page.Screenshot(gctx, false, nil); err == nil {
		if path, err := ss.artifact(results.ArtifactScreenshot, ss.key+".failure.png", png); err == nil {
			d.Screenshot = path
		}
	}
	d.Explain()
	if err == nil {
		ss.showDiagnosed(snap, d, false)
	}
	return sf
}

// hiddenMatches turns "not found" into "hidden" when the page holds
// matching elements it does not render, and says what hides them.
func (ss *Session) hiddenMatches(ctx context.Context, d *diagnostics.Diagnostics, phrase string) {
	r, err := ss.page.EvalOwn(ctx, browser.Invoke(browser.HiddenJS, phrase))
	if err != nil {
		return
	}
	var found []struct{ Role, Name, Why string }
	if json.Unmarshal([]byte(r.Value.JSON("", "")), &found) != nil || len(found) == 0 {
		return
	}
	d.Reason = diagnostics.ReasonHidden
	d.Message = fmt.Sprintf("no visible element matches %q; %d hidden one(s) do", phrase, len(found))
	for _, f := range found {
		d.Candidates = append(d.Candidates, diagnostics.Candidate{Role: f.Role, Name: f.Name, CoveredBy: "", Visible: false, Enabled: true})
		d.Hints = append(d.Hints, fmt.Sprintf("%s %q is hidden by %s", f.Role, f.Name, f.Why))
	}
}

func candidate(n *locate.Node) diagnostics.Candidate {
	c := diagnostics.Candidate{Ref: n.Ref, Role: n.Role, Name: n.Name, Visible: n.Visible, Enabled: n.Enabled(),
		Region: n.Region, Frame: n.FrameName}
	if !n.Box.Empty() {
		c.Box = &diagnostics.Box{X: n.Box.X, Y: n.Box.Y, Width: n.Box.W, Height: n.Box.H}
	}
	if c.Name == "" {
		c.Name = n.Text
	}
	return c
}

func (ss *Session) outlinedScreenshot(ctx context.Context, cands []diagnostics.Candidate) ([]byte, error) {
	var boxes []map[string]float64
	for _, c := range cands {
		if c.Box != nil && c.Visible {
			boxes = append(boxes, map[string]float64{"x": c.Box.X, "y": c.Box.Y, "w": c.Box.Width, "h": c.Box.Height})
		}
	}
	if len(boxes) > 0 {
		_, _ = ss.page.EvalOwn(ctx, browser.Invoke(browser.OutlineJS, boxes))
		defer func() { _, _ = ss.page.EvalOwn(ctx, "document.getElementById('__smokeflow_outline')?.remove()") }()
	}
	return ss.page.Screenshot(ctx, false, nil)
}

func environ() []string { return os.Environ() }
