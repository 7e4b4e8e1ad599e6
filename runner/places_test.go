package runner_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

var _ = Describe("Devices and places", func() {
	It("run --device and --locale override every flow's device, its viewport, and locale", func() {
		d, err := flows.LookupDevice("pixel 7")
		Expect(err).NotTo(HaveOccurred())
		res := runOne("../testdata/runner/places-override.yaml", runner.Config{Device: d, Locale: "de-DE"})
		Expect(res.Status).To(Equal(results.Passed), failureText(res))
	})
})
