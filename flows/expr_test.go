package flows_test

import (
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
)

// fakeEnv answers the expression functions from fixed data, recording the
// targets it was asked about.
func fakeEnv(asked *[]*flows.Target) *flows.ExprEnv {
	record := func(t any) (*flows.Target, error) {
		tg, err := flows.TargetFromValue(t)
		if err == nil && asked != nil {
			*asked = append(*asked, tg)
		}
		return tg, err
	}
	return &flows.ExprEnv{
		URL: "http://shop.test/cart", Title: "Cart", Status: 200,
		Vars: map[string]any{"min": 2, "name": "Ada"},
		Env:  map[string]string{"BASE_URL": "http://shop.test"},
		Visible: func(t any) (bool, error) {
			tg, err := record(t)
			return err == nil && tg.Phrase != "Ghost", err
		},
		Exists: func(t any) (bool, error) { _, err := record(t); return err == nil, err },
		Count:  func(t any) (int, error) { _, err := record(t); return 3, err },
		Text: func(t any) (string, error) {
			tg, err := record(t)
			if err == nil && tg.Phrase == "Broken" {
				return "", errors.New("no element matches")
			}
			return "$12.00", err
		},
		Value:          func(t any) (string, error) { _, err := record(t); return "qa@example.com", err },
		Attr:           func(t any, name string) (string, error) { _, err := record(t); return "/" + name, err },
		Enabled:        func(t any) (bool, error) { _, err := record(t); return true, err },
		Checked:        func(t any) (bool, error) { _, err := record(t); return false, err },
		ConsoleErrors:  func() []string { return []string{"boom"} },
		FailedRequests: func() []string { return nil },
	}
}

func compiled(src string) *flows.Expr {
	GinkgoHelper()
	p, err := flows.CompileExpr(src)
	Expect(err).NotTo(HaveOccurred())
	return &flows.Expr{Source: src, Program: p}
}

var _ = Describe("expressions", func() {
	DescribeTable("conditions run against ExprEnv, with (T, error) functions",
		func(src string, want bool) {
			Expect(compiled(src).EvalBool(fakeEnv(nil))).To(Equal(want))
		},
		Entry(nil, `url contains "/cart"`, true),
		Entry(nil, `title == "Cart" && status == 200`, true),
		Entry(nil, `visible("Sign in") && !visible("Ghost")`, true),
		Entry(nil, `count({role: "listitem"}) >= vars.min`, true),
		Entry(nil, `text("Total") matches "^\\$12"`, true),
		Entry(nil, `value("Email") == "qa@example.com"`, true),
		Entry(nil, `attr("Help", "href") == "/href"`, true),
		Entry(nil, `enabled("Pay") and not checked("Terms")`, true),
		Entry(nil, `len(console_errors()) == 1 && len(failed_requests()) == 0`, true),
		Entry(nil, `exists({role: "row", within: {css: "table"}, nth: 1})`, true),
		Entry(nil, `env.BASE_URL startsWith "http"`, true),
		Entry(nil, `vars.name == "Ada"`, true),
	)

	It("passes targets through TargetFromValue", func() {
		var asked []*flows.Target
		_, err := compiled(`count({role: "row", name: "Ada", nth: 1, exact: true, within: {css: "table"}}) > 0 && visible("@e6") && visible("/a|b/i")`).EvalBool(fakeEnv(&asked))
		Expect(err).NotTo(HaveOccurred())
		Expect(asked).To(Equal([]*flows.Target{
			{Role: "row", Name: "Ada", Nth: ip(1), Exact: true, Within: &flows.Target{CSS: "table"}},
			{Ref: "e6"},
			{Name: "/a|b/i"},
		}))
	})

	It("returns a function's error from the evaluation", func() {
		_, err := compiled(`text("Broken") == ""`).EvalBool(fakeEnv(nil))
		Expect(err).To(MatchError(ContainSubstring("no element matches")))
	})

	DescribeTable("compile errors",
		func(src, msg string) {
			_, err := flows.CompileExpr(src)
			Expect(err).To(MatchError(ContainSubstring(msg)))
		},
		Entry("unknown name", `urll contains "x"`, "unknown name urll"),
		Entry("not a bool", `count("x")`, "expected bool"),
		Entry("wrong arity", `visible("a", "b")`, "too many arguments"),
		Entry("type mismatch", `url == 3`, "mismatched types"),
		Entry("syntax", `url contains`, "unexpected token"),
	)

	It("compiles value expressions without AsBool", func() {
		p, err := flows.CompileValueExpr(`count("Item") + 1`)
		Expect(err).NotTo(HaveOccurred())
		Expect((&flows.Expr{Program: p}).Eval(fakeEnv(nil))).To(Equal(4))
	})

	It("lists its names", func() {
		Expect(flows.ExprNames()).To(ContainElements("url", "title", "status", "vars", "env", "visible", "exists", "count",
			"text", "value", "attr", "enabled", "checked", "console_errors", "failed_requests"))
	})

	Describe("TargetFromValue", func() {
		DescribeTable("converts",
			func(v any, want *flows.Target) {
				Expect(flows.TargetFromValue(v)).To(Equal(want))
			},
			Entry("phrase", "Sign in", &flows.Target{Phrase: "Sign in"}),
			Entry("ref", "@e12", &flows.Target{Ref: "e12"}),
			Entry("regex", "/sign (in|up)/i", &flows.Target{Name: "/sign (in|up)/i"}),
			Entry("map", map[string]any{"role": "button", "name": "Pay", "nth": 2, "exact": true},
				&flows.Target{Role: "button", Name: "Pay", Nth: ip(2), Exact: true}),
			Entry("float nth", map[string]any{"css": "li", "nth": 2.0}, &flows.Target{CSS: "li", Nth: ip(2)}),
			Entry("ref with @", map[string]any{"ref": "@e3"}, &flows.Target{Ref: "e3"}),
			Entry("within string", map[string]any{"role": "checkbox", "within": "Todo list"},
				&flows.Target{Role: "checkbox", Within: &flows.Target{Phrase: "Todo list"}}),
			Entry("all string keys", map[string]any{"label": "L", "within": map[string]any{"placeholder": "P", "has_text": "h", "within": map[string]any{"testid": "t", "within": map[string]any{"text": "x", "within": map[string]any{"phrase": "p"}}}}},
				&flows.Target{Label: "L", Within: &flows.Target{Placeholder: "P", HasText: "h", Within: &flows.Target{TestID: "t", Within: &flows.Target{Text: "x", Within: &flows.Target{Phrase: "p"}}}}}),
		)
		DescribeTable("refuses",
			func(v any, msg string) {
				_, err := flows.TargetFromValue(v)
				Expect(err).To(MatchError(ContainSubstring(msg)))
			},
			Entry("number", 3, "must be a string or a map"),
			Entry("nil", nil, "missing target"),
			Entry("empty", " ", "empty target"),
			Entry("bad ref", "@x", "bad ref"),
			Entry("bad regex", "/(/", "bad regex"),
			Entry("unknown key", map[string]any{"rol": "button"}, `did you mean "role"`),
			Entry("non-string", map[string]any{"role": 3}, "must be a string"),
			Entry("bad nth", map[string]any{"css": "a", "nth": -1}, "nth"),
			Entry("fractional nth", map[string]any{"css": "a", "nth": 1.5}, "nth"),
			Entry("bad exact", map[string]any{"css": "a", "exact": "yes"}, "exact"),
			Entry("nothing to find", map[string]any{"nth": 1}, "says nothing to find"),
			Entry("mixed", map[string]any{"css": "a", "label": "b"}, "mixes"),
			Entry("bad within", map[string]any{"css": "a", "within": 3}, "within"),
		)
	})

	Describe("ExprParts", func() {
		It("renders identifiers, variables and calls for a failure message", func() {
			e := compiled(`url contains "/checkout" && count("Item") > vars.min && text("Total") == "$0" && env.BASE_URL != "" && len(console_errors()) == 0`)
			Expect(flows.ExprParts(e, fakeEnv(nil))).To(Equal([]string{
				`url = "http://shop.test/cart"`,
				`count("Item") = 3`,
				`vars.min = 2`,
				`text("Total") = "$12.00"`,
				`env.BASE_URL = "http://shop.test"`,
				`console_errors() = ["boom"]`,
			}))
		})
		It("shows a failing call's error", func() {
			e := compiled(`text("Broken") == "x" && title == "Cart"`)
			parts := flows.ExprParts(e, fakeEnv(nil))
			Expect(parts).To(HaveLen(2))
			Expect(parts[0]).To(HavePrefix(`text("Broken") = error: no element matches`))
			Expect(parts[1]).To(Equal(`title = "Cart"`))
		})
		It("is safe with nothing", func() {
			Expect(flows.ExprParts(nil, nil)).To(BeNil())
			Expect(flows.ExprParts(compiled(`status == 200`), nil)).To(Equal([]string{"status = 0"}))
			Expect(flows.ExprParts(compiled(`visible("x")`), &flows.ExprEnv{})).To(HaveLen(1))
		})
	})
})
