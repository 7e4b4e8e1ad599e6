package agent_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"gopkg.in/yaml.v3"

	"github.com/smokeflow/smokeflow/agent"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// shopSecrets are the demo shop's password, as a secret.
var shopSecrets = map[string]string{"SHOP_PASSWORD": "secret"}

func lookupShop(name string) (string, bool) {
	v, ok := shopSecrets[name]
	return v, ok
}

// signInAndShop drives the demo shop as an agent would: it reads the
// page, acts on refs, phrases and maps, and checks what it expects.
// Every command is one the session records.
func signInAndShop(e *agent.Engine) {
	GinkgoHelper()
	snap := func() string { return must(e, cmd(agent.VerbSnapshot)) }
	must(e, cmd(agent.VerbOpen, shop.URL+"/"))
	s := snap()
	must(e, cmd(agent.VerbClick, refOf(s, `button "Accept cookies"`)))
	must(e, cmd(agent.VerbClick, refOf(s, `link "Sign in"`))) // the nav's; the footer has one too
	s = snap()
	must(e, cmd(agent.VerbFill, refOf(s, `textbox "Email"`), "qa@example.com"))
	must(e, cmd(agent.VerbFill, "{label: Password}", "secret"))
	must(e, cmd(agent.VerbCheck, refOf(s, `checkbox "Remember me"`)))
	must(e, cmd(agent.VerbClick, "Sign", "in"))
	must(e, cmd(agent.VerbExpect, `{visible: "Welcome back, qa@example.com"}`))
	must(e, cmd(agent.VerbFill, "{placeholder: Search products}", "mug"))
	must(e, cmd(agent.VerbPress, "Enter"))
	must(e, cmd(agent.VerbExpect, "{visible: 3 products found}"))
	s = snap()
	must(e, cmd(agent.VerbClick, refOf(s, `link "Blue Mug"`)))
	s = snap()
	must(e, cmd(agent.VerbSelect, refOf(s, `combobox "Quantity"`), "2"))
	must(e, cmd(agent.VerbClick, "Add to cart"))
	s = snap()
	must(e, cmd(agent.VerbClick, refOf(s, `button "View cart"`)))
	must(e, cmd(agent.VerbExpect, `{text: {css: "#cart-count"}, equals: "2"}`))
}

var _ = Describe(`export (docs/agents.md "Export")`, func() {
	It("writes a session of 16 steps as a flow that validates and replays green in a fresh browser context", func() {
		e := newEngine(agent.Options{Name: "shopper", Secrets: shopSecrets})
		signInAndShop(e)
		// reads and failures are not recorded
		must(e, cmd(agent.VerbGet, "title"))
		fails(e, agent.Command{Verb: agent.VerbClick, Args: []string{"Nowhere"}, Timeout: 1e9}, agent.ExitFailed)

		dir := GinkgoT().TempDir()
		out := must(e, agent.Command{Verb: agent.VerbExport, Args: []string{"checkout.yaml"}, Dir: dir})
		file := filepath.Join(dir, "checkout.yaml")
		Expect(out).To(Equal("exported 18 steps to " + file + "\n"))
		src, err := os.ReadFile(file)
		Expect(err).NotTo(HaveOccurred())
		text := string(src)
		GinkgoWriter.Println(text)

		By("passing validation")
		f, err := flows.Load(file, flows.LoadOptions{LookupEnv: lookupShop})
		Expect(err).NotTo(HaveOccurred(), text)
		Expect(f.Name).To(Equal("checkout"))
		Expect(f.BaseURL).To(Equal(shop.URL))
		Expect(f.Secrets).To(Equal([]string{"SHOP_PASSWORD"}))
		Expect(f.Steps).To(HaveLen(18))

		By("turning refs into targets a person writes, and keeping what was typed")
		Expect(text).NotTo(MatchRegexp(`@e\d`))
		Expect(text).NotTo(ContainSubstring("ref:"))
		Expect(text).To(ContainSubstring("- open: /\n"))
		Expect(text).To(ContainSubstring("- click: Accept cookies\n"))
		Expect(text).To(MatchRegexp(`- click: \{role: link, name: Sign in, within: \{role: navigation.*\}\}\n`))
		Expect(text).To(ContainSubstring("- fill: {target: Email, value: qa@example.com}\n"))
		Expect(text).To(ContainSubstring("- click: Sign in\n"))
		Expect(text).To(ContainSubstring("- fill: {target: {placeholder: Search products}, value: mug}\n"))
		Expect(text).To(ContainSubstring("- click: Blue Mug\n"))
		Expect(text).To(ContainSubstring("- click: View cart\n"))

		By("writing the typed secret as ${secrets.NAME}")
		Expect(text).To(ContainSubstring("- fill: {target: {label: Password}, value: '${secrets.SHOP_PASSWORD}'}\n"))
		Expect(text).NotTo(MatchRegexp(`value: "?secret"?\b`))

		By("expecting the URL after an action that took the page elsewhere, where no check follows")
		Expect(text).To(ContainSubstring("- expect: {url: {contains: /login}}\n"))
		Expect(text).To(ContainSubstring("- expect: {url: {contains: /product/blue-mug}}\n"))
		var doc struct {
			Steps []yaml.Node `yaml:"steps"`
		}
		Expect(yaml.Unmarshal(src, &doc)).To(Succeed())

		By("replaying green with the runner, in a fresh context")
		run, err := runner.Run(context.Background(), runner.Config{Use: shared, LookupEnv: lookupShop,
			ArtifactsDir: filepath.Join(GinkgoT().TempDir(), "results")}, []*flows.Flow{f})
		Expect(err).NotTo(HaveOccurred())
		fl := run.Flows[0]
		var why string
		if a := fl.Final(); a != nil && a.Failure != nil {
			why = a.Failure.Message
		}
		Expect(fl.Status).To(Equal(results.Passed), why+"\n"+text)
	})

	It("keeps an upload's files relative to the flow, and a long wait's timeout", func() {
		e := newEngine(agent.Options{})
		wd, err := os.Getwd()
		Expect(err).NotTo(HaveOccurred())
		must(e, cmd(agent.VerbOpen, site.URL+"/verbs.html"))
		must(e, agent.Command{Verb: agent.VerbUpload, Args: []string{"Avatar", "testdata/avatar.txt"}, Dir: wd})
		must(e, cmd(agent.VerbClick, "Next page"))
		must(e, cmd(agent.VerbBack))
		must(e, cmd(agent.VerbReload))
		must(e, cmd(agent.VerbExpect, "{text: {role: heading}, equals: Verbs}"))
		out := must(e, agent.Command{Verb: agent.VerbExport, Args: []string{"testdata/exported.yaml"}, Dir: wd})
		DeferCleanup(os.Remove, filepath.Join(wd, "testdata", "exported.yaml"))
		Expect(out).To(HavePrefix("exported 6 steps"))
		src, err := os.ReadFile(filepath.Join(wd, "testdata", "exported.yaml"))
		Expect(err).NotTo(HaveOccurred())
		text := string(src)
		Expect(text).To(ContainSubstring("- upload: {target: Avatar, files: avatar.txt}\n"))
		// back and reload are opens of the page they led to
		Expect(strings.Count(text, "- open: /verbs.html\n")).To(Equal(3), text)
		_, err = flows.Load(filepath.Join(wd, "testdata", "exported.yaml"), flows.LoadOptions{})
		Expect(err).NotTo(HaveOccurred(), text)
	})

	It("refuses to export a session with no step", func() {
		e := newEngine(agent.Options{})
		r := fails(e, cmd(agent.VerbExport, filepath.Join(GinkgoT().TempDir(), "x.yaml")), agent.ExitUsage)
		Expect(r.Stderr).To(ContainSubstring("no step to export yet"))
	})
})
