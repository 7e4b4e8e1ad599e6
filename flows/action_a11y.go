package flows

import (
	"fmt"
	"slices"

	"gopkg.in/yaml.v3"
)

// `expect: {a11y: {...}}` runs axe-core on the page, or within a target,
// and fails on a violation at an impact or worse (docs/flows.md
// "Accessibility checks"). The rule ids it takes are axe-core's own,
// known before the browser starts (axerules.go, generated from the
// embedded axe-core).

//go:generate go run ../internal/axerules ../browser/axe/axe.min.js axerules.go

// ExpectA11y is the accessibility check's kind of expect.
const ExpectA11y = "a11y"

// A11yImpacts are axe-core's impacts, the least first.
var A11yImpacts = []string{"minor", "moderate", "serious", "critical"}

// A11yDefaultImpact is the impact a check fails at when it names none.
const A11yDefaultImpact = "serious"

// A11y is the accessibility check's settings; the target it runs within
// and its baseline are the Expect's Target and Baseline.
type A11y struct {
	Impact  string   // one of A11yImpacts; "" for A11yDefaultImpact
	Rules   []string // only these rules; nil: axe-core's default set
	Disable []string // these rules turned off
}

// MinImpact is the impact the check fails at.
func (a *A11y) MinImpact() string {
	if a.Impact == "" {
		return A11yDefaultImpact
	}
	return a.Impact
}

// ImpactAtLeast reports whether axe-core's impact is min or worse; an
// impact axe-core did not give counts as the worst.
func ImpactAtLeast(impact, min string) bool {
	i := slices.Index(A11yImpacts, impact)
	return i < 0 || i >= slices.Index(A11yImpacts, min)
}

// a11yFields are the keys of `expect: {a11y: {...}}`.
var a11yFields = []field{
	{Key: "impact", Kind: kEnum, Enum: A11yImpacts, Doc: "Fails on a violation at this impact or worse (default serious)."},
	{Key: "target", Kind: kTarget, Doc: "Checks only within this element (TARGET)."},
	{Key: "rules", Kind: kStrings, Doc: "Runs only these axe-core rules (ids such as image-alt, color-contrast)."},
	{Key: "disable", Kind: kStrings, Doc: "Turns these axe-core rules off."},
	{Key: "baseline", Kind: kText, Doc: "Fails only on violations not in the baseline `FLOW.baselines/NAME.a11y.txt`. NAME is a file name."},
}

// expectA11y reads `expect: {a11y: {...}}` into a.
func (p *parser) expectA11y(a *Expect, n *yaml.Node) {
	a.A11y = &A11y{}
	r := p.resolve(n)
	if r == nil {
		return
	}
	if r.Kind != yaml.MappingNode {
		hint := ""
		if slices.Contains(A11yImpacts, r.Value) {
			hint = fmt.Sprintf(" (to fail at %s or worse: {a11y: {impact: %s}})", r.Value, r.Value)
		}
		p.errorf(r, "expect a11y needs a map such as {impact: serious}, or {} for the defaults, not %s%s", kindName(r), hint)
		return
	}
	o := p.mapping(r, "expect a11y")
	if o == nil {
		return
	}
	p.unknownKeys(o, "expect a11y", keysOf(a11yFields), nil)
	if v := o.val("impact"); v != nil {
		a.A11y.Impact = p.enum(v, "impact", A11yImpacts)
	}
	if v := o.val("target"); v != nil {
		a.Target = p.target(v, "expect a11y target")
	}
	if v := o.val("baseline"); v != nil {
		a.Baseline = p.artifactName(v, "expect a11y baseline")
	}
	a.A11y.Rules = p.axeRules(o.val("rules"), "rules")
	a.A11y.Disable = p.axeRules(o.val("disable"), "disable")
	for _, id := range a.A11y.Disable {
		if slices.Contains(a.A11y.Rules, id) {
			p.errorf(o.m["disable"].k, "rule %s is both in rules and in disable; keep it in one", id)
		}
	}
}

// axeRules reads a list of axe-core rule ids, each one of AxeRules.
func (p *parser) axeRules(n *yaml.Node, what string) []string {
	if n == nil {
		return nil
	}
	ids, nodes := p.strList(n, what, false)
	var out []string
	for i, id := range ids {
		if !slices.Contains(AxeRules, id) {
			p.errorf(nodes[i], "%s: %q is no axe-core %s rule%s (the rule ids: https://dequeuniversity.com/rules/axe/)",
				what, id, AxeRulesVersion, didYouMean(id, AxeRules))
			continue
		}
		out = append(out, id)
	}
	return out
}

// a11yNode writes the settings of expect a11y back.
func (a *Expect) a11yNode() *yaml.Node {
	w := &mapWriter{}
	if a.A11y != nil {
		if a.A11y.Impact != "" {
			w.add("impact", strNodeOf(a.A11y.Impact))
		}
		w.add("target", targetNode(a.Target))
		if len(a.A11y.Rules) > 0 {
			w.add("rules", stringsNode(a.A11y.Rules))
		}
		if len(a.A11y.Disable) > 0 {
			w.add("disable", stringsNode(a.A11y.Disable))
		}
	}
	if a.Baseline != "" {
		w.add("baseline", strNodeOf(a.Baseline))
	}
	return w.node()
}

// a11ySubject is what the step checks, as reports show it.
func (a *Expect) a11ySubject() string {
	s := fmt.Sprintf("a11y (impact %s or worse)", a.A11y.MinImpact())
	if a.Baseline != "" {
		s += ", baseline " + a.Baseline
	}
	return s
}
