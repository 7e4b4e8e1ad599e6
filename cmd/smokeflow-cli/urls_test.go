package main

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("URLs without a scheme", func() {
	It("--base-url without http:// is a usage error that says what to write, exit 2", func() {
		for _, c := range []struct{ cmd, url, want string }{
			{"run", "localhost:4000", `--base-url "localhost:4000" has no scheme; write http://localhost:4000`},
			{"run", "127.0.0.1:4000", `--base-url "127.0.0.1:4000" has no scheme; write http://127.0.0.1:4000`},
			{"validate", "localhost:4000", `--base-url "localhost:4000" has no scheme; write http://localhost:4000`},
		} {
			code, out := smokeflow(c.cmd, "--base-url", c.url, "../../testdata/cli/ok.yaml")
			Expect(code).To(Equal(2), out)
			Expect(out).To(Equal("smokeflow: " + c.want + "\n"))
		}
	})

	It("snapshot of a URL without http:// is a usage error, exit 2", func() {
		code, out := smokeflow("snapshot", "127.0.0.1:4000/login")
		Expect(code).To(Equal(2), out)
		Expect(out).To(Equal("smokeflow: snapshot \"127.0.0.1:4000/login\" has no scheme; write http://127.0.0.1:4000/login\n"))
	})

	It("a flow's literal base_url and open without http:// are validation errors at FILE:LINE:COL, exit 2", func() {
		code, out := smokeflow("validate", "../../testdata/cli/no-scheme.yaml")
		Expect(code).To(Equal(2), out)
		Expect(out).To(ContainSubstring(`no-scheme.yaml:2:11: base_url "localhost:4000" has no scheme; write http://localhost:4000`))
		Expect(out).To(ContainSubstring(`no-scheme.yaml:4:11: open "127.0.0.1:4000/login" has no scheme; write http://127.0.0.1:4000/login`))
	})

	It("a base_url or open without http:// from interpolation fails its flow with the fix, exit 1", func() {
		GinkgoT().Setenv("SF_NO_SCHEME_BASE", "localhost:4000")
		code, out := smokeflow("run", "--artifacts", GinkgoT().TempDir(), "--var", "page=127.0.0.1:4000/login",
			"../../testdata/cli/no-scheme-base.yaml", "../../testdata/cli/no-scheme-open.yaml")
		Expect(code).To(Equal(1), out)
		Expect(out).To(ContainSubstring(`no-scheme-base.yaml: base_url "${env.SF_NO_SCHEME_BASE}" is "localhost:4000", which has no scheme; write http://localhost:4000`))
		Expect(out).To(ContainSubstring(`open ${vars.page}: "127.0.0.1:4000/login" has no scheme; write http://127.0.0.1:4000/login`))
		Expect(out).To(ContainSubstring("2 failed"))
	})
})
