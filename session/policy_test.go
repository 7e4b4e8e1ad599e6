package session_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/session"
)

var _ = Describe("the action policy in a session", func() {
	var a *httptest.Server
	BeforeEach(func() {
		a = originA("http://127.0.0.1:9")
		DeferCleanup(a.Close)
	})

	open := func(policy string, mode session.ConfirmMode) *session.Session {
		GinkgoHelper()
		s := openPolicySession(policy, mode)
		do(s, "open: "+a.URL+"/actions.html")
		return s
	}
	logSays := func(s *session.Session, text string) {
		GinkgoHelper()
		do(s, `expect: { text: { css: "#log" }, equals: "`+text+`" }`)
	}

	It("denies a step by the name of the element it acts on, however it is written, and says which rule", func() {
		s := open(`deny: ["click:/delete|remove/i"]`, session.ConfirmDenies)
		_, se := doFails(s, "click: Delete account")
		Expect(se.Failure.Reason).To(Equal(diagnostics.ReasonPolicy))
		Expect(se.Failure.Message).To(ContainSubstring(`click "Delete account" is denied by the policy: rule "click:/delete|remove/i" (policy.yaml:1:8)`))
		snap, err := s.Snapshot(context.Background())
		Expect(err).NotTo(HaveOccurred())
		ref := ""
		for r, n := range snap.Refs {
			if n.Name == "Delete account" {
				ref = r
			}
		}
		Expect(ref).NotTo(BeEmpty())
		_, se = doFails(s, "click: '@"+ref+"'")
		Expect(se.Failure.Reason).To(Equal(diagnostics.ReasonPolicy), "a ref meets the rules about its element's name")
		logSays(s, "nothing yet")
		do(s, "click: Save")
		logSays(s, "saved")
	})

	It("lets the same click through without a policy (the control)", func() {
		s := open("", session.ConfirmDenies)
		do(s, "click: Delete account")
		logSays(s, "deleted")
	})

	It("denies by default what no rule allows, and allows what a rule allows by its element's name", func() {
		s := open("default: deny\nallow: [open, expect, snapshot, \"click:/save/i\"]\n", session.ConfirmDenies)
		_, se := doFails(s, "fill: { target: Reason, value: x }")
		Expect(se.Failure.Message).To(ContainSubstring(`fill "Reason" is denied by the policy: the default (deny), as no rule allows it`))
		_, se = doFails(s, "eval: document.title")
		Expect(se.Failure.Reason).To(Equal(diagnostics.ReasonPolicy))
		do(s, "click: Save")
		logSays(s, "saved")
	})

	It("holds back a step to confirm, with a one-time token that runs it later", func() {
		s := open(`confirm: ["click:/pay/i"]`, session.ConfirmAsks)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_, err := s.Do(ctx, step("click: Pay now"))
		var cr *session.ConfirmRequired
		Expect(errors.As(err, &cr)).To(BeTrue(), "%v", err)
		Expect(cr.Token).To(MatchRegexp(`^[0-9a-f]{16}$`))
		Expect(cr.What).To(Equal(`click "Pay now"`))
		Expect(err.Error()).To(ContainSubstring("needs a confirmation (rule \"click:/pay/i\" (policy.yaml:1:11))"))
		logSays(s, "nothing yet")

		_, err = s.Confirm(ctx, "0000000000000000")
		Expect(err).To(MatchError(ContainSubstring("no step waits for a confirmation")))
		logSays(s, "nothing yet")
		rec, err := s.Confirm(ctx, cr.Token)
		Expect(err).NotTo(HaveOccurred())
		Expect(rec.Action).To(Equal("click"))
		logSays(s, "paid")
		_, err = s.Confirm(ctx, cr.Token)
		Expect(err).To(MatchError(ContainSubstring("a token works once")))
	})

	It("fails a step to confirm in a run that does not confirm, and runs it in one that does", func() {
		s := open(`confirm: ["click:/pay/i"]`, session.ConfirmDenies)
		_, se := doFails(s, "click: Pay now")
		Expect(se.Failure.Reason).To(Equal(diagnostics.ReasonPolicy))
		Expect(se.Failure.Message).To(ContainSubstring("needs a confirmation"))
		logSays(s, "nothing yet")
		t := open(`confirm: ["click:/pay/i"]`, session.ConfirmAllows)
		do(t, "click: Pay now")
		logSays(t, "paid")
	})

	It("refuses downloads when it does not allow them", func() {
		s := open("deny: [download]", session.ConfirmDenies)
		do(s, "click: Download notes")
		_, se := doFails(s, "expect: { download: { name: { contains: notes } } }")
		Expect(se.Failure.Reason).To(Equal(diagnostics.ReasonAssertion))
		t := open("", session.ConfirmDenies)
		do(t, "click: Download notes")
		do(t, "expect: { download: { name: { contains: notes } } }")
	})
})

// openPolicySession opens a session on the shared browser under the
// policy written in YAML ("" for none), with a 3 s step timeout; the
// policy specs open their pages on it.
func openPolicySession(policy string, mode session.ConfirmMode) *session.Session {
	GinkgoHelper()
	var pol *flows.Policy
	if policy != "" {
		var err error
		pol, err = flows.ParsePolicy("policy.yaml", []byte(policy))
		Expect(err).NotTo(HaveOccurred())
	}
	return openOptions(session.Options{ArtifactsDir: GinkgoT().TempDir(), StepTimeout: 3 * time.Second,
		Policy: pol, Confirm: mode})
}
