package agent_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
)

var _ = Describe(`select on a custom select (docs/targets.md "Custom selects")`, func() {
	var e *agent.Engine
	BeforeEach(func() {
		e = newEngine(agent.Options{})
		must(e, cmd(agent.VerbOpen, pages.URL+"/conformance/pages/kit-select.html"))
	})

	It("opens the widget, picks each option, and reopens it between picks, as a flow's step does", func() {
		must(e, cmd(agent.VerbSelect, "Tags", "Frozen", "Hazardous"))
		Expect(status(e)).To(Equal("tags: Frozen,Hazardous"))
		must(e, cmd(agent.VerbSelect, "Ship to country", "Portugal"))
		Expect(status(e)).To(Equal("country: Portugal"))
	})

	It("fails on a missing option naming the options it saw, with nothing about the target it used", func() {
		c := cmd(agent.VerbSelect, "Warehouse city", "Lyonn")
		c.Timeout = time.Second
		r := fails(e, c, agent.ExitFailed)
		Expect(r.Stdout).To(ContainSubstring(`opened listbox "Warehouse city", which has no option "Lyonn"`))
		Expect(r.Stdout).To(ContainSubstring("Paris, Lyon, Marseille, Toulouse, Lille"))
		Expect(r.Stdout).To(ContainSubstring(`did you mean "Lyon"? select: {target: Warehouse city, option: Lyon}`))
		Expect(r.Stdout).NotTo(ContainSubstring("nothing on the page matches"))
		Expect(r.Stdout).NotTo(ContainSubstring("nothing matches"))
	})
})
