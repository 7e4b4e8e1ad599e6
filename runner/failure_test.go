package runner_test

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/reports"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// junitDoc is the part of a JUnit report these tests read.
type junitDoc struct {
	Cases []struct {
		Failure *struct {
			Message string `xml:"message,attr"`
			Type    string `xml:"type,attr"`
			Body    string `xml:",chardata"`
		} `xml:"failure"`
	} `xml:"testsuite>testcase"`
}

// A failure inside a group, a repeat or a sub-flow is the flow's failure,
// with the innermost failing step's place, action and typed reason, in the
// terminal and in every report (docs/results.md "Failure").
var _ = Describe("Failure records", func() {
	DescribeTable("name the innermost failing step, its reason and message everywhere",
		func(file, at, action string, reason diagnostics.Reason, message string) {
			var term bytes.Buffer
			flows := load(file)
			run, err := runner.Run(context.Background(), runner.Config{Use: shared, BaseURL: fixture.URL,
				ArtifactsDir: GinkgoT().TempDir(), Listener: reports.NewProgress(&term, reports.Normal, false, false)}, flows)
			Expect(err).NotTo(HaveOccurred())
			f := run.Flows[0]
			Expect(f.Status).To(Equal(results.Failed))
			fl := f.Final().Failure
			Expect(fl).NotTo(BeNil())
			Expect(fmt.Sprintf("%s:%d", fl.File, fl.Line)).To(Equal(at), fl.Message)
			Expect(fl.Action).To(Equal(action))
			Expect(fl.Reason).To(Equal(reason), fl.Message)
			Expect(fl.Diagnostics).NotTo(BeNil())
			Expect(fl.Diagnostics.Reason).To(Equal(reason))
			Expect(fl.Message).To(ContainSubstring("(" + at + ") " + action))
			Expect(fl.Message).To(ContainSubstring(message))

			By("the terminal")
			Expect(term.String()).To(ContainSubstring("(" + at + ") " + action))
			Expect(term.String()).To(ContainSubstring(message))
			Expect(term.String()).To(ContainSubstring("reason: " + string(reason)))

			By("JUnit XML")
			var b bytes.Buffer
			Expect(reports.WriteJUnit(&b, run)).To(Succeed())
			var doc junitDoc
			Expect(xml.Unmarshal(b.Bytes(), &doc)).To(Succeed())
			Expect(doc.Cases).To(HaveLen(1))
			jf := doc.Cases[0].Failure
			Expect(jf).NotTo(BeNil())
			Expect(jf.Type).To(Equal(string(reason)))
			Expect(jf.Message).To(ContainSubstring("(" + at + ") " + action))
			Expect(jf.Message).To(ContainSubstring(message))
			Expect(jf.Body).To(ContainSubstring("reason: " + string(reason)))

			By("Markdown")
			b.Reset()
			Expect(reports.WriteMarkdown(&b, run, reports.MarkdownOptions{})).To(Succeed())
			Expect(b.String()).To(ContainSubstring(at))
			Expect(b.String()).To(ContainSubstring("**Reason:** `" + string(reason) + "`"))

			By("JSON")
			b.Reset()
			Expect(reports.WriteJSON(&b, run)).To(Succeed())
			var back results.Run
			Expect(json.Unmarshal(b.Bytes(), &back)).To(Succeed())
			jfl := back.Flows[0].Final().Failure
			Expect(fmt.Sprintf("%s:%d", jfl.File, jfl.Line)).To(Equal(at))
			Expect(jfl.Reason).To(Equal(reason))
			Expect(jfl.Action).To(Equal(action))
			Expect(jfl.Message).To(ContainSubstring(message))

			By("GitHub annotations")
			b.Reset()
			Expect(reports.WriteGitHubAnnotations(&b, run)).To(Succeed())
			Expect(b.String()).To(ContainSubstring(fmt.Sprintf("file=%s,line=%d,", fl.File, fl.Line)))
			Expect(b.String()).To(ContainSubstring("%0Areason: " + string(reason)))
		},
		Entry("a repeat at its max", "fail-in-repeat.yaml", "../testdata/runner/fail-in-repeat.yaml:4", "repeat",
			diagnostics.ReasonRepeatMax, `still going after max 3 rounds: until count({role: "row"}) >= 50 is still false; count({role: "row"}) = 3`),
		Entry("a step inside a group", "fail-in-group.yaml", "../testdata/runner/fail-in-group.yaml:7", "expect",
			diagnostics.ReasonAssertion, `expected the text of role="heading" to equal "Invoices", but it is "Orders"`),
		Entry("a step of a sub-flow run inside a group", "fail-in-run.yaml", "../testdata/runner/_lib/click-refund.yaml:4", "click",
			diagnostics.ReasonNotFound, `"Refund"`),
		Entry("a repeat in teardown after the steps passed", "fail-in-teardown.yaml", "../testdata/runner/fail-in-teardown.yaml:5", "repeat",
			diagnostics.ReasonRepeatMax, `still going after max 2 rounds: while visible("Pay") is still true; visible("Pay") = true`),
	)

	It("says an interrupted flow was interrupted", func() {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		run, err := runner.Run(ctx, runner.Config{Use: shared, BaseURL: fixture.URL, Workers: 1, DrainTimeout: time.Millisecond,
			ArtifactsDir: GinkgoT().TempDir(), Listener: &cancelOn{action: "wait", cancel: cancel}}, load("long-wait.yaml"))
		Expect(err).NotTo(HaveOccurred())
		fl := run.Flows[0].Final().Failure
		Expect(fl).NotTo(BeNil())
		Expect(fl.Reason).To(Equal(diagnostics.ReasonInterrupted), fl.Message)
	})
})
