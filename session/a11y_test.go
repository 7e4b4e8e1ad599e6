package session_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/session"
)

var _ = Describe("expect a11y against a baseline (docs/flows.md \"Accessibility checks\")", func() {
	const bad = "/conformance/pages/a11y-bad.html"
	It("fails on a missing baseline; the update writes the page's violations; then it passes, fails on a new one, and the update drops a fixed one", func() {
		dir, art := GinkgoT().TempDir(), GinkgoT().TempDir()
		flow := filepath.Join(dir, "news.yaml")
		file := filepath.Join(dir, "news.baselines", "known.a11y.txt")
		check := "expect: { a11y: { baseline: known } }\ntimeout: 6s"

		s := baselineSession(art, false)
		do(s, "open: "+bad)
		_, err := run(s, flow, check)
		Expect(err).To(HaveOccurred())
		Expect(err.(*session.StepError).Reason()).To(Equal(diagnostics.ReasonFile))
		Expect(err).To(MatchError(ContainSubstring("there is no baseline " + file + " yet; `smokeflow run " + flow + " --update-baselines` writes it")))

		s = baselineSession(art, true)
		do(s, "open: "+bad)
		rec, err := run(s, flow, check)
		Expect(err).NotTo(HaveOccurred())
		Expect(rec.Log).To(ContainElement("baseline written: " + file + " (new)"))
		Expect(s.Baselines()).To(ConsistOf(HaveField("Kind", results.BaselineA11y)))
		text, err := os.ReadFile(file)
		Expect(err).NotTo(HaveOccurred())
		Expect(baselineBody(text)).To(Equal([]string{"button-name #go", "color-contrast .faint", "image-alt #team", "label #email"}))

		s = baselineSession(art, false)
		do(s, "open: "+bad)
		rec, err = run(s, flow, check)
		Expect(err).NotTo(HaveOccurred())
		Expect(rec.Log).To(ContainElement("matches the baseline " + file + ": 4 violation(s), all in the baseline"))

		do(s, `eval: "document.querySelector('#team').removeAttribute('id'); document.querySelector('main').insertAdjacentHTML('beforeend', '<a href=\"#\"></a>')"`)
		_, err = run(s, flow, check)
		Expect(err).To(MatchError(And(ContainSubstring("2 violation(s) not in the baseline "+file), ContainSubstring("image-alt (critical)"),
			ContainSubstring("image \"\": img <img"), ContainSubstring("link-name (serious)"))))
		Expect(err).NotTo(MatchError(ContainSubstring("label (critical)")), "the violations the baseline lists are not listed")

		s = baselineSession(art, true)
		do(s, "open: "+bad)
		do(s, `eval: "document.querySelector('#go').setAttribute('aria-label', 'Subscribe')"`)
		rec, err = run(s, flow, check)
		Expect(err).NotTo(HaveOccurred())
		Expect(rec.Log).To(ContainElement(ContainSubstring("baseline updated: " + file + " (it differed: 3 violation(s), all in the baseline; the page no longer has 1 it lists: button-name #go)")))
		text, err = os.ReadFile(file)
		Expect(err).NotTo(HaveOccurred())
		Expect(baselineBody(text)).To(Equal([]string{"color-contrast .faint", "image-alt #team", "label #email"}))
	})
})

var _ = Describe("a baseline update out of time (docs/flows.md \"Baselines\")", func() {
	It("says the step's time ran out before two readings, not that the page moved", func() {
		dir, art := GinkgoT().TempDir(), GinkgoT().TempDir()
		s := baselineSession(art, true)
		do(s, "open: /conformance/pages/a11y-bad.html")
		_, err := run(s, filepath.Join(dir, "slow.yaml"), "expect: { a11y: { baseline: known } }\ntimeout: 1ms")
		Expect(err).To(MatchError(And(ContainSubstring("the step's time ran out after"), ContainSubstring("give the step a longer timeout"))))
		Expect(err).NotTo(MatchError(ContainSubstring("did not hold still")))
		Expect(err.(*session.StepError).Reason()).To(Equal(diagnostics.ReasonTimeout))
	})

	// withBaseline writes the screenshot baseline `known` of the page in
	// a flow, and returns the flow and a session on the page to compare
	withBaseline := func() (string, *session.Session) {
		dir, art := GinkgoT().TempDir(), GinkgoT().TempDir()
		flow := filepath.Join(dir, "slow.yaml")
		s := baselineSession(art, true)
		do(s, "open: /conformance/pages/a11y-bad.html")
		_, err := run(s, flow, "expect: { screenshot: known }")
		Expect(err).NotTo(HaveOccurred(), "the baseline written")
		s = baselineSession(art, false)
		do(s, "open: /conformance/pages/a11y-bad.html")
		return flow, s
	}

	It("says the step's time ran out before one reading to compare, not what the reading's helper was doing", func() {
		flow, s := withBaseline()
		// the check's first try reads the page whatever the step's
		// timeout (docs/flows.md "Checks that fail"): the flow's end cuts it
		ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
		defer cancel()
		_, err := s.Do(ctx, flowStep(flow, "expect: { screenshot: known }\ntimeout: 1ms"))
		Expect(err).To(MatchError(And(ContainSubstring("the step's time (1ms) ran out before the page could be read once to compare with the baseline"), ContainSubstring("give the step a longer timeout"))))
		Expect(err.(*session.StepError).Reason()).To(Equal(diagnostics.ReasonTimeout))
	})

	It("compares one reading when the step's timeout ends before any could be taken", func() {
		flow, s := withBaseline()
		rec, err := run(s, flow, "expect: { screenshot: known }\ntimeout: 1ms")
		Expect(err).NotTo(HaveOccurred())
		Expect(rec.Log).To(ContainElement(ContainSubstring("matches the baseline")))
	})
})

// baselineBody is a baseline's lines, its comments aside.
func baselineBody(text []byte) []string {
	var out []string
	for _, l := range strings.Split(string(text), "\n") {
		if l != "" && l[0] != '#' {
			out = append(out, l)
		}
	}
	return out
}
