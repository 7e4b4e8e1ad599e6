package main

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("run --device and --locale", func() {
	It("are checked before a browser starts: an unknown device or a bad locale is exit 2, naming the fix", func() {
		flow := "../../testdata/flows/valid/places.yaml"
		for _, c := range []struct {
			args []string
			want string
		}{
			{[]string{"run", flow, "--device", "Pixle 8"}, `--device: unknown device "Pixle 8"; did you mean "Pixel 8"?`},
			{[]string{"run", flow, "--device", "Nokia 3310"}, `--device: unknown device "Nokia 3310"; the devices are iPhone SE,`},
			{[]string{"run", flow, "--locale", "french"}, `--locale: locale "french" is not a language tag; write one such as en-US, fr-FR or pt-BR`},
		} {
			code, out, errOut := smokeflowSplit(append(c.args, "--artifacts", GinkgoT().TempDir())...)
			Expect(code).To(Equal(2), "%q: %s", c.args, errOut)
			Expect(out).To(BeEmpty())
			Expect(errOut).To(ContainSubstring(c.want), c.args)
		}
	})
})
