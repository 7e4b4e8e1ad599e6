package reports_test

import (
	"bytes"
	"encoding/json"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/reports"
	"github.com/smokeflow/smokeflow/results"
)

// vitalsRun is the sample run with a failed flow whose vitals step read
// three figures, one over its budget.
func vitalsRun() *results.Run {
	run := sampleRun()
	a := run.Flows[0].Final()
	a.Steps = append(a.Steps, &results.Step{Index: "5", Phase: "steps", Action: "expect", Target: "vitals", File: "flows/login.yaml", Line: 9,
		Status: results.Passed, Vitals: []results.Vital{
			{Name: "ttfb", Value: 12.4, Unit: "ms"},
			{Name: "lcp", Value: 1352.6, Unit: "ms", Budget: 1000, Over: true},
			{Name: "cls", Value: 0.2222, Budget: 0.1, Over: true},
		}})
	return run
}

var _ = Describe("Web vitals in the reports", func() {
	It("are a JUnit property each, the report still valid", func() {
		var b bytes.Buffer
		Expect(reports.WriteJUnit(&b, vitalsRun())).To(Succeed())
		Expect(b.String()).To(ContainSubstring(`<property name="vitals.lcp" value="1.35 s (over budget 1 s), step 5">`))
		Expect(b.String()).To(ContainSubstring(`<property name="vitals.ttfb" value="12 ms, step 5">`))
		Expect(b.String()).To(ContainSubstring(`<property name="vitals.cls" value="0.2222 (over budget 0.1), step 5">`))
		expectSchemaValid(b.Bytes())
	})

	It("are in the JSON results with their budgets", func() {
		var b bytes.Buffer
		Expect(reports.WriteJSON(&b, vitalsRun())).To(Succeed())
		var back results.Run
		Expect(json.Unmarshal(b.Bytes(), &back)).To(Succeed())
		steps := back.Flows[0].Final().Steps
		Expect(steps[len(steps)-1].Vitals).To(ContainElement(results.Vital{Name: "lcp", Value: 1352.6, Unit: "ms", Budget: 1000, Over: true}))
	})

	It("are on their step in the HTML report, those over budget marked", func() {
		var b bytes.Buffer
		Expect(reports.WriteHTML(&b, vitalsRun(), reports.HTMLOptions{})).To(Succeed())
		Expect(b.String()).To(ContainSubstring(`<span class="vital over">lcp 1.35 s (over budget 1 s)</span>`))
		Expect(b.String()).To(ContainSubstring(`<span class="vital">ttfb 12 ms</span>`))
	})
})
