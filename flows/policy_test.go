package flows_test

import (
	"strconv"

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

	DescribeTable("names the rule that lets a subject through, matched as the policy matches it",
		func(kind string, s flows.Subject, rule string) {
			Expect(s.RuleFor(kind)).To(Equal(rule))
			p := parse("default: deny\nallow: [" + strconv.Quote(rule) + "]\n")
			Expect(p.Decide(kind, s).Effect).To(Equal(flows.Allow))
		},
		Entry("a URL: its host, as a glob is matched against it", "open", at("https://Shop.Example.com:8443/pay?x=1"), "open:shop.example.com"),
		Entry("else the first text", "click", texts("Search", "@e5"), "click:Search"),
		Entry("a URL without a host: the kind (no glob matches it)", "request", flows.Subject{URL: "data:,x", Texts: []string{"x"}}, "request"),
		Entry("else the kind", "eval", texts(), "eval"),
	)

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

var _ = Describe(`what a step activates (docs/security.md "What a rule on click covers")`, func() {
	stepOf := func(src string) (*flows.Step, *flows.Scope) {
		GinkgoHelper()
		f, err := flows.Parse("steps.yaml", []byte("name: s\nvars: {key: Enter, text: \"a\\n\"}\nsteps:\n  - "+src+"\n"), flows.LoadOptions{})
		Expect(err).NotTo(HaveOccurred())
		sc, err := flows.NewScope(f, flows.LoadOptions{})
		Expect(err).NotTo(HaveOccurred())
		return f.Steps[0], sc
	}
	DescribeTable("each action says what it activates",
		func(src string, by flows.Activates, key string) {
			s, sc := stepOf(src)
			Expect(s.Activation(sc)).To(Equal(flows.Activation{By: by, Key: key}))
		},
		Entry(nil, "click: Delete", flows.ActivatesTarget, ""),
		Entry(nil, "dblclick: Delete", flows.ActivatesTarget, ""),
		Entry(nil, "hover: Delete", flows.ActivatesNothing, ""),
		Entry(nil, "check: Remove backups", flows.ActivatesTarget, ""),
		Entry(nil, "uncheck: Remove backups", flows.ActivatesTarget, ""),
		Entry(nil, "select: { target: Mode, option: hard }", flows.ActivatesTarget, ""),
		Entry(nil, "press: Enter", flows.ActivatesByKey, flows.KeyEnter),
		Entry(nil, "press: NumpadEnter", flows.ActivatesByKey, flows.KeyEnter),
		Entry(nil, "press: Shift+Enter", flows.ActivatesByKey, flows.KeyEnter),
		Entry(nil, "press: Space", flows.ActivatesByKey, flows.KeySpace),
		Entry(nil, "press: { target: Item, key: Enter }", flows.ActivatesByKey, flows.KeyEnter),
		Entry(nil, "press: ${vars.key}", flows.ActivatesByKey, flows.KeyEnter),
		Entry(nil, "press: Tab", flows.ActivatesNothing, ""),
		Entry(nil, `type: { target: Item, text: "${vars.text}" }`, flows.ActivatesByKey, flows.KeyEnter),
		Entry(nil, "type: { target: Item, text: more }", flows.ActivatesNothing, ""),
		Entry(nil, "fill: { target: Item, value: x }", flows.ActivatesNothing, ""),
		Entry(nil, "scroll: Delete", flows.ActivatesNothing, ""),
	)

	It("looks at the deny and confirm rules on click for the element a step activates, never at their allow rules", func() {
		p, err := flows.ParsePolicy("policy.yaml", []byte("default: deny\nallow: [dblclick, \"click:/save/i\"]\nconfirm: [\"click:/pay/i\"]\ndeny: [\"click:/delete/i\"]\n"))
		Expect(err).NotTo(HaveOccurred())
		del := &flows.Subject{Texts: []string{"Delete account"}}
		d := p.DecideStep("dblclick", flows.Subject{Texts: []string{"Delete account"}}, del)
		Expect(d.Effect).To(Equal(flows.Deny))
		Expect(d.Activation).To(BeTrue())
		Expect(p.DecideStep("press", flows.Subject{Texts: []string{"Enter"}}, &flows.Subject{Texts: []string{"Pay now"}}).Effect).To(Equal(flows.Confirm))
		Expect(p.DecideStep("dblclick", flows.Subject{Texts: []string{"Save"}}, &flows.Subject{Texts: []string{"Save"}}).Effect).To(Equal(flows.Allow))
		save := p.DecideStep("press", flows.Subject{Texts: []string{"Enter"}}, &flows.Subject{Texts: []string{"Save"}})
		Expect(save.Effect).To(Equal(flows.Deny), "an allow rule on click does not allow a press")
		Expect(save.Rule).To(BeEmpty())
		Expect(p.Covers("click")).To(BeTrue())
		Expect(p.Covers("press")).To(BeFalse())
	})
})
