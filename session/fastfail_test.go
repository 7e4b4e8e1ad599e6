package session_test

import (
	"context"
	"errors"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/session"
)

// openWith opens a session on the fixture site with a step timeout and a
// rest bound (0: none, as flows run).
func openWith(timeout, failAtRest time.Duration) *session.Session {
	GinkgoHelper()
	return openOptions(session.Options{BaseURL: site.URL, ArtifactsDir: GinkgoT().TempDir(),
		StepTimeout: timeout, FailAtRest: failAtRest})
}

// timedFail runs a step that must fail, and returns its failure and how
// long it took.
func timedFail(s *session.Session, src string) (*results.Failure, time.Duration) {
	GinkgoHelper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	start := time.Now()
	_, err := s.Do(ctx, step(src))
	took := time.Since(start)
	var se *session.StepError
	Expect(errors.As(err, &se)).To(BeTrue(), "%s: want a *session.StepError, got %v", src, err)
	return se.Failure, took
}

var _ = Describe(`when waiting ends (docs/targets.md "When waiting ends")`, func() {
	Describe("in a flow (no rest bound)", func() {
		var s *session.Session
		BeforeEach(func() {
			s = openWith(10*time.Second, 0)
			do(s, "open: /session/fastfail.html")
		})

		DescribeTable("a failure whose cause cannot change fails at once",
			func(prepare []string, src string, reason diagnostics.Reason, says string) {
				for _, p := range prepare {
					do(s, p)
				}
				f, took := timedFail(s, src)
				Expect(took).To(BeNumerically("<", 5*time.Second), f.Message)
				Expect(f.Reason).To(Equal(reason), f.Message)
				Expect(f.Message).To(ContainSubstring(says))
			},
			Entry("the status of a loaded document", []string{"open: /session/no-such-page.html"},
				"assert: status == 200", diagnostics.ReasonAssertion, "status = 404"),
			Entry("type on a button", nil,
				"type: {target: Send, text: hello}", diagnostics.ReasonNotEditable, `button "Send" does not take text`),
			Entry("check on a button", nil,
				"check: Send", diagnostics.ReasonMismatch, "it is not a checkbox, radio or switch"),
			Entry("a ref of a page the tab has left, in an expectation", []string{"snapshot", "click: Next page"},
				"expect: {text: '@e1', equals: Fail fast}", diagnostics.ReasonMismatch, "was on a page the tab has left"),
		)

		It("keeps waiting for what the page can change: an ambiguous target a DOM change resolves", func() {
			do(s, "click: Remove the second Save later")
			rec := do(s, "click: Save")
			Expect(rec.Status).To(Equal(results.Passed))
			do(s, "expect: {text: {role: status}, equals: first save}")
		})

		It("keeps waiting on a status before the document answered: an expression that reads the page", func() {
			f, took := timedFail(s, `assert: status == 200 && visible("Never there")`+"\n"+"timeout: 1500ms")
			Expect(took).To(BeNumerically(">=", 1500*time.Millisecond), f.Message)
		})
	})

	Describe("in a session with a rest bound", func() {
		DescribeTable("a failure on a page at rest fails within the bound, with the diagnostics of a timeout",
			func(prepare []string, src string, reason diagnostics.Reason) {
				fast := openWith(10*time.Second, time.Second)
				slow := openWith(1500*time.Millisecond, 0)
				var got [2]*results.Failure
				for i, s := range []*session.Session{fast, slow} {
					do(s, "open: /session/fastfail.html")
					for _, p := range prepare {
						do(s, p)
					}
					f, took := timedFail(s, src)
					if s == fast {
						Expect(took).To(BeNumerically("<", 5*time.Second), f.Message)
					}
					got[i] = f
				}
				for _, f := range got {
					Expect(f.Reason).To(Equal(reason), f.Message)
				}
				Expect(got[0].Message).To(Equal(got[1].Message))
				Expect(got[0].Diagnostics.Verdict).To(Equal(got[1].Diagnostics.Verdict))
				Expect(len(got[0].Diagnostics.Candidates)).To(Equal(len(got[1].Diagnostics.Candidates)))
			},
			Entry("an ambiguous target", nil, "click: Save", diagnostics.ReasonAmbiguous),
			Entry("a covered target", []string{"click: Cover the page"}, "click: Pay", diagnostics.ReasonCovered),
			Entry("nothing matches", nil, "click: Gift cards", diagnostics.ReasonNotFound),
			Entry("the status of a loaded document", []string{"open: /session/no-such-page.html"}, "assert: status == 200", diagnostics.ReasonAssertion),
		)

		It("waits for an element a CSS transition moves for longer than the bound, and clicks it once it settles", func() {
			s := openWith(10*time.Second, time.Second)
			do(s, "open: /session/fastfail.html")
			do(s, "click: Start gliding")
			rec := do(s, "click: Glide")
			Expect(rec.Status).To(Equal(results.Passed))
			do(s, "expect: {text: {role: status}, equals: glided}")
		})

		It("counts a short request between two tries as a change of the page", func() {
			s := openWith(3*time.Second, time.Second)
			do(s, "open: /session/fastfail.html")
			do(s, "click: Poll the server")
			f, took := timedFail(s, "click: Gift cards")
			Expect(took).To(BeNumerically(">=", 3*time.Second), f.Message)
		})

		It("says in the step's log that it gave up on a page at rest", func() {
			s := openWith(10*time.Second, time.Second)
			do(s, "open: /session/fastfail.html")
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			rec, err := s.Do(ctx, step("click: Save"))
			Expect(err).To(HaveOccurred())
			Expect(rec.Log).To(ContainElement(ContainSubstring("the page was at rest for 1s")))
		})
	})
})
