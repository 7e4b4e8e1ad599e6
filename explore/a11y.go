package explore

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/session"
)

// axeSource is axe-core, pinned (browser/axe/README.md): the accessibility
// rules the walk runs on every page (docs/explore.md "Accessibility").
var axeSource = browser.AxeSource

// AxeVersion is the version of the axe-core the walk runs.
const AxeVersion = browser.AxeVersion

// AxeViolation is one axe-core rule a page breaks, and where.
type AxeViolation struct {
	Rule    string    `json:"rule"`
	Impact  string    `json:"impact"`
	Help    string    `json:"help"`
	HelpURL string    `json:"help_url"`
	Nodes   []AxeNode `json:"nodes"`
}

// AxeNode is an element that breaks a rule: its CSS selector and its
// HTML.
type AxeNode struct {
	Target string `json:"target"`
	HTML   string `json:"html"`
}

// axeTags are the rule sets the walk runs: WCAG 2.0 and 2.1, levels A and
// AA. axeLeftOut are the rules about controls without a name, which the
// walk reports from the snapshot as unnamed controls, one finding per fact
// (docs/explore.md "Accessibility").
var (
	axeTags    = []string{"wcag2a", "wcag2aa", "wcag21a", "wcag21aa"}
	axeLeftOut = []string{"button-name", "link-name", "select-name", "input-button-name", "label",
		"aria-command-name", "aria-input-field-name", "aria-toggle-field-name"}
)

// axeRunJS runs the rules of axeTags less axeLeftOut on the document and
// returns the violations, rules in axe-core's order, elements in document
// order.
func axeRunJS() string {
	o := browser.AxeOptions{Tags: axeTags, Disable: axeLeftOut}
	return browser.Invoke(browser.AxeRunJS, nil, o.RunOptions())
}

// runAxe runs axe-core on the page's main document, in smokeflow's
// isolated world (the page's scripts neither see nor break it; docs/explore.md
// "Accessibility"). axe-core is loaded once per document.
func runAxe(ctx context.Context, s *session.Session) ([]AxeViolation, error) {
	r, err := s.EvalOwn(ctx, "typeof axe")
	if err != nil {
		return nil, fmt.Errorf("axe-core: %w", err)
	}
	if string(r) != `"object"` {
		if _, err := s.EvalOwn(ctx, axeSource+"\n;typeof axe"); err != nil {
			return nil, fmt.Errorf("loading axe-core: %w", err)
		}
	}
	r, err = s.EvalOwn(ctx, axeRunJS())
	if err != nil {
		return nil, fmt.Errorf("running axe-core: %w", err)
	}
	var vs []AxeViolation
	if err := json.Unmarshal(r, &vs); err != nil {
		return nil, fmt.Errorf("reading axe-core's answer: %w", err)
	}
	return vs, nil
}

// axeFindings is a rule broken on a page by elements that broke it on no
// page before, nil when there are none: the elements of the template the
// pages share are one finding, with its pages listed (docs/explore.md
// "One root cause, one finding").
func (w *walker) axeFindings(a AxeViolation, v *visit) *Finding {
	var fresh []AxeNode
	for _, n := range a.Nodes {
		if had := w.axeSeen[a.Rule+"|"+n.Target]; had != nil {
			if !had.seenOn(v.url) {
				had.Pages = append(had.Pages, v.url)
			}
			continue
		}
		fresh = append(fresh, n)
	}
	if len(fresh) == 0 {
		return nil
	}
	a.Nodes = fresh
	f := w.axeFinding(a, v)
	for _, n := range fresh {
		w.axeSeen[a.Rule+"|"+n.Target] = f
	}
	return f
}

// axeFinding is one rule broken on a page; the same rule broken by the
// same elements on another page (a shared layout) is the same finding. Its
// repro runs axe-core's rule in the page (the flows' _lib/axe.yaml).
func (w *walker) axeFinding(a AxeViolation, v *visit) *Finding {
	targets := make([]string, len(a.Nodes))
	for i, n := range a.Nodes {
		targets[i] = n.Target
	}
	f := newFinding(KindAxe, a.Rule+"|"+strings.Join(targets, ","), fmt.Sprintf("%s on %s (axe-core %s, %s)",
		strings.TrimSuffix(a.Help, "."), relative(w.start, v.url), a.Rule, plural(len(a.Nodes), "element")), v.url)
	a2 := a
	f.Axe = &a2
	f.Severity = severityOf(f)
	f.Expected = "axe-core's rule " + a.Rule + " holds: " + a.Help
	f.Actual = plural(len(a.Nodes), "element") + " break it: " + clip(strings.Join(targets, ", "), 200)
	f.repro = []*reproStep{openStep(w.start, v.url), {step: &flows.Step{Action: &flows.Run{Flow: axeFlowPath,
		With: []flows.Var{{Name: "rule", Value: a.Rule}}}}}}
	return f
}

// axeFlowPath is the sub-flow, relative to the repro flows, that runs one
// axe-core rule and fails when the page breaks it.
const axeFlowPath = "_lib/axe.yaml"

// axeLoadJS and axeRuleJS are the code of that sub-flow's two eval
// steps, in the page's own world (an eval step's): axe-core itself, which
// sets window.axe and always passes; then the rule ${vars.rule}, which
// fails. A failure quotes its step's lines, and so only the short one.
func axeLoadJS() string {
	return strings.ReplaceAll(axeSource, "${", "$${") + "\n;return typeof axe;"
}

const axeRuleJS = `const r = await axe.run(document, {runOnly: {type: 'rule', values: ['${vars.rule}']}, resultTypes: ['violations'], iframes: false});
const bad = r.violations.flatMap(v => v.nodes.map(n => n.target.join(' ')));
if (bad.length) throw new Error('axe-core rule ${vars.rule}: ' + bad.length + ' element(s) break it: ' + bad.join(', '));`
