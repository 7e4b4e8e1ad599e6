package flows_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
)

var _ = Describe("Targets written back as YAML", func() {
	cases := []struct {
		t    *flows.Target
		want string
	}{
		{&flows.Target{Phrase: "Sign in"}, "Sign in"},
		{&flows.Target{Ref: "e6"}, "'@e6'"},
		{&flows.Target{Name: "/sign (in|up)/i"}, "/sign (in|up)/i"},
		{&flows.Target{Phrase: "@home"}, "{phrase: '@home'}"},
		{&flows.Target{Name: "Sign in"}, "{name: Sign in}"},
		{&flows.Target{Role: "link", Name: "Sign in", Within: &flows.Target{Role: "navigation"}},
			"{role: link, name: Sign in, within: {role: navigation}}"},
		{&flows.Target{Role: "button", Name: "Delete", Within: &flows.Target{Role: "row", HasText: "Ada: admin, #1"}},
			"{role: button, name: Delete, within: {role: row, has_text: 'Ada: admin, #1'}}"},
		{&flows.Target{Role: "button", Name: "7", Exact: true, Nth: ip(1)}, `{role: button, name: "7", nth: 1, exact: true}`},
	}
	It("writes one line in the flow file's own forms, and reads back the same target", func() {
		for _, c := range cases {
			y, err := c.t.YAML()
			Expect(err).NotTo(HaveOccurred())
			Expect(y).To(Equal(c.want))
			back, err := flows.ParseTargetYAML(y)
			Expect(err).NotTo(HaveOccurred(), y)
			Expect(back).To(Equal(c.t), y)
		}
	})
	It("writes a line that a flow file takes as the step's target", func() {
		t := &flows.Target{Role: "link", Name: "Sign in", Within: &flows.Target{Role: "contentinfo"}}
		line, err := t.Line("click")
		Expect(err).NotTo(HaveOccurred())
		Expect(line).To(Equal("click: {role: link, name: Sign in, within: {role: contentinfo}}"))
		f, err := flows.Parse("hint.yaml", []byte("name: hint\nsteps:\n  - "+line+"\n"), testOpts())
		Expect(err).NotTo(HaveOccurred())
		key, got := f.Steps[0].TargetSlot()
		Expect(key).To(Equal("click"))
		got.Pos = flows.Pos{}
		got.Within.Pos = flows.Pos{}
		Expect(got).To(Equal(t))
	})
	It("names the key a step's target is written under", func() {
		f, err := flows.Parse("keys.yaml", []byte(`name: keys
steps:
  - click: A
  - click: { target: B, button: right }
  - check: C
  - fill: { target: D, value: x }
  - expect: { enabled: E }
  - wait: { gone: F }
  - extract: { var: g, from: G }
`), testOpts())
		Expect(err).NotTo(HaveOccurred())
		var keys []string
		for _, s := range f.Steps {
			k, _ := s.TargetSlot()
			keys = append(keys, k)
		}
		Expect(keys).To(Equal([]string{"click", "target", "check", "target", "enabled", "gone", "from"}))
	})
	It("refuses what no flow file takes", func() {
		_, err := flows.ParseTargetYAML("{label: Email, role: textbox}")
		Expect(err).To(MatchError(ContainSubstring("mixes")))
		_, err = flows.ParseTargetYAML("{role: button, nth: -x}")
		Expect(err).To(HaveOccurred())
	})
})
