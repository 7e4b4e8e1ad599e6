package runner_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/smokeflow/smokeflow/internal/procs"
	"github.com/smokeflow/smokeflow/internal/testbrowser"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/internal/testsite"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

func TestRunner(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "Runner Suite")
}

// the failures again, at the end of the output (docs/testing.md)
var _ = testbrowser.FailuresLast()

// One browser for the whole suite; every flow attempt gets a fresh
// incognito context from the runner.
var (
	shared *browser.Browser
	// fixture serves testdata; its Cross origin gives cross-origin iframes
	fixture *testsite.Site
)

var _ = BeforeSuite(func() {
	fixture = testbrowser.Site("../testdata")
	shared = testbrowser.Launch()
})

// runOne runs the flow of file alone, in the suite's browser, with cfg.
func runOne(file string, cfg runner.Config) *results.Flow {
	f, err := flows.Load(file, flows.LoadOptions{BaseURL: fixture.URL})
	Expect(err).NotTo(HaveOccurred())
	cfg.Use = shared
	cfg.BaseURL = fixture.URL
	if cfg.ArtifactsDir == "" {
		cfg.ArtifactsDir = GinkgoT().TempDir()
	}
	run, err := runner.Run(context.Background(), cfg, []*flows.Flow{f})
	Expect(err).NotTo(HaveOccurred())
	return run.Flows[0]
}

// failureText is everything a user reads about a failure.
var failureText = testbrowser.FailureText

// browserMains lists the browser main processes below this one.
func browserMains() []int {
	var out []int
	for _, d := range procs.BrowsersBelowMe() {
		pid, rest, _ := strings.Cut(d, " ")
		if strings.Contains(rest, "--remote-debugging-port") {
			n, _ := strconv.Atoi(pid)
			out = append(out, n)
		}
	}
	return out
}
