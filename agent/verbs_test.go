package agent_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
)

// refOf is the ref on the first line of a snapshot that holds text.
func refOf(snapshot, text string) string {
	GinkgoHelper()
	for _, l := range strings.Split(snapshot, "\n") {
		if strings.Contains(l, text) {
			if m := regexp.MustCompile(`ref=(e\d+)`).FindStringSubmatch(l); m != nil {
				return "@" + m[1]
			}
		}
	}
	Fail("no ref on a line with " + text + " in:\n" + snapshot)
	return ""
}

// status is what the page's status line says.
func status(e *agent.Engine) string {
	GinkgoHelper()
	return strings.TrimSpace(must(e, cmd(agent.VerbGet, "text", `{css: "#out"}`)))
}

var _ = Describe(`the verbs (docs/agents.md "Verbs")`, func() {
	var e *agent.Engine
	var dir string
	BeforeEach(func() {
		e = newEngine(agent.Options{})
		dir = GinkgoT().TempDir()
		Expect(must(e, cmd(agent.VerbOpen, site.URL+"/verbs.html"))).To(Equal("ok\n"))
	})
	in := func(c agent.Command) agent.Command { c.Dir = dir; return c }
	short := func(c agent.Command) agent.Command { c.Timeout = time.Second; return c }

	It("act and print ok, on one line", func() {
		snap := must(e, cmd(agent.VerbSnapshot))
		for _, step := range []struct {
			c    agent.Command
			says string
		}{
			{cmd(agent.VerbClick, refOf(snap, `button "Save"`)), "saved"},
			{cmd(agent.VerbDblclick, "Double", "me"), "doubled"},
			{cmd(agent.VerbHover, "{text: Hover me}"), "hovered"},
			{cmd(agent.VerbCheck, "Subscribe"), "subscribed"},
			{cmd(agent.VerbUncheck, refOf(snap, `checkbox "Subscribe"`)), "unsubscribed"},
			{cmd(agent.VerbFill, "Name", "Ada"), "name Ada"},
			{cmd(agent.VerbType, "{label: Notes}", "hello"), "name Ada"},
			{cmd(agent.VerbPress, "Enter", "Notes"), "notes hello"},
			{cmd(agent.VerbSelect, "Size", "M"), "size M"},
			{cmd(agent.VerbUpload, "Avatar", "testdata/avatar.txt"), "avatar avatar.txt"},
			{cmd(agent.VerbScroll, "bottom"), "avatar avatar.txt"},
			{cmd(agent.VerbScroll, "Bottom line"), "avatar avatar.txt"},
			{cmd(agent.VerbExpect, "{text: {css: '#out'}, equals: avatar avatar.txt}"), "avatar avatar.txt"},
			{cmd(agent.VerbWait, "{text: avatar}"), "avatar avatar.txt"},
			{cmd(agent.VerbWait, "10ms"), "avatar avatar.txt"},
		} {
			if step.c.Dir == "" {
				step.c.Dir, _ = os.Getwd()
			}
			Expect(must(e, step.c)).To(Equal("ok\n"), "%s %v", step.c.Verb, step.c.Args)
			Expect(status(e)).To(Equal(step.says), "%s %v", step.c.Verb, step.c.Args)
		}
	})

	It("drag: a list item by its handle onto another by refs, exported as the targets a person writes", func() {
		Expect(must(e, cmd(agent.VerbOpen, pages.URL+"/conformance/pages/drag-sortable.html"))).To(Equal("ok\n"))
		snap := must(e, cmd(agent.VerbSnapshot))
		Expect(must(e, cmd(agent.VerbDrag, refOf(snap, `button "Move Apple"`), refOf(snap, `button "Move Cherry"`)))).To(Equal("ok\n"))
		Expect(must(e, cmd(agent.VerbGet, "text", "{css: '#out'}"))).To(Equal("Order: Banana, Cherry, Apple, Damson\n"))
		Expect(must(e, cmd(agent.VerbDrag, "Move Damson", "{target: {text: Banana}, x: 4, y: 2}"))).To(Equal("ok\n"))
		Expect(must(e, cmd(agent.VerbGet, "text", "{css: '#out'}"))).To(Equal("Order: Damson, Banana, Cherry, Apple\n"))
		Expect(must(e, agent.Command{Verb: agent.VerbExport, Args: []string{"drag.yaml"}, Dir: dir})).To(ContainSubstring("exported"))
		flow, err := os.ReadFile(filepath.Join(dir, "drag.yaml"))
		Expect(err).NotTo(HaveOccurred())
		Expect(string(flow)).To(ContainSubstring("- drag: {from: Move Apple, to: Move Cherry}\n"))
		Expect(string(flow)).To(ContainSubstring("- drag:\n      from: Move Damson\n      to: {target: {text: Banana}, x: 4, y: 2}\n"))
	})

	It("read: get, eval, screenshot, snapshot", func() {
		must(e, cmd(agent.VerbFill, "Name", "Ada"))
		Expect(must(e, cmd(agent.VerbGet, "value", "Name"))).To(Equal("Ada\n"))
		Expect(must(e, cmd(agent.VerbGet, "value", "Notes"))).To(Equal("\n"), "an empty field's value, not its label")
		Expect(must(e, cmd(agent.VerbGet, "text", "{role: heading}"))).To(Equal("Verbs\n"))
		Expect(must(e, cmd(agent.VerbGet, "attr", "Name", "data-kind"))).To(Equal("person\n"))
		Expect(must(e, cmd(agent.VerbGet, "url"))).To(Equal(site.URL + "/verbs.html\n"))
		Expect(must(e, cmd(agent.VerbGet, "title"))).To(Equal("Verbs\n"))
		Expect(must(e, cmd(agent.VerbEval, "({n: 1 + 1, s: document.title})"))).To(Equal(`{"n":2,"s":"Verbs"}` + "\n"))
		shot := in(cmd(agent.VerbScreenshot, "page.png"))
		shot.FullPage = true
		Expect(must(e, shot)).To(Equal(filepath.Join(dir, "page.png") + "\n"))
		Expect(filepath.Join(dir, "page.png")).To(BeARegularFile())
		el := cmd(agent.VerbScreenshot)
		el.Target = "Save"
		p := strings.TrimSpace(must(e, el))
		Expect(p).To(HaveSuffix(".png"))
		Expect(p).To(BeARegularFile())
		snap := must(e, cmd(agent.VerbSnapshot))
		Expect(snap).NotTo(HavePrefix(`#`), "no header line: the page is no error")
		Expect(snap).To(MatchRegexp(`button "Save" \[ref=e\d+\]`))
		compact := cmd(agent.VerbSnapshot)
		compact.Compact = true
		Expect(must(e, compact)).To(ContainSubstring(`text "Bottom line"`))
	})

	It("snapshot a page with nothing actionable yet: what it shows, and a note, never nothing", func() {
		Expect(must(e, cmd(agent.VerbOpen, pages.URL+"/snapshot/loading.html"))).To(Equal("ok\n"))
		Expect(must(e, cmd(agent.VerbSnapshot))).To(Equal("- text \"Loading…\"\n" +
			"# note: nothing actionable yet: `wait`, or take the snapshot again\n"))
	})

	It("head a snapshot with the page's URL and title only when the page is not where the reader knows it to be", func() {
		Expect(must(e, cmd(agent.VerbSnapshot))).To(HavePrefix("- "), "the page opened, where it was asked to be")
		must(e, cmd(agent.VerbClick, "Next page"))
		Expect(must(e, cmd(agent.VerbSnapshot))).To(HavePrefix("# "+site.URL+"/verbs.html?page=2 \""), "a click led elsewhere")
		Expect(must(e, cmd(agent.VerbSnapshot))).To(HavePrefix("- "), "read there already")
		Expect(must(e, cmd(agent.VerbBack))).To(Equal("ok\n"))
		d := cmd(agent.VerbSnapshot)
		d.Diff = true
		Expect(must(e, d)).To(MatchRegexp(`^# `+regexp.QuoteMeta(site.URL+"/verbs.html")+` "Verbs"\n[-+~] `), "the diff after back: where, then what changed")
	})

	It("move through the history: back, forward, reload", func() {
		must(e, cmd(agent.VerbClick, "Next page"))
		Expect(must(e, cmd(agent.VerbGet, "text", "{role: heading}"))).To(Equal("Page two\n"))
		Expect(must(e, cmd(agent.VerbBack))).To(Equal("ok\n"))
		Expect(must(e, cmd(agent.VerbGet, "url"))).To(Equal(site.URL + "/verbs.html\n"))
		Expect(must(e, cmd(agent.VerbForward))).To(Equal("ok\n"))
		Expect(must(e, cmd(agent.VerbGet, "url"))).To(Equal(site.URL + "/verbs.html?page=2\n"))
		must(e, cmd(agent.VerbEval, "document.title = 'changed'"))
		Expect(must(e, cmd(agent.VerbReload))).To(Equal("ok\n"))
		Expect(must(e, cmd(agent.VerbGet, "title"))).To(Equal("Verbs\n"))
	})

	It("fail with the diagnostics, candidates and near misses carrying their refs", func() {
		snap := must(e, cmd(agent.VerbSnapshot))
		r := fails(e, short(cmd(agent.VerbClick, "Safe")), agent.ExitFailed)
		Expect(r.Stdout).To(HavePrefix(`failed: click "Safe": `))
		Expect(r.Stdout).To(ContainSubstring("reason: not_found"))
		Expect(r.Stdout).To(ContainSubstring(`near misses: ` + refOf(snap, `button "Save"`) + ` button "Save"`))
		Expect(r.Stdout).To(ContainSubstring("page: " + site.URL + "/verbs.html"))
		Expect(r.Stdout).NotTo(ContainSubstring(".failure.png"), "no artifact paths in the text")

		r = fails(e, short(cmd(agent.VerbClick, "Delete")), agent.ExitFailed)
		Expect(r.Stdout).To(ContainSubstring("reason: ambiguous"))
		Expect(r.Stdout).To(ContainSubstring("candidates:\n  @e"))
		Expect(r.Stdout).To(MatchRegexp(`try one of:|try: `))
	})

	DescribeTable("fail when the page does not hold what they need",
		func(c agent.Command, says string) {
			c.Timeout = time.Second
			c.Dir, _ = os.Getwd()
			r := fails(e, c, agent.ExitFailed)
			Expect(r.Stdout).To(HavePrefix("failed: "))
			Expect(r.Stdout).To(ContainSubstring(says))
		},
		Entry("open", cmd(agent.VerbOpen, "http://127.0.0.1:1/"), "reason: navigation"),
		Entry("dblclick", cmd(agent.VerbDblclick, "Nowhere"), "reason: not_found"),
		Entry("hover", cmd(agent.VerbHover, "Nowhere"), "reason: not_found"),
		Entry("drag, nothing to drag", cmd(agent.VerbDrag, "Nowhere", "Save"), "reason: not_found"),
		Entry("drag, nowhere to drop", cmd(agent.VerbDrag, "Save", "Nowhere"), "Nowhere"),
		Entry("check", cmd(agent.VerbCheck, "Nowhere"), "reason: not_found"),
		Entry("uncheck", cmd(agent.VerbUncheck, "Nowhere"), "reason: not_found"),
		Entry("fill", cmd(agent.VerbFill, "{role: button, name: Save}", "x"), "reason: not_editable"),
		Entry("type", cmd(agent.VerbType, "Nowhere", "x"), "reason: not_found"),
		Entry("press", cmd(agent.VerbPress, "Enter", "Nowhere"), "reason: not_found"),
		Entry("select", cmd(agent.VerbSelect, "Size", "XL"), "XL"),
		Entry("scroll", cmd(agent.VerbScroll, "Nowhere"), "reason: not_found"),
		Entry("upload", cmd(agent.VerbUpload, "Nowhere", "testdata/avatar.txt"), "reason: not_found"),
		Entry("expect", cmd(agent.VerbExpect, "{visible: Nowhere}"), "reason: assertion"),
		Entry("wait", cmd(agent.VerbWait, "{text: Nowhere}"), "reason: assertion"),
		Entry("get", cmd(agent.VerbGet, "text", "Nowhere"), "reason: not_found"),
		Entry("screenshot", agent.Command{Verb: agent.VerbScreenshot, Target: "Nowhere"}, "reason: not_found"),
		Entry("eval", cmd(agent.VerbEval, "throw new Error('boom')"), "boom"),
		Entry("forward", cmd(agent.VerbForward), "no page to go forward to"),
	)

	It("back fails where the tab has no page to go back to", func() {
		must(e, cmd(agent.VerbBack)) // to the session's first page, about:blank
		r := fails(e, cmd(agent.VerbBack), agent.ExitFailed)
		Expect(r.Stdout).To(ContainSubstring("no page to go back to"))
	})

	DescribeTable("are usage errors when malformed, saying the fix",
		func(c agent.Command, says string) {
			r := fails(e, c, agent.ExitUsage)
			Expect(r.Stdout).To(BeEmpty())
			Expect(r.Stderr).To(ContainSubstring(says))
		},
		Entry("an unknown verb", cmd("clik", "x"), "the verbs are"),
		Entry("open", cmd(agent.VerbOpen), "open takes one URL"),
		Entry("snapshot", agent.Command{Verb: agent.VerbSnapshot, Full: true, Compact: true}, "not both"),
		Entry("click", cmd(agent.VerbClick), "give the target"),
		Entry("click, a bad map", cmd(agent.VerbClick, "{role: button"), "is not YAML"),
		Entry("click, a bad ref", cmd(agent.VerbClick, "@x3"), "refs look like @e6"),
		Entry("drag", cmd(agent.VerbDrag, "Card"), "drag @e3 @e7"),
		Entry("drag, a bad offset", cmd(agent.VerbDrag, "Card", "{target: Done, x: left, y: 1}"), "must be a number of CSS pixels"),
		Entry("fill", cmd(agent.VerbFill, "Name"), "fill TARGET VALUE"),
		Entry("press", cmd(agent.VerbPress, "Entr"), `did you mean "Enter"`),
		Entry("select", cmd(agent.VerbSelect, "Size"), "select Country France"),
		Entry("upload", cmd(agent.VerbUpload, "Avatar", "/no/such/file.png"), "file.png"),
		Entry("expect", cmd(agent.VerbExpect, "visible Nowhere"), "'{visible: Order placed}'"),
		Entry("expect, an unknown kind", cmd(agent.VerbExpect, "{visibel: x}"), "visible"),
		Entry("wait", cmd(agent.VerbWait, "{txt: x}"), "wait"),
		Entry("get", cmd(agent.VerbGet, "colour", "x"), `get: "colour" is not one of text, value, url, title, attr; get text|value TARGET, get url|title, get attr TARGET NAME`),
		Entry("get attr, no name", cmd(agent.VerbGet, "attr", "Name"), "get: attr takes TARGET NAME; get text|value TARGET"),
		Entry("screenshot", cmd(agent.VerbScreenshot, "a.png", "b.png"), "at most one file"),
		Entry("reload", cmd(agent.VerbReload, "now"), "takes no argument"),
		Entry("eval", cmd(agent.VerbEval), "eval takes JavaScript"),
		Entry("export", cmd(agent.VerbExport), "export takes the flow file"),
		Entry("state", cmd(agent.VerbState, "keep", "state.json"), `state: "keep" is not one of save, load; state save|load FILE`),
		Entry("confirm", cmd(agent.VerbConfirm), "confirm TOKEN"),
		Entry("a negative timeout", agent.Command{Verb: agent.VerbReload, Timeout: -time.Second}, "more than zero"),
	)

	It("close the session: close ends it, and a command after it is refused", func() {
		r := run(e, cmd(agent.VerbClose))
		Expect(r.Code).To(Equal(agent.ExitOK))
		Expect(r.Closed).To(BeTrue())
		Expect(r.Stdout).To(Equal("ok\n"))
		r = fails(e, cmd(agent.VerbSnapshot), agent.ExitUsage)
		Expect(r.Stderr).To(ContainSubstring("the session is closed"))
	})
})
