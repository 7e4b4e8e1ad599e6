package session_test

import (
	"context"
	"fmt"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/session"
)

// docs/flows.md "Checks that fail": a check's first try reads the page to
// its end, past the step's deadline if it must; a later try the deadline
// cuts short gives no verdict of the page.
var _ = Describe("a check whose try the deadline cuts short", func() {
	// cut is a try that reads until its context ends, as on a page too
	// busy to answer, and would say what a read that ended says
	cut := func(ctx context.Context) (bool, string, error) {
		<-ctx.Done()
		return false, "nothing matches text=Buy", ctx.Err()
	}

	It("says that no try read the page when none ended before the flow's end", func() {
		s := openSession(GinkgoT().TempDir(), nil)
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		start := time.Now()
		err := session.PollUntil(s, ctx, ctx, cut)
		Expect(time.Since(start)).To(BeNumerically("<", session.FirstTryTime), "the flow's end did not end the first try")
		Expect(err).To(MatchError("the step timed out before the check could read the page"))
		// a step's failure of reason timeout, with nothing said of the page
		reason, msg := session.ExpectFailed(s, step("expect: { visible: { text: Buy } }\ntimeout: 300ms"), err)
		Expect(reason).To(Equal(diagnostics.ReasonTimeout))
		Expect(msg).To(Equal("the step timed out before the check could read the page within its timeout (300ms): give the step a longer timeout"))
	})

	It("gives the verdict of a first try that ended after the step's deadline", func() {
		s := openSession(GinkgoT().TempDir(), nil)
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		var read error
		err := session.PollUntil(s, ctx, context.Background(), func(tctx context.Context) (bool, string, error) {
			<-ctx.Done() // the step's deadline passes during the read
			select {
			case <-tctx.Done():
				read = tctx.Err()
			case <-time.After(100 * time.Millisecond):
			}
			return false, "expected text=Total to equal \"3\", but it is \"2\"", nil
		})
		Expect(read).NotTo(HaveOccurred(), "the first try's read was cut with the step")
		Expect(err).To(MatchError("expected text=Total to equal \"3\", but it is \"2\""))
	})

	It("passes on a first try that saw the check hold after the step's deadline", func() {
		s := openSession(GinkgoT().TempDir(), nil)
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		err := session.PollUntil(s, ctx, context.Background(), func(tctx context.Context) (bool, string, error) {
			<-ctx.Done()
			return tctx.Err() == nil, "it did not hold", tctx.Err()
		})
		Expect(err).NotTo(HaveOccurred())
	})

	// the cut read's error wraps the deadline, or, as a css query's did,
	// only names it in its text
	DescribeTable("keeps the verdict of the last try that ended",
		func(cutErr func(error) error) {
			s := openSession(GinkgoT().TempDir(), nil)
			ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
			defer cancel()
			tries := 0
			err := session.PollUntil(s, ctx, context.Background(), func(tctx context.Context) (bool, string, error) {
				if tries++; tries == 1 {
					return false, "the container css=.collapsed matched 1 element(s), none visible", nil
				}
				ok, msg, err := cut(tctx)
				return ok, msg, cutErr(err)
			})
			Expect(tries).To(BeNumerically(">=", 2))
			Expect(err).To(MatchError("the container css=.collapsed matched 1 element(s), none visible"))
		},
		Entry("wrapping the deadline", func(err error) error { return err }),
		Entry("naming it", func(err error) error { return fmt.Errorf("css %q: %v", ".todo-list", err) }),
	)

	// Playwright's `toBeVisible({timeout: 1})` holds on a page that shows
	// the element: its one-shot check reads the page whatever the timeout
	It("reads the page once even when the step's timeout ends before any read could", func() {
		s := openSession(GinkgoT().TempDir(), nil)
		do(s, "open: /session/page.html")
		do(s, "expect: { visible: { role: heading, name: Session } }\ntimeout: 1ms")
		_, se := doFails(s, "expect: { visible: { text: Nowhere on the page } }\ntimeout: 1ms")
		Expect(se.Failure.Reason).To(Equal(diagnostics.ReasonAssertion))
		Expect(se.Failure.Message).To(ContainSubstring(`nothing matches text="Nowhere on the page"`))
	})

	It("says, of an action whose step's time ran out before its read of the page ended, to give the step a longer timeout", func() {
		s := openSession(GinkgoT().TempDir(), nil)
		do(s, "open: /session/page.html")
		do(s, `eval: "document.querySelector('#out').textContent = 'changed'"`) // no read to reuse
		_, se := doFails(s, "click: Go\ntimeout: 1ms")
		Expect(se.Failure.Reason).To(Equal(diagnostics.ReasonTimeout))
		Expect(se.Failure.Message).To(ContainSubstring("give the step a longer timeout"))
	})
})
