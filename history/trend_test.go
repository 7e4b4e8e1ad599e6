package history_test

import (
	"path/filepath"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/results"
)

// docs/results.md "Trends"
var _ = Describe("the trends of a run's reports", func() {
	DescribeTable("are each flow's and the run's recorded runs of its label, this run last", func(newURL func() string) {
		s := open(newURL())
		for d := 1; d <= 3; d++ {
			status := "passed"
			if d == 2 {
				status = "failed"
			}
			record(s, night(d, "staging", "Checkout="+status, "Search=flaky"), night(d, "prod", "Checkout=failed"))
		}
		start := time.Date(2026, 12, 4, 2, 0, 0, 0, time.UTC)
		run := &results.Run{StartedAt: start, Duration: 2 * time.Minute, Flows: []*results.Flow{
			{Name: "Checkout", Status: results.Failed, Duration: 400 * time.Millisecond},
			{Name: "New", Status: results.Passed, Duration: time.Second},
			{Name: "Gone", Status: results.Skipped},
		}}
		Expect(s.Trends(ctx, run, "staging")).To(Succeed())

		co := run.Flows[0].History
		Expect(co.Strip).To(Equal("✓✗✓✗"))
		Expect(co.PassRate).To(Equal(0.5))
		Expect(co.FlakyRate).To(Equal(0.0))
		Expect(co.Failed()).To(Equal(2))
		Expect(co.Median).To(Equal(200 * time.Millisecond))
		Expect(co.Runs).To(HaveLen(4))
		Expect(co.Runs[0].StartedAt).To(BeTemporally("==", time.Date(2026, 12, 1, 2, 0, 0, 0, time.UTC)))
		Expect(co.Runs[3]).To(Equal(results.TrendRun{StartedAt: start, Status: results.Failed, Duration: 400 * time.Millisecond}))
		Expect(run.Flows[1].History.Strip).To(Equal("✓"))
		Expect(run.Flows[2].History).To(BeNil(), "no recorded run, and skipped now")

		Expect(run.History.Runs).To(HaveLen(4))
		p := run.History.Runs[1]
		Expect(p.StartedAt).To(BeTemporally("==", time.Date(2026, 12, 2, 2, 0, 0, 0, time.UTC)))
		Expect([]any{p.Duration, p.Ran, p.Passed}).To(Equal([]any{time.Minute, 2, 1}))
		Expect(run.History.Runs[3]).To(Equal(results.RunPoint{StartedAt: start, Duration: 2 * time.Minute, Ran: 2, Passed: 1}))
	},
		Entry("in SQLite", func() string { return "sqlite:" + filepath.Join(GinkgoT().TempDir(), "h.db") }),
		Entry("in PostgreSQL", func() string {
			url, err := postgres().URL("trends")
			Expect(err).NotTo(HaveOccurred())
			return url
		}),
	)

	It("shows at most the last 20 runs", func() {
		s := open("sqlite:" + filepath.Join(GinkgoT().TempDir(), "h.db"))
		for d := 1; d <= 25; d++ {
			record(s, night(d, "", "Checkout=passed"))
		}
		run := &results.Run{StartedAt: time.Date(2026, 12, 30, 2, 0, 0, 0, time.UTC), Flows: []*results.Flow{{Name: "Checkout", Status: results.Failed}}}
		Expect(s.Trends(ctx, run, "")).To(Succeed())
		Expect(run.Flows[0].History.Strip).To(Equal("✓✓✓✓✓✓✓✓✓✓✓✓✓✓✓✓✓✓✓✗"))
		Expect(run.History.Runs).To(HaveLen(20))
		Expect(run.History.Runs[0].StartedAt).To(BeTemporally("==", time.Date(2026, 12, 7, 2, 0, 0, 0, time.UTC)))
	})
})
