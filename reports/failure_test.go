package reports_test

import (
	"encoding/xml"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/reports"
	"github.com/smokeflow/smokeflow/results"
)

var _ = Describe("FailureText", func() {
	It("is the body of the JUnit failure", func() {
		run := &results.Run{Flows: []*results.Flow{failedFlow()}}
		var doc struct {
			Body string `xml:"testsuite>testcase>failure"`
		}
		Expect(xml.Unmarshal(junitOf(run), &doc)).To(Succeed())
		text := reports.FailureText(run.Flows[0].Final())
		Expect(text).To(Equal(doc.Body))
		Expect(text).To(HavePrefix("step 3 (flows/checkout.yaml:14) click Place order: element is covered by div.modal-backdrop\n"))
		Expect(text).To(ContainSubstring("> 14 |   - click: Place order"))
	})

	It("has a step log that JUnit's system-out starts with", func() {
		run := &results.Run{Flows: []*results.Flow{failedFlow()}}
		var doc struct {
			Out string `xml:"testsuite>testcase>system-out"`
		}
		Expect(xml.Unmarshal(junitOf(run), &doc)).To(Succeed())
		log := reports.StepLog(run.Flows[0].Final())
		Expect(log).NotTo(BeEmpty())
		Expect(doc.Out).To(ContainSubstring(log))
		Expect(log).To(MatchRegexp(`(?m)^failed  3 +click Place order — "Submit the order" \(9.800s\)\n +error: element is covered`))
		Expect(reports.StepLog(nil)).To(BeEmpty())
	})

	It("says so when there is no attempt", func() {
		Expect(reports.FailureText(nil)).To(Equal("the flow failed before any attempt ran\n"))
	})
})
