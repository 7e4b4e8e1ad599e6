package reports_test

import (
	"bytes"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/reports"
	"github.com/smokeflow/smokeflow/results"
)

// baselineRun is a run whose flow failed a screenshot comparison and
// wrote a snapshot baseline.
func baselineRun(ext string) *results.Run {
	arts := []results.Artifact{
		{Kind: results.ArtifactExpected, Name: "home.expected" + ext, Path: "look/home.expected" + ext},
		{Kind: results.ArtifactActual, Name: "home.actual" + ext, Path: "look/home.actual" + ext},
		{Kind: results.ArtifactDiff, Name: "home.diff" + ext, Path: "look/home.diff" + ext},
	}
	f := &results.Failure{Message: "step 2 (look.yaml:4) expect screenshot home: the screenshot differs", Reason: diagnostics.ReasonAssertion,
		Diagnostics: &diagnostics.Diagnostics{Reason: diagnostics.ReasonAssertion, Message: "the screenshot differs"}}
	return &results.Run{ArtifactsDir: "smokeflow-results", Flows: []*results.Flow{{Name: "Look", File: "look.yaml", Status: results.Failed,
		Attempts: []*results.Attempt{{Number: 1, Status: results.Failed, Failure: f, Artifacts: arts,
			Baselines: []results.Baseline{{Step: "3", Kind: results.BaselineSnapshot, File: "look.baselines/home.txt", New: true}}}}}}}
}

var _ = Describe("a failed baseline comparison in the reports (docs/results.md)", func() {
	It("shows the expected, actual and diff images side by side in Markdown", func() {
		md := markdownOf(baselineRun(".png"), reports.MarkdownOptions{LinkBase: "../art"})
		Expect(md).To(ContainSubstring("| expected | actual | diff |\n|---|---|---|\n| ![expected](../art/look/home.expected.png) | ![actual](../art/look/home.actual.png) | ![diff](../art/look/home.diff.png) |\n"))
		Expect(markdownOf(baselineRun(".png"), reports.MarkdownOptions{NoLinks: true})).NotTo(ContainSubstring("![expected]"), "no images where links cannot go")
		Expect(markdownOf(baselineRun(".txt"), reports.MarkdownOptions{})).NotTo(ContainSubstring("![expected]"), "a snapshot's texts are links only")
		Expect(markdownOf(baselineRun(".txt"), reports.MarkdownOptions{})).To(ContainSubstring("expected [home.expected.txt](look/home.expected.txt)"))
	})

	It("attaches the three files in JUnit", func() {
		var b bytes.Buffer
		Expect(reports.WriteJUnit(&b, baselineRun(".png"))).To(Succeed())
		for _, f := range []string{"expected", "actual", "diff"} {
			Expect(b.String()).To(ContainSubstring("[[ATTACHMENT|smokeflow-results/look/home." + f + ".png]]"))
		}
	})

	It("says on the terminal which baselines a flow wrote", func() {
		var b bytes.Buffer
		p := reports.NewProgress(&b, reports.Quiet, false, false)
		p.Event(results.Event{Kind: results.FlowFinished, Result: baselineRun(".png").Flows[0]})
		Expect(b.String()).To(ContainSubstring("  snapshot baseline written: look.baselines/home.txt\n"))
	})
})
