package ginkgoflows_test

import (
	"os"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/ginkgoflows"
	"github.com/smokeflow/smokeflow/internal/testsite"
)

// The tests run the helper for real: a spec here runs this test binary
// again with fixtureEnv set, and that child registers, through
// ginkgoflows.Describe, the fixture flows of testdata/ginkgoflows (some
// fail on purpose) in place of the tests. The parent reads the child's
// ginkgo JSON report and its exit status. One suite, two roles: ginkgo
// allows one RunSpecs per process.

// fixtureEnv names the fixture folder the child registers ("flows" or
// "only"); artifactsEnv is the child's artifacts folder.
const (
	fixtureEnv   = "GINKGOFLOWS_TEST_FIXTURE"
	artifactsEnv = "GINKGOFLOWS_TEST_ARTIFACTS"
)

func TestGinkgoflows(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "ginkgoflows Suite")
}

// fixture is the child's fixture server: testdata/ginkgoflows.
var fixture *testsite.Site

var _ = BeforeSuite(func() {
	if os.Getenv(fixtureEnv) != "" {
		fixture = testsite.Serve("../testdata/ginkgoflows")
	}
})

var _ = AfterSuite(func() {
	if fixture != nil {
		fixture.Close()
	}
})

// In the child, the fixture flows through the helper, as a user's suite
// calls it; the vars are what sub/nested.yaml reads.
var _ = func() bool {
	name := os.Getenv(fixtureEnv)
	if name == "" {
		return false
	}
	return ginkgoflows.Describe("../testdata/ginkgoflows/"+name,
		ginkgoflows.BaseURLFunc(func() string { return fixture.URL }),
		ginkgoflows.Vars(map[string]string{"button": "Sign in"}),
		ginkgoflows.ArtifactsDir(os.Getenv(artifactsEnv)),
	)
}()
