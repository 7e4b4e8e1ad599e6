package flows_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
)

var _ = Describe("quarantine: and retries: (docs/flows.md \"Quarantine\", \"Retries\")", func() {
	parse := func(src string) *flows.Flow {
		GinkgoHelper()
		f, err := flows.Parse("q.yaml", []byte("name: Q\nbase_url: http://localhost:4000\n"+src+"steps:\n  - open: /\n"), testOpts())
		Expect(err).NotTo(HaveOccurred())
		return f
	}

	It("holds through its until day, in the run's time zone, and not the day after", func() {
		q := parse("quarantine: {owner: alice, until: 2026-12-31, reason: R-1}\n").Quarantine
		Expect(q).NotTo(BeNil())
		Expect([]string{q.Owner, q.UntilText(), q.Reason}).To(Equal([]string{"alice", "2026-12-31", "R-1"}))
		Expect(q.Pos.Line).To(Equal(3))
		paris, err := time.LoadLocation("Europe/Paris")
		Expect(err).NotTo(HaveOccurred())
		Expect(q.Active(time.Date(2026, 12, 31, 23, 59, 0, 0, paris))).To(BeTrue())
		Expect(q.Active(time.Date(2027, 1, 1, 0, 1, 0, 0, paris))).To(BeFalse())
		Expect(q.Active(time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC))).To(BeTrue())
	})

	It("reads retries as a number or as {count, on, backoff}, the backoff doubling", func() {
		Expect(parse("retries: 3\n").Retries.Count).To(Equal(3))
		r := parse("retries: {count: 2, on: [navigation, browser], backoff: 2s}\n").Retries
		Expect(r.Count).To(Equal(2))
		Expect(r.On).To(Equal([]diagnostics.Reason{diagnostics.ReasonNavigation, diagnostics.ReasonBrowser}))
		Expect(r.RetriesOn(diagnostics.ReasonBrowser)).To(BeTrue())
		Expect(r.RetriesOn(diagnostics.ReasonAssertion)).To(BeFalse())
		Expect([]time.Duration{r.Wait(1), r.Wait(2), r.Wait(3)}).To(Equal([]time.Duration{2 * time.Second, 4 * time.Second, 8 * time.Second}))
		Expect(parse("retries: {count: 1}\n").Retries.RetriesOn(diagnostics.ReasonAssertion)).To(BeTrue(), "no on: any failure")
	})

	It("needs every key of quarantine and count in retries", func() {
		_, err := flows.Parse("q.yaml", []byte("name: Q\nquarantine: {owner: alice}\nretries: {on: [timeout]}\nsteps:\n  - snapshot\n"), testOpts())
		Expect(err).To(MatchError(And(ContainSubstring("2:13: quarantine needs until"), ContainSubstring("2:13: quarantine needs reason"),
			ContainSubstring("3:10: retries needs count"))))
	})
})
