package runner_test

import (
	"context"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// A sub-flow's ignore_requests adds to the calling flow's for the
// sub-flow's own steps (docs/flows.md "Failed requests"): the font its
// field names is left out, the beacon it does not name still fails.
var _ = Describe("ignore_requests in a sub-flow", func() {
	It("leaves out what the sub-flow names, and only that", func() {
		run, err := runner.Run(context.Background(), runner.Config{Use: shared, BaseURL: fixture.URL,
			ArtifactsDir: GinkgoT().TempDir()}, load("ignore-requests-subflow.yaml"))
		Expect(err).NotTo(HaveOccurred())
		f := run.Flows[0]
		Expect(f.Status).To(Equal(results.Failed))
		a := f.Final()
		Expect(a.Failure.Message).To(ContainSubstring("1 failed request(s): POST " + fixture.URL + "/collect/beacon?e=view → 404"))
		var logs []string
		for _, s := range a.Steps {
			logs = append(logs, s.Log...)
		}
		Expect(strings.Join(logs, "\n")).To(ContainSubstring("1 failed request(s) ignored: GET " + fixture.URL + "/conformance/pages/fonts/brand.woff2 → 404 (**/*.woff2)"))
	})
})
