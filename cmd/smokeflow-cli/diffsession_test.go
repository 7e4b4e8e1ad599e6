package main

import (
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("diff snapshot and diff screenshot on the session's page (docs/diffs.md)", func() {
	It("compares the session's page with its last snapshot, or with a baseline file", func() {
		sessionDir()
		files := GinkgoT().TempDir()
		base, shot := filepath.Join(files, "base.txt"), filepath.Join(files, "base.png")

		code, _, errOut := smokeflowSplit("open", site.URL+"/snapshot/cart.html")
		Expect(code).To(Equal(0), errOut)
		code, out, _ := smokeflowSplit("snapshot")
		Expect(code).To(Equal(0))
		Expect(os.WriteFile(base, []byte(out), 0o600)).To(Succeed())
		code, _, errOut = smokeflowSplit("screenshot", shot)
		Expect(code).To(Equal(0), errOut)

		code, out, _ = smokeflowSplit("diff", "snapshot")
		Expect(code).To(Equal(0))
		Expect(out).To(Equal("no change since the last snapshot\n"))
		code, out, _ = smokeflowSplit("diff", "snapshot", "--baseline", base)
		Expect(code).To(Equal(0), out)
		code, out, _ = smokeflowSplit("diff", "screenshot", "--baseline", shot)
		Expect(code).To(Equal(0), out)

		code, _, errOut = smokeflowSplit("fill", "Coupon", "SAVE10")
		Expect(code).To(Equal(0), errOut)
		code, out, _ = smokeflowSplit("diff", "snapshot", "--baseline", base)
		Expect(code).To(Equal(1), "the page changed")
		Expect(out).To(ContainSubstring(`+ - textbox "Coupon" [ref=e4]: SAVE10`))
		Expect(out).To(MatchRegexp(`1 addition, 1 removal, \d+ unchanged`))
		code, out, _ = smokeflowSplit("diff", "screenshot", "--baseline", shot, "--output", filepath.Join(files, "diff.png"))
		Expect(code).To(Equal(1), out)
		Expect(filepath.Join(files, "diff.png")).To(BeAnExistingFile())
	})
})
