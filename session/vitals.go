package session

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
)

// expectVitals checks the page's web vitals against the step's budgets
// (docs/flows.md "Web vitals"): a figure not there yet is waited for, as
// long as the step may; once every budgeted figure is there, the check is
// decided at once, as these figures never go down. Every figure read goes
// in the step's record and log.
func (ss *Session) expectVitals(c *stepCall, e *flows.Expect) error {
	var read browser.VitalsRead
	var readOnce bool
	err := ss.pollUntil(c.sctx, c.ctx, func(ctx context.Context) (bool, string, error) {
		v, err := ss.page.Vitals(ctx)
		if err != nil {
			return false, "the page's vitals could not be read: " + firstLine(err.Error()), err
		}
		read, readOnce = v, true
		if missing := missingVitals(v, e.Vitals); len(missing) > 0 {
			return false, "waited for " + strings.Join(missing, "; "), nil
		}
		return true, "", nil
	})
	if readOnce {
		c.rec.Vitals = vitalFigures(read, e.Vitals)
		c.rec.Log = append(c.rec.Log, vitalsLog(c.rec.Vitals, read))
	}
	if err != nil {
		return ss.expectFailed(c.ctx, c.s, nil, err)
	}
	var over []string
	for _, v := range c.rec.Vitals {
		if v.Over {
			over = append(over, fmt.Sprintf("%s is %s%s, over its budget of %s", v.Name, results.VitalText(v.Value, v.Unit), vitalDetail(v.Name, read),
				results.VitalText(v.Budget, v.Unit)))
		}
	}
	if len(over) == 0 {
		return nil
	}
	msg := strings.Join(over, "; ")
	return &stepFailure{err: fmt.Errorf("%s", msg), diag: &diagnostics.Diagnostics{Reason: diagnostics.ReasonAssertion, Message: msg,
		Hints: []string{"the figures are the page's so far, read in smokeflow's world from its performance entries (docs/flows.md \"Web vitals\")"}}}
}

// vitalValue is a figure of a read, nil when it is not there yet.
func vitalValue(v browser.VitalsRead, name flows.Vital) *float64 {
	switch name {
	case flows.VitalTTFB:
		return v.TTFB
	case flows.VitalFCP:
		return v.FCP
	case flows.VitalLCP:
		return v.LCP
	case flows.VitalCLS:
		return v.CLS
	case flows.VitalINP:
		return v.INP
	case flows.VitalLoad:
		return v.Load
	}
	return nil
}

// whyMissing says why a figure is not there yet, and what makes it come.
var whyMissing = map[flows.Vital]string{
	flows.VitalTTFB: "no navigation timing yet: the document's first byte has not come",
	flows.VitalFCP:  "no first contentful paint yet: the page has painted no text or image",
	flows.VitalLCP:  "no largest contentful paint yet: the page has painted no image or text block (an input before it stops LCP)",
	flows.VitalCLS:  "no layout shift figure",
	flows.VitalINP:  "no interaction yet: INP needs a click, tap or key press before this step",
	flows.VitalLoad: "the load event has not ended yet",
}

// missingVitals says, for each budgeted figure not there yet, why.
func missingVitals(v browser.VitalsRead, budgets []flows.VitalBudget) []string {
	var out []string
	for _, b := range budgets {
		if vitalValue(v, b.Vital) == nil {
			out = append(out, string(b.Vital)+": "+whyMissing[b.Vital])
		}
	}
	return out
}

// vitalFigures are the figures of a read, in the order of flows.Vitals,
// each with its budget when the step gives one.
func vitalFigures(v browser.VitalsRead, budgets []flows.VitalBudget) []results.Vital {
	var out []results.Vital
	for _, name := range flows.Vitals {
		x := vitalValue(v, name)
		if x == nil {
			continue
		}
		f := results.Vital{Name: string(name), Value: *x, Unit: "ms"}
		if name.IsScore() {
			f.Unit, f.Value = "", math.Round(*x*10000)/10000
		}
		for _, b := range budgets {
			if b.Vital == name {
				f.Budget = b.Limit()
				f.Over = f.Value >= f.Budget
			}
		}
		out = append(out, f)
	}
	return out
}

// vitalsLog is the step's log line of the figures read.
func vitalsLog(fs []results.Vital, v browser.VitalsRead) string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = f.String() + vitalDetail(f.Name, v)
	}
	return "vitals: " + strings.Join(parts, ", ")
}

// vitalDetail says where a figure comes from, when that helps: the
// element of the largest paint, the interactions INP was read from.
func vitalDetail(name string, v browser.VitalsRead) string {
	switch {
	case name == string(flows.VitalLCP) && v.LCPElement != "":
		return " (" + v.LCPElement + ")"
	case name == string(flows.VitalINP):
		return fmt.Sprintf(" (the slowest of %d interaction(s))", v.Interactions)
	}
	return ""
}
