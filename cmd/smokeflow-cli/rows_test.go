package main

import (
	"os"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

const rowsFlow = "../../testdata/runner/rows/signin.yaml"

// docs/running.md "Data rows in a run"
var _ = Describe("data rows", func() {
	It("are selected one by one with --grep on NAME [KEY]", func() {
		Expect(listed(rowsFlow)).To(Equal([]string{
			rowsFlow + " › Sign in [ann@example.com]",
			rowsFlow + " › Sign in [bob@example.com]",
			rowsFlow + " › Sign in [carl@example.com]",
		}))
		Expect(listed("--grep", `sign in \[bob`, rowsFlow)).To(Equal([]string{rowsFlow + " › Sign in [bob@example.com]"}))

		dir := GinkgoT().TempDir()
		code, out := smokeflow("run", "--grep", "carl", "--base-url", site.URL, "--artifacts", dir, rowsFlow)
		Expect(code).To(Equal(1), out)
		Expect(out).To(ContainSubstring("Sign in [carl@example.com]"))
		Expect(out).NotTo(ContainSubstring("ann@example.com"))
		Expect(out).To(ContainSubstring("0 passed, 1 failed"))
	})

	It("are each a testcase in JUnit, and --last-failed reruns only the failed row", func() {
		dir := GinkgoT().TempDir()
		junit := filepath.Join(GinkgoT().TempDir(), "junit.xml")
		code, out := smokeflow("run", "--workers", "2", "--base-url", site.URL, "--artifacts", dir, "--report", "junit="+junit, rowsFlow)
		Expect(code).To(Equal(1), out)
		Expect(out).To(ContainSubstring("2 passed, 1 failed"))
		b, err := os.ReadFile(junit)
		Expect(err).NotTo(HaveOccurred())
		Expect(strings.Count(string(b), "<testcase ")).To(Equal(3))
		for _, key := range []string{"ann", "bob", "carl"} {
			Expect(string(b)).To(ContainSubstring(`name="Sign in [` + key + `@example.com]"`))
		}

		Expect(listed("--last-failed", "--artifacts", dir, rowsFlow)).To(Equal([]string{rowsFlow + " › Sign in [carl@example.com]"}))
		code, out = smokeflow("run", "--last-failed", "--base-url", site.URL, "--artifacts", dir, rowsFlow)
		Expect(code).To(Equal(1), out)
		Expect(out).To(ContainSubstring("Sign in [carl@example.com]"))
		Expect(out).NotTo(ContainSubstring("bob@example.com"))
		Expect(out).To(ContainSubstring("0 passed, 1 failed"))
	})

	It("are checked before a browser starts: an error in the data file names its line, exit 2", func() {
		code, out := smokeflow(append([]string{"run", "--base-url", site.URL, "--artifacts", GinkgoT().TempDir()}, append(noBrowser, "../../testdata/flows/invalid/rows_csv_bad.yaml")...)...)
		Expect(code).To(Equal(2), out)
		Expect(out).To(ContainSubstring("rows_csv_bad.csv:3:1: data: this row has 1 field, the header has 2"))
	})
})
