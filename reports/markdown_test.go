package reports_test

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/reports"
	"github.com/smokeflow/smokeflow/results"
)

func markdownOf(run *results.Run, opts reports.MarkdownOptions) string {
	GinkgoHelper()
	var b bytes.Buffer
	Expect(reports.WriteMarkdown(&b, run, opts)).To(Succeed())
	Expect(utf8.Valid(b.Bytes())).To(BeTrue())
	return b.String()
}

var _ = Describe("Markdown", func() {
	It("opens with the summary line", func() {
		md := markdownOf(sampleRun(), reports.MarkdownOptions{})
		first, _, _ := strings.Cut(md, "\n")
		Expect(first).To(Equal("❌ 1 failed · ✅ 1 passed · ⚠️ 1 flaky · ⚠️ 1 warning · ⏭️ 1 skipped · 2m03s"))
	})

	It("leaves zero counts out of the summary, except passed", func() {
		run := &results.Run{Duration: 4200 * time.Millisecond, Flows: []*results.Flow{{Name: "a", Status: results.Failed}}}
		Expect(reports.SummaryLine(run)).To(Equal("❌ 1 failed · ✅ 0 passed · 4.2s"))
		Expect(reports.SummaryLine(&results.Run{})).To(Equal("✅ 0 passed · 0ms"))
	})

	It("leads with the run's outcome: ❌ when a flow failed, ⛔ when interrupted, ✅ only when it passed", func() {
		flows := func(sts ...results.Status) []*results.Flow {
			var fs []*results.Flow
			for i, st := range sts {
				fs = append(fs, &results.Flow{Name: fmt.Sprint(i), Status: st})
			}
			return fs
		}
		d := 2 * time.Second
		Expect(reports.SummaryLine(&results.Run{Duration: d, Flows: flows(results.Passed, results.Passed, results.Failed)})).
			To(Equal("❌ 1 failed · ✅ 2 passed · 2.0s"))
		Expect(reports.SummaryLine(&results.Run{Duration: d, Interrupted: true, Flows: flows(results.Passed, results.Skipped)})).
			To(Equal("⛔ interrupted · ✅ 1 passed · ⏭️ 1 skipped · 2.0s"))
		Expect(reports.SummaryLine(&results.Run{Duration: d, Flows: flows(results.Passed, results.Flaky)})).
			To(Equal("✅ 1 passed · ⚠️ 1 flaky · 2.0s"))
	})

	It("escapes text that could break tables, Markdown or HTML", func() {
		md := markdownOf(sampleRun(), reports.MarkdownOptions{})
		Expect(md).NotTo(ContainSubstring("<products>"))
		Expect(md).NotTo(ContainSubstring("<b>\"Tom"))
		Expect(md).To(ContainSubstring(`Search &lt;products&gt; &amp; "filters"`))
		Expect(md).To(ContainSubstring(`| Place order \| help |`))
		Expect(md).NotTo(ContainSubstring("\x1b"))
		Expect(md).NotTo(ContainSubstring("\x00"))
		// The quoted YAML is in a code block, as written.
		Expect(md).To(ContainSubstring("```\n> 5 |   - expect: { text: Results, contains: \"<b>Tom & Jerry's</b>\" }\n```"))
		// Every table row has as many cells as its header.
		for _, line := range strings.Split(md, "\n") {
			if strings.HasPrefix(line, "| ") {
				cells := strings.Count(strings.ReplaceAll(line, `\|`, ""), "|")
				Expect(cells).To(BeElementOf(6, 5, 9, 3, 7), line)
			}
		}
	})

	It("links artifacts under LinkBase, escaped", func() {
		md := markdownOf(sampleRun(), reports.MarkdownOptions{LinkBase: "https://ci.example/run 7/"})
		Expect(md).To(ContainSubstring("screenshot [failure (1).png](https://ci.example/run%207/search/attempt-1/failure%20%281%29.png)"))
		md = markdownOf(sampleRun(), reports.MarkdownOptions{LinkBase: "../my results"})
		Expect(md).To(ContainSubstring("(../my%20results/search/attempt-1/failure%20%281%29.png)"))
		md = markdownOf(sampleRun(), reports.MarkdownOptions{})
		Expect(md).To(ContainSubstring("(search/attempt-1/failure%20%281%29.png)"))
	})

	It("has a section for failed and flaky flows only", func() {
		md := markdownOf(sampleRun(), reports.MarkdownOptions{})
		Expect(md).To(ContainSubstring("### ❌ Checkout as a returning customer"))
		Expect(md).To(ContainSubstring("### ⚠️ Search &lt;products&gt;"))
		Expect(md).NotTo(ContainSubstring("### ✅"))
		Expect(md).NotTo(ContainSubstring("### ⏭️"))
		Expect(strings.Count(md, "<details>")).To(Equal(strings.Count(md, "</details>")))
	})

	It("says when the run was interrupted, and when no flow ran", func() {
		md := markdownOf(&results.Run{Interrupted: true}, reports.MarkdownOptions{})
		Expect(md).To(ContainSubstring("The run was interrupted"))
		Expect(md).To(ContainSubstring("No flows ran."))
	})

	Describe("size cap", func() {
		It("keeps a run of thousands of failing flows under 1 MiB and says what was cut", func() {
			run := bigRun(3000)
			md := markdownOf(run, reports.MarkdownOptions{})
			Expect(len(md)).To(BeNumerically("<", 1<<20))
			Expect(len(md)).To(BeNumerically("<=", reports.DefaultMarkdownMaxBytes))
			Expect(len(md)).To(BeNumerically(">", reports.DefaultMarkdownMaxBytes*8/10), "the budget should be used, not wasted")
			Expect(md).To(HavePrefix("❌ 3000 failed · ✅ 0 passed · ⚠️ 3000 warnings · 2m03s\n"))
			Expect(md).To(ContainSubstring("This report was cut to stay under 1000 KiB"))
			Expect(md).To(MatchRegexp(`the details of \d+ failed flows are left out, from Checkout \d{4} \\\| &lt;b&gt;&amp; on`))
			// The table lists every flow: it fits in its half of the budget.
			Expect(md).To(ContainSubstring("| ❌ | Checkout 2999 \\| &lt;b&gt;&amp; |"))
			// Cut at a section boundary: folds are balanced, the last
			// section is whole.
			Expect(strings.Count(md, "<details>")).To(Equal(strings.Count(md, "</details>")))
			Expect(strings.Count(md, "```") % 2).To(Equal(0))
		})

		It("cuts the table too when it alone is too big", func() {
			run := bigRun(40)
			for range 20000 {
				run.Flows = append(run.Flows, &results.Flow{Name: strings.Repeat("passing flow ", 4), File: "flows/p.yaml", Status: results.Passed, Duration: time.Second})
			}
			md := markdownOf(run, reports.MarkdownOptions{})
			Expect(len(md)).To(BeNumerically("<=", reports.DefaultMarkdownMaxBytes))
			Expect(md).To(ContainSubstring("20000 flows that passed are not listed."))
			Expect(md).To(ContainSubstring("the table leaves out 20000 passed flows"))
			Expect(md).To(ContainSubstring("### ❌ Checkout 0000"))

			// With a tiny budget even the rows that did not pass are cut.
			md = markdownOf(run, reports.MarkdownOptions{MaxBytes: 4 << 10})
			Expect(len(md)).To(BeNumerically("<=", 4<<10))
			Expect(md).NotTo(ContainSubstring("## Failures"))
			Expect(md).To(MatchRegexp(`\d+ more flows are not listed\.`))
			Expect(md).To(ContainSubstring("the details of 40 failed flows are left out"))
		})

		It("shows the first and last steps of a flow with very many steps", func() {
			run := bigRun(1)
			a := run.Flows[0].Final()
			for i := range 500 {
				a.Steps = append(a.Steps, &results.Step{Index: "9." + strconv.Itoa(i), Action: "press", Target: "Tab", Status: results.Passed})
			}
			md := markdownOf(run, reports.MarkdownOptions{})
			Expect(md).To(ContainSubstring("steps not shown"))
			Expect(md).To(ContainSubstring("| 9.499 | press Tab |"))
		})
	})
})
