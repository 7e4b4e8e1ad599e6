package agent_test

import (
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
)

var _ = Describe(`a page busy in a script (docs/agents.md "Timeouts")`, func() {
	var e *agent.Engine
	BeforeEach(func() {
		e = newEngine(agent.Options{})
		must(e, cmd(agent.VerbOpen, site.URL+"/verbs.html"))
	})

	// afterwards checks that the session answers, on the same page.
	afterwards := func() {
		GinkgoHelper()
		Expect(must(e, cmd(agent.VerbClick, "Save"))).To(Equal("ok\n"))
		Expect(status(e)).To(Equal("saved"))
	}

	It("an endless eval times out, its script is stopped, and the next command works", func() {
		c := cmd(agent.VerbEval, "while (true) {}")
		c.Timeout = 2 * time.Second
		r := fails(e, c, agent.ExitFailed)
		Expect(r.Stdout).To(ContainSubstring("reason: timeout"))
		Expect(r.Stdout).To(ContainSubstring("note: the page was still running a script when the command timed out; smokeflow stopped that script"))
		afterwards()
	})

	It("an action on a page that loops times out, and the next command works", func() {
		c := cmd(agent.VerbClick, "Freeze")
		c.Timeout = 2 * time.Second
		r := fails(e, c, agent.ExitFailed)
		Expect(r.Stdout).To(ContainSubstring("note: the page was still running a script"))
		afterwards()
	})

	It("a page that loops again once stopped is opened again in a new tab of the same context: its cookies and localStorage are kept, and it says so", func() {
		must(e, cmd(agent.VerbEval, `document.cookie = "sid=abc123; path=/"; localStorage.setItem("theme", "dark"); 1`))
		c := cmd(agent.VerbClick, "Freeze for good")
		c.Timeout = 2 * time.Second
		r := fails(e, c, agent.ExitFailed)
		Expect(r.Stdout).To(ContainSubstring("opened " + site.URL + "/verbs.html again in a new tab of the same browser context (cookies and localStorage are kept; that tab's sessionStorage is gone"))
		Expect(r.Stdout).NotTo(ContainSubstring("load had not finished"))
		afterwards()
		Expect(must(e, cmd(agent.VerbEval, `document.cookie + " " + localStorage.getItem("theme")`))).To(Equal(`"sid=abc123 dark"` + "\n"))
	})
})

var _ = Describe(`a page that stopped answering and could not be opened again (docs/agent-session.md "A session that died")`, func() {
	It("ends the session: a verb that needs the page fails with exit 3 until open, never on a blank page", func() {
		e := newEngine(agent.Options{})
		must(e, cmd(agent.VerbOpen, site.URL+"/verbs.html"))
		Expect(agent.LoseContextAndReopen(context.Background(), e)).NotTo(Succeed())
		r := fails(e, cmd(agent.VerbSnapshot), agent.ExitBrowser)
		Expect(r.Stderr).To(ContainSubstring(`the session "default" ended (its page stopped answering and could not be opened again)`))
		fails(e, cmd(agent.VerbClick, "Save"), agent.ExitBrowser)
		Expect(must(e, cmd(agent.VerbOpen, site.URL+"/verbs.html"))).To(ContainSubstring("smokeflow started a new one"))
		Expect(must(e, cmd(agent.VerbClick, "Save"))).To(Equal("ok\n"))
	})
})
