package main

import (
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("--artifacts", func() {
	It("refuses to empty a folder that is not smokeflow's: exit 2, the fix, no report, the folder untouched", func() {
		dir := GinkgoT().TempDir()
		mine := filepath.Join(dir, "notes.txt")
		Expect(os.WriteFile(mine, []byte("mine"), 0o644)).To(Succeed())
		junit := filepath.Join(GinkgoT().TempDir(), "junit.xml")
		code, out := smokeflow("run", "--base-url", site.URL, "--artifacts", dir, "--report", "junit="+junit, "../../testdata/cli/ok.yaml")
		Expect(code).To(Equal(2), out)
		Expect(out).To(ContainSubstring(`smokeflow: --artifacts "` + dir + `" is not empty and has no .smokeflow-artifacts file`))
		Expect(out).To(ContainSubstring("choose a new or empty folder"))
		Expect(junit).NotTo(BeAnExistingFile())
		Expect(mine).To(BeAnExistingFile())
	})

	It("empties its own folder at the start of a run", func() {
		dir := GinkgoT().TempDir()
		code, out := smokeflow("run", "--base-url", site.URL, "--artifacts", dir, "../../testdata/cli/ok.yaml")
		Expect(code).To(Equal(0), out)
		stale := filepath.Join(dir, "gone-flow", "failure-step-1.png")
		Expect(os.MkdirAll(filepath.Dir(stale), 0o755)).To(Succeed())
		Expect(os.WriteFile(stale, []byte("x"), 0o644)).To(Succeed())
		code, out = smokeflow("run", "--base-url", site.URL, "--artifacts", dir, "../../testdata/cli/ok.yaml")
		Expect(code).To(Equal(0), out)
		Expect(stale).NotTo(BeAnExistingFile())
		Expect(filepath.Join(dir, ".smokeflow-artifacts")).To(BeAnExistingFile())
	})
})

var _ = Describe("--report", func() {
	It("creates a missing folder, with its parents, for each report; a folder it cannot create is exit 1, the others written", func() {
		tmp := GinkgoT().TempDir()
		junit := filepath.Join(tmp, "ci", "reports", "junit.xml")
		md := filepath.Join(tmp, "summary", "report.md")
		code, out := smokeflow("run", "--base-url", site.URL, "--artifacts", filepath.Join(tmp, "results"),
			"--report", "junit="+junit, "--report", "markdown="+md, "../../testdata/cli/ok.yaml")
		Expect(code).To(Equal(0), out)
		Expect(junit).To(BeAnExistingFile())
		Expect(md).To(BeAnExistingFile())

		// a folder that cannot be made: a file stands in its place
		blocker := filepath.Join(tmp, "taken")
		Expect(os.WriteFile(blocker, []byte("a file"), 0o644)).To(Succeed())
		other := filepath.Join(tmp, "other", "junit.xml")
		code, out = smokeflow("run", "--base-url", site.URL, "--artifacts", filepath.Join(tmp, "results"),
			"--report", "json="+filepath.Join(blocker, "results.json"), "--report", "junit="+other, "../../testdata/cli/ok.yaml")
		Expect(code).To(Equal(1), out)
		Expect(out).To(ContainSubstring("json report: cannot create its folder: mkdir " + blocker + ": not a directory"))
		Expect(other).To(BeAnExistingFile())
	})
})
