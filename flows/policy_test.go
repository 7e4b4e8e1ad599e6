package flows_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
)

var _ = Describe("the action policy", func() {
	parse := func(src string) *flows.Policy {
		GinkgoHelper()
		p, err := flows.ParsePolicy("policy.yaml", []byte(src))
		Expect(err).NotTo(HaveOccurred())
		return p
	}
	pol := `default: deny
allow: [open, fill, "click", snapshot, "open:*.example.com"]
deny: ["click:/delete|remove/i", "open:evil.test", eval]
confirm: ["click:/pay|buy/i", upload]
`
	texts := func(t ...string) flows.Subject { return flows.Subject{Texts: t} }
	at := func(u string) flows.Subject { return flows.Subject{URL: u} }

	DescribeTable("decides by deny, then confirm, then allow, then the default",
		func(kind string, s flows.Subject, effect flows.Effect, rule string) {
			d := parse(pol).Decide(kind, s)
			Expect(d.Effect).To(Equal(effect))
			Expect(d.Rule).To(Equal(rule))
		},
		Entry("allowed by kind", "click", texts("Search"), flows.Allow, "click"),
		Entry("a deny pattern beats allow", "click", texts("Delete account"), flows.Deny, "click:/delete|remove/i"),
		Entry("on any of the texts: the name resolved", "click", texts("@e5", "Remove item"), flows.Deny, "click:/delete|remove/i"),
		Entry("confirm beats allow", "click", texts("Pay now"), flows.Confirm, "click:/pay|buy/i"),
		Entry("a bare kind denies every step of it", "eval", texts("1 + 1"), flows.Deny, "eval"),
		Entry("confirm by kind", "upload", texts("Avatar"), flows.Confirm, "upload"),
		Entry("the default, for a kind no rule names", "request", at("https://api.example.com/x"), flows.Deny, ""),
		Entry("a host glob, for open", "open", at("https://evil.test/login"), flows.Deny, "open:evil.test"),
		Entry("a host glob is the whole host", "open", at("https://notevil.test/"), flows.Allow, "open"),
		Entry("*. is the subdomains", "open", at("https://shop.example.com/"), flows.Allow, "open"),
		Entry("a glob is case-insensitive", "open", at("https://EVIL.test/"), flows.Deny, "open:evil.test"),
	)

	It("takes allow as the default, and * as any kind", func() {
		p := parse(`deny: ["*:/delete/i"]`)
		Expect(p.Decide("fill", texts("Delete reason")).Effect).To(Equal(flows.Deny))
		Expect(p.Decide("eval", texts("anything")).Effect).To(Equal(flows.Allow))
		var none *flows.Policy
		Expect(none.Decide("eval", texts("x")).Effect).To(Equal(flows.Allow))
	})

	It("matches a glob pattern against the whole text, ignoring case", func() {
		p := parse(`deny: ["click:delete*"]`)
		Expect(p.Decide("click", texts("Delete account")).Effect).To(Equal(flows.Deny))
		Expect(p.Decide("click", texts("Undelete")).Effect).To(Equal(flows.Allow))
	})

	It("reads JSON too", func() {
		p, err := flows.ParsePolicy("policy.json", []byte(`{"default": "deny", "allow": ["open"]}`))
		Expect(err).NotTo(HaveOccurred())
		Expect(p.Decide("open", at("https://a.test/")).Effect).To(Equal(flows.Allow))
		Expect(p.Decide("click", texts("x")).Effect).To(Equal(flows.Deny))
	})

	It("says which rule decided", func() {
		d := parse(pol).Decide("click", texts("Delete"))
		Expect(d.String()).To(Equal(`rule "click:/delete|remove/i" (policy.yaml:3:8)`))
		Expect(parse(pol).Decide("tab", texts()).String()).To(Equal("the default (deny)"))
	})

	It("reports every problem at its place", func() {
		_, err := flows.ParsePolicy("policy.yaml", []byte(`default: maybe
allow: [clik, "click:", "fill:/(/"]
denny: [eval]
`))
		Expect(err).To(MatchError(`policy.yaml:1:10: default must be allow or deny, not "maybe"
policy.yaml:2:9: allow: unknown kind "clik" in rule "clik" (a rule is KIND or KIND:PATTERN, KIND an action, download or *); did you mean "click"?
policy.yaml:2:15: allow: rule "click:" has nothing after the colon; write KIND alone, or a pattern after it
policy.yaml:2:25: allow: rule "fill:/(/": bad regex /(/: missing closing )
policy.yaml:3:1: unknown key "denny"; did you mean "deny"?`))
	})

	It("reports an unreadable file", func() {
		_, err := flows.LoadPolicy("../testdata/no-such-policy.yaml")
		Expect(err).To(MatchError("../testdata/no-such-policy.yaml: cannot read the policy: no such file or directory"))
	})
})
