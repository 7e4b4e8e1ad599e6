package flows

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// The checks: `expect` and `assert` (docs/flows.md "expect", "assert").

// Expect kinds.
const (
	ExpectVisible          = "visible"
	ExpectHidden           = "hidden"
	ExpectText             = "text"
	ExpectValue            = "value"
	ExpectURL              = "url"
	ExpectTitle            = "title"
	ExpectCount            = "count"
	ExpectEnabled          = "enabled"
	ExpectDisabled         = "disabled"
	ExpectChecked          = "checked"
	ExpectUnchecked        = "unchecked"
	ExpectNoConsoleErrors  = "no_console_errors"
	ExpectNoFailedRequests = "no_failed_requests"
	ExpectDialog           = "dialog"
	ExpectDownload         = "download"
	ExpectScreenshot       = "screenshot"
	ExpectSnapshot         = "snapshot"
	ExpectVitals           = "vitals"
)

// Expect is `expect`. Kind is one of the Expect* constants.
type Expect struct {
	Kind   string
	Target *Target // visible, hidden, text, value, count, enabled, ...
	Match  *Match  // text, value, url, title; dialog: the message; download: the file name
	// count: at least one of these.
	Equals *int
	Min    *int
	Max    *int
	// screenshot, snapshot: the baseline's name, a file name without its
	// extension (docs/flows.md "Baselines").
	Baseline string
	// screenshot: the share of pixels that may differ (0 to 1), the
	// targets painted over in both images, and the whole scrollable page;
	// Target is the one element shot instead.
	MaxDiffRatio float64
	Mask         []*Target
	FullPage     bool
	// no_failed_requests: the request URLs this check leaves out, beside
	// the flow's ignore_requests (docs/flows.md "Failed requests").
	Ignore URLPatterns
	// vitals: the budgets, in the order of flows.Vitals (docs/flows.md
	// "Web vitals").
	Vitals []VitalBudget
	// a11y: its settings; Target is the element it runs within, Baseline
	// the violations it accepts (docs/flows.md "Accessibility checks").
	A11y *A11y
}

// Assert is `assert`.
type Assert struct {
	That    *Expr
	Message string
}

func (*Expect) Name() ActionName { return ActionExpect }
func (*Assert) Name() ActionName { return ActionAssert }

func (a *Expect) targetSlot() (string, *Target) {
	if a.Kind == ExpectScreenshot || a.Kind == ExpectA11y {
		return "target", a.Target
	}
	return a.Kind, a.Target
}

func (a *Expect) subject() string {
	if a.A11y != nil {
		return a.a11ySubject()
	}
	if a.Baseline != "" {
		return a.Kind + " " + a.Baseline
	}
	return a.Kind
}

// `expect: {download: ...}` waits for a download (docs/flows.md "Downloads").
func (a *Expect) canDownload() bool { return a.Kind == ExpectDownload }

func (a *Assert) subject() string {
	if a.That == nil {
		return ""
	}
	return a.That.Source
}

func (a *Expect) parse(p *parser, spec *actionSpec, k, v *yaml.Node) {
	r := p.resolve(v)
	if r == nil {
		return
	}
	if r.Kind != yaml.MappingNode {
		at := r
		hint := ""
		if isNull(r) {
			at = k
		} else if r.Kind == yaml.ScalarNode {
			hint = fmt.Sprintf(" (to check that a text is shown: {visible: %q})", r.Value)
		}
		p.errorf(at, "expect needs a map such as {visible: TARGET}, not %s%s", kindName(r), hint)
		return
	}
	o := p.mapping(r, "expect")
	if o == nil {
		return
	}
	p.unknownKeys(o, "expect", keysOf(spec.Args), func(key string) bool {
		if o.has(ExpectA11y) && fieldOf(a11yFields, key) != nil {
			p.errorf(o.m[key].k, "%s goes inside a11y: {a11y: {%s: ...}}", key, key)
			return true
		}
		return false
	})
	kinds := o.present(keysOf(expectKinds))
	switch len(kinds) {
	case 0:
		p.errorf(k, "expect needs one of %s", strings.Join(keysOf(expectKinds), ", "))
		return
	case 1:
	default:
		p.errorf(o.m[kinds[1]].k, "expect takes one kind per step, not %s and %s; write two steps", kinds[0], kinds[1])
	}
	a.Kind = kinds[0]
	kind := fieldOf(expectKinds, a.Kind)
	p.expectKind(a, kind, o.val(a.Kind))
	allowed := p.expectCompanions(o, a.Kind, kind)
	switch a.Kind {
	case ExpectText, ExpectValue:
		if len(o.present(keysOf(matchFields))) == 0 {
			hint := ""
			if a.Kind == ExpectText {
				hint = " (to check that a text is shown, use visible)"
			}
			p.errorf(k, "expect %s needs equals, contains or matches%s", a.Kind, hint)
			break
		}
		a.Match = p.matchFrom(o, r, "expect "+a.Kind)
	case ExpectCount:
		p.expectCount(a, k, o, allowed)
	case ExpectScreenshot:
		p.expectScreenshot(a, o)
	}
}

// expectKind reads the value of the expect's kind key into a.
func (p *parser) expectKind(a *Expect, kind *field, kn *yaml.Node) {
	switch kind.Kind {
	case kTarget:
		a.Target = p.target(kn, "expect "+a.Kind)
	case kMatch:
		a.Match = p.match(kn, "expect "+a.Kind)
	case kTrue:
		if !p.boolean(kn, a.Kind) && p.resolve(kn) != nil && p.resolve(kn).ShortTag() == "!!bool" {
			p.errorf(p.resolve(kn), "%s must be true (false checks nothing)", a.Kind)
		}
	case kTrueOr:
		a.Ignore = p.noFailedIgnore(kn, a.Kind)
	case kObject:
		switch a.Kind {
		case ExpectVitals:
			a.Vitals = p.expectVitals(kn)
		case ExpectA11y:
			p.expectA11y(a, kn)
		default:
			a.Match = p.expectDownload(kn)
		}
	case kText:
		a.Baseline = p.artifactName(kn, "expect "+a.Kind+" name")
	}
}

// expectCompanions reports the companion keys that do not go with the
// expect's kind, and returns the ones that do.
func (p *parser) expectCompanions(o *obj, kindKey string, kind *field) []string {
	var allowed []string
	switch kindKey {
	case ExpectText, ExpectValue:
		allowed = keysOf(matchFields)
	case ExpectCount:
		allowed = []string{"equals", "min", "max"}
	case ExpectScreenshot:
		allowed = keysOf(screenshotCompanions)
	}
	for _, c := range o.present(append(keysOf(expectCompanions), keysOf(screenshotCompanions)...)) {
		if contains(allowed, c) {
			continue
		}
		switch {
		case kind.Kind == kMatch && fieldOf(matchFields, c) != nil:
			p.errorf(o.m[c].k, "%s goes inside %s: {%s: {%s: ...}}", c, kindKey, kindKey, c)
		case kindKey == ExpectA11y && fieldOf(a11yFields, c) != nil:
			p.errorf(o.m[c].k, "%s goes inside a11y: {a11y: {%s: ...}}", c, c)
		case kindKey == ExpectDownload && fieldOf(matchFields, c) != nil:
			p.errorf(o.m[c].k, "%s goes inside the download's name: {download: {name: {%s: ...}}}", c, c)
		case len(allowed) == 0:
			p.errorf(o.m[c].k, "%s does not go with expect %s", c, kindKey)
		default:
			p.errorf(o.m[c].k, "%s does not go with expect %s; use %s", c, kindKey, orList(allowed))
		}
	}
	return allowed
}

// expectCount reads the bounds of expect count.
func (p *parser) expectCount(a *Expect, k *yaml.Node, o *obj, allowed []string) {
	ks := o.present(allowed)
	if len(ks) == 0 {
		p.errorf(k, "expect count needs equals, min or max")
		return
	}
	for _, c := range ks {
		n, ok := p.integer(o.val(c), c, 0)
		if !ok {
			continue
		}
		switch c {
		case "equals":
			a.Equals = &n
		case "min":
			a.Min = &n
		case "max":
			a.Max = &n
		}
	}
	if o.has("equals") && (o.has("min") || o.has("max")) {
		p.errorf(o.m["equals"].k, "expect count takes equals, or min and/or max, not both")
	}
	if a.Min != nil && a.Max != nil && *a.Min > *a.Max {
		p.errorf(o.m["max"].k, "max (%d) is less than min (%d)", *a.Max, *a.Min)
	}
}

// expectScreenshot reads the companions of expect screenshot
// (docs/flows.md "Baselines").
func (p *parser) expectScreenshot(a *Expect, o *obj) {
	if n := o.val("max_diff_ratio"); n != nil {
		a.MaxDiffRatio = p.ratio(n, "max_diff_ratio")
	}
	if n := o.val("mask"); n != nil {
		a.Mask = p.targetList(n, "mask")
	}
	if n := o.val("full_page"); n != nil {
		a.FullPage = p.boolean(n, "full_page")
	}
	if n := o.val("target"); n != nil {
		a.Target = p.target(n, "expect screenshot target")
	}
	if a.FullPage && a.Target != nil {
		p.errorf(o.m["full_page"].k, "expect screenshot takes full_page or target, not both")
	}
}

func (a *Assert) parse(p *parser, spec *actionSpec, k, v *yaml.Node) {
	r := p.resolve(v)
	if r == nil {
		return
	}
	switch {
	case isNull(r):
		p.errorf(k, "assert needs an expression")
	case r.Kind == yaml.ScalarNode:
		a.That = p.expr(r, "assert", true)
	case r.Kind == yaml.MappingNode:
		o := p.mapping(r, "assert")
		p.checkArgs(o, spec, k)
		if n := o.val("that"); n != nil {
			a.That = p.expr(n, "that", true)
		}
		if n := o.val("message"); n != nil {
			a.Message = p.istr(n, "message")
		}
	default:
		p.errorf(r, "assert needs an expression or {that, message}, not %s", kindName(r))
	}
}

func (a *Expect) arg() *yaml.Node {
	w := &mapWriter{}
	kind := fieldOf(expectKinds, a.Kind)
	if kind == nil {
		return w.node()
	}
	switch kind.Kind {
	case kTarget:
		w.add(a.Kind, targetNode(a.Target))
		if a.Match != nil {
			a.Match.addTo(w) // text and value: next to the kind
		}
		w.add("equals", intPtrNode(a.Equals)).add("min", intPtrNode(a.Min)).add("max", intPtrNode(a.Max))
	case kMatch:
		w.add(a.Kind, matchNode(a.Match))
	case kTrue:
		w.add(a.Kind, boolNode(true))
	case kTrueOr:
		if len(a.Ignore) == 0 {
			w.add(a.Kind, boolNode(true))
			break
		}
		w.add(a.Kind, (&mapWriter{}).add("ignore", urlPatternsNode(a.Ignore)).node())
	case kObject:
		switch a.Kind {
		case ExpectVitals:
			w.add(a.Kind, vitalsNode(a.Vitals))
		case ExpectA11y:
			w.add(a.Kind, a.a11yNode())
		default:
			w.add(a.Kind, (&mapWriter{}).add("name", matchNode(a.Match)).node())
		}
	case kText:
		w.add(a.Kind, strNodeOf(a.Baseline))
		if a.MaxDiffRatio > 0 {
			w.add("max_diff_ratio", floatNode(a.MaxDiffRatio))
		}
		w.add("mask", targetsNode(a.Mask))
		if a.FullPage {
			w.add("full_page", boolNode(true))
		}
		w.add("target", targetNode(a.Target))
	}
	return w.node()
}

func (a *Assert) arg() *yaml.Node {
	if a.Message == "" {
		return exprNode(a.That)
	}
	return (&mapWriter{}).add("that", exprNode(a.That)).add("message", strNodeOf(a.Message)).node()
}

// An expectation against a baseline names its artifacts after it
// (docs/session.md "Artifact names").
func (a *Expect) artifactName() string { return a.Baseline }

// expect ends on the state of the page it expects (docs/agents.md
// "Export").
func (*Expect) waitsForPage() bool { return true }
