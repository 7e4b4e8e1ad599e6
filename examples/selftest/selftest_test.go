package selftest_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/internal/testbrowser"
	"github.com/smokeflow/smokeflow/reports"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

func TestSelftest(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "Selftest Suite")
}

// the failures again, at the end of the output (docs/testing.md)
var _ = testbrowser.FailuresLast()

var br *browser.Browser

var _ = BeforeSuite(func() {
	br = testbrowser.Launch()
})

// run runs flow files with the trace on, against base.
func run(base string, domains *flows.Domains, files ...string) *results.Run {
	var list []*flows.Flow
	for _, f := range files {
		fl, err := flows.Load(f, flows.LoadOptions{BaseURL: base})
		Expect(err).NotTo(HaveOccurred())
		list = append(list, fl)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	r, err := runner.Run(ctx, runner.Config{Use: br, BaseURL: base, ArtifactsDir: GinkgoT().TempDir(),
		Trace: runner.TraceOn, AllowedDomains: domains}, list)
	Expect(err).NotTo(HaveOccurred())
	return r
}

// checkReport serves the page as report.html and runs report.yaml on it,
// allowed to load from that server alone.
func checkReport(page []byte) *results.Flow {
	dir := GinkgoT().TempDir()
	Expect(os.WriteFile(filepath.Join(dir, "report.html"), page, 0o644)).To(Succeed())
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	DeferCleanup(srv.Close)
	u, err := url.Parse(srv.URL)
	Expect(err).NotTo(HaveOccurred())
	domains, err := flows.SplitDomains(u.Host)
	Expect(err).NotTo(HaveOccurred())
	return run(srv.URL, domains, "report.yaml").Flows[0]
}

func failure(f *results.Flow) string {
	if a := f.Final(); a != nil && a.Failure != nil {
		return a.Failure.Message
	}
	return ""
}

var _ = Describe("the HTML report, checked by smokeflow", Ordered, func() {
	var page []byte

	BeforeAll(func() {
		shop := httptest.NewServer(http.FileServer(http.Dir("testdata")))
		DeferCleanup(shop.Close)
		r := run(shop.URL, nil, "fixtures/add-to-cart.yaml", "fixtures/order-behind-offer.yaml")
		Expect(r.Flows[0].Status).To(Equal(results.Passed), failure(r.Flows[0]))
		Expect(r.Flows[1].Status).To(Equal(results.Failed))
		Expect(r.Flows[1].Final().Failure.Reason).To(BeEquivalentTo("covered"))
		p := filepath.Join(GinkgoT().TempDir(), "report.html")
		Expect(reports.WriteFile(p, reports.FormatHTML, r)).To(Succeed())
		var err error
		page, err = os.ReadFile(p)
		Expect(err).NotTo(HaveOccurred())
	})

	It("passes: the filter, the failed flow's diagnostics and the film strip work, and nothing leaves the page", func() {
		f := checkReport(page)
		Expect(f.Status).To(Equal(results.Passed), failure(f))
		Expect(f.Final().Blocked).To(BeEmpty())
	})

	It("fails on a report whose script is gone: the filter does nothing", func() {
		broken := regexp.MustCompile(`(?s)<script>.*</script>`).ReplaceAll(page, nil)
		Expect(broken).NotTo(Equal(page))
		f := checkReport(broken)
		Expect(f.Status).To(Equal(results.Failed))
		Expect(f.Final().Failure.StepIndex).To(Equal("4"), failure(f)) // the filter check
	})

	It("fails on a report that loads an image from elsewhere", func() {
		broken := regexp.MustCompile(`<main>`).ReplaceAll(page, []byte(`<main><img alt="x" src="http://127.0.0.1:9/pixel.png">`))
		Expect(broken).NotTo(Equal(page))
		f := checkReport(broken)
		Expect(f.Status).To(Equal(results.Failed))
		// the policy refuses the request: it fails, it never leaves
		Expect(failure(f)).To(ContainSubstring("no_failed_requests: 1 failed request(s): GET http://127.0.0.1:9/pixel.png"))
	})
})
