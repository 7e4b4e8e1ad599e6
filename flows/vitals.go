package flows

import (
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// Budgets on the page's web vitals: `expect: {vitals: {lcp: {below:
// 2.5s}}}` (docs/flows.md "Web vitals").

// Vital is a figure of the page's performance a budget may bound.
type Vital string

// The vitals, in the order a step reports them.
const (
	VitalTTFB Vital = "ttfb" // the main document's first response byte
	VitalFCP  Vital = "fcp"  // first contentful paint
	VitalLCP  Vital = "lcp"  // largest contentful paint
	VitalCLS  Vital = "cls"  // cumulative layout shift (a score)
	VitalINP  Vital = "inp"  // interaction to next paint
	VitalLoad Vital = "load" // the load event's end
)

// Vitals are every vital, in the order a step reports them.
var Vitals = []Vital{VitalTTFB, VitalFCP, VitalLCP, VitalCLS, VitalINP, VitalLoad}

// IsScore reports whether the vital is a plain number (CLS) rather than
// a duration.
func (v Vital) IsScore() bool { return v == VitalCLS }

// VitalBudget is one vital's budget: the figure must be below Below
// (a duration) or, for a score, below Score.
type VitalBudget struct {
	Vital Vital
	Below time.Duration
	Score float64
}

// Limit is the budget in the figure's unit: milliseconds for a duration,
// the score itself for CLS.
func (b VitalBudget) Limit() float64 {
	if b.Vital.IsScore() {
		return b.Score
	}
	return float64(b.Below) / float64(time.Millisecond)
}

// String says the budget as written: `2.5s`, `0.1`.
func (b VitalBudget) String() string {
	if b.Vital.IsScore() {
		return strconv.FormatFloat(b.Score, 'f', -1, 64)
	}
	return b.Below.String()
}

func vitalNames() []string {
	out := make([]string, len(Vitals))
	for i, v := range Vitals {
		out[i] = string(v)
	}
	return out
}

// expectVitals reads `{lcp: {below: 2.5s}, cls: {below: 0.1}, ...}`.
func (p *parser) expectVitals(n *yaml.Node) []VitalBudget {
	r := p.resolve(n)
	if r == nil {
		return nil
	}
	if r.Kind != yaml.MappingNode || len(r.Content) == 0 {
		p.errorf(r, "expect vitals needs a budget per figure, such as {lcp: {below: 2.5s}, cls: {below: 0.1}}; figures: %s", orList(vitalNames()))
		return nil
	}
	o := p.mapping(r, "expect vitals")
	p.unknownKeys(o, "expect vitals", vitalNames(), nil)
	var out []VitalBudget
	for _, v := range Vitals {
		if vn := o.val(string(v)); vn != nil {
			if b, ok := p.vitalBudget(v, vn); ok {
				out = append(out, b)
			}
		}
	}
	return out
}

// vitalBudget reads `{below: N|DURATION}` of one vital: a duration with
// its unit, or CLS's plain number.
func (p *parser) vitalBudget(v Vital, n *yaml.Node) (VitalBudget, bool) {
	b := VitalBudget{Vital: v}
	example := "{below: 2.5s}"
	if v.IsScore() {
		example = "{below: 0.1}"
	}
	r := p.resolve(n)
	if r == nil || r.Kind != yaml.MappingNode {
		if r != nil {
			p.errorf(r, "%s needs a budget such as %s, not %s", v, example, kindName(r))
		}
		return b, false
	}
	o := p.mapping(r, "expect vitals "+string(v))
	unknown := p.unknownKeys(o, string(v), []string{"below"}, nil)
	bn := p.resolve(o.val("below"))
	if bn == nil {
		if !unknown {
			p.errorf(r, "%s needs a budget: %s", v, example)
		}
		return b, false
	}
	s := strings.TrimSpace(bn.Value)
	if bn.Kind != yaml.ScalarNode || isNull(bn) || s == "" {
		p.errorf(bn, "%s below must be %s, not %s", v, strings.TrimSuffix(strings.TrimPrefix(example, "{below: "), "}"), kindName(bn))
		return b, false
	}
	f, numErr := strconv.ParseFloat(s, 64)
	switch {
	case v.IsScore() && numErr != nil:
		p.errorf(bn, "cls is a layout shift score, a plain number without a unit: below: 0.1, not %q", s)
		return b, false
	case v.IsScore():
		if f <= 0 {
			p.errorf(bn, "cls below must be more than 0, such as 0.1")
			return b, false
		}
		b.Score = f
		return b, true
	case numErr == nil:
		p.errorf(bn, "%s below needs a unit: %s, not %s alone", v, withUnits(f), s)
		return b, false
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		p.errorf(bn, "%s below must be a duration more than zero such as 2.5s or 200ms, not %q", v, s)
		return b, false
	}
	b.Below = d
	return b, true
}

// vitalsNode writes the budgets back.
func vitalsNode(bs []VitalBudget) *yaml.Node {
	w := &mapWriter{}
	for _, b := range bs {
		var below *yaml.Node
		if b.Vital.IsScore() {
			below = floatNode(b.Score)
		} else {
			below = durationNode(b.Below)
		}
		w.add(string(b.Vital), (&mapWriter{}).add("below", below).node())
	}
	return w.node()
}

// withUnits suggests the units a bare number may have meant: 2500 is
// `2500ms or 2.5s`, 2.5 is `2.5s or 2500ms`.
func withUnits(f float64) string {
	g := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	if f >= 100 {
		return g(f) + "ms or " + g(f/1000) + "s"
	}
	return g(f) + "s or " + g(f*1000) + "ms"
}
