package runner_test

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// runRows loads files as a run does and runs them on the suite's browser.
func runRows(cfg runner.Config, files ...string) *results.Run {
	GinkgoHelper()
	var list []*flows.Flow
	for _, file := range files {
		f, err := flows.Load(file, flows.LoadOptions{BaseURL: fixture.URL})
		Expect(err).NotTo(HaveOccurred())
		list = append(list, f)
	}
	cfg.Use, cfg.BaseURL, cfg.ArtifactsDir = shared, fixture.URL, GinkgoT().TempDir()
	run, err := runner.Run(context.Background(), cfg, list)
	Expect(err).NotTo(HaveOccurred())
	return run
}

// docs/flows.md "Data rows"
var _ = Describe("Data rows", func() {
	It("runs a flow with a CSV of three rows as three results named NAME [KEY]; the failing row fails alone", func() {
		run := runRows(runner.Config{Workers: 2}, "../testdata/runner/rows/signin.yaml")
		names := map[string]results.Status{}
		for _, f := range run.Flows {
			names[f.Name] = f.Status
			Expect(f.File).To(Equal("../testdata/runner/rows/signin.yaml"))
		}
		Expect(names).To(Equal(map[string]results.Status{
			"Sign in [ann@example.com]":  results.Passed,
			"Sign in [bob@example.com]":  results.Passed,
			"Sign in [carl@example.com]": results.Failed,
		}))
		carl := run.Flows[2]
		Expect(carl.Name).To(Equal("Sign in [carl@example.com]"), "rows keep the file's order")
		Expect(carl.Final().Failure.Message).To(ContainSubstring(`"Access denied"`))
		Expect(run.Flows[0].Attempts).To(HaveLen(1))
	})

	It("runs rows written in the flow and rows of a YAML file, named by key:, with row.COLUMN in expressions", func() {
		run := runRows(runner.Config{Workers: 2}, "../testdata/runner/rows/catalog-inline.yaml", "../testdata/runner/rows/catalog-yaml.yaml")
		var names []string
		for _, f := range run.Flows {
			names = append(names, f.Name)
			Expect(f.Status).To(Equal(results.Passed), failureText(f))
		}
		Expect(names).To(Equal([]string{"Open a product [Chair]", "Open a product [Desk]", "Open a product [Rug]",
			"Catalog link [Shelf]", "Catalog link [Sofa]", "Catalog link [Lamp]"}))
	})

	It("retries a failing row on its own", func() {
		run := runRows(runner.Config{Workers: 2, Retries: 1}, "../testdata/runner/rows/signin.yaml")
		attempts := map[string]int{}
		for _, f := range run.Flows {
			attempts[f.Name] = len(f.Attempts)
		}
		Expect(attempts).To(Equal(map[string]int{"Sign in [ann@example.com]": 1, "Sign in [bob@example.com]": 1, "Sign in [carl@example.com]": 2}))
	})
})
