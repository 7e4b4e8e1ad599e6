package agent_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
)

var _ = Describe(`a snapshot takes the page's latest read when nothing has changed since (docs/agents.md "Reads after an action")`, func() {
	var e *agent.Engine
	BeforeEach(func() {
		e = newEngine(agent.Options{})
		openAtRest(e)
	})

	It("reads nothing for a snapshot of a page that has not changed since the last one", func() {
		first := must(e, cmd(agent.VerbSnapshot))
		// tried again until a try runs at rest: a late event of the page,
		// or a stamp not given in its second, rightly makes one more read
		Eventually(func(g Gomega) {
			before := agent.PageReads(e)
			g.Expect(run(e, cmd(agent.VerbSnapshot)).Stdout).To(Equal(first))
			g.Expect(agent.PageReads(e)).To(Equal(before), "the snapshot read the page again")
		}).WithTimeout(30 * time.Second).Should(Succeed())
	})

	It("shows a value, a box checked and an option selected that the page's script set with no event", func() {
		Expect(must(e, cmd(agent.VerbSnapshot))).NotTo(ContainSubstring("set by a script"))
		must(e, cmd(agent.VerbEval, `setTimeout(() => {
			document.getElementById('name').value = 'set by a script';
			document.getElementById('sub').checked = true;
			document.getElementById('size').selectedIndex = 2;
		}, 500); 1`))
		// read before the timer, then read again until it shows
		must(e, cmd(agent.VerbSnapshot))
		Eventually(func() string { return must(e, cmd(agent.VerbSnapshot)) }).WithTimeout(10 * time.Second).Should(
			And(ContainSubstring("set by a script"), MatchRegexp(`checkbox "Subscribe" \[checked`), MatchRegexp(`combobox "Size".*L`)))
	})
})
