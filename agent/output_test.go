package agent_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
)

var _ = Describe(`the output (docs/agents.md "Output", "JSON")`, func() {
	var e *agent.Engine
	BeforeEach(func() {
		e = newEngine(agent.Options{Secrets: map[string]string{"PASSWORD": "hunter2-secret"}})
		must(e, cmd(agent.VerbOpen, site.URL+"/verbs.html"))
	})

	It("diffs a snapshot against the last one: only what changed", func() {
		diff := agent.Command{Verb: agent.VerbSnapshot, Diff: true}
		first := must(e, diff)
		Expect(first).To(ContainSubstring(`button "Save"`))
		Expect(first).To(ContainSubstring("no earlier snapshot in this session"))
		Expect(must(e, diff)).To(Equal("no change since the last snapshot\n"))

		must(e, cmd(agent.VerbClick, "Save"))
		d := must(e, diff)
		Expect(d).To(MatchRegexp(`^~ +- status "saved"\n$`), "only the status line changed, printed once")
	})

	It("prints what an action changed after its ok, when asked with --diff", func() {
		must(e, agent.Command{Verb: agent.VerbSnapshot})
		out := must(e, agent.Command{Verb: agent.VerbClick, Args: []string{"Save"}, Diff: true})
		Expect(out).To(MatchRegexp(`^ok\n~ +- status "saved"\n$`))
		Expect(must(e, agent.Command{Verb: agent.VerbSnapshot, Diff: true})).To(Equal("no change since the last snapshot\n"),
			"the action's diff became the session's last snapshot")
		Expect(must(e, agent.Command{Verb: agent.VerbClick, Args: []string{"Save"}})).To(Equal("ok\n"), "without --diff, only ok")
	})

	It("gives every verb's result as one JSON object of the documented shape", func() {
		r, m := asJSON(e, cmd(agent.VerbClick, "Save"))
		Expect(r.Code).To(Equal(agent.ExitOK))
		Expect(m).To(HaveKeyWithValue("ok", true))
		Expect(m).To(HaveKeyWithValue("verb", "click"))
		Expect(m).To(HaveKeyWithValue("code", 0.0))
		Expect(m).NotTo(HaveKey("error"))

		_, m = asJSON(e, agent.Command{Verb: agent.VerbSnapshot, Diff: true})
		Expect(m["snapshot"]).To(ContainSubstring(`button "Save"`))
		Expect(m["diff"]).To(ContainSubstring("no earlier snapshot"))
		Expect(m).To(HaveKeyWithValue("url", site.URL+"/verbs.html"))
		Expect(m).To(HaveKeyWithValue("title", "Verbs"))

		_, m = asJSON(e, cmd(agent.VerbGet, "title"))
		Expect(m).To(HaveKeyWithValue("value", "Verbs"))
		_, m = asJSON(e, cmd(agent.VerbEval, "[1, {a: null}]"))
		Expect(m).To(HaveKeyWithValue("value", []any{1.0, map[string]any{"a": nil}}))
		_, m = asJSON(e, cmd(agent.VerbEval, "undefined"))
		Expect(m).To(HaveKeyWithValue("value", BeNil()))
		Expect(m).To(HaveKey("value"), "null is a value")

		f := cmd(agent.VerbClick, "Safe")
		f.Timeout = 1e9
		r, m = asJSON(e, f)
		Expect(r.Code).To(Equal(agent.ExitFailed))
		Expect(m).To(HaveKeyWithValue("ok", false))
		Expect(m).To(HaveKeyWithValue("reason", "not_found"))
		Expect(m["error"]).To(HavePrefix(`click "Safe": `))
		d := m["diagnostics"].(map[string]any)
		Expect(d["near_misses"]).To(ContainElement(HaveKeyWithValue("ref", MatchRegexp(`^e\d+$`))))

		r, m = asJSON(e, cmd(agent.VerbFill, "Name"))
		Expect(r.Code).To(Equal(agent.ExitUsage))
		Expect(m).To(HaveKeyWithValue("code", 2.0))
		Expect(m["error"]).To(ContainSubstring("fill TARGET VALUE"))
	})

	It("masks the secrets in every output, text and JSON", func() {
		must(e, cmd(agent.VerbFill, "Password", "hunter2-secret"))
		must(e, cmd(agent.VerbFill, "Name", "is hunter2-secret"))
		for _, c := range []agent.Command{
			cmd(agent.VerbGet, "value", "Name"),
			cmd(agent.VerbEval, "document.getElementById('name').value"),
			{Verb: agent.VerbSnapshot},
			cmd(agent.VerbExpect, "{value: Name, equals: nothing}"),
			cmd(agent.VerbClick, "Nowhere hunter2-secret"),
		} {
			c.Timeout = 1e9
			r := run(e, c)
			Expect(r.Stdout+r.Stderr).NotTo(ContainSubstring("hunter2"), "%s %v", c.Verb, c.Args)
			Expect(r.Stdout).To(ContainSubstring("•••"), "%s %v", c.Verb, c.Args)
			c.JSON = true
			r = run(e, c)
			Expect(r.Stdout+r.Stderr).NotTo(ContainSubstring("hunter2"), "%s %v --json", c.Verb, c.Args)
			Expect(r.Stdout).To(ContainSubstring("•••"), "%s %v --json", c.Verb, c.Args)
		}
	})
})

var _ = Describe(`snapshot --diff of an overlay (docs/targets.md "The snapshot", "Overlays")`, func() {
	It("reports a covering layer appearing and going", func() {
		e := newEngine(agent.Options{})
		must(e, cmd(agent.VerbOpen, pages.URL+"/snapshot/overlay-header.html"))
		diff := agent.Command{Verb: agent.VerbSnapshot, Diff: true}
		Expect(must(e, diff)).NotTo(ContainSubstring("# overlay:"))
		// the fixed header (z-index 100) stays above the layer: only Save and Name are beneath it
		must(e, cmd(agent.VerbEval, `document.body.insertAdjacentHTML('beforeend', '<div id="busy" style="position:fixed;inset:0;z-index:5;background:#fff8">Saving…</div>')`))
		d := must(e, diff)
		Expect(d).To(ContainSubstring("+ # overlay: layer div#busy covers 100% of the viewport, 2 controls beneath; no close control: wait for it to go\n"))
		must(e, cmd(agent.VerbEval, `document.getElementById('busy').remove()`))
		Expect(must(e, diff)).To(ContainSubstring("- # overlay: layer div#busy covers 100% of the viewport"))
	})
})
