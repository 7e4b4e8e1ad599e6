package explore_test

import (
	"context"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/internal/exploresite"
)

func TestExplore(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "Explore Suite")
}

// One browser and one fixture app for the suite; every page the walk
// opens gets a fresh incognito context.
var (
	shared *browser.Browser
	site   *exploresite.Site
)

var _ = BeforeSuite(func() {
	var err error
	shared, err = browser.Launch(context.Background(), browser.Options{})
	Expect(err).NotTo(HaveOccurred(), "these tests drive a real Chromium: install it (sudo apt-get install -y chromium) or set SMOKEFLOW_BROWSER")
	site = exploresite.Serve("../testdata/explore")
})

var _ = AfterSuite(func() {
	if shared != nil {
		Expect(shared.Close()).To(Succeed())
	}
	if site != nil {
		site.Close()
	}
	browser.ReapZombies()
})
