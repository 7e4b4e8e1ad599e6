package session_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/session"
)

// docs/targets.md "The snapshot", "Date, time and colour inputs": each is
// one textbox, named by its label; fill sets its value as Playwright does.
var _ = Describe("Date, time and colour inputs", func() {
	var s *session.Session

	BeforeEach(func() {
		s = openSession(GinkgoT().TempDir(), nil)
		do(s, "open: /snapshot/pickers.html")
	})

	It("take fill by their label, with input and change events, and expect value reads them", func() {
		do(s, `expect: { value: Start date, equals: "2024-01-31" }`)
		do(s, `fill: { target: Start date, value: "2025-12-24" }`)
		do(s, `expect: { value: Start date, equals: "2025-12-24" }`)
		do(s, `expect: { text: { css: "#echo" }, equals: "Start date: input 2025-12-24, change 2025-12-24" }`)

		do(s, `fill: { target: Paint colour, value: "#FF0000" }`)
		do(s, `expect: { value: Paint colour, equals: "#ff0000" }`)
		do(s, `expect: { text: { css: "#echo" }, equals: "Paint colour: input #ff0000, change #ff0000" }`)

		do(s, `fill: { target: Alarm, value: "13:45" }`)
		do(s, `expect: { value: Alarm, equals: "13:45" }`)
		do(s, `fill: { target: Billing month, value: "2025-03" }`)
		do(s, `expect: { value: Billing month, equals: "2025-03" }`)
	})

	It("fail at once on a value the input does not take, saying what it takes", func() {
		_, se := doFails(s, `fill: { target: End date, value: "31/01/2024" }`)
		Expect(se.Failure.Reason).To(Equal(diagnostics.ReasonNotEditable))
		Expect(se.Failure.Message).To(ContainSubstring(`textbox "End date" does not take the value "31/01/2024": a date takes 2024-01-31`))
		d := se.Failure.Diagnostics
		Expect(d).NotTo(BeNil())
		Expect(d.Verdict).To(Equal(`"End date" does not take the value "31/01/2024"`))
		Expect(d.Hints).To(ContainElement(ContainSubstring("give the value in the input's own form")))
		Expect(d.Hints).NotTo(ContainElement(ContainSubstring("target the field itself")))
		do(s, `expect: { value: End date, equals: "" }`)
	})

	It("fail the check of an expect value that does not hold", func() {
		_, se := doFails(s, `expect: { value: Paint colour, equals: "#ff0000" }`)
		Expect(se.Failure.Reason).To(Equal(diagnostics.ReasonAssertion))
	})
})
