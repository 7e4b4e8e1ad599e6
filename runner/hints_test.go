package runner_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// runSteps runs a flow of the given steps (YAML, one a line).
func runSteps(steps ...string) *results.Flow {
	GinkgoHelper()
	src := "name: hint\nstep_timeout: 2s\nsteps:\n"
	for _, s := range steps {
		src += "  - " + s + "\n"
	}
	file := filepath.Join(GinkgoT().TempDir(), "hint.yaml")
	Expect(os.WriteFile(file, []byte(src), 0o644)).To(Succeed())
	return runOne(file, runner.Config{})
}

// failedDiag runs a flow whose last step must fail, and returns its
// diagnostics.
func failedDiag(steps ...string) *diagnostics.Diagnostics {
	GinkgoHelper()
	res := runSteps(steps...)
	Expect(res.Status).To(Equal(results.Failed))
	d := res.Final().Failure.Diagnostics
	Expect(d).NotTo(BeNil())
	GinkgoWriter.Println(failureText(res))
	return d
}

const hintsPage = "open: /conformance/pages/hints.html"

// clicked pastes a suggested line into a flow on the hints page, runs it,
// and says which control it clicked (each writes its own name in #out).
func clicked(line string) string {
	GinkgoHelper()
	res := runSteps(hintsPage, line, `extract: { var: out, from: { css: "#out" } }`)
	Expect(res.Status).To(Equal(results.Passed), "pasted %q:\n%s", line, failureText(res))
	for _, s := range res.Final().Steps {
		for _, l := range s.Log {
			if v, ok := strings.CutPrefix(l, "out = "); ok {
				return strings.Trim(v, `"`)
			}
		}
	}
	Fail("no extract log")
	return ""
}

// expectHintsHold checks that d suggests one line per candidate, each in
// its hints and its JSON, and that pasted into the flow each clicks a
// different one of want.
func expectHintsHold(d *diagnostics.Diagnostics, want ...string) {
	GinkgoHelper()
	Expect(d.Suggestions).To(HaveLen(len(want)))
	raw, err := json.Marshal(d)
	Expect(err).NotTo(HaveOccurred())
	var got []string
	for _, s := range d.Suggestions {
		Expect(d.Hints).To(ContainElement(s.Hint()))
		Expect(string(raw)).To(ContainSubstring(`"line":` + mustJSON(s.Line)))
		got = append(got, clicked(s.Line))
	}
	Expect(got).To(ConsistOf(want))
}

func mustJSON(s string) string {
	b, err := json.Marshal(s)
	Expect(err).NotTo(HaveOccurred())
	return string(b)
}

var _ = Describe("Hints that hold", func() {
	It("tells the same link in navigation and footer apart by their landmarks, never by main, which holds neither", func() {
		d := failedDiag(hintsPage, "click: Sign in")
		Expect(d.Reason).To(Equal(diagnostics.ReasonAmbiguous))
		for _, h := range d.Hints {
			Expect(h).NotTo(ContainSubstring("role: main"))
		}
		Expect(d.Hints).To(ConsistOf(
			MatchRegexp(`^click: \{role: link, name: Sign in, within: \{role: navigation\}\}  # @e\d+$`),
			MatchRegexp(`^click: \{role: link, name: Sign in, within: \{role: contentinfo\}\}  # @e\d+$`)))
		text := diagnostics.Render(d, false)
		Expect(text).To(MatchRegexp(`try one of:\n  click: \{role: link, name: Sign in, within: \{role: navigation\}\}   # @e\d+\n` +
			`  click: \{role: link, name: Sign in, within: \{role: contentinfo\}\}  # @e\d+`))
		expectHintsHold(d, "nav sign in", "footer sign in")
	})
	It("tells two Delete buttons apart by their rows", func() {
		d := failedDiag(hintsPage, "click: { role: button, name: Delete }")
		Expect(d.Hints).To(ContainElement(HavePrefix("click: {role: button, name: Delete, within: {role: row, has_text: Ada Lovelace}}")))
		expectHintsHold(d, "delete ada", "delete alan")
	})
	It("tells a link and a button of one name apart by their roles", func() {
		d := failedDiag(hintsPage, "click: Help")
		expectHintsHold(d, "help link", "help button")
	})
	It("picks by nth only when nothing else tells them apart", func() {
		d := failedDiag(hintsPage, "click: Add")
		Expect(d.Hints).To(ConsistOf(ContainSubstring("nth: 0"), ContainSubstring("nth: 1")))
		expectHintsHold(d, "add 1", "add 2")
		d = failedDiag(hintsPage, "click: Help")
		for _, h := range d.Hints {
			Expect(h).NotTo(ContainSubstring("nth"))
		}
	})
	It("keeps the key the step's target is written under", func() {
		d := failedDiag(hintsPage, "hover: { target: Help, modifiers: [Shift] }")
		Expect(d.Hints).To(ContainElement(HavePrefix("target: {role: button, name: Help}")))
		d = failedDiag(hintsPage, "expect: { text: Help, equals: x }")
		Expect(d.Hints).To(ContainElement(HavePrefix("text: {role: link, name: Help}")))
	})
	It("offers a near miss only by a target that picks it alone", func() {
		d := failedDiag(hintsPage, "click: Log in")
		Expect(d.Reason).To(Equal(diagnostics.ReasonNotFound))
		Expect(d.Suggestions).To(HaveLen(1))
		Expect(d.Hints).To(ContainElement(MatchRegexp(`^if the copy changed: click: Log out  # @e\d+$`)))
		Expect(clicked(d.Suggestions[0].Line)).To(Equal("log out"))
	})
})

var _ = Describe("Hints that hold, for a step that typed into what takes no text", func() {
	It("points at the closest field by a target checked to pick it alone", func() {
		d := failedDiag(hintsPage, "fill: { target: { text: Your email }, value: x }")
		Expect(d.Reason).To(Equal(diagnostics.ReasonNotEditable))
		Expect(d.Hints).To(ContainElement(MatchRegexp(`^target the field itself: target: Email  # @e\d+$`)))
		Expect(d.Suggestions).To(HaveLen(1))
		res := runSteps(hintsPage, "fill: { "+d.Suggestions[0].Line+", value: ada }", `expect: { text: { css: "#out" }, equals: email ada }`)
		Expect(res.Status).To(Equal(results.Passed), failureText(res))
	})
	It("gives no target when no field is close", func() {
		d := failedDiag(hintsPage, "fill: { target: { role: button, name: Add, nth: 0 }, value: x }")
		Expect(d.Reason).To(Equal(diagnostics.ReasonNotEditable))
		Expect(d.Suggestions).To(BeEmpty())
		Expect(d.Hints).To(ContainElement("target the field itself, by its label or placeholder"))
	})
})

var _ = Describe("Why a control stays disabled", func() {
	It("lists the form's required fields left empty, unchecked or invalid, with refs and the browser's message, in the JSON too", func() {
		d := failedDiag("open: /conformance/pages/order.html", "fill: { target: Coupon, value: nope }", "click: Place order")
		Expect(d.Reason).To(Equal(diagnostics.ReasonDisabled))
		Expect(d.Form).NotTo(BeNil())
		Expect(d.Form.Role).To(Equal("form"))
		Expect(d.Form.Name).To(Equal("Checkout"))
		Expect(d.Form.Blockers).To(HaveLen(3))
		email, coupon, terms := d.Form.Blockers[0], d.Form.Blockers[1], d.Form.Blockers[2]
		Expect([]string{email.Role, email.Name, string(email.State)}).To(Equal([]string{"textbox", "Email", "empty"}))
		Expect(email.Required).To(BeTrue())
		Expect(email.Ref).To(MatchRegexp(`^e\d+$`))
		Expect(email.ValidationMessage).NotTo(BeEmpty())
		Expect([]string{coupon.Name, string(coupon.State), coupon.ValidationMessage}).To(Equal([]string{"Coupon", "invalid", "Please match the requested format."}))
		Expect(coupon.Required).To(BeFalse())
		Expect([]string{terms.Role, terms.Name, string(terms.State)}).To(Equal([]string{"checkbox", "I accept the terms", "unchecked"}))
		Expect(d.Verdict).To(MatchRegexp(`^"Place order" stayed disabled; its form "Checkout" has: textbox "Email" \[ref=e\d+\] required, empty; ` +
			`textbox "Coupon" \[ref=e\d+\] invalid \("Please match the requested format."\); checkbox "I accept the terms" \[ref=e\d+\] required, unchecked$`))
		raw, err := json.Marshal(d)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(raw)).To(ContainSubstring(`"form":{"role":"form","name":"Checkout","blockers":[{"ref":"` + email.Ref + `","role":"textbox","name":"Email","required":true,"state":"empty"`))
	})
	It("says the form gives no reason, and invents none, when no field is required or invalid", func() {
		d := failedDiag("open: /conformance/pages/order.html", "click: Send feedback")
		Expect(d.Form).NotTo(BeNil())
		Expect(d.Form.Blockers).To(BeEmpty())
		Expect(d.Verdict).To(Equal(`"Send feedback" stayed disabled; its form "Feedback" has no required field left empty and no invalid field`))
		Expect(strings.Join(d.Hints, "\n")).NotTo(ContainSubstring("fill in"))
	})
	It("says nothing of a form when the control is in none", func() {
		d := failedDiag("open: /conformance/pages/disabled.html?stay", "click: Send")
		Expect(d.Form).To(BeNil())
		Expect(d.Verdict).To(Equal(`"Send" stayed disabled`))
	})
})
