package flows_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
)

var _ = Describe("interpolation", func() {
	sc := &flows.Scope{
		Vars: map[string]any{
			"email": "qa@example.com",
			"qty":   2,
			"ratio": 1.5,
			"ok":    true,
			"none":  nil,
			"user":  map[string]any{"name": "Ada", "tags": []any{"a", "b"}},
			"list":  []any{"x", map[string]any{"k": "v"}},
		},
		Env:      lookupEnv,
		Secrets:  map[string]string{"SHOP_PASSWORD": "s3cret!"},
		FlowName: "Checkout",
		Row:      map[string]string{"qty": "3", "First Name": "Ada", "e-mail": "ada@example.com"},
	}

	DescribeTable("Interpolate",
		func(in, want string) {
			Expect(flows.Interpolate(in, sc)).To(Equal(want))
		},
		Entry("no reference", "plain text", "plain text"),
		Entry("vars.NAME", "${vars.email}", "qa@example.com"),
		Entry("short form", "to ${email}!", "to qa@example.com!"),
		Entry("spaces inside", "${ vars.email }", "qa@example.com"),
		Entry("env", "${env.BASE_URL}/x", "http://shop.test/x"),
		Entry("secrets", "${secrets.SHOP_PASSWORD}", "s3cret!"),
		Entry("flow name", "${flow.name}", "Checkout"),
		Entry("row column", "${row.qty}", "3"),
		Entry("row column as a spreadsheet's header names it", "${row.First Name} <${ row.e-mail }>", "Ada <ada@example.com>"),
		Entry("int", "${qty} items", "2 items"),
		Entry("float", "${ratio}", "1.5"),
		Entry("bool", "${ok}", "true"),
		Entry("nil", "[${none}]", "[]"),
		Entry("map key", "${user.name}", "Ada"),
		Entry("list index", "${vars.user.tags.1}", "b"),
		Entry("map as JSON", "${user}", `{"name":"Ada","tags":["a","b"]}`),
		Entry("map in list", "${list.1.k}", "v"),
		Entry("escape", "$${vars.email}", "${vars.email}"),
		Entry("escape next to a reference", "$${x} ${qty}", "${x} 2"),
		Entry("lone dollars", "$5 and $$ and $", "$5 and $$ and $"),
		Entry("JS template literal escaped", "`a $${b}`", "`a ${b}`"),
		Entry("several", "${email}:${secrets.SHOP_PASSWORD}@${env.SHOP_HOST}", "qa@example.com:s3cret!@shop.test"),
	)

	DescribeTable("Interpolate errors",
		func(in, msg string) {
			_, err := flows.Interpolate(in, sc)
			Expect(err).To(MatchError(ContainSubstring(msg)))
		},
		Entry("unknown var", "${nope}", `unknown variable "nope"`),
		Entry("unknown env", "${env.NOPE_NOT_SET}", `environment variable "NOPE_NOT_SET" is not set`),
		Entry("unknown secret", "${secrets.OTHER}", `unknown secret "OTHER"`),
		Entry("unknown flow field", "${flow.file}", "unknown ${flow.file}"),
		Entry("missing map key", "${user.age}", `user has no key "age"`),
		Entry("index out of range", "${list.5}", "no index 5"),
		Entry("path into a string", "${email.x}", "not a map or a list"),
		Entry("unterminated", "${email", "unterminated"),
		Entry("empty", "${}", "empty ${}"),
		Entry("bad syntax", "${a-b}", "bad reference"),
		Entry("row without a column", "${row.}", "${row.COLUMN}"),
		Entry("unknown row column", "${row.Last Name}", `the row has no column "Last Name"`),
	)

	It("interpolates every string of a target, through within", func() {
		t := &flows.Target{Phrase: "${email}", Role: "row", Name: "/${user.name}/i", Label: "L ${qty}", Placeholder: "${ok}",
			Text: "$${x}", TestID: "t-${qty}", CSS: "#${user.name}", HasText: "${flow.name}", Ref: "@e${qty}",
			Nth: ip(1), Exact: true,
			Within: &flows.Target{HasText: "${env.SHOP_HOST}", Within: &flows.Target{CSS: "${secrets.SHOP_PASSWORD}"}}}
		got, err := flows.InterpolateTarget(t, sc)
		Expect(err).NotTo(HaveOccurred())
		Expect(got).To(Equal(&flows.Target{Phrase: "qa@example.com", Role: "row", Name: "/Ada/i", Label: "L 2", Placeholder: "true",
			Text: "${x}", TestID: "t-2", CSS: "#Ada", HasText: "Checkout", Ref: "e2", Nth: ip(1), Exact: true,
			Within: &flows.Target{HasText: "shop.test", Within: &flows.Target{CSS: "s3cret!"}}}))
		Expect(t.Phrase).To(Equal("${email}"), "the original is untouched")
		Expect(got.Nth).NotTo(BeIdenticalTo(t.Nth))

		_, err = flows.InterpolateTarget(&flows.Target{Within: &flows.Target{Text: "${nope}"}}, sc)
		Expect(err).To(HaveOccurred())
		Expect(flows.InterpolateTarget(nil, sc)).To(BeNil())
	})

	It("detects interpolation", func() {
		Expect(flows.HasInterpolation("a ${b}")).To(BeTrue())
		Expect(flows.HasInterpolation("a $${b}")).To(BeFalse())
		Expect(flows.HasInterpolation("a $b")).To(BeFalse())
	})

	Describe("Masker", func() {
		It("replaces every secret value, longest first", func() {
			m := flows.NewMasker("abc", "", "abcdef", "s3cret!")
			Expect(m.Mask("x abcdef y abc z s3cret!")).To(Equal("x ••• y ••• z •••"))
			Expect(m.Mask("nothing here")).To(Equal("nothing here"))
		})
		It("masks URL- and JSON-escaped forms", func() {
			m := flows.NewMasker(`p@ss w"rd`)
			Expect(m.Mask("?pw=p%40ss+w%22rd")).To(Equal("?pw=•••"))
			Expect(m.Mask(`{"pw":"p@ss w\"rd"}`)).To(Equal(`{"pw":"•••"}`))
			Expect(string(m.MaskBytes([]byte("p@ss w\"rd")))).To(Equal("•••"))
		})
		It("does nothing without secrets", func() {
			Expect(flows.NewMasker().Mask("a")).To(Equal("a"))
			Expect(flows.NewMasker("").Mask("a")).To(Equal("a"))
			var m *flows.Masker
			Expect(m.Mask("a")).To(Equal("a"))
		})
		It("comes from a scope", func() {
			Expect(sc.Masker().Mask("pw s3cret!")).To(Equal("pw •••"))
		})
	})

	Describe("scopes", func() {
		It("starts a flow with its vars, --var overrides and secrets", func() {
			f := loadValid("full.yaml")
			opts := testOpts()
			opts.Vars = map[string]string{"qty": "5", "extra": "x"}
			s, err := flows.NewScope(f, opts)
			Expect(err).NotTo(HaveOccurred())
			Expect(s.Vars).To(HaveKeyWithValue("qty", "5"))
			Expect(s.Vars).To(HaveKeyWithValue("extra", "x"))
			Expect(s.Vars).To(HaveKeyWithValue("greeting", "hello qa@example.com"))
			Expect(s.Secrets).To(Equal(map[string]string{"SHOP_PASSWORD": "s3cret!"}))
			Expect(s.FlowName).To(Equal("Checkout as a returning customer"))
			Expect(flows.Interpolate("${user.first}", s)).To(Equal("Ada"))
		})

		It("lets a var use a --var that overrides nothing", func() {
			f, err := flows.Parse("x.yaml", []byte("name: x\nvars: {greeting: 'hi ${who}'}\nsteps: [snapshot]\n"),
				flows.LoadOptions{LookupEnv: lookupEnv, Vars: map[string]string{"who": "Ada"}})
			Expect(err).NotTo(HaveOccurred())
			s, err := flows.NewScope(f, flows.LoadOptions{LookupEnv: lookupEnv, Vars: map[string]string{"who": "Ada"}})
			Expect(err).NotTo(HaveOccurred())
			Expect(s.Vars["greeting"]).To(Equal("hi Ada"))
		})
	})
})
