package agent_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
)

// A command that cannot pass on a page at rest fails once the page has
// been at rest for agent.FailAtRest, with the reason its timeout would
// give, and never waits out its step timeout (docs/agents.md "Timeouts").
var _ = Describe(`a failure on a page at rest (docs/agents.md "Timeouts")`, func() {
	var e *agent.Engine
	BeforeEach(func() {
		e = newEngine(agent.Options{StepTimeout: 10 * time.Second})
		must(e, cmd(agent.VerbOpen, pages.URL+"/session/fastfail.html"))
	})

	DescribeTable("fails well under the step timeout, with the timeout's reason",
		func(prepare []agent.Command, c agent.Command, reason string) {
			for _, p := range prepare {
				must(e, p)
			}
			start := time.Now()
			r := fails(e, c, agent.ExitFailed)
			took := time.Since(start)
			Expect(took).To(BeNumerically("<", 5*time.Second), r.Stdout)
			Expect(r.Stdout).To(ContainSubstring("reason: "+reason), r.Stdout)
		},
		Entry("a ref never given", []agent.Command{cmd(agent.VerbSnapshot)}, cmd(agent.VerbClick, "@e999"), "not_found"),
		Entry("an ambiguous target", nil, cmd(agent.VerbClick, "Save"), "ambiguous"),
		Entry("a covered target", []agent.Command{cmd(agent.VerbClick, "Cover the page")}, cmd(agent.VerbClick, "Pay"), "covered"),
		Entry("type on a button", nil, cmd(agent.VerbType, "Send", "hello"), "not_editable"),
	)

	It("still waits for what the page does within the bound", func() {
		must(e, cmd(agent.VerbClick, "Add a button later"))
		Expect(must(e, cmd(agent.VerbClick, "Late"))).To(Equal("ok\n"))
		Expect(status(e)).To(Equal("late"))
	})

	It("lets a wait wait its whole timeout", func() {
		c := cmd(agent.VerbWait, "{text: Never there}")
		c.Timeout = 2 * time.Second
		start := time.Now()
		fails(e, c, agent.ExitFailed)
		Expect(time.Since(start)).To(BeNumerically(">=", 2*time.Second))
	})
})

// The session's failure text says what went wrong with the page itself
// (docs/agents.md "Output"): an HTTP error and where, its failed requests.
var _ = Describe("HTTP errors in a session's failure", func() {
	It("says the page is an HTTP 404, and where", func() {
		e := newEngine(agent.Options{})
		must(e, cmd(agent.VerbOpen, site.URL+"/no-such-shop.html"))
		r := fails(e, cmd(agent.VerbClick, "Gift cards"), agent.ExitFailed)
		Expect(r.Stdout).To(ContainSubstring("\nthe page is an HTTP 404: "+site.URL+"/no-such-shop.html\n"), r.Stdout)
	})
})
