package runner_test

import (
	"context"
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// The route conformance cases (testdata/conformance/route-*.yaml) run in
// the one conformance pass, with every other case; CONFORMANCE='route-*'
// runs them alone (docs/testing.md "Conformance"). A second pass of its
// own ran each of them twice (docs/testing.md "Keeping `make test`
// short").
var _ = Describe("Routes conformance", func() {
	It("has the cases", func() {
		files, err := filepath.Glob("../testdata/conformance/route-*.yaml")
		Expect(err).NotTo(HaveOccurred())
		Expect(len(files)).To(BeNumerically(">=", 8))
	})
})

var _ = Describe("HAR recording", func() {
	It("records a run's traffic as HAR 1.2, routed answers and text bodies included, and reads back", func() {
		dir := GinkgoT().TempDir()
		f, err := flows.Load("../testdata/conformance/route-json.yaml", flows.LoadOptions{BaseURL: fixture.URL})
		Expect(err).NotTo(HaveOccurred())
		cfg := runner.Config{Use: shared, BaseURL: fixture.URL, ArtifactsDir: GinkgoT().TempDir(), HARDir: dir}
		run, err := runner.Run(context.Background(), cfg, []*flows.Flow{f})
		Expect(err).NotTo(HaveOccurred())
		Expect(run.Flows[0].Status).To(Equal(results.Passed), failureText(run.Flows[0]))
		Expect(run.Flows[0].Final().Routed).NotTo(BeEmpty(), "the results say what the routes answered")
		Expect(run.Flows[0].Final().Routed[0].Answer).To(ContainSubstring("answered 200 application/json"))

		files, _ := filepath.Glob(filepath.Join(dir, "*.har"))
		Expect(files).To(HaveLen(1))
		b, err := os.ReadFile(files[0])
		Expect(err).NotTo(HaveOccurred())
		h, err := flows.ParseHAR(b)
		Expect(err).NotTo(HaveOccurred())
		Expect(h.Log.Version).To(Equal("1.2"))
		byURL := map[string]string{}
		for _, e := range h.Log.Entries {
			Expect(e.StartedDateTime).NotTo(BeEmpty())
			Expect(e.Timings).NotTo(BeNil())
			byURL[e.Request.URL] = string(e.Response.Content.Text)
		}
		Expect(byURL).To(HaveKeyWithValue(fixture.URL+"/conformance/pages/routes-fetch.html", ContainSubstring("<h1>Items</h1>")))
		Expect(byURL).To(HaveKeyWithValue(fixture.URL+"/api/items", ContainSubstring(`"Teapot"`)))

		// the recorded HAR replays: the same page renders from it alone
		e := flows.FindHAREntry(h, "GET", fixture.URL+"/api/items", "")
		Expect(e).NotTo(BeNil())
		Expect(e.Response.Status).To(BeEquivalentTo(200))
	})
})
