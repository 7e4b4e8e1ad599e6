package reports_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"golang.org/x/net/html"

	"github.com/smokeflow/smokeflow/reports"
	"github.com/smokeflow/smokeflow/results"
)

// trendRun is the sample run with the trends a run with --history has:
// the checkout flow failed 3 of its last 6 runs, this one last.
func trendRun(dir string) *results.Run {
	run := htmlRun(dir)
	day := func(d int) time.Time { return time.Date(2026, 3, d, 2, 0, 0, 0, time.UTC) }
	var runs []results.TrendRun
	for i, st := range []results.Status{results.Passed, results.Failed, results.Passed, results.Flaky, results.Failed, results.Failed} {
		runs = append(runs, results.TrendRun{StartedAt: day(9 + i), Status: st, Duration: time.Duration(i+1) * time.Second})
	}
	runs[4].Compare = results.CompareBrokeHere
	run.Flows[1].History = &results.Trend{Runs: runs, Strip: "✓✗✓~✗✗", PassRate: 0.5, FlakyRate: 1.0 / 6, Median: 3 * time.Second, P90: 6 * time.Second}
	run.Flows[0].History = &results.Trend{Runs: runs[5:], Strip: "✓", PassRate: 1}
	run.History = &results.RunTrend{Runs: []results.RunPoint{
		{StartedAt: day(13), Duration: 2 * time.Minute, Ran: 4, Passed: 4},
		{StartedAt: day(14), Duration: 3 * time.Minute, Ran: 3, Passed: 2},
	}}
	return run
}

// byClass are the elements of doc with class c.
func byClass(doc *html.Node, c string) []*html.Node {
	var out []*html.Node
	each(doc, func(n *html.Node) {
		if v, _ := attr(n, "class"); strings.Contains(" "+v+" ", " "+c+" ") {
			out = append(out, n)
		}
	})
	return out
}

// docs/results.md "Trends"
var _ = Describe("the trends of a run with --history", func() {
	It("shows each flow's strip and duration sparkline in the HTML report, and the run's trend, loading nothing", func() {
		page, doc := renderHTML(trendRun(GinkgoT().TempDir()))
		Expect(externalRefs(doc)).To(BeEmpty())
		trends := byClass(doc, "trend")
		Expect(trends).To(HaveLen(2))
		squares := byClass(trends[1], "sq")
		Expect(squares).To(HaveLen(6))
		first, _ := attr(squares[0], "title")
		Expect(first).To(Equal("2026-03-09 02:00 UTC · passed · 1.0s"))
		last, _ := attr(squares[5], "title")
		Expect(last).To(Equal("2026-03-14 02:00 UTC · failed · 6.0s"))
		class, _ := attr(squares[3], "class")
		Expect(class).To(Equal("sq s-flaky"))
		// a run compared by --compare-to says its verdict; one not compared does not
		compared, _ := attr(squares[4], "title")
		Expect(compared).To(Equal("2026-03-13 02:00 UTC · failed · 5.0s · compared: this deploy broke it"))
		class, _ = attr(squares[4], "class")
		Expect(class).To(Equal("sq s-failed v-this_deploy"))
		class, _ = attr(squares[5], "class")
		Expect(class).To(Equal("sq s-failed"))
		Expect(page).To(ContainSubstring(`<polyline points="1.0,12.7 16.6,10.3 32.2,8.0 47.8,5.7 63.4,3.3 79.0,1.0"></polyline>`))
		Expect(page).To(ContainSubstring("history: the last 6 runs, oldest first: passed 50%, flaky 17%, median 3.000s, p90 6.000s"))

		Expect(page).To(ContainSubstring("history: the last run, oldest first: passed 100%"))

		run := byClass(doc, "runtrend")
		Expect(run).To(HaveLen(1))
		Expect(byClass(run[0], "sq")).To(HaveLen(2))
		t, _ := attr(byClass(run[0], "sq")[1], "title")
		Expect(t).To(Equal("2026-03-14 02:00 UTC · 2 of 3 passed · 3m00s"))
		Expect(byClass(run[0], "spark")).To(HaveLen(2))
		Expect(page).To(ContainSubstring(`.spark polyline`), "the trends' style")
	})

	It("writes the history of a failed flow on one line of the Markdown report", func() {
		var b bytes.Buffer
		Expect(reports.WriteMarkdown(&b, trendRun(GinkgoT().TempDir()), reports.MarkdownOptions{})).To(Succeed())
		Expect(b.String()).To(ContainSubstring("\nHistory: `✗✓~✗✗` (last 5, oldest first) · failed 3 of the last 6 runs · flaky 17% · median 3.0s\n"))
		Expect(strings.Count(b.String(), "History:")).To(Equal(1), "failed flows only")
	})

	It("gives each JUnit testcase its pass and flaky rates as properties", func() {
		var b bytes.Buffer
		Expect(reports.WriteJUnit(&b, trendRun(GinkgoT().TempDir()))).To(Succeed())
		expectSchemaValid(b.Bytes())
		var doc struct {
			Cases []struct {
				Name  string `xml:"name,attr"`
				Props []struct {
					Name  string `xml:"name,attr"`
					Value string `xml:"value,attr"`
				} `xml:"properties>property"`
			} `xml:"testsuite>testcase"`
		}
		Expect(xml.Unmarshal(b.Bytes(), &doc)).To(Succeed())
		props := map[string]string{}
		for _, p := range doc.Cases[1].Props {
			props[p.Name] = p.Value
		}
		Expect(props).To(Equal(map[string]string{"history.pass_rate": "0.5", "history.flaky_rate": "0.167", "history.runs": "6", "history.strip": "✓✗✓~✗✗"}))
		Expect(doc.Cases[2].Props).To(BeEmpty())
	})

	It("writes the same figures per flow in the JSON report", func() {
		var b bytes.Buffer
		Expect(reports.WriteJSON(&b, trendRun(GinkgoT().TempDir()))).To(Succeed())
		var got struct {
			History struct {
				Runs []struct{ Ran, Passed int } `json:"runs"`
			} `json:"history"`
			Flows []struct {
				History *struct {
					Strip     string  `json:"strip"`
					PassRate  float64 `json:"pass_rate"`
					FlakyRate float64 `json:"flaky_rate"`
					MedianNS  int64   `json:"median_ns"`
					Runs      []struct {
						Status     string `json:"status"`
						DurationNS int64  `json:"duration_ns"`
					} `json:"runs"`
				} `json:"history"`
			} `json:"flows"`
		}
		Expect(json.Unmarshal(b.Bytes(), &got)).To(Succeed())
		h := got.Flows[1].History
		Expect(h).NotTo(BeNil())
		Expect(h.Strip).To(Equal("✓✗✓~✗✗"))
		Expect(h.PassRate).To(Equal(0.5))
		Expect(h.MedianNS).To(Equal(int64(3e9)))
		Expect(h.Runs[5].Status).To(Equal("failed"))
		Expect(got.Flows[2].History).To(BeNil())
		Expect(got.History.Runs[1].Ran).To(Equal(3))
	})
})
