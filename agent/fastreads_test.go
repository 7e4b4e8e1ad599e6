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

var _ = Describe(`reads by ref and actions by ref read no more than they need (docs/targets.md "Reusing a read")`, func() {
	var e *agent.Engine
	BeforeEach(func() {
		e = newEngine(agent.Options{})
		must(e, cmd(agent.VerbOpen, site.URL+"/verbs.html"))
	})

	It("gets a value a script set with no event", func() {
		name := refOf(must(e, cmd(agent.VerbSnapshot)), `textbox "Name"`)
		// a value set by a timer, with no event and no DOM change: `get
		// value` reads it from the element, live
		must(e, cmd(agent.VerbEval, `setTimeout(() => { document.getElementById('name').value = 'set by a script' }, 1500); 1`))
		must(e, cmd(agent.VerbSnapshot))
		Expect(must(e, cmd(agent.VerbGet, "value", name))).To(Equal("\n"), "read before the timer")
		Eventually(func() string { return must(e, cmd(agent.VerbGet, "value", name)) }).WithTimeout(5 * time.Second).Should(Equal("set by a script\n"))
		Expect(must(e, cmd(agent.VerbGet, "value", "{label: Name}"))).To(Equal("set by a script\n"), "by role and name")
	})

	It("gets a text a script changed after the latest read", func() {
		must(e, cmd(agent.VerbSnapshot))
		Expect(must(e, cmd(agent.VerbGet, "text", "{css: '#out'}"))).To(Equal("idle\n"))
		must(e, cmd(agent.VerbEval, `setTimeout(() => { document.getElementById('out').textContent = 'changed by a script' }, 1500); 1`))
		must(e, cmd(agent.VerbGet, "text", "{css: '#out'}"))
		Eventually(func() string { return must(e, cmd(agent.VerbGet, "text", "{css: '#out'}")) }).WithTimeout(5 * time.Second).Should(Equal("changed by a script\n"))
	})

	It("exports an action by ref on a page that changed since the snapshot as a target unique on the page it acted on", func() {
		save := refOf(must(e, cmd(agent.VerbSnapshot)), `button "Save"`)
		// since the snapshot, a twin: "Save" alone no longer picks one button
		must(e, cmd(agent.VerbEval, `document.body.insertAdjacentHTML('afterbegin', '<nav aria-label="Drafts"><button>Save</button></nav>'); 1`))
		Expect(must(e, cmd(agent.VerbClick, save))).To(Equal("ok\n"))
		dir := GinkgoT().TempDir()
		must(e, agent.Command{Verb: agent.VerbExport, Args: []string{"saved.yaml"}, Dir: dir})
		src, err := os.ReadFile(filepath.Join(dir, "saved.yaml"))
		Expect(err).NotTo(HaveOccurred())
		step := regexp.MustCompile(`(?m)^  - click: .*$`).FindString(string(src))
		Expect(step).NotTo(BeEmpty(), string(src))
		Expect(step).NotTo(Or(Equal("  - click: Save"), ContainSubstring("Drafts")), "the snapshot's target, which has a twin now")
		GinkgoWriter.Println(step)
	})
})
