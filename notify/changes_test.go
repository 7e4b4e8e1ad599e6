package notify_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/notify"
	"github.com/smokeflow/smokeflow/results"
)

// docs/running.md "Alerts"
var _ = Describe("an alert on change", func() {
	changes := []results.Change{
		{Kind: results.Recovered, Flow: "Home", File: "flows/home.yaml"},
		{Kind: results.GoneFailing, Flow: "Checkout", File: "flows/checkout.yaml", Message: "step 3 click \"Pay\": no element <button>"},
		{Kind: results.GoneFlaky, Flow: "Search", File: "flows/search.yaml", FlakyRate: 0.3},
		{Kind: results.GoneFailing, Flow: "Rows [b]", File: "flows/rows.yaml", Message: "boom"},
	}

	It("is due on a change or a run that could not run, whatever the run's status", func() {
		passed := &results.Run{Flows: []*results.Flow{{Status: results.Passed}}}
		o := notify.Options{URLs: []string{"http://x"}, On: notify.OnChange}
		Expect(notify.Due(failedRun(), o)).To(BeFalse(), "a flow still failing, no change")
		Expect(notify.Due(passed, notify.Options{URLs: o.URLs, On: notify.OnChange, Changes: changes[:1]})).To(BeTrue())
		Expect(notify.Due(passed, notify.Options{URLs: o.URLs, On: notify.OnChange, Error: "SHOP_PASSWORD is not set"})).To(BeTrue())
	})

	It("tells the changes first, counted, then the run, with the env label, in text and in Slack blocks", func() {
		p := notify.Build(failedRun(), notify.Options{On: notify.OnChange, Changes: changes, EnvLabel: "staging",
			ReportURL: "https://ci.example.com/runs/7"})
		Expect(p.Text).To(HavePrefix("🔴 2 failing, 1 recovered, 1 flaky\n" +
			"• failing: Checkout (flows/checkout.yaml): step 3 click \"Pay\": no element <button>\n" +
			"• failing: Rows [b] (flows/rows.yaml): boom\n" +
			"• recovered: Home (flows/home.yaml)\n" +
			"• flaky: Search (flows/search.yaml): flaky in 30% of its recent runs\n" +
			"❌ smokeflow run failed in staging: 1 passed, 1 failed, 1 flaky of 3 flows"))
		Expect(p.Text).To(HaveSuffix("report: https://ci.example.com/runs/7"))
		Expect(p.EnvLabel).To(Equal("staging"))
		Expect(p.Changes[0].Flow).To(Equal("Checkout"))
		Expect(p.Blocks).To(HaveLen(3))
		Expect(p.Blocks[0].Text.Text).To(HavePrefix("*🔴 2 failing, 1 recovered, 1 flaky*\n• failing: Checkout"))
		Expect(p.Blocks[0].Text.Text).To(ContainSubstring("no element &lt;button&gt;"), "mrkdwn escaped")
		Expect(p.Blocks[1].Text.Text).To(HavePrefix("*❌ smokeflow run failed in staging"))
		Expect(p.Blocks[2].Type).To(Equal("context"))
		Expect(p.Blocks[2].Elements).To(ConsistOf(
			notify.BlockText{Type: "mrkdwn", Text: "env: *staging*"},
			notify.BlockText{Type: "mrkdwn", Text: "<https://ci.example.com/runs/7|report>"}))
	})
})
