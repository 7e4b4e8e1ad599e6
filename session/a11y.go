package session

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/results"
)

// The accessibility check (docs/flows.md "Accessibility checks"):
// `expect: {a11y}` runs the embedded axe-core on the page or within its
// target, and fails on the violations at its impact or worse; retried, as
// every expectation is, until there are none or the step times out. With
// a baseline it fails only on those the baseline does not list
// (expectBaseline, a11yBaseline).

// a11yRead is one run of axe-core: the violations at the check's impact
// or worse (each keeping only the elements at that impact), and those
// below it.
type a11yRead struct {
	found []browser.AxeViolation
	below []browser.AxeViolation
}

// axeOwnTime bounds loading axe-core into a document, which the step's
// own timeout does not: compiling it can take a second or more on a busy
// machine, and that is smokeflow's work, not the page's; a check that
// never saw axe-core's answer could only say it timed out (docs/flows.md
// "Accessibility checks"). A check's first run of it is its first try
// (firstTry).
const axeOwnTime = 10 * time.Second

// readA11y runs axe-core once, within t's one element when t is not nil;
// flowCtx bounds loading it.
func (ss *Session) readA11y(ctx, flowCtx context.Context, e *flows.Expect, t *flows.Target) (*a11yRead, error) {
	var n *locate.Node
	if t != nil {
		f, err := ss.page.Find(ctx, t, browser.FindOptions{})
		if err != nil {
			return nil, err
		}
		if f.Result.Err != nil {
			return nil, &browser.LocateError{Err: f.Result.Err, Result: f.Result, Snap: f.Snap}
		}
		n = f.Result.Node
	}
	lctx, cancel := context.WithTimeout(flowCtx, axeOwnTime)
	err := ss.page.LoadAxe(lctx, n)
	cancel()
	if err != nil {
		return nil, err
	}
	vs, err := ss.page.Axe(ctx, n, browser.AxeOptions{Rules: e.A11y.Rules, Disable: e.A11y.Disable})
	if err != nil {
		return nil, err
	}
	r := &a11yRead{}
	min := e.A11y.MinImpact()
	for _, v := range vs {
		at := v
		at.Nodes = slices.DeleteFunc(slices.Clone(v.Nodes), func(n browser.AxeNode) bool { return !flows.ImpactAtLeast(n.Impact, min) })
		if len(at.Nodes) == 0 {
			r.below = append(r.below, v)
			continue
		}
		r.found = append(r.found, at)
	}
	return r, nil
}

// expectA11y runs `expect: {a11y}` without a baseline.
func (ss *Session) expectA11y(c *stepCall, e *flows.Expect) error {
	var last *a11yRead
	err := ss.pollUntil(c.sctx, c.ctx, func(ctx context.Context) (bool, string, error) {
		r, err := ss.readA11y(ctx, c.ctx, e, c.t)
		if err != nil {
			return false, err.Error(), err
		}
		last = r
		return len(r.found) == 0, a11ySummary(r.found, e), nil
	})
	if last != nil {
		c.rec.Log = append(c.rec.Log, a11yLog(last, e, c.t)...)
	}
	if err != nil && last != nil && len(last.found) > 0 && !errors.Is(err, browser.ErrPageCrashed) {
		head := fmt.Sprintf("%s (axe-core %s):", a11ySummary(last.found, e), browser.AxeVersion)
		return ss.a11yFailed(c, head, last.found, "fix them, or keep what the page breaks now in a baseline: `baseline: NAME`, and "+ss.baselineFix(c)+" writes it")
	}
	if err != nil {
		return ss.expectFailed(c.ctx, c.s, c.t, err)
	}
	return nil
}

// a11ySummary is "2 accessibility rule(s) broken by 3 element(s) at
// impact serious or worse".
func a11ySummary(vs []browser.AxeViolation, e *flows.Expect) string {
	n := 0
	for _, v := range vs {
		n += len(v.Nodes)
	}
	return fmt.Sprintf("%d accessibility rule(s) broken by %d element(s) at impact %s or worse", len(vs), n, e.A11y.MinImpact())
}

// a11yLog is what the step's log says of a run: each rule broken, with
// its impact and how many elements break it; those below the impact on a
// line of their own.
func a11yLog(r *a11yRead, e *flows.Expect, t *flows.Target) []string {
	where := "the page"
	if t != nil {
		where = t.String()
	}
	var out []string
	if len(r.found) == 0 {
		out = append(out, fmt.Sprintf("axe-core %s: no violation at impact %s or worse in %s", browser.AxeVersion, e.A11y.MinImpact(), where))
	}
	for _, v := range r.found {
		out = append(out, fmt.Sprintf("axe-core %s: %s (%s) on %d element(s): %s", browser.AxeVersion, v.Rule, v.Impact, len(v.Nodes), v.Help))
	}
	if len(r.below) > 0 {
		var names []string
		for _, v := range r.below {
			names = append(names, fmt.Sprintf("%s (%s)", v.Rule, v.Impact))
		}
		out = append(out, fmt.Sprintf("below impact %s, not counted: %s", e.A11y.MinImpact(), strings.Join(names, ", ")))
	}
	return out
}

// a11yFailed fails the step with the violations listed: each rule with
// its impact, axe-core's help and link, and its elements, each by its
// snapshot ref and role and name when it has one, axe-core's selector and
// its HTML.
func (ss *Session) a11yFailed(c *stepCall, head string, vs []browser.AxeViolation, hint string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	snap, _ := ss.page.Snapshot(ctx) // for the refs; without it, none
	lines := []string{head}
	for i, v := range vs {
		lines = append(lines, fmt.Sprintf("%d) %s (%s): %s %s", i+1, v.Rule, v.Impact, strings.TrimSuffix(v.Help, "."), v.HelpURL))
		for j, n := range v.Nodes {
			if j == a11yElementsShown {
				lines = append(lines, fmt.Sprintf("   … and %d more", len(v.Nodes)-j))
				break
			}
			lines = append(lines, "   - "+ss.a11yElement(ctx, snap, n))
		}
	}
	msg := ss.mask.Mask(strings.Join(lines, "\n"))
	d := &diagnostics.Diagnostics{Reason: diagnostics.ReasonAssertion, Message: msg,
		Hints: []string{hint}}
	if c.t != nil {
		d.Target = c.t.String()
	}
	return ss.withPage(c.ctx, &stepFailure{err: errors.New(msg), diag: d})
}

// a11yElementsShown is how many elements of a rule a failure lists.
const a11yElementsShown = 5

// a11yElement describes an element axe-core reported: its ref, role and
// name as the snapshot shows it (`@e4 button ""`, `img ""`) when the
// snapshot has it, then axe-core's selector and the element's HTML,
// clipped.
func (ss *Session) a11yElement(ctx context.Context, snap *locate.Snapshot, n browser.AxeNode) string {
	html := strings.Join(strings.Fields(n.HTML), " ")
	if r := []rune(html); len(r) > 100 {
		html = string(r[:99]) + "…"
	}
	desc := n.Target + " " + html
	if node := ss.snapshotNode(ctx, snap, n.Target); node != nil && node.Ref != "" {
		desc = fmt.Sprintf("@%s %s %q: %s", node.Ref, node.Role, node.Name, desc)
	} else if node != nil {
		desc = fmt.Sprintf("%s %q: %s", node.Role, node.Name, desc)
	}
	return desc
}

// snapshotNode is the node of snap that axe-core's selector sel means,
// when it means one element of the page; nil otherwise (a selector into
// a shadow root, an element the snapshot leaves out).
func (ss *Session) snapshotNode(ctx context.Context, snap *locate.Snapshot, sel string) *locate.Node {
	if snap == nil || strings.Contains(sel, " >>> ") {
		return nil
	}
	keys, err := ss.page.QueryCSS(ctx, sel)
	if err != nil || len(keys) != 1 {
		return nil
	}
	for _, node := range snap.All {
		if keys[node.Key()] && node.Role != "" {
			return node
		}
	}
	return nil
}

// a11yBaseline is the baseline check of `expect: {a11y, baseline}`: a
// reading is the violations as baseline lines, `RULE SELECTOR` one an
// element; it matches when the baseline lists every one (when updating
// the baselines, when it lists no other either).
func (ss *Session) a11yBaseline(c *stepCall, e *flows.Expect) *baselineCheck {
	return &baselineCheck{kind: results.BaselineA11y, ext: ".txt",
		read: func(ctx context.Context) (*reading, error) {
			r, err := ss.readA11y(ctx, c.ctx, e, c.t)
			if err != nil {
				return nil, err
			}
			return &reading{data: []byte(a11yBaselineText(r.found, e)), a11y: r.found}, nil
		},
		compare: func(want []byte, got *reading) comparison {
			return compareA11y(want, got, ss.opts.UpdateBaselines)
		},
		differs: func(c *stepCall, file string, got *reading, cmp comparison) error {
			return ss.a11yFailed(c, fmt.Sprintf("%s not in the baseline %s (axe-core %s):", cmp.says, file, browser.AxeVersion),
				a11yNotIn(got.a11y, cmp.diff), "fix them, or, if they are to stay, "+ss.baselineFix(c)+" adds them to the baseline")
		}}
}

// a11yBaselineHeader is the first line of an a11y baseline.
const a11yBaselineHeader = "# axe-core violations the page may keep, RULE SELECTOR a line (docs/flows.md \"Accessibility checks\")\n"

// a11yBaselineText is the violations as baseline lines, in axe-core's
// order.
func a11yBaselineText(vs []browser.AxeViolation, e *flows.Expect) string {
	var b strings.Builder
	b.WriteString(a11yBaselineHeader)
	fmt.Fprintf(&b, "# impact %s or worse\n", e.A11y.MinImpact())
	for _, v := range vs {
		for _, n := range v.Nodes {
			b.WriteString(v.Rule + " " + n.Target + "\n")
		}
	}
	return b.String()
}

// baselineLines are a baseline's lines, comments and blank lines aside.
func baselineLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

// compareA11y: the page's violations that the baseline does not list
// (the diff, one a line); with exact, those it lists and the page no
// longer has count as a difference too.
func compareA11y(want []byte, got *reading, exact bool) comparison {
	have, now := baselineLines(string(want)), baselineLines(string(got.data))
	var added, gone []string
	for _, l := range now {
		if !slices.Contains(have, l) {
			added = append(added, l)
		}
	}
	for _, l := range have {
		if !slices.Contains(now, l) {
			gone = append(gone, l)
		}
	}
	c := comparison{same: len(added) == 0 && (!exact || len(gone) == 0), diff: []byte(strings.Join(added, "\n"))}
	switch {
	case len(added) > 0:
		c.says = fmt.Sprintf("%d violation(s)", len(added))
	case len(gone) > 0:
		c.says = fmt.Sprintf("%d violation(s), all in the baseline; the page no longer has %d it lists: %s",
			len(now), len(gone), strings.Join(gone, ", "))
	default:
		c.says = fmt.Sprintf("%d violation(s), all in the baseline", len(now))
	}
	return c
}

// a11yNotIn keeps, of vs, the elements whose lines are in diff.
func a11yNotIn(vs []browser.AxeViolation, diff []byte) []browser.AxeViolation {
	lines := strings.Split(string(diff), "\n")
	var out []browser.AxeViolation
	for _, v := range vs {
		v.Nodes = slices.DeleteFunc(slices.Clone(v.Nodes), func(n browser.AxeNode) bool {
			return !slices.Contains(lines, v.Rule+" "+n.Target)
		})
		if len(v.Nodes) > 0 {
			out = append(out, v)
		}
	}
	return out
}
