package main

import (
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe(`validate (docs/running.md "Validating in CI")`, func() {
	It("prints an error of a sub-flow that two flows run once", func() {
		code, out, errOut := smokeflowSplit("validate", "--base-url", "http://x", "../../testdata/cli/shared-broken")
		Expect(code).To(Equal(2), out+errOut)
		line := "shared-broken/_lib/broken.yaml:3:3: YAML: did not find expected ',' or ']'"
		Expect(strings.Count(out, line)).To(Equal(1), out)
		Expect(errOut).To(Equal("smokeflow: 1 error(s)\n"))
	})
})
