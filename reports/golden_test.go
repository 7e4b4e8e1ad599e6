package reports_test

import (
	"bytes"
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/reports"
)

// goldenDir holds the expected reports of sampleRun.
var goldenDir = filepath.Join("..", "testdata", "reports")

// expectGolden compares got with the golden file name, or rewrites the
// file when UPDATE_GOLDEN=1.
func expectGolden(name string, got []byte) {
	GinkgoHelper()
	p := filepath.Join(goldenDir, name)
	if os.Getenv("UPDATE_GOLDEN") == "1" {
		Expect(os.MkdirAll(goldenDir, 0o755)).To(Succeed())
		Expect(os.WriteFile(p, got, 0o644)).To(Succeed())
		return
	}
	want, err := os.ReadFile(p)
	Expect(err).NotTo(HaveOccurred(), "golden file missing; regenerate with UPDATE_GOLDEN=1 go test ./reports/...")
	Expect(string(got)).To(Equal(string(want)), "%s differs from the output; if the change is intended, regenerate with UPDATE_GOLDEN=1 go test ./reports/...", p)
}

var _ = Describe("golden reports of the sample run", func() {
	It("writes JUnit XML", func() {
		var b bytes.Buffer
		Expect(reports.WriteJUnit(&b, sampleRun())).To(Succeed())
		expectGolden("sample.junit.xml", b.Bytes())
	})

	It("writes Markdown with links relative to the report", func() {
		var b bytes.Buffer
		Expect(reports.WriteMarkdown(&b, sampleRun(), reports.MarkdownOptions{LinkBase: "../smokeflow-results"})).To(Succeed())
		expectGolden("sample.md", b.Bytes())
	})

	It("writes Markdown without links, as for a step summary", func() {
		var b bytes.Buffer
		Expect(reports.WriteMarkdown(&b, sampleRun(), reports.MarkdownOptions{NoLinks: true})).To(Succeed())
		expectGolden("sample.nolinks.md", b.Bytes())
	})

	It("writes JSON", func() {
		var b bytes.Buffer
		Expect(reports.WriteJSON(&b, sampleRun())).To(Succeed())
		expectGolden("sample.json", b.Bytes())
	})

	It("writes GitHub annotations", func() {
		var b bytes.Buffer
		Expect(reports.WriteGitHubAnnotations(&b, sampleRun())).To(Succeed())
		expectGolden("sample.annotations.txt", b.Bytes())
	})

	It("does not change the run it reads", func() {
		run := sampleRun()
		var b bytes.Buffer
		Expect(reports.WriteJUnit(&b, run)).To(Succeed())
		Expect(reports.WriteMarkdown(&b, run, reports.MarkdownOptions{})).To(Succeed())
		Expect(reports.WriteJSON(&b, run)).To(Succeed())
		Expect(reports.WriteGitHubAnnotations(&b, run)).To(Succeed())
		Expect(run).To(Equal(sampleRun()))
	})
})
