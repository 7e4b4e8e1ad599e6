package session_test

import (
	"context"
	"fmt"
	"time"

	"github.com/go-rod/rod/lib/proto"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/session"
)

// Expectations over the page's latest read (docs/targets.md "Reusing a
// read"): a positive one may pass over it, its element confirmed shown
// live; none fails over it, and hidden and value never pass over it.
var _ = Describe("expectations over the page's latest read", func() {
	var s *session.Session
	// reusing returns once an expectation after a read read nothing more:
	// the page is at rest (a late load event moves its count, and the
	// next expectation reads).
	reusing := func(checks ...string) {
		GinkgoHelper()
		Eventually(func() bool {
			do(s, "expect: { visible: Shown by a rule }")
			before := session.PageOf(s).Reads()
			for _, c := range append([]string{"expect: { visible: Shown by a rule }"}, checks...) {
				do(s, c)
			}
			return session.PageOf(s).Reads() == before
		}).WithTimeout(5*time.Second).Should(BeTrue(), "no read for what the latest read shows")
	}
	BeforeEach(func() {
		s = openSession(GinkgoT().TempDir(), &events{})
		do(s, "open: /session/reuse.html")
		reusing()
	})

	// silently runs js in the page's main world, as the page's own
	// scripts would: no step of smokeflow's, no event, no DOM change
	silently := func(js string) {
		GinkgoHelper()
		c := session.PageOf(s).Sessions()[0].Client(context.Background())
		r, err := proto.RuntimeEvaluate{Expression: js}.Call(c)
		Expect(err).NotTo(HaveOccurred())
		Expect(r.ExceptionDetails).To(BeNil())
	}
	editRule := func(selector, display string) {
		GinkgoHelper()
		silently(fmt.Sprintf(`for (const r of document.styleSheets[0].cssRules) if (r.selectorText === %q) r.style.display = %q;`, selector, display))
	}

	It("lets visible and text pass over it, and reads for a value", func() {
		reusing(`expect: { text: { css: "#shown" }, contains: Shown }`)
		before := session.PageOf(s).Reads()
		do(s, "expect: { value: Value, equals: first }")
		Expect(session.PageOf(s).Reads()).To(BeNumerically(">", before), "a value is always read")
	})

	It("extracts from a field by ref on its element alone, an empty one as its name, even with a value a script set silently", func() {
		reusing()
		do(s, "snapshot") // hands e1 (Value) and e2 (Empty)
		before := session.PageOf(s).Reads()
		got := func(ref string) any {
			GinkgoHelper()
			do(s, fmt.Sprintf(`extract: {var: got, from: "%s"}`, ref))
			return s.Scope().Vars["got"]
		}
		Expect(got("@e1")).To(Equal("first"))
		Expect(got("@e2")).To(Equal("Empty"), "an empty field reads as its name, as a read of the page says it")
		silently(`document.getElementById('empty').value = 'set silently'`)
		Expect(got("@e2")).To(Equal("set silently"))
		Expect(session.PageOf(s).Reads()).To(Equal(before), "no read of the page: the fields' own elements answer")
	})

	It("checks and unchecks a box by ref and sees its new state on its element alone", func() {
		reusing()
		do(s, "snapshot") // hands e3 (Agree)
		before := session.PageOf(s).Reads()
		do(s, `check: "@e3"`)
		do(s, `uncheck: "@e3"`)
		Expect(session.PageOf(s).Reads()).To(Equal(before), "no read of the page: the box's own element says its state")
		do(s, "expect: { unchecked: Agree }")
	})

	It("checks and unchecks a box by its name over the latest read, reading nothing", func() {
		reusing()
		before := session.PageOf(s).Reads()
		do(s, "uncheck: Agree") // unchecked already: nothing sent
		do(s, "check: Agree")   // the box's own element says its new state
		Expect(session.PageOf(s).Reads()).To(Equal(before), "no read of the page: the latest read found the box")
		do(s, "expect: { checked: Agree }")
	})

	It("reads the page again for check and uncheck once a script set the box's state silently", func() {
		reusing()
		before := session.PageOf(s).Reads()
		silently(`document.getElementById('agree').checked = true`)
		// over the latest read, which says unchecked, check would click
		// the box and so uncheck it
		do(s, "check: Agree")
		do(s, "expect: { checked: Agree }")
		Expect(session.PageOf(s).Reads()).To(BeNumerically(">", before), "the stamp's digest moved: the page was read")
		reusing()
		silently(`document.getElementById('agree').checked = false`)
		do(s, "uncheck: Agree")
		do(s, "expect: { unchecked: Agree }")
	})

	It("keeps the latest read after an action that sent nothing: a check of a box checked already, a scroll to an element in view", func() {
		reusing()
		do(s, "snapshot") // hands e3 (Agree)
		do(s, `check: "@e3"`)
		for _, step := range []string{`check: "@e3"`, `scroll: "@e3"`} {
			Eventually(func() bool {
				do(s, "expect: { visible: Shown by a rule }")
				before := session.PageOf(s).Reads()
				do(s, step)
				do(s, "expect: { visible: Shown by a rule }")
				return session.PageOf(s).Reads() == before
			}).WithTimeout(5*time.Second).Should(BeTrue(), "no read after %s, which sent nothing", step)
		}
		// a scroll the checks made moves the stamp: the next read is fresh
		do(s, "scroll: Far below")
		before := session.PageOf(s).Reads()
		do(s, "expect: { visible: Shown by a rule }")
		Expect(session.PageOf(s).Reads()).To(BeNumerically(">", before), "a read after the page scrolled")
	})

	It("fails visible and text when the element was hidden since, where the stamp cannot see", func() {
		reusing()
		editRule(".ruled", "none")
		_, se := doFails(s, "expect: { visible: Shown by a rule }\ntimeout: 500ms")
		Expect(se.Reason()).To(Equal(diagnostics.ReasonAssertion))
		_, se = doFails(s, "expect: { text: { css: \"#shown\" }, contains: Shown }\ntimeout: 500ms")
		Expect(se.Failure.Message).To(ContainSubstring("#shown"))
	})

	It("never passes hidden over it", func() {
		reusing()
		do(s, "expect: { hidden: Hidden by a rule }")
		editRule(".gone", "block")
		_, se := doFails(s, "expect: { hidden: Hidden by a rule }\ntimeout: 500ms")
		Expect(se.Failure.Message).To(ContainSubstring("to be hidden"))
	})

	It("never passes a value over it: a script sets .value with no event", func() {
		do(s, "expect: { value: Value, equals: first }")
		silently(`document.getElementById('v').value = 'second'`)
		_, se := doFails(s, "expect: { value: Value, equals: first }\ntimeout: 500ms")
		Expect(se.Failure.Message).To(ContainSubstring(`but it is "second"`))
	})
})

// Expectations while a CSS transition runs (docs/targets.md "Reusing a
// read", "Transitions"): they pass over the latest read, which an action
// does not take.
var _ = Describe("expectations while a CSS transition runs", func() {
	It("pass over the page's latest read, and an action reads the page", func() {
		s := openSession(GinkgoT().TempDir(), &events{})
		do(s, "open: /session/transition.html")
		c := session.PageOf(s).Sessions()[0].Client(context.Background())
		Eventually(func() bool {
			r, err := proto.RuntimeEvaluate{Expression: `document.getAnimations().length > 0`, ReturnByValue: true}.Call(c)
			return err == nil && r.Result.Value.Bool()
		}).WithTimeout(5*time.Second).Should(BeTrue(), "the bar's transition runs")
		Eventually(func() bool {
			do(s, "expect: { visible: Saved }")
			before := session.PageOf(s).Reads()
			do(s, "expect: { visible: Saved }")
			do(s, `expect: { text: { css: "#done" }, contains: Saved }`)
			return session.PageOf(s).Reads() == before
		}).WithTimeout(5*time.Second).Should(BeTrue(), "no read for what the latest read shows, the transition running")
		before := session.PageOf(s).Reads()
		do(s, "click: Save")
		Expect(session.PageOf(s).Reads()).To(BeNumerically(">", before), "an action reads a page with a transition running")
	})
})
