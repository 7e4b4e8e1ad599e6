package main

import (
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/internal/exploresite"
)

var _ = Describe("smokeflow explore", func() {
	var app, fixed *exploresite.Site

	BeforeEach(func() {
		app = exploresite.Serve("../../testdata/explore")
		fixed = exploresite.ServeFixed("../../testdata/explore")
		DeferCleanup(func() { app.Close(); fixed.Close() })
	})

	It("writes the report and the repro flows, and exits 1 when it found something", func() {
		out := filepath.Join(GinkgoT().TempDir(), "report")
		code, stdout, stderr := smokeflowSplit("explore", app.URL+"/help", "--scope", app.URL+"/help", "--out", out)
		Expect(code).To(Equal(1), stderr)
		Expect(stdout).To(ContainSubstring("explore: walked 1 page and tried 3 actions in "))
		Expect(stdout).To(ContainSubstring("findings: 2: 0 critical, 0 high, 2 medium, 0 low\n"))
		Expect(stderr).To(ContainSubstring("explore: 0 pages · 0 actions · 0 findings · 0s · open /help\n"))
		for _, f := range []string{"explore-report.md", "explore-report.json", "flows/f01-the-button-special-offer-is-off-screen-at-1280-800.yaml",
			"flows/f02-the-button-chat-with-us-on-help-cannot-be-clicked.yaml"} {
			Expect(filepath.Join(out, f)).To(BeAnExistingFile())
		}
		// the flows fail while the bugs are there
		code, _, stderr = smokeflowSplit("run", filepath.Join(out, "flows"), "--artifacts", filepath.Join(out, "results"))
		Expect(code).To(Equal(1), stderr)
	})

	It("exits 0 when it found nothing, and writes over its own earlier report", func() {
		out := filepath.Join(GinkgoT().TempDir(), "report")
		code, stdout, stderr := smokeflowSplit("explore", fixed.URL+"/help", "--scope", fixed.URL+"/help", "--out", out)
		Expect(code).To(Equal(0), stderr)
		Expect(stdout).To(ContainSubstring("findings: 0: 0 critical"))
		code, _, stderr = smokeflowSplit("explore", fixed.URL+"/help", "--scope", fixed.URL+"/help", "--out", out)
		Expect(code).To(Equal(0), stderr)
	})

	It("refuses a folder of other files, guard rails it cannot read, and bad usage, exit 2", func() {
		dir := GinkgoT().TempDir()
		Expect(os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644)).To(Succeed())
		code, _, stderr := smokeflowSplit("explore", fixed.URL+"/help", "--scope", fixed.URL+"/help", "--out", dir)
		Expect(code).To(Equal(2))
		Expect(stderr).To(ContainSubstring("is not an explore report's folder"))
		for _, c := range []struct {
			args []string
			says string
		}{
			{[]string{"explore", app.URL, "--policy", filepath.Join(dir, "p.yaml")}, "p.yaml"},
			{[]string{"explore", app.URL, "--state", filepath.Join(dir, "s.json")}, "--state"},
			{[]string{"explore", app.URL, "--allowed-domains", "example.com"}, "is not in --allowed-domains example.com"},
		} {
			code, _, stderr = smokeflowSplit(c.args...)
			Expect(code).To(Equal(2), c.args[2])
			Expect(stderr).To(ContainSubstring(c.says))
		}
		code, _, stderr = smokeflowSplit("explore")
		Expect(code).To(Equal(2))
		Expect(stderr).To(ContainSubstring("explore takes one URL"))
		code, _, stderr = smokeflowSplit("explore", app.URL, "--scope", "http://elsewhere.test/")
		Expect(code).To(Equal(2))
		Expect(stderr).To(ContainSubstring("--scope"))
		code, _, stderr = smokeflowSplit("explore", app.URL, "--avoid", "(")
		Expect(code).To(Equal(2))
		Expect(stderr).To(ContainSubstring("--avoid"))
	})
})
