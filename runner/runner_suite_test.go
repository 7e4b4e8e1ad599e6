package runner_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/smokeflow/smokeflow/internal/procs"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/internal/testsite"
)

func TestRunner(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "Runner Suite")
}

// One browser for the whole suite; every flow attempt gets a fresh
// incognito context from the runner.
var (
	shared *browser.Browser
	// fixture serves testdata; its Cross origin gives cross-origin iframes
	fixture *testsite.Site
)

var _ = BeforeSuite(func() {
	var err error
	shared, err = browser.Launch(context.Background(), browser.Options{})
	Expect(err).NotTo(HaveOccurred(), "these tests drive a real Chromium: install it (sudo apt-get install -y chromium) or set SMOKEFLOW_BROWSER")
	fixture = testsite.Serve("../testdata")
})

var _ = AfterSuite(func() {
	if shared != nil {
		Expect(shared.Close()).To(Succeed())
	}
	if fixture != nil {
		fixture.Close()
	}
	browser.ReapZombies()
	Expect(procs.BrowsersBelowMe()).To(BeEmpty(), "no Chromium process may outlive the suite")
})

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
