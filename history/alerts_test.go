package history_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/history"
	"github.com/smokeflow/smokeflow/results"
)

// kinds are the changes as "KIND FLOW".
func kinds(cs []results.Change) []string {
	out := []string{}
	for _, c := range cs {
		out = append(out, string(c.Kind)+" "+c.Flow)
	}
	return out
}

// alertSpecs are the change rules of `--notify-on change` every store
// passes (docs/running.md "Alerts").
func alertSpecs(newURL func() string) {
	It("finds a flow gone failing, one still failing only after --renotify, and one recovered, per env label", func() {
		s := open(newURL())
		rules := func(d int, hour int) history.AlertRules {
			return history.AlertRules{Renotify: 24 * time.Hour, Window: 10, Now: time.Date(2026, 12, d, hour, 0, 0, 0, time.UTC)}
		}
		// each night: its changes against the nights before, then recorded
		// and notified as the command line does
		step := func(r history.Run, at history.AlertRules) []string {
			cs, err := s.Changes(ctx, r, at)
			Expect(err).NotTo(HaveOccurred())
			Expect(s.Notified(ctx, r.EnvLabel, cs, at.Now)).To(Succeed())
			record(s, r)
			return kinds(cs)
		}
		Expect(step(night(1, "staging", "Checkout=failed", "Home=passed", "Rows [a]=passed"), rules(1, 2))).
			To(Equal([]string{"failing Checkout"}), "a first run that fails is a change")
		Expect(step(night(2, "staging", "Checkout=failed", "Home=passed", "Rows [a]=failed"), rules(2, 1))).
			To(Equal([]string{"failing Rows [a]"}), "23 hours after its alert, Checkout stays quiet")
		Expect(step(night(3, "staging", "Checkout=failed", "Home=skipped", "Rows [a]=flaky"), rules(3, 3))).
			To(Equal([]string{"still_failing Checkout", "recovered Rows [a]"}))
		Expect(step(night(4, "staging", "Checkout=passed", "Home=passed", "Rows [a]=passed"), rules(4, 2))).
			To(Equal([]string{"recovered Checkout"}))
		Expect(step(night(5, "production", "Checkout=passed"), rules(5, 2))).To(BeEmpty(), "another env label has its own runs")
	})

	It("posts nothing for a flow under an active quarantine, and again once it has expired", func() {
		s := open(newURL())
		at := history.AlertRules{Renotify: 24 * time.Hour, Window: 10, Now: time.Now()}
		held := night(1, "", "Checkout=failed")
		held.Flows[0].Quarantined = true
		cs, err := s.Changes(ctx, held, at)
		Expect(err).NotTo(HaveOccurred())
		Expect(kinds(cs)).To(BeEmpty(), "its owner knows; the alert would be noise")
		record(s, held)
		cs, err = s.Changes(ctx, night(2, "", "Checkout=failed"), at)
		Expect(err).NotTo(HaveOccurred())
		Expect(kinds(cs)).To(Equal([]string{"still_failing Checkout"}), "expired: the failure is news again")
	})

	It("finds a flaky rate that rises to --flaky-alert, once", func() {
		s := open(newURL())
		at := history.AlertRules{FlakyBound: 0.2, Renotify: time.Hour, Window: 5, Now: time.Now()}
		record(s, night(1, "", "Search=passed"), night(2, "", "Search=passed"), night(3, "", "Search=passed"), night(4, "", "Search=passed"))
		cs, err := s.Changes(ctx, night(5, "", "Search=flaky"), at)
		Expect(err).NotTo(HaveOccurred())
		Expect(kinds(cs)).To(Equal([]string{"flaky Search"}))
		Expect(cs[0].FlakyRate).To(Equal(0.2))
		record(s, night(5, "", "Search=flaky"))
		cs, err = s.Changes(ctx, night(6, "", "Search=passed"), at)
		Expect(err).NotTo(HaveOccurred())
		Expect(cs).To(BeEmpty(), "still over the bound: no new alert")
	})

	It("migrates a store of schema 1 to the alerts' schema, keeping its runs", func() {
		url := newURL()
		old, err := history.OpenAt(ctx, url, 1)
		Expect(err).NotTo(HaveOccurred())
		oldRecord(history.DB(old), 1, "Checkout", "failed", "recorded before")
		Expect(old.Close()).To(Succeed())
		s := open(url)
		cs, err := s.Changes(ctx, night(2, "staging", "Checkout=passed"), history.AlertRules{Now: time.Now()})
		Expect(err).NotTo(HaveOccurred())
		Expect(kinds(cs)).To(Equal([]string{"recovered Checkout"}))
		Expect(s.Notified(ctx, "", cs, time.Now())).To(Succeed())
	})
}
