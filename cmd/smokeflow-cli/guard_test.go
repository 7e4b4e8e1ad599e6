package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe(`session guard rails: state, allowed domains, policy and confirm, output (docs/agents.md "Guard rails")`, func() {
	var dir, page string

	BeforeEach(func() {
		dir = sessionDir()
		GinkgoT().Setenv("SMOKEFLOW_STATE_KEY", "")
		Expect(os.Unsetenv("SMOKEFLOW_STATE_KEY")).To(Succeed())
		other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {}))
		DeferCleanup(other.Close)
		page = site.URL + "/guard/session.html?other=" + other.URL + "/"
	})

	It("takes the guard rails as start flags, through the session's process", func() {
		pol := filepath.Join(dir, "policy.yaml")
		Expect(os.WriteFile(pol, []byte("confirm: [\"click:/delete/i\"]\n"), 0o644)).To(Succeed())
		host := strings.TrimPrefix(site.URL, "http://")
		code, out, errOut := smokeflowSplit("open", "--allowed-domains", host, "--policy", pol, "--content-boundaries", "--max-output", "4000", page)
		Expect(code).To(Equal(0), errOut)
		Expect(out).To(Equal("ok\n"))

		_, out, _ = smokeflowSplit("click", "Load from elsewhere")
		_, waited, _ := smokeflowSplit("wait", "{text: fetch failed}")
		out += waited
		Expect(out).To(MatchRegexp(`note: blocked (XHR|Fetch) http://127\.0\.0\.1:\d+/: not in the allowed domains`))

		code, out, _ = smokeflowSplit("click", "Delete account")
		Expect(code).To(Equal(1))
		m := regexp.MustCompile(`^confirm: click "Delete account" needs confirmation; run: smokeflow confirm ([0-9a-f]{16})\n$`).FindStringSubmatch(out)
		Expect(m).NotTo(BeNil(), out)
		code, out, errOut = smokeflowSplit("confirm", m[1])
		Expect(code).To(Equal(0), out+errOut)
		code, out, _ = smokeflowSplit("confirm", m[1])
		Expect(code).To(Equal(1))
		Expect(out).To(ContainSubstring("a token works once"))

		_, out, _ = smokeflowSplit("get", "text", "{css: '#deleted'}")
		nonce := regexp.MustCompile(`^\[page content ([0-9a-f]{16}) begin: text\]\ndeleted 1 times\n\[page content ([0-9a-f]{16}) end\]\n$`).FindStringSubmatch(out)
		Expect(nonce).NotTo(BeNil(), out)
		_, out, _ = smokeflowSplit("snapshot")
		Expect(out).To(HavePrefix("[page content " + nonce[1] + " begin: snapshot]\n"))

		smokeflowSplit("click", "Sign in")
		code, out, errOut = smokeflowSplit("state", "save", filepath.Join(dir, "state.json"))
		Expect(code).To(Equal(0), errOut)
		Expect(out).To(Equal("ok\n"))
		Expect(errOut).To(ContainSubstring("is not sealed"))

		code, out, errOut = smokeflowSplit("open", "--session", "two", "--state", filepath.Join(dir, "state.json"), "--max-output", "30", page)
		Expect(code).To(Equal(0), errOut)
		_, out, _ = smokeflowSplit("get", "text", "--session", "two", "{css: '#out'}")
		Expect(out).To(Equal("sid=abc123 theme=dark\n"))
		_, out, _ = smokeflowSplit("snapshot", "--session", "two")
		Expect(out).To(MatchRegexp(`^.{0,30}\n\[output cut: \d+ of \d+ bytes not shown\]\n$`))
	})

	It(`both front ends meet a rule on click on every action that activates the element: a flow run, and the session's verbs (docs/security.md "What a rule on click covers")`, func() {
		pol := filepath.Join(dir, "policy.yaml")
		Expect(os.WriteFile(pol, []byte("deny: [\"click:/delete/i\"]\n"), 0o644)).To(Succeed())
		var flows []string
		for i, st := range []string{"dblclick: Delete account", "press: { target: Delete account, key: Enter }"} {
			f := filepath.Join(dir, fmt.Sprintf("delete%d.yaml", i))
			Expect(os.WriteFile(f, []byte(fmt.Sprintf("name: Delete by other means %d\nsteps:\n  - open: %s\n  - %s\n", i, page, st)), 0o644)).To(Succeed())
			flows = append(flows, f)
		}
		code, out := smokeflow(append([]string{"run", "--policy", pol, "--artifacts", filepath.Join(dir, "artifacts")}, flows...)...)
		Expect(code).To(Equal(1), out)
		Expect(out).To(ContainSubstring(`dblclick "Delete account" is denied by the policy: rule "click:/delete/i" (` + pol + ":1:8)"))
		Expect(out).To(ContainSubstring(`press "Delete account" is denied by the policy: rule "click:/delete/i" (` + pol + ":1:8)"))

		code, _, errOut := smokeflowSplit("open", "--policy", pol, page)
		Expect(code).To(Equal(0), errOut)
		code, out, _ = smokeflowSplit("dblclick", "Delete account")
		Expect(code).To(Equal(1))
		Expect(out).To(ContainSubstring(`dblclick "Delete account" is denied by the policy: rule "click:/delete/i"`))
		code, out, _ = smokeflowSplit("press", "Enter", "Delete account")
		Expect(code).To(Equal(1))
		Expect(out).To(ContainSubstring(`press "Delete account" is denied by the policy: rule "click:/delete/i"`))
		_, out, _ = smokeflowSplit("get", "text", "{css: '#deleted'}")
		Expect(out).To(Equal("deleted 0 times\n"))
	})

	It("checks the guard rails' flags before any process starts, exit 2", func() {
		for _, c := range []struct {
			args []string
			want string
		}{
			{[]string{"open", "--max-output", "-1", page}, "--max-output must be 0 (no cap) or more, got -1"},
			{[]string{"open", "--allowed-domains", ",", page}, "--allowed-domains: "},
			{[]string{"open", "--policy", filepath.Join(dir, "none.yaml"), page}, "cannot read the policy"},
			{[]string{"confirm"}, "confirm needs 1 argument; usage: smokeflow confirm TOKEN"},
		} {
			code, out, errOut := smokeflowSplit(c.args...)
			Expect(code).To(Equal(2), "%q: %s", c.args, errOut)
			Expect(out).To(BeEmpty())
			Expect(errOut).To(ContainSubstring(c.want), c.args)
		}
		Expect(sessionsIn(dir)).To(BeEmpty())
	})
})
