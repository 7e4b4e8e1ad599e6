package reports_test

import (
	"bytes"
	"encoding/json"
	"time"

	junit "github.com/joshdk/go-junit"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/reports"
	"github.com/smokeflow/smokeflow/results"
)

// skipRun is a run where one flow passed and two were skipped by their
// flow files' `skip:`, one reason holding what each format must escape.
func skipRun() *results.Run {
	return &results.Run{
		SchemaVersion: results.SchemaVersion,
		Tool:          "smokeflow test",
		StartedAt:     time.Date(2026, 3, 14, 9, 26, 53, 0, time.UTC),
		Duration:      ms(1500),
		ArtifactsDir:  "smokeflow-results",
		Workers:       1,
		Flows: []*results.Flow{
			passedFlow(),
			{Name: "Search suggestions", File: "flows/search.yaml", Status: results.Skipped,
				SkipReason: `service <down> & "flaky" | see #12`},
			{Name: "Wishlist", File: "flows/wishlist.yaml", Status: results.Skipped, SkipReason: "not built yet"},
		},
	}
}

var _ = Describe("flows skipped by skip:", func() {
	It("are <skipped> test cases with their reason in JUnit, escaped and schema-valid", func() {
		data := junitOf(skipRun())
		expectSchemaValid(data)
		Expect(string(data)).To(ContainSubstring(`<skipped message="service &lt;down&gt; &amp; &#34;flaky&#34; | see #12"></skipped>`))
		suites, err := junit.Ingest(data)
		Expect(err).NotTo(HaveOccurred())
		Expect(suites[0].Totals.Skipped).To(Equal(2))
		Expect(suites[0].Totals.Failed).To(Equal(0))
		Expect(suites[0].Tests[2].Status).To(Equal(junit.StatusSkipped))
		Expect(suites[0].Tests[2].Message).To(Equal("not built yet"))
	})

	It("are counted and listed with their reason in Markdown", func() {
		md := markdownOf(skipRun(), reports.MarkdownOptions{})
		Expect(md).To(HavePrefix("✅ 1 passed · ⏭️ 2 skipped · 1.5s\n"))
		Expect(md).To(ContainSubstring("| ⏭️ | Wishlist — skipped: not built yet | `flows/wishlist.yaml` | – | 0 |"))
		// the pipe cannot end the table cell, the angle brackets make no HTML
		Expect(md).To(ContainSubstring(`| ⏭️ | Search suggestions — skipped: service &lt;down&gt; &amp; "flaky" \| see #12 |`))
		Expect(md).NotTo(ContainSubstring("<down>"))
		Expect(md).NotTo(ContainSubstring("## Failures"))
	})

	It("keep status skipped and skip_reason in JSON, with no attempts", func() {
		var b bytes.Buffer
		Expect(reports.WriteJSON(&b, skipRun())).To(Succeed())
		var got struct {
			Flows []map[string]any `json:"flows"`
		}
		Expect(json.Unmarshal(b.Bytes(), &got)).To(Succeed())
		Expect(got.Flows[1]).To(HaveKeyWithValue("status", "skipped"))
		Expect(got.Flows[1]).To(HaveKeyWithValue("skip_reason", `service <down> & "flaky" | see #12`))
		Expect(got.Flows[1]).NotTo(HaveKey("attempts"))
	})
})
