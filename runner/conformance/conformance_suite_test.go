package conformance_test

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/internal/testbrowser"
	"github.com/smokeflow/smokeflow/internal/testsite"
)

// The conformance cases are a suite of their own, beside the runner's, so
// that go test runs the two at once (docs/testing.md "Conformance").
func TestConformance(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "Conformance Suite")
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
	fixture = testbrowser.Site("../../testdata")
	shared = testbrowser.Launch()
})
