package explore

import (
	"context"
	"fmt"
	"strings"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/internal/words"
	"github.com/smokeflow/smokeflow/session"
)

// axeSource is axe-core, pinned (browser/axe/README.md): the accessibility
// rules the walk runs on every page (docs/explore.md "Accessibility").
var axeSource = browser.AxeSource

// AxeVersion is the version of the axe-core the walk runs.
const AxeVersion = browser.AxeVersion

// AxeViolation is one axe-core rule a page breaks, and where: the
// browser's, the one `expect: {a11y}` reads too.
type AxeViolation = browser.AxeViolation

// AxeNode is an element that breaks a rule.
type AxeNode = browser.AxeNode

// axeTags are the rule sets the walk runs: WCAG 2.0 and 2.1, levels A and
// AA. axeLeftOut are the rules about controls without a name, which the
// walk reports from the snapshot as unnamed controls, one finding per fact
// (docs/explore.md "Accessibility").
var (
	axeTags    = []string{"wcag2a", "wcag2aa", "wcag21a", "wcag21aa"}
	axeLeftOut = []string{"button-name", "link-name", "select-name", "input-button-name", "label",
		"aria-command-name", "aria-input-field-name", "aria-toggle-field-name"}
)

// runAxe runs the rules of axeTags less axeLeftOut on the page's main
// document, in smokeflow's own world (the page's scripts neither see nor
// break it; docs/explore.md "Accessibility"), through the session, as
// `expect: {a11y}` does.
func runAxe(ctx context.Context, s *session.Session) ([]AxeViolation, error) {
	return s.Axe(ctx, browser.AxeOptions{Tags: axeTags, Disable: axeLeftOut})
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
		strings.TrimSuffix(a.Help, "."), relative(w.start, v.url), a.Rule, words.Counted(len(a.Nodes), "element")), v.url)
	a2 := a
	f.Axe = &a2
	f.Severity = severityOf(f)
	f.Expected = "axe-core's rule " + a.Rule + " holds: " + a.Help
	f.Actual = words.Counted(len(a.Nodes), "element") + " break it: " + clip(strings.Join(targets, ", "), 200)
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
