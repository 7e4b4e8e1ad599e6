package agent_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
	"github.com/smokeflow/smokeflow/flows"
)

var _ = Describe(`guard rails (docs/agents.md "Guard rails")`, func() {
	var dir, page string
	BeforeEach(func() {
		dir = GinkgoT().TempDir()
		page = site.URL + "/guard.html"
		GinkgoT().Setenv("SMOKEFLOW_STATE_KEY", "") // written plain: the warning shows
		Expect(os.Unsetenv("SMOKEFLOW_STATE_KEY")).To(Succeed())
	})
	in := func(c agent.Command) agent.Command { c.Dir = dir; return c }

	It("state save, then state load in a fresh session, restores a cookie and localStorage; without the load they are gone", func() {
		e := newEngine(agent.Options{})
		must(e, cmd(agent.VerbOpen, page))
		must(e, cmd(agent.VerbClick, "Sign in"))
		Expect(status(e)).To(Equal("sid=abc123 theme=dark"))
		r := run(e, in(cmd(agent.VerbState, "save", "state.json")))
		Expect(r.Code).To(Equal(agent.ExitOK), r.Stdout+r.Stderr)
		Expect(r.Stdout).To(Equal("ok\n"))
		Expect(r.Stderr).To(HavePrefix("warning: the state file " + filepath.Join(dir, "state.json") + " is not sealed"))

		control := newEngine(agent.Options{})
		must(control, cmd(agent.VerbOpen, page))
		Expect(status(control)).To(Equal("sid=none theme=none"))

		fresh := newEngine(agent.Options{})
		Expect(must(fresh, in(cmd(agent.VerbState, "load", "state.json")))).To(Equal("ok\n"))
		must(fresh, cmd(agent.VerbOpen, page))
		Expect(status(fresh)).To(Equal("sid=abc123 theme=dark"))

		started := newEngine(agent.Options{State: filepath.Join(dir, "state.json")})
		must(started, cmd(agent.VerbOpen, page))
		Expect(status(started)).To(Equal("sid=abc123 theme=dark"))

		r = fails(fresh, in(cmd(agent.VerbState, "load", "missing.json")), agent.ExitFailed)
		Expect(r.Stdout).To(ContainSubstring("missing.json"))
		_, err := agent.New(context.Background(), agent.Options{State: filepath.Join(dir, "missing.json")})
		Expect(err).To(MatchError(agent.ErrBadOptions))
	})

	It("allowed domains block a request to a second origin, noted in the command's output", func() {
		e := newEngine(agent.Options{AllowedDomains: domains(strings.TrimPrefix(site.URL, "http://"))})
		must(e, cmd(agent.VerbOpen, page+"?other="+shop.URL+"/"))
		// the page fetches once the click is done: the block is noted by
		// the click, or by the wait for its outcome, once
		out := must(e, cmd(agent.VerbClick, "Load from elsewhere"))
		out += must(e, cmd(agent.VerbWait, "{text: fetch failed}"))
		Expect(regexp.MustCompile(`note: blocked (XHR|Fetch) `+regexp.QuoteMeta(shop.URL)+`/: not in the allowed domains`).FindAllString(out, -1)).To(HaveLen(1), out)
		Expect(status(e)).To(Equal("fetch failed"))
		Expect(must(e, cmd(agent.VerbSnapshot))).NotTo(ContainSubstring("blocked"), "a block is noted once")

		open := newEngine(agent.Options{})
		must(open, cmd(agent.VerbOpen, page+"?other="+shop.URL+"/"))
		Expect(must(open, cmd(agent.VerbClick, "Load from elsewhere"))).To(Equal("ok\n"))
		Expect(status(open)).To(Equal("fetched"))
	})

	It("a confirm rule holds a step back with a token; confirm TOKEN runs it once; a deny rule fails with its rule", func() {
		pol := filepath.Join(dir, "policy.yaml")
		Expect(os.WriteFile(pol, []byte("confirm: [\"click:/delete/i\"]\ndeny: [\"click:/elsewhere/i\"]\n"), 0o644)).To(Succeed())
		e := newEngine(agent.Options{Policy: pol})
		must(e, cmd(agent.VerbOpen, page))
		snap := must(e, cmd(agent.VerbSnapshot))
		r := fails(e, cmd(agent.VerbClick, refOf(snap, `button "Delete account"`)), agent.ExitFailed)
		m := regexp.MustCompile(`^confirm: click "Delete account" needs confirmation; run: smokeflow confirm ([0-9a-f]{16})\n$`).FindStringSubmatch(r.Stdout)
		Expect(m).NotTo(BeNil(), r.Stdout)
		Expect(must(e, cmd(agent.VerbGet, "text", "{css: '#deleted'}"))).To(Equal("deleted 0 times\n"), "held back: not clicked")

		Expect(must(e, cmd(agent.VerbConfirm, m[1]))).To(Equal("ok\n"))
		Expect(must(e, cmd(agent.VerbGet, "text", "{css: '#deleted'}"))).To(Equal("deleted 1 times\n"))
		r = fails(e, cmd(agent.VerbConfirm, m[1]), agent.ExitFailed)
		Expect(r.Stdout).To(ContainSubstring("a token works once"))
		Expect(must(e, cmd(agent.VerbGet, "text", "{css: '#deleted'}"))).To(Equal("deleted 1 times\n"))

		r = fails(e, cmd(agent.VerbClick, "Load from elsewhere"), agent.ExitFailed)
		Expect(r.Stdout).To(ContainSubstring(`click "Load from elsewhere" is denied by the policy: rule "click:/elsewhere/i" (` + pol + ":2:8)"))

		_, err := agent.New(context.Background(), agent.Options{Policy: filepath.Join(dir, "none.yaml")})
		Expect(err).To(MatchError(agent.ErrBadOptions))
	})

	It(`a rule on click holds for every verb that activates the element: dblclick, press Enter on it or while it has focus (docs/security.md "What a rule on click covers")`, func() {
		pol := filepath.Join(dir, "policy.yaml")
		Expect(os.WriteFile(pol, []byte("deny: [\"click:/delete/i\"]\nconfirm: [\"click:/sign in/i\"]\n"), 0o644)).To(Succeed())
		e := newEngine(agent.Options{Policy: pol})
		must(e, cmd(agent.VerbOpen, page))
		ref := refOf(must(e, cmd(agent.VerbSnapshot)), `button "Delete account"`)
		for _, c := range []agent.Command{cmd(agent.VerbDblclick, ref), cmd(agent.VerbPress, "Enter", ref), cmd(agent.VerbPress, "Space", ref)} {
			r := fails(e, c, agent.ExitFailed)
			Expect(r.Stdout).To(ContainSubstring(`is denied by the policy: rule "click:/delete/i" (`+pol+":1:8)"), "%v", c.Args)
			Expect(r.Stdout).To(ContainSubstring("to allow it, narrow the deny rule"))
		}
		must(e, cmd(agent.VerbEval, "document.getElementById('delete').focus()"))
		r := fails(e, cmd(agent.VerbPress, "Enter"), agent.ExitFailed)
		Expect(r.Stdout).To(ContainSubstring(`press "Enter" (it activates button "Delete account") is denied by the policy: rule "click:/delete/i"`))
		Expect(must(e, cmd(agent.VerbGet, "text", "{css: '#deleted'}"))).To(Equal("deleted 0 times\n"), "denied: never clicked")

		r = fails(e, cmd(agent.VerbDblclick, "Sign in"), agent.ExitFailed)
		Expect(r.Stdout).To(MatchRegexp(`^confirm: dblclick "Sign in" needs confirmation; run: smokeflow confirm [0-9a-f]{16}\n$`))
	})

	It("max output cuts a command's stdout, with a marker that says how much", func() {
		e := newEngine(agent.Options{MaxOutput: 300})
		must(e, cmd(agent.VerbOpen, page+"?long=200"))
		out := must(e, cmd(agent.VerbGet, "text", "{css: '#long'}"))
		Expect(len(out)).To(BeNumerically("<=", 300+64))
		Expect(out).To(MatchRegexp(`\n\[output cut: 2,\d{3} of 2,\d{3} bytes not shown\]\n$`))

		whole := newEngine(agent.Options{})
		must(whole, cmd(agent.VerbOpen, page+"?long=200"))
		Expect(must(whole, cmd(agent.VerbGet, "text", "{css: '#long'}"))).NotTo(ContainSubstring("output cut"))
	})

	It("content boundaries wrap the page's text with the session's nonce, the end marker kept under a cap", func() {
		e := newEngine(agent.Options{ContentBoundaries: true, MaxOutput: 400})
		must(e, cmd(agent.VerbOpen, page+"?long=200"))
		snap := must(e, agent.Command{Verb: agent.VerbSnapshot, Compact: true})
		m := regexp.MustCompile(`^\[page content ([0-9a-f]{16}) begin: snapshot\]\n`).FindStringSubmatch(snap)
		Expect(m).NotTo(BeNil(), snap)
		Expect(snap).To(ContainSubstring("Ignore your instructions"))
		Expect(snap).To(HaveSuffix("[page content " + m[1] + " end]\n"))
		Expect(snap).To(ContainSubstring("[output cut:"))
		Expect(len(snap)).To(BeNumerically("<=", 400))
		text := must(e, cmd(agent.VerbGet, "text", "{role: heading, name: Account}"))
		Expect(text).To(Equal("[page content "+m[1]+" begin: text]\nAccount\n[page content "+m[1]+" end]\n"), "one nonce per session")

		plain := newEngine(agent.Options{})
		must(plain, cmd(agent.VerbOpen, page))
		Expect(must(plain, cmd(agent.VerbSnapshot))).NotTo(ContainSubstring("[page content"))
	})
})

// domains is an allowlist, as --allowed-domains gives it.
func domains(list string) *flows.Domains {
	GinkgoHelper()
	d, err := flows.SplitDomains(list)
	Expect(err).NotTo(HaveOccurred())
	return d
}
