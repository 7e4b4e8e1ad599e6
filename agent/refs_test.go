package agent_test

import (
	"regexp"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
)

var _ = Describe(`a ref resolves only once handed to the caller (docs/targets.md "Resolution", 1)`, func() {
	var e *agent.Engine
	BeforeEach(func() {
		e = newEngine(agent.Options{})
		must(e, cmd(agent.VerbOpen, pages.URL+"/conformance/pages/catalog.html"))
	})
	url := func() string { return strings.TrimSpace(must(e, cmd(agent.VerbGet, "url"))) }
	// slow is a command given a long timeout: a failure that waits it out
	// shows in how long it took
	slow := func(c agent.Command) agent.Command { c.Timeout = 10 * time.Second; return c }

	It("fails at once on a ref of the new page that no output showed, and follows nothing", func() {
		s := must(e, cmd(agent.VerbSnapshot))
		Expect(s).To(ContainSubstring(`link "Sofa" [ref=e6]`))
		Expect(s).NotTo(ContainSubstring("ref=e7"))
		Expect(must(e, cmd(agent.VerbClick, "@e1"))).To(Equal("ok\n"))
		Eventually(url).Should(HaveSuffix("/product.html"))
		must(e, cmd(agent.VerbExpect, "{text: {role: heading}, equals: Lamp}"))

		start := time.Now()
		r := fails(e, slow(cmd(agent.VerbClick, "@e7")), agent.ExitFailed)
		Expect(time.Since(start)).To(BeNumerically("<", 3*time.Second), "the ref cannot come to mean anything: no waiting")
		Expect(r.Stdout).To(ContainSubstring("@e7 was not in any snapshot of this page (take a snapshot)"))
		Expect(url()).To(HaveSuffix("/product.html"), "the link @e7 numbers on the new page was followed")

		// a ref of the catalog says the page was left
		r = fails(e, slow(cmd(agent.VerbClick, "@e2")), agent.ExitFailed)
		Expect(r.Stdout).To(ContainSubstring("was on a page the tab has left"))

		// once shown, it is the new page's
		s = must(e, cmd(agent.VerbSnapshot))
		Expect(s).To(ContainSubstring(`link "Buy now" [ref=e7]`))
		Expect(must(e, cmd(agent.VerbClick, "@e7"))).To(Equal("ok\n"))
		Eventually(url).Should(HaveSuffix("#bought"))
	})

	It("resolves a ref a failure's near misses handed", func() {
		must(e, cmd(agent.VerbClick, "Lamp"))
		must(e, cmd(agent.VerbExpect, "{text: {role: heading}, equals: Lamp}"))
		c := cmd(agent.VerbClick, "Buy nwo")
		c.Timeout = time.Second
		r := fails(e, c, agent.ExitFailed)
		m := regexp.MustCompile(`near misses: (@e\d+) link "Buy now"`).FindStringSubmatch(r.Stdout)
		Expect(m).NotTo(BeNil(), r.Stdout)
		ref := m[1]
		Expect(must(e, cmd(agent.VerbClick, ref))).To(Equal("ok\n"))
		Eventually(url).Should(HaveSuffix("#bought"))
	})

	It("resolves the refs a diff printed: the page led to, printed whole as no longer than its diff", func() {
		must(e, cmd(agent.VerbSnapshot))
		must(e, cmd(agent.VerbClick, "@e1"))
		must(e, cmd(agent.VerbExpect, "{text: {role: heading}, equals: Lamp}"))
		c := cmd(agent.VerbSnapshot)
		c.Diff = true
		d := must(e, c)
		Expect(d).To(HaveSuffix("(most of the page changed: the whole page)\n"))
		buy := refOf(d, `link "Buy now"`)
		Expect(must(e, cmd(agent.VerbClick, buy))).To(Equal("ok\n"))
		Eventually(url).Should(HaveSuffix("#bought"))
	})

	It("offers near misses of the role the action needs: check on a button gets a checkbox, never a link (docs/targets.md \"Near misses\")", func() {
		must(e, cmd(agent.VerbClick, "Lamp"))
		must(e, cmd(agent.VerbExpect, "{text: {role: heading}, equals: Lamp}"))
		c := cmd(agent.VerbCheck, "Remember me")
		c.Timeout = time.Second
		r := fails(e, c, agent.ExitFailed)
		Expect(r.Stdout).To(ContainSubstring(`checkbox "Remember me on this device"`))
		Expect(r.Stdout).NotTo(ContainSubstring(`"Remember my email"`))
	})
})

var _ = Describe(`a failure and a diff hand the refs they print (docs/targets.md "Resolution", 1)`, func() {
	var e *agent.Engine
	BeforeEach(func() {
		e = newEngine(agent.Options{})
	})

	It("hands the candidates of an ambiguous expect, beyond those its suggestions name", func() {
		must(e, cmd(agent.VerbOpen, pages.URL+"/session/fastfail.html"))
		// 7 Save buttons: more than the 5 suggestions name
		must(e, cmd(agent.VerbEval, `for (let i = 3; i <= 7; i++) { const b = document.createElement('button'); b.textContent = 'Save'; b.onclick = () => out.textContent = 'save ' + i; document.querySelector('main').append(b) }; 1`))
		c := cmd(agent.VerbExpect, "{text: {role: button, name: Save}, equals: X}")
		c.Timeout = time.Second
		r := fails(e, c, agent.ExitFailed)
		m := regexp.MustCompile(`(@e\d+) button "Save"`).FindAllStringSubmatch(r.Stdout, -1)
		Expect(m).To(HaveLen(7), r.Stdout)
		Expect(must(e, cmd(agent.VerbClick, m[6][1]))).To(Equal("ok\n"))
		Expect(status(e)).To(Equal("save 7"))
	})

	It("prints a near miss with no ref without one", func() {
		must(e, cmd(agent.VerbOpen, pages.URL+"/session/fastfail.html"))
		c := cmd(agent.VerbClick, "{role: button, name: Save, within: {role: region, name: Twinz}}")
		c.Timeout = time.Second
		r := fails(e, c, agent.ExitFailed)
		Expect(r.Stdout).To(ContainSubstring(`near misses: region "Twins"`))
		Expect(r.Stdout).NotTo(ContainSubstring(`@ region`))
	})

	It("diffs a page opened again in a new tab as a whole, and hands its refs", func() {
		must(e, cmd(agent.VerbOpen, site.URL+"/verbs.html"))
		must(e, cmd(agent.VerbSnapshot))
		c := cmd(agent.VerbClick, "Freeze for good")
		c.Timeout = 2 * time.Second
		fails(e, c, agent.ExitFailed)
		d := cmd(agent.VerbSnapshot)
		d.Diff = true
		out := must(e, d)
		Expect(out).To(ContainSubstring("(the last snapshot was of another page: the whole page)"))
		Expect(must(e, cmd(agent.VerbClick, refOf(out, `button "Save"`)))).To(Equal("ok\n"))
		Expect(status(e)).To(Equal("saved"))
	})
})
