package flows_test

import (
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
)

// The patch of run --fix (docs/running.md "Fixes proposed and proven"):
// one value replaced, every other byte kept.
var _ = Describe("Fix patches", func() {
	src := `# Buys a mug.
name: Buy a mug   # the shop's first flow
steps:
  - open: /product/blue-mug
  # the shop's main button
  - click: Add to cart   # keep this comment
  - click: { role: button, name: "View cart" }  # and this one
  - fill: { target: { label: Email }, value: a@b.c }
  - expect: { text: { role: dialog }, contains: 'Blue Mug added' }
  - expect:
      text: Total
      equals: "$12.00"
  - click:
      role: button
      name: Pay
`
	patch := func(e flows.Edit) (string, string, error) {
		out, old, err := flows.PatchSource([]byte(src), e)
		return string(out), old, err
	}

	It("replaces a phrase target and keeps the comments", func() {
		out, old, err := patch(flows.Edit{Line: 6, Action: "click", Kind: flows.EditTarget, Slot: "click", New: "Add to basket"})
		Expect(err).NotTo(HaveOccurred())
		Expect(old).To(Equal("Add to cart"))
		want := `  - click: Add to basket   # keep this comment
`
		Expect(out).To(ContainSubstring(want))
		Expect(out).To(Equal(replaceOnce(src, "  - click: Add to cart   # keep this comment\n", want)))
	})

	It("replaces a flow-map target with the suggestion's map", func() {
		out, old, err := patch(flows.Edit{Line: 7, Action: "click", Kind: flows.EditTarget, Slot: "click",
			New: "{role: link, name: Go to cart, within: {role: navigation}}"})
		Expect(err).NotTo(HaveOccurred())
		Expect(old).To(Equal(`{ role: button, name: "View cart" }`))
		Expect(out).To(ContainSubstring("  - click: {role: link, name: Go to cart, within: {role: navigation}}  # and this one\n"))
	})

	It("replaces the target under target:, the value untouched", func() {
		out, _, err := patch(flows.Edit{Line: 8, Action: "fill", Kind: flows.EditTarget, Slot: "target", New: "E-mail"})
		Expect(err).NotTo(HaveOccurred())
		Expect(out).To(ContainSubstring("  - fill: { target: E-mail, value: a@b.c }\n"))
	})

	It("quotes a plain text that would not read back in a flow map", func() {
		out, _, err := patch(flows.Edit{Line: 8, Action: "fill", Kind: flows.EditTarget, Slot: "target", New: "Email, work"})
		Expect(err).NotTo(HaveOccurred())
		Expect(out).To(ContainSubstring(`  - fill: { target: "Email, work", value: a@b.c }`))
	})

	It("replaces an expected text in the quoting it had", func() {
		out, old, err := patch(flows.Edit{Line: 9, Action: "expect", Kind: flows.EditText, New: "Blue Mug is in your basket"})
		Expect(err).NotTo(HaveOccurred())
		Expect(old).To(Equal("'Blue Mug added'"))
		Expect(out).To(ContainSubstring(`contains: 'Blue Mug is in your basket' }`))
		out, _, err = patch(flows.Edit{Line: 10, Action: "expect", Kind: flows.EditText, New: "$12.50"})
		Expect(err).NotTo(HaveOccurred())
		Expect(out).To(ContainSubstring("      equals: \"$12.50\"\n"))
	})

	It("refuses a target written as a block map", func() {
		_, _, err := patch(flows.Edit{Line: 13, Action: "click", Kind: flows.EditTarget, Slot: "click", New: "Pay now"})
		Expect(err).To(MatchError(ContainSubstring("line 14: the value is written over several lines: edit it by hand")))
	})

	It("refuses a line with no such step", func() {
		_, _, err := patch(flows.Edit{Line: 4, Action: "click", Kind: flows.EditTarget, Slot: "click", New: "X"})
		Expect(err).To(MatchError("no click step at line 4"))
	})

	It("writes a unified diff of the file", func() {
		out, _, err := patch(flows.Edit{Line: 6, Action: "click", Kind: flows.EditTarget, Slot: "click", New: "Add to basket"})
		Expect(err).NotTo(HaveOccurred())
		d, err := flows.UnifiedDiff("flows/buy.yaml", []byte(src), []byte(out))
		Expect(err).NotTo(HaveOccurred())
		Expect(d).To(HavePrefix("--- a/flows/buy.yaml\n+++ b/flows/buy.yaml\n@@ -3,7 +3,7 @@\n"))
		Expect(d).To(ContainSubstring("\n-  - click: Add to cart   # keep this comment\n+  - click: Add to basket   # keep this comment\n"))
	})

	It("calls a change of digits the app's, and a change of words the test's", func() {
		Expect(flows.NumbersChanged("Total: $12.00", "Total: $21.00")).To(BeTrue())
		Expect(flows.NumbersChanged("2 items", "3 items")).To(BeTrue())
		Expect(flows.NumbersChanged("Total: $12.00", "Sum: $12.00")).To(BeFalse())
		Expect(flows.NumbersChanged("Add to cart", "Add to basket")).To(BeFalse())
	})
})

func replaceOnce(s, old, new string) string {
	Expect(s).To(ContainSubstring(old))
	return strings.Replace(s, old, new, 1)
}

var _ = Describe("Fix patches, the diff's file names", func() {
	It("writes a relative path under a/ and b/, an absolute one as it is", func() {
		d, err := flows.UnifiedDiff("flows/x.yaml", []byte("a\n"), []byte("b\n"))
		Expect(err).NotTo(HaveOccurred())
		Expect(d).To(HavePrefix("--- a/flows/x.yaml\n+++ b/flows/x.yaml\n"))
		d, err = flows.UnifiedDiff("/tmp/x.yaml", []byte("a\n"), []byte("b\n"))
		Expect(err).NotTo(HaveOccurred())
		Expect(d).To(HavePrefix("--- /tmp/x.yaml\n+++ /tmp/x.yaml\n"))
	})
})
