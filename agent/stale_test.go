package agent_test

import (
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
)

var _ = Describe(`a ref whose element was replaced (docs/agents.md "Refs")`, func() {
	var e *agent.Engine
	var brian string
	BeforeEach(func() {
		e = newEngine(agent.Options{})
		must(e, cmd(agent.VerbOpen, site.URL+"/verbs.html"))
		s := must(e, cmd(agent.VerbSnapshot))
		// the Delete button in Brian's row, below its line
		at := strings.Index(s, "Brian")
		Expect(at).To(BeNumerically(">=", 0), s)
		brian = refOf(s[at:], `button "Delete"`)
	})

	It("is found again after a re-render that kept the rows, never by its old element", func() {
		must(e, cmd(agent.VerbClick, "Render the list again"))
		Expect(must(e, cmd(agent.VerbClick, brian))).To(Equal("ok\n"))
		// the old element is gone: only the new one says "again"
		Expect(status(e)).To(Equal("deleted again Brian"))
	})

	It("fails, acting on nothing, when a re-render moved another element into its place", func() {
		must(e, cmd(agent.VerbClick, "Add a row at the top"))
		c := cmd(agent.VerbClick, brian)
		c.Timeout = time.Second
		r := fails(e, c, agent.ExitFailed)
		Expect(r.Stdout).To(ContainSubstring("reason: mismatch"))
		Expect(r.Stdout).To(ContainSubstring("take a new snapshot"))
		// the same ref number, or the same nth, on the new page is Ada's
		Expect(status(e)).To(Equal("idle"))
	})

	It("fails at once, acting on nothing, after a navigation to a page with the same buttons", func() {
		s := must(e, cmd(agent.VerbSnapshot))
		save := refOf(s, `button "Save"`)
		must(e, cmd(agent.VerbClick, "Next page"))
		must(e, cmd(agent.VerbExpect, "{text: {role: heading}, equals: Page two}"))
		r := fails(e, cmd(agent.VerbClick, save), agent.ExitFailed)
		Expect(r.Stdout).To(ContainSubstring("was on a page the tab has left"))
		Expect(r.Stdout).To(ContainSubstring("take a new snapshot"))
		Expect(status(e)).To(Equal("idle"))
	})
})
