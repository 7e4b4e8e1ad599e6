package explore_test

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/internal/exploresite"
	"github.com/smokeflow/smokeflow/internal/testbrowser"
)

func TestExplore(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "Explore Suite")
}

// the failures again, at the end of the output (docs/testing.md)
var _ = testbrowser.FailuresLast()

// One browser and one fixture app for the suite; every page the walk
// opens gets a fresh incognito context.
var (
	shared *browser.Browser
	site   *exploresite.Site
)

var _ = BeforeSuite(func() {
	site = exploresite.Serve("../testdata/explore")
	DeferCleanup(site.Close)
	shared = testbrowser.Launch()
})
