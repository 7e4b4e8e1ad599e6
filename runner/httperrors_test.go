package runner_test

import (
	"bytes"
	"context"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/reports"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// The terminal's failure block says what went wrong with the page itself:
// its document's HTTP error and where, and its failed requests
// (docs/running.md "Output", docs/results.md "Diagnostics").
var _ = Describe("HTTP errors in the failure", func() {
	DescribeTable("the terminal names the page's HTTP error and failed requests",
		func(file string, want []string, not []string) {
			var term bytes.Buffer
			run, err := runner.Run(context.Background(), runner.Config{Use: shared, BaseURL: fixture.URL,
				ArtifactsDir: GinkgoT().TempDir(), Listener: reports.NewProgress(&term, reports.Normal, false, false)}, load(file))
			Expect(err).NotTo(HaveOccurred())
			Expect(run.Flows[0].Status).To(Equal(results.Failed))
			out := term.String()
			Expect(out).To(ContainSubstring(`matches "Gift cards"`))
			for _, w := range want {
				Expect(out).To(ContainSubstring(strings.ReplaceAll(w, "{URL}", fixture.URL)+"\n"), out)
			}
			for _, n := range not {
				Expect(out).NotTo(ContainSubstring(n), out)
			}
		},
		Entry("a page served 404", "http-404.yaml",
			[]string{"  the page is an HTTP 404: " + "{URL}/runner/http-errors/gift-cards.html"},
			[]string{"failed requests of the page"}),
		Entry("an app whose script bundle 404s", "bundle-404.yaml",
			[]string{"  failed requests of the page:",
				"    GET " + "{URL}/runner/http-errors/missing-bundle.js → 404",
				"    GET " + "{URL}/runner/http-errors/missing-vendor.js → 404"},
			[]string{"the page is an HTTP"}),
	)
})
