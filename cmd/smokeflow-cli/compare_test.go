package main

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("run --compare-to, bad input (docs/running.md \"Was it this deploy?\")", func() {
	It("exits 2 with the fix for a URL without scheme and for the base URL itself", func() {
		for _, c := range []struct{ arg, want string }{
			{"staging.example.com", `--compare-to "staging.example.com" is not an http:// or https:// URL: give the other deploy's address with its scheme`},
			{"http://127.0.0.1:8080/", "--compare-to http://127.0.0.1:8080/ is the --base-url itself: give the other deploy's address"},
		} {
			code, out := smokeflow(append([]string{"run", "--base-url", "http://127.0.0.1:8080", "--compare-to", c.arg}, append(noBrowser, "../../testdata/cli/ok.yaml")...)...)
			Expect(code).To(Equal(2), out)
			Expect(out).To(ContainSubstring(c.want))
		}
	})
})
