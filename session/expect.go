package session

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/results"
)

// execExpect runs a web-first expectation: re-checked until it holds or the
// step times out, then a failure saying what the page held instead
// (docs/flows.md "expect").
func (ss *Session) execExpect(c *stepCall, e *flows.Expect) error {
	switch {
	case e.Baseline != "":
		return ss.expectBaseline(c, e)
	case e.Kind == flows.ExpectA11y:
		return ss.expectA11y(c, e)
	}
	ctx, flowCtx, s, t, sc := c.sctx, c.ctx, c.s, c.t, c.sc
	if e.Match != nil {
		// interpolate the expected strings and compile a ${...} regex
		m, err := e.Match.Interpolate(sc)
		if err != nil {
			return failWith(diagnostics.ReasonExpression, err)
		}
		e = &flows.Expect{Kind: e.Kind, Target: e.Target, Match: m, Equals: e.Equals, Min: e.Min, Max: e.Max}
	}
	var cond checkTry
	switch e.Kind {
	case flows.ExpectVisible, flows.ExpectHidden:
		cond = ss.visibleCond(t, e.Kind == flows.ExpectVisible)
	case flows.ExpectText, flows.ExpectValue:
		// a value a script set moves no stamp: a value is always read
		// (docs/targets.md "Reusing a read")
		var takes func(*locate.Node) error
		if e.Kind == flows.ExpectValue {
			takes = holdsValue
		}
		cond = ss.single(t, ss.stringCheck(e, t), e.Kind == flows.ExpectText, takes)
	case flows.ExpectURL, flows.ExpectTitle:
		cond = ss.pageCond(e)
	case flows.ExpectCount:
		cond = ss.countCond(e, t)
	case flows.ExpectEnabled, flows.ExpectDisabled, flows.ExpectChecked, flows.ExpectUnchecked:
		var takes func(*locate.Node) error
		if e.Kind == flows.ExpectChecked || e.Kind == flows.ExpectUnchecked {
			takes = checkable
		}
		cond = ss.single(t, stateCheck(e.Kind, t), false, takes)
	case flows.ExpectNoConsoleErrors:
		return ss.noConsoleErrors()
	case flows.ExpectNoFailedRequests:
		// a request still in flight may yet fail: wait for it, as long as
		// the step may (docs/flows.md "no_failed_requests")
		if err := ss.page.WaitRequests(ctx); err != nil && ctx.Err() == nil {
			return err
		}
		return ss.noFailedRequests(c, e.Ignore)
	case flows.ExpectVitals:
		return ss.expectVitals(c, e)
	case flows.ExpectDialog:
		cond = ss.dialogCond(e.Match)
	case flows.ExpectDownload:
		return ss.expectDownload(ctx, flowCtx, s, e.Match)
	default:
		return failWith(diagnostics.ReasonInternal, fmt.Errorf("unknown expectation %q", e.Kind))
	}
	if err := ss.pollUntil(ctx, flowCtx, cond); err != nil {
		return ss.expectFailed(flowCtx, s, t, err)
	}
	return nil
}

// single is the condition of a check on the one element t resolves to; an
// element that does not resolve is an error that gets diagnostics. With
// reuse, the check may hold over the page's latest read when nothing has
// changed since (docs/targets.md "Reusing a read"); when it does not, the
// page is read. Takes, when not nil, is what the check reads: among
// matches still tied, the only one it passes is the element
// (docs/targets.md "Resolution", 4).
func (ss *Session) single(t *flows.Target, check nodeCheck, reuse bool, takes func(*locate.Node) error) checkTry {
	return func(ctx context.Context) (bool, string, error) {
		if reuse {
			if f, _ := ss.page.Find(ctx, t, browser.FindOptions{Reuse: true, Shown: true, NoRead: true, Takes: takes}); f.Result != nil {
				if ok, msg := check(ctx, f.Result.Node); ok {
					return true, msg, nil
				}
			}
		}
		f, err := ss.page.Find(ctx, t, browser.FindOptions{Takes: takes})
		r, snap := f.Result, f.Snap
		if err != nil {
			return false, err.Error(), err
		}
		if r.Err != nil {
			// the read kept: the candidates printed are of it, so their refs are
			// handed (docs/targets.md "Resolution", 1)
			return false, r.Err.Error(), &browser.LocateError{Err: r.Err, Result: r, Snap: snap}
		}
		ok, msg := check(ctx, r.Node)
		if !ok && ctx.Err() != nil {
			// the step's time ran out during the check's own reads (an
			// input's value): its verdict may be of a read cut short, and
			// the last whole try's stands (session/wait.go pollUntil)
			return false, "", ctx.Err()
		}
		return ok, msg, nil
	}
}

// visibleCond holds when some match of t is visible (want) or none is.
// That one is visible may hold over the page's latest read when nothing
// has changed since; that none is, never (docs/targets.md "Reusing a
// read").
func (ss *Session) visibleCond(t *flows.Target, want bool) checkTry {
	return func(ctx context.Context) (bool, string, error) {
		if want {
			if f, _ := ss.page.Find(ctx, t, browser.FindOptions{Reuse: true, Shown: true, NoRead: true, All: true}); f.Source != browser.SourceNone {
				return true, "", nil
			}
		}
		f, err := ss.page.Find(ctx, t, browser.FindOptions{All: true})
		all, vis := f.All, f.Visible
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

// nodeCheck is a check on the one element a target resolves to; ctx
// bounds what more it reads.
type nodeCheck func(ctx context.Context, n *locate.Node) (bool, string)

// stringCheck compares an element's text or value with the expectation's
// match.
func (ss *Session) stringCheck(e *flows.Expect, t *flows.Target) nodeCheck {
	if e.Kind == flows.ExpectText {
		return func(_ context.Context, n *locate.Node) (bool, string) {
			txt := n.TextOrName()
			ok, want := matchString(e.Match, txt)
			return ok, fmt.Sprintf("expected the text of %s %s, but it is %q", t, want, txt)
		}
	}
	return func(ctx context.Context, n *locate.Node) (bool, string) {
		target := n // what the step names; n may become the field it holds
		if n.Value == "" && (!n.HoldsValue() || n.EditableRole()) {
			if f := n.OneTypable(); f != nil {
				n = f // the one field it holds, as fill finds it: a <div role=combobox>'s input
			}
		}
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
		if !ok && (n.Tag == "input" || n.Tag == "textarea") && n.EditableRole() {
			// a field holds what it shows, its value: the accessibility
			// tree says aria-valuenow of an input given role=spinbutton,
			// which a kit may set only on blur (PrimeReact's InputNumber;
			// docs/flows.md "expect", value)
			if v, err := ss.page.Value(ctx, n); err == nil && v != n.Value {
				ok, _ = matchString(e.Match, v)
				return ok, fmt.Sprintf("expected the value of %s %s, but it is %q", t, want, v)
			}
		}
		if !ok {
			// a combobox that stays empty shows its choice beside it, a
			// dropdown drawn as a box inside it (docs/flows.md "expect",
			// value)
			if beside := cmp.Or(n.ShownBeside(), target.ShownBeside()); beside != "" {
				if ok, _ = matchString(e.Match, beside); !ok {
					return false, fmt.Sprintf("expected the value of %s %s, but it is %q, and it shows %q", t, want, n.Value, beside)
				}
			}
		}
		return ok, fmt.Sprintf("expected the value of %s %s, but it is %q", t, want, n.Value)
	}
}

// pageCond compares the page's URL or title with the expectation's match.
func (ss *Session) pageCond(e *flows.Expect) checkTry {
	return func(ctx context.Context) (bool, string, error) {
		u, title, err := ss.URLAndTitle(ctx)
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
func (ss *Session) countCond(e *flows.Expect, t *flows.Target) checkTry {
	return func(ctx context.Context) (bool, string, error) {
		f, err := ss.page.Find(ctx, t, browser.FindOptions{All: true})
		n := len(f.All)
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

// errTakesNot is what holdsValue and checkable answer of an element they
// do not pass: a tie-break, never shown to the user.
var errTakesNot = errors.New("not what the check reads")

// holdsValue passes an element that holds a value (locate.Node.HoldsValue).
// An editable combobox beside the button that opens its popup, both
// named by one label (Base UI's Combobox), is the combobox.
func holdsValue(n *locate.Node) error {
	if n.HoldsValue() {
		return nil
	}
	return errTakesNot
}

// checkable passes an element that is checked or not: a checkbox, a
// radio, a switch, a checkable menu item.
func checkable(n *locate.Node) error {
	if n.Checked != "" {
		return nil
	}
	return errTakesNot
}

// stateCheck holds when the element is enabled, disabled, checked or
// unchecked, as kind says.
func stateCheck(kind string, t *flows.Target) nodeCheck {
	switch kind {
	case flows.ExpectEnabled, flows.ExpectDisabled:
		want := kind == flows.ExpectEnabled
		return func(_ context.Context, n *locate.Node) (bool, string) {
			return n.Enabled() == want, fmt.Sprintf("expected %s to be %s, but it is not", t, kind)
		}
	}
	want := "true"
	if kind == flows.ExpectUnchecked {
		want = "false"
	}
	return func(_ context.Context, n *locate.Node) (bool, string) {
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
		if results.IsConsoleError(c.Type) {
			errs = append(errs, c.Text)
		}
	}
	if len(errs) == 0 {
		return nil
	}
	return &stepFailure{err: fmt.Errorf("%d console error(s): %s", len(errs), strings.Join(capList(errs, 5), " | ")),
		diag: &diagnostics.Diagnostics{Reason: diagnostics.ReasonAssertion, Message: "console errors", Hints: []string{"see console.log in the artifacts"}}}
}

// noFailedRequests fails when a request failed or got a 4xx/5xx, but
// for those the flow's ignore_requests and the check's own ignore match:
// they go in the step's log (docs/flows.md "Failed requests").
func (ss *Session) noFailedRequests(c *stepCall, ignore flows.URLPatterns) error {
	ignore = append(ss.ignoredRequests(c.s), ignore...)
	var fails, ignored []string
	for _, r := range ss.page.FailedRequests() {
		if p, ok := ignore.Match(r.URL); ok {
			ignored = append(ignored, r.String()+" ("+p.String()+")")
			continue
		}
		fails = append(fails, r.String())
	}
	if len(ignored) > 0 {
		c.rec.Log = append(c.rec.Log, fmt.Sprintf("%d failed request(s) ignored: %s", len(ignored), strings.Join(capList(ignored, 5), " | ")))
	}
	if len(fails) == 0 {
		return nil
	}
	return &stepFailure{err: fmt.Errorf("%d failed request(s): %s", len(fails), strings.Join(capList(fails, 5), " | ")),
		diag: &diagnostics.Diagnostics{Reason: diagnostics.ReasonAssertion, Message: "failed requests", Hints: []string{
			"see network.log in the artifacts",
			"a request the app may fail (a font, analytics, a beacon) is left out by the flow field ignore_requests: [GLOB|/regex/] or {no_failed_requests: {ignore: [...]}}"}}}
}

// ignoredRequests are the flow's ignore_requests for step s: the run's
// flow's, and the sub-flow's the step is written in.
func (ss *Session) ignoredRequests(s *flows.Step) flows.URLPatterns {
	out := append(flows.URLPatterns(nil), ss.flow.IgnoreRequests...)
	if s != nil {
		if f := ss.flowOf(s); f != nil && f != ss.flow {
			out = append(out, f.IgnoreRequests...)
		}
	}
	return out
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
	if errors.Is(err, errNoRead) {
		// nothing was read: no verdict of the page, but the page as the
		// failure left it (docs/flows.md "Checks that fail")
		msg := fmt.Sprintf("%s within its timeout (%s): give the step a longer timeout", noRead, ss.stepTimeout(s))
		return ss.withPage(ctx, &stepFailure{err: errors.New(msg), diag: &diagnostics.Diagnostics{Reason: diagnostics.ReasonTimeout, Message: msg}})
	}
	var le *browser.LocateError
	if errors.As(err, &le) {
		return ss.diagnose(ctx, s, t, err)
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
