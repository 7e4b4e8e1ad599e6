package reports_test

import (
	"bytes"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/reports"
	"github.com/smokeflow/smokeflow/results"
)

// run --fix in the Markdown (docs/running.md "Fixes proposed and proven").
var _ = Describe("the Markdown's fix lines", func() {
	markdown := func(fix *results.Fix) string {
		GinkgoHelper()
		run := &results.Run{Flows: []*results.Flow{{Name: "cart", File: "cart.yaml", Status: results.Failed,
			Attempts: []*results.Attempt{{Number: 1, Status: results.Failed}}, Fix: fix}}}
		var b bytes.Buffer
		Expect(reports.WriteMarkdown(&b, run, reports.MarkdownOptions{NoLinks: true})).To(Succeed())
		return b.String()
	}

	It("shows a proven and applied fix with its patch", func() {
		md := markdown(&results.Fix{Status: results.FixApplied, File: "cart.yaml", Line: 5, Old: "Add to cart", New: "Add to basket",
			Patch: "fixes/cart.diff", EvidenceFile: "fixes/cart.txt"})
		Expect(md).To(ContainSubstring("**Fix:** fix proven: cart.yaml:5 Add to cart → Add to basket (the patched flow passed)\n"))
		Expect(md).To(ContainSubstring("- patch: fixes/cart.diff, evidence: fixes/cart.txt\n- applied to cart.yaml\n"))
	})

	It("says why there is no fix", func() {
		md := markdown(&results.Fix{Status: results.FixAppBug, Reason: `no fix: a number changed: the page shows "$21.00" where the flow expects "$12.00"`})
		Expect(md).To(ContainSubstring(`**Fix:** fix (app\_bug): no fix: a number changed`))
	})
})
