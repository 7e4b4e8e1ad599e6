package session_test

import (
	"context"
	"time"

	"github.com/smokeflow/smokeflow/session"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// docs/targets.md "A navigation under way": an action waits while the
// page is going on to another document, so the step after one that sent
// the page elsewhere acts on the new page, never on the page being left.
// The home page and the results page each have a link named Result.
var _ = Describe("a step after an action that navigates", func() {
	It("acts on the page a form sent with Enter led to, not on the page it left", func() {
		for _, slow := range []string{"0", "300"} {
			s := openSession(GinkgoT().TempDir(), nil)
			do(s, "open: /session/navrace/home.html?slow="+slow)
			do(s, "fill: {target: {label: Search}, value: mug}")
			do(s, "press: {target: {label: Search}, key: Enter}")
			rec := do(s, "click: {role: link, name: Result}")
			Expect(s.URL(context.Background())).To(HaveSuffix("/right.html"), "the results page sent %s ms late", slow)
			if slow != "0" {
				Expect(rec.Log).To(ContainElement(MatchRegexp(`^waited \d+ms for the page to go on to http://.*/results.html\?q=mug&delay=300 before acting$`)))
			}
		}
	})

	It("acts on the page a link led to, whose server answers late", func() {
		s := openSession(GinkgoT().TempDir(), nil)
		do(s, "open: /session/navrace/home.html")
		do(s, "click: Slow results")
		do(s, "click: {role: link, name: Result}")
		Expect(s.URL(context.Background())).To(HaveSuffix("/right.html"))
	})

	It("fails an action on a page whose server has not answered by its timeout, naming where it was going", func() {
		s := openSession(GinkgoT().TempDir(), nil)
		do(s, "open: /session/navrace/home.html")
		do(s, "click: Very slow results\ntimeout: 500ms") // the results page comes 2.5 s later
		rec, se := doFails(s, "click: {role: link, name: Result}\ntimeout: 500ms")
		Expect(string(se.Failure.Reason)).To(Equal("navigation"), "%v", rec.Log)
		Expect(se.Failure.Message).To(MatchRegexp(
			`the page was going on to http://.*/results.html\?delay=2500, which had not replaced it .* later \(its server had not answered\)`))
	})

	It("does not wait for a navigation that never replaces the page: a download", func() {
		s := openSession(GinkgoT().TempDir(), nil)
		do(s, "open: /session/navrace/home.html")
		start := time.Now()
		do(s, "click: Download")
		rec := do(s, "click: {role: link, name: Result}")
		Expect(time.Since(start)).To(BeNumerically("<", 2*time.Second), "%v", rec.Log)
		Expect(s.URL(context.Background())).To(HaveSuffix("/wrong.html"))
	})
})

// A screenshot sent while the tab is going on to another document is
// answered by the browser only once a frame comes, which the page being
// left no longer paints: it waited out its 2 s after a step that sent a
// form to its own page (7 times in 8). It waits for the new document
// first (docs/running.md "Traces", "Never a failure"). The page has a
// password field, so the trace's frame is a screenshot.
var _ = Describe("a trace's screenshot after a step that navigates", func() {
	It("is taken without waiting out its 2 s", func() {
		dir := GinkgoT().TempDir()
		s := openOptions(session.Options{BaseURL: site.URL, ArtifactsDir: dir, StepTimeout: 3 * time.Second, Trace: session.TraceScreencast})
		do(s, "open: /session/navrace/home.html")
		do(s, "fill: {target: {label: Password}, value: not-the-password}")
		rec := do(s, "click: Sign in")
		Expect(rec.Duration).To(BeNumerically("<", 1500*time.Millisecond))
		Expect(s.KeepTrace()).To(Succeed())
		Expect(existing(dir, "session/trace/3.jpg")).To(Equal([]bool{true}))
	})
})
