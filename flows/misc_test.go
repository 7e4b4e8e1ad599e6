package flows_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
)

var _ = Describe("helpers", func() {
	DescribeTable("ParseDuration",
		func(in string, want time.Duration, ok bool) {
			d, err := flows.ParseDuration(in)
			if !ok {
				Expect(err).To(HaveOccurred())
				return
			}
			Expect(err).NotTo(HaveOccurred())
			Expect(d).To(Equal(want))
		},
		Entry(nil, "500ms", 500*time.Millisecond, true),
		Entry(nil, "1m30s", 90*time.Second, true),
		Entry(nil, "1.5s", 1500*time.Millisecond, true),
		Entry(nil, "250", 250*time.Millisecond, true),
		Entry(nil, "0", time.Duration(0), true),
		Entry(nil, "1.5", time.Duration(0), false),
		Entry(nil, "-1s", time.Duration(0), false),
		Entry(nil, "5 sec", time.Duration(0), false),
		Entry(nil, "99999999999999999999", time.Duration(0), false),
	)

	DescribeTable("NormalizeKey",
		func(in, want string) {
			Expect(flows.NormalizeKey(in)).To(Equal(want))
		},
		Entry(nil, "enter", "Enter"),
		Entry(nil, "control+a", "Control+a"),
		Entry(nil, "Shift+Tab", "Shift+Tab"),
		Entry(nil, "ControlOrMeta+Enter", "ControlOrMeta+Enter"),
		Entry(nil, "+", "+"),
		Entry(nil, "Control++", "Control++"),
		Entry(nil, "f12", "F12"),
		Entry(nil, "keya", "KeyA"),
		Entry(nil, "é", "é"),
	)

	DescribeTable("NormalizeKey errors",
		func(in, msg string) {
			_, err := flows.NormalizeKey(in)
			Expect(err).To(MatchError(ContainSubstring(msg)))
		},
		Entry(nil, "Entr", `did you mean "Enter"`),
		Entry(nil, "Ctrl+A", `did you mean "Control"`),
		Entry(nil, "A+B", "not a modifier"),
		Entry(nil, "Control+", "bad key"),
	)

	It("compiles name regexes and match patterns", func() {
		re, ok, err := flows.NameRegex("/sign (in|up)/i")
		Expect(err).NotTo(HaveOccurred())
		Expect(ok).To(BeTrue())
		Expect(re.MatchString("SIGN UP")).To(BeTrue())
		_, ok, _ = flows.NameRegex("Sign in")
		Expect(ok).To(BeFalse())
		_, _, err = flows.NameRegex("/a/q")
		Expect(err).To(MatchError(ContainSubstring(`unknown regex flag "q"`)))

		m, err := flows.CompileMatch(`/orders/\d+`)
		Expect(err).NotTo(HaveOccurred())
		Expect(m.MatchString("/orders/12")).To(BeTrue(), "a path is not taken for /re/flags")
		m, err = flows.CompileMatch("/CART/i")
		Expect(err).NotTo(HaveOccurred())
		Expect(m.MatchString("http://x/cart")).To(BeTrue())
		_, err = flows.CompileMatch("(")
		Expect(err).To(MatchError(ContainSubstring("missing closing )")))
	})

	It("interpolates and tests matches", func() {
		sc := &flows.Scope{Vars: map[string]any{"id": 42}}
		m, err := (&flows.Match{Matches: &flows.Regex{Source: `/orders/${id}$`}}).Interpolate(sc)
		Expect(err).NotTo(HaveOccurred())
		Expect(m.Test("http://x/orders/42")).To(BeTrue())
		Expect(m.Test("http://x/orders/421")).To(BeFalse())
		Expect(m.String()).To(Equal("matches /orders/42$"))

		m, err = (&flows.Match{Equals: sp("n=${id}")}).Interpolate(sc)
		Expect(err).NotTo(HaveOccurred())
		Expect(m.Test("n=42")).To(BeTrue())
		Expect(m.String()).To(Equal(`equals "n=42"`))

		m, err = (&flows.Match{Contains: sp("4")}).Interpolate(sc)
		Expect(err).NotTo(HaveOccurred())
		Expect(m.Test("x42")).To(BeTrue())
		Expect(m.String()).To(Equal(`contains "4"`))

		_, err = (&flows.Match{Contains: sp("${nope}")}).Interpolate(sc)
		Expect(err).To(HaveOccurred())
		_, err = (&flows.Match{Matches: &flows.Regex{Source: "(${id}"}}).Interpolate(sc)
		Expect(err).To(HaveOccurred())
	})

	DescribeTable("Target.String",
		func(t *flows.Target, want string) {
			Expect(t.String()).To(Equal(want))
		},
		Entry(nil, &flows.Target{Phrase: "Sign in", Pos: flows.Pos{Line: 3}}, `"Sign in"`),
		Entry(nil, &flows.Target{Ref: "e6"}, "@e6"),
		Entry(nil, &flows.Target{Role: "button", Name: "Pay", Exact: true}, `role="button" name="Pay" exact`),
		Entry(nil, &flows.Target{Phrase: "Delete", Within: &flows.Target{Role: "row", HasText: "Ada"}}, `phrase="Delete" within (role="row" has_text="Ada")`),
		Entry(nil, &flows.Target{CSS: "li", Nth: ip(2)}, `css="li" nth=2`),
	)

	It("lists steps and resolves paths", func() {
		f := loadValid("full.yaml")
		Expect(f.AllSteps()).To(HaveLen(4))
		Expect(f.Path("files/a.png")).To(Equal(validDir + "/files/a.png"))
		Expect(f.Path("/abs/a.png")).To(Equal("/abs/a.png"))
	})

	It("returns the schema as a copy", func() {
		a := flows.Schema()
		a[0] = 'X'
		Expect(flows.Schema()[0]).To(Equal(byte('{')))
	})
})
