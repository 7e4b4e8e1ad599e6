package ginkgosuite_test

import (
	"context"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/examples/demo"
	"github.com/smokeflow/smokeflow/ginkgoflows"
)

func TestExampleFlows(t *testing.T) {
	RegisterFailHandler(Fail)
	suite, reporter := GinkgoConfiguration()
	if suite.LabelFilter == "" {
		// As `smokeflow demo` does, leave out the flow that fails on
		// purpose (tagged failing); -ginkgo.label-filter=failing runs it.
		suite.LabelFilter = "!failing"
	}
	RunSpecs(t, "Example flows", suite, reporter)
}

// shop is the demo shop the flows run on, on a free loopback port.
var shop *demo.Server

var _ = BeforeSuite(func() {
	var err error
	shop, err = demo.Serve(context.Background())
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(shop.Close)
})

// An It per example flow, labelled with its tags, in one browser that the
// helper launches and closes; the shop's address is read when the specs
// run, after BeforeSuite started it.
var _ = ginkgoflows.Describe("../flows",
	ginkgoflows.BaseURLFunc(func() string { return shop.URL }),
)
