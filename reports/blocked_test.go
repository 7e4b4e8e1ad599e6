package reports_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/reports"
	"github.com/smokeflow/smokeflow/results"
)

var _ = Describe("blocked requests", func() {
	blocked := func() *results.Run {
		run := sampleRun()
		a := run.Flows[1].Final()
		a.Blocked = []results.Blocked{{URL: "https://cdn.evil.test/x.js", Type: "Script", Why: "not in the allowed domains", Time: t0}}
		return run
	}

	It("are listed after the failed requests of a failed attempt, in the failure text and in Markdown", func() {
		a := blocked().Flows[1].Final()
		Expect(reports.FailureText(a)).To(ContainSubstring("\nblocked by the allowed domains (1):\n  Script https://cdn.evil.test/x.js: not in the allowed domains\n"))
		md := markdownOf(blocked(), reports.MarkdownOptions{})
		Expect(md).To(ContainSubstring("Blocked by the allowed domains (1)"))
		Expect(md).To(ContainSubstring("- Script https://cdn.evil.test/x.js: not in the allowed domains"))
	})

	It("are not mentioned when there are none", func() {
		Expect(reports.FailureText(sampleRun().Flows[1].Final())).NotTo(ContainSubstring("blocked"))
		Expect(markdownOf(sampleRun(), reports.MarkdownOptions{})).NotTo(ContainSubstring("Blocked"))
	})
})
