package runner_test

import (
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/internal/testpage"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// The open step settles (docs/targets.md "Settling"); the pages are
// testdata/conformance/pages/settle-*.html.
var _ = Describe("Settling after open", func() {
	It("logs where the page went on to, reads at the load state a `wait:` names, and notes a page read at the bound", func() {
		res := runOne("../testdata/runner/settle-log.yaml", runner.Config{})
		Expect(res.Status).To(Equal(results.Passed), failureText(res))
		logs := stepLogs(res)
		Expect(logs).To(MatchRegexp(`(?m)^1 opened http://[^ ]+/settle-refresh-1\.html \(200\)\n1 the page went on to http://[^ ]+/settle-target\.html\?via=refresh-1 \(200\)$`))
		Expect(logs).To(MatchRegexp(`(?m)^3 snapshot: 0 refs`), "an explicit wait: load does not settle")
		Expect(logs).To(MatchRegexp(`(?m)^4 the page did not settle within 2\.\d+s \(.*/api/slow.*\); the flow goes on$`))
		Expect(logs).NotTo(MatchRegexp(`(?m)^[23] the page`))
	})

	// The request of an out-of-process frame's document starts on the
	// page's session and ends on the frame's: it counted as in flight
	// until it was taken for a long-lived one (2 s), and every page with
	// a cross-origin iframe took that long to settle.
	It("settles a page with a cross-origin frame once the frame has loaded, not at the long-lived request's bound", func() {
		p := testpage.Open(shared, fixture.URL+"/conformance/pages/frame-cross.html")
		s, err := p.Settle(context.Background(), browser.SettleWait{Bound: 1500 * time.Millisecond})
		Expect(err).NotTo(HaveOccurred())
		Expect(s.Busy).To(BeEmpty())
	})
})
