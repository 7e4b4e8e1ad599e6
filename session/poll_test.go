package session_test

import (
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/session"
)

// docs/flows.md "Checks that fail": a try the deadline cut short gives
// no verdict of the page.
var _ = Describe("a check whose try the deadline cuts short", func() {
	// cut is a try that reads until the deadline, as on a page too busy
	// to answer, and would say what a read that ended says
	cut := func(ctx context.Context) (bool, string, error) {
		<-ctx.Done()
		return false, "nothing matches text=Buy", ctx.Err()
	}

	It("says that no try read the page when none ended", func() {
		s := openSession(GinkgoT().TempDir(), nil)
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		err := session.PollUntil(s, ctx, func() (bool, string, error) { return cut(ctx) })
		Expect(err).To(MatchError("the step timed out before the check could read the page"))
		// a step's failure of reason timeout, with nothing said of the page
		reason, msg := session.ExpectFailed(s, step("expect: { visible: { text: Buy } }\ntimeout: 300ms"), err)
		Expect(reason).To(Equal(diagnostics.ReasonTimeout))
		Expect(msg).To(Equal("the step timed out before the check could read the page within its timeout (300ms): give the step a longer timeout"))
	})

	It("keeps the verdict of the last try that ended", func() {
		s := openSession(GinkgoT().TempDir(), nil)
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		tries := 0
		err := session.PollUntil(s, ctx, func() (bool, string, error) {
			if tries++; tries == 1 {
				return false, "the container css=.collapsed matched 1 element(s), none visible", nil
			}
			return cut(ctx)
		})
		Expect(tries).To(BeNumerically(">=", 2))
		Expect(err).To(MatchError("the container css=.collapsed matched 1 element(s), none visible"))
	})
})
