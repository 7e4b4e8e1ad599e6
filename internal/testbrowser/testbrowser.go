// Package testbrowser is the one browser set-up of the Ginkgo suites that
// drive Chromium (docs/testing.md "One browser set-up"): a suite's
// BeforeSuite calls Launch for its one browser and serves its fixtures
// with Site or Serve; after the suite, everything it opened is closed,
// the browser's processes are reaped, and no Chromium may outlive it.
// FailureText is what those suites read of a flow's failure, as a user
// reads it.
package testbrowser

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/internal/procs"
	"github.com/smokeflow/smokeflow/internal/testsite"
	"github.com/smokeflow/smokeflow/results"
)

// Hint is what a suite says when Chromium cannot start.
const Hint = "these tests drive a real Chromium: install it (sudo apt-get install -y chromium) or set SMOKEFLOW_BROWSER"

// Launch starts the suite's browser. Called in a BeforeSuite, its end
// runs after the suite (DeferCleanup): the browser closes, zombies are
// reaped, and then no Chromium process may be left below this one.
func Launch() *browser.Browser {
	GinkgoHelper()
	b, err := browser.Launch(context.Background(), browser.Options{})
	Expect(err).NotTo(HaveOccurred(), Hint)
	DeferCleanup(func() {
		Expect(b.Close()).To(Succeed())
		NoneOutlive()
	})
	return b
}

// NoneOutlive reaps the browser processes that ended and fails when a
// Chromium process is still running below this one.
func NoneOutlive() {
	GinkgoHelper()
	browser.ReapZombies()
	Expect(procs.BrowsersBelowMe()).To(BeEmpty(), "no Chromium process may outlive the suite")
}

// Site serves dir (testsite: with its API and cross origin) until the
// suite ends.
func Site(dir string) *testsite.Site {
	s := testsite.Serve(dir)
	DeferCleanup(s.Close)
	return s
}

// Serve serves h until the suite ends.
func Serve(h http.Handler) *httptest.Server {
	s := httptest.NewServer(h)
	DeferCleanup(s.Close)
	return s
}

// FailureText is everything a user reads about a flow's failure: its
// message and its diagnostics as the terminal shows them; "" when its
// last attempt did not fail.
func FailureText(f *results.Flow) string {
	a := f.Final()
	if a == nil || a.Failure == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString(a.Failure.Message + "\n")
	if d := a.Failure.Diagnostics; d != nil {
		b.WriteString(diagnostics.Render(d, true) + "\n")
	}
	return b.String()
}

// FailuresLast has the suite print, once it ends, each failed spec's
// name, place and message again, just above Ginkgo's summary
// (docs/testing.md "One browser set-up"): CI shows the end of a long
// run's output, and the summary names a failed spec but not why. A
// suite registers it at the top level: var _ = testbrowser.FailuresLast().
func FailuresLast() bool {
	ReportAfterSuite("failures, again at the end", func(r Report) {
		for _, s := range r.SpecReports {
			if s.Failed() {
				fmt.Print(failureLast(s))
			}
		}
	})
	return true
}

// failureLast is one failed spec as FailuresLast prints it.
func failureLast(s SpecReport) string {
	return fmt.Sprintf("\n[%s] %s\n  at %s\n  %s\n", s.State, s.FullText(), s.Failure.Location,
		strings.ReplaceAll(strings.TrimSpace(s.Failure.Message), "\n", "\n  "))
}
