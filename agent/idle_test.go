package agent_test

import (
	"os"
	"path/filepath"
	"regexp"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
)

var _ = Describe(`a read while the agent thinks (docs/agents.md "A read while the agent thinks")`, func() {
	var e *agent.Engine
	var snap string
	BeforeEach(func() {
		e = newEngine(agent.Options{})
		openAtRest(e)
		snap = must(e, cmd(agent.VerbSnapshot))
	})

	// thinkThenAct runs first, waits for the one read the session takes
	// while the agent thinks, then runs next, which must read nothing
	// (why). It tries again until a try runs at rest: a late event of the
	// page, or a stamp not given in its second on a loaded machine,
	// rightly makes one more read (docs/targets.md "Reusing a read").
	thinkThenAct := func(first, next agent.Command, why string) {
		GinkgoHelper()
		Eventually(func(g Gomega) {
			idle := agent.IdleReads(e)
			g.Expect(run(e, first).Code).To(Equal(agent.ExitOK))
			g.Eventually(func() int { return agent.IdleReads(e) }).WithTimeout(5*time.Second).Should(Equal(idle+1), "one read while the agent thinks")
			before := agent.PageReads(e)
			g.Expect(run(e, next).Code).To(Equal(agent.ExitOK))
			g.Expect(agent.PageReads(e)).To(Equal(before), why)
		}).WithTimeout(30 * time.Second).Should(Succeed())
	}

	// The specs below try again until a try runs at rest, as thinkThenAct
	// does.
	It("reads the page once after an action that no command follows, and the next action by ref takes its export target from that read", func() {
		name, save := refOf(snap, `textbox "Name"`), refOf(snap, `button "Save"`)
		thinkThenAct(cmd(agent.VerbClick, save), cmd(agent.VerbFill, name, "Ada"),
			"the fill read nothing: the page had not changed since the read while the agent thought")
		dir := GinkgoT().TempDir()
		must(e, agent.Command{Verb: agent.VerbExport, Args: []string{"idle.yaml"}, Dir: dir})
		src, err := os.ReadFile(filepath.Join(dir, "idle.yaml"))
		Expect(err).NotTo(HaveOccurred())
		Expect(regexp.MustCompile(`(?m)^  - fill: .*$`).FindString(string(src))).To(ContainSubstring("Name"), string(src))
	})

	It("reads nothing more while the page stays as that read left it", func() {
		save := refOf(snap, `button "Save"`)
		Eventually(func(g Gomega) {
			idle := agent.IdleReads(e)
			g.Expect(run(e, cmd(agent.VerbClick, save)).Code).To(Equal(agent.ExitOK))
			g.Eventually(func() int { return agent.IdleReads(e) }).WithTimeout(5 * time.Second).Should(Equal(idle + 1))
			// a command after it: a read is due again, and the latest read
			// still stands
			g.Expect(run(e, cmd(agent.VerbConsole)).Code).To(Equal(agent.ExitOK))
			g.Consistently(func() int { return agent.IdleReads(e) }).WithTimeout(time.Second).Should(Equal(idle + 1))
		}).WithTimeout(30 * time.Second).Should(Succeed())
	})

	It("waits for the CSS transitions an action started to end before it reads, so that the next action by ref takes its target from that read", func() {
		// a click that starts a 1.5 s transition: a read taken while it
		// runs is stamped moving, and no action reuses it
		must(e, cmd(agent.VerbEval, `document.head.insertAdjacentHTML('beforeend', '<style>#panel{transition:opacity 1.5s linear}#panel.dim{opacity:.2}</style>');
			document.body.insertAdjacentHTML('beforeend', '<div id="panel"><button onclick="this.parentNode.classList.toggle(\'dim\')">Fade</button></div>'); 1`))
		page := must(e, cmd(agent.VerbSnapshot))
		fade, name := refOf(page, `button "Fade"`), refOf(page, `textbox "Name"`)
		thinkThenAct(cmd(agent.VerbClick, fade), cmd(agent.VerbFill, name, "Ada"),
			"the fill read nothing: the read while the agent thought came once the transition had ended")
	})

	It("takes the target from a read of the page as it is when the page changed after the read while the agent thought", func() {
		save := refOf(snap, `button "Save"`)
		must(e, cmd(agent.VerbClick, save))
		Eventually(func() int { return agent.IdleReads(e) }).WithTimeout(10 * time.Second).Should(Equal(1))
		// a twin since the read: "Save" alone no longer picks one button
		must(e, cmd(agent.VerbEval, `document.body.insertAdjacentHTML('afterbegin', '<nav aria-label="Drafts"><button>Save</button></nav>'); 1`))
		must(e, cmd(agent.VerbClick, save))
		dir := GinkgoT().TempDir()
		must(e, agent.Command{Verb: agent.VerbExport, Args: []string{"twin.yaml"}, Dir: dir})
		src, err := os.ReadFile(filepath.Join(dir, "twin.yaml"))
		Expect(err).NotTo(HaveOccurred())
		steps := regexp.MustCompile(`(?m)^  - click: .*$`).FindAllString(string(src), -1)
		Expect(steps).To(HaveLen(2), string(src))
		Expect(steps[1]).NotTo(Or(Equal("  - click: Save"), ContainSubstring("Drafts")), "the read's target, which has a twin now")
	})
})
