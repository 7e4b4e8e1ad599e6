package diffs_test

import (
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/diffs"
)

// lines joins snapshot lines with a trailing newline, as Render writes.
func lines(ls ...string) string { return strings.Join(ls, "\n") + "\n" }

var _ = Describe("Snapshots", func() {
	before := lines(
		`# http://shop/cart "Cart"`,
		`- main`,
		`  - heading "Cart" [level=1]`,
		`  - spinbutton "Quantity" [ref=e2]: 2`,
		`  - button "Remove" [ref=e3]`,
		`  - button "Checkout" [ref=e4]`,
	)

	It("finds nothing when only the refs were renumbered", func() {
		after := strings.NewReplacer("e2", "e7", "e3", "e8", "e4", "e9").Replace(before)
		d := diffs.Snapshots(before, after)
		Expect(d.Changed()).To(BeFalse())
		Expect(d.Hunks).To(BeEmpty())
		Expect(d.String()).To(Equal("0 additions, 0 removals, 6 unchanged\n"))
	})

	It("hands the refs of the lines it prints, and keeps those unchanged ref and all (docs/targets.md \"Resolution\", 1)", func() {
		after := strings.NewReplacer("[ref=e2]: 2", "[ref=e5]: 3", "e4", "e9").Replace(before)
		d := diffs.SnapshotsContext(before, after, 1)
		// printed: the new Quantity line and Remove around it; Checkout
		// took another number and is not printed
		Expect(d.Shown()).To(Equal([]string{"e5", "e3"}))
		Expect(d.Kept).To(Equal([]string{"e3"}))
		Expect(diffs.RefsOf(`- button "Save" [ref=e12]`)).To(Equal([]string{"e12"}))
	})

	It("shows a changed value as one removal and one addition, the new line with its ref", func() {
		after := strings.Replace(before, `[ref=e2]: 2`, `[ref=e5]: 3`, 1)
		d := diffs.Snapshots(before, after)
		Expect(d.Changed()).To(BeTrue())
		Expect(d.Summary()).To(Equal("1 addition, 1 removal, 5 unchanged"))
		Expect(d.String()).To(Equal(lines(
			`@@ -1,6 +1,6 @@`,
			`  # http://shop/cart "Cart"`,
			`  - main`,
			`    - heading "Cart" [level=1]`,
			`-   - spinbutton "Quantity" [ref=e2]: 2`,
			`+   - spinbutton "Quantity" [ref=e5]: 3`,
			`    - button "Remove" [ref=e3]`,
			`    - button "Checkout" [ref=e4]`,
			`1 addition, 1 removal, 5 unchanged`,
		)))
	})

	It("strips a ref that follows other attributes, and keeps the attributes", func() {
		Expect(diffs.StripRefs(`- combobox "Size" [expanded=false, ref=e4]: M`)).To(Equal(`- combobox "Size" [expanded=false]: M`))
		Expect(diffs.StripRefs(`- button "Go" [ref=e12]`)).To(Equal(`- button "Go"`))
		d := diffs.Snapshots(`- checkbox "A" [ref=e1]`+"\n", `- checkbox "A" [checked, ref=e1]`+"\n")
		Expect(d.Summary()).To(Equal("1 addition, 1 removal, 0 unchanged"), "a changed state is a change")
	})

	It("cuts far-apart changes into hunks with three lines of context", func() {
		var a, b []string
		for i := range 30 {
			a = append(a, `- text "line `+strings.Repeat("x", i)+`"`)
		}
		b = append(b, a...)
		b[2] = `- text "changed near the top"`
		b = append(b[:25], b[26:]...) // a removal near the bottom
		d := diffs.Snapshots(lines(a...), lines(b...))
		Expect(d.Hunks).To(HaveLen(2))
		Expect(d.Hunks[0].Header()).To(Equal("@@ -1,6 +1,6 @@"))
		Expect(d.Hunks[1].Header()).To(Equal("@@ -23,7 +23,6 @@"))
		Expect(d.Summary()).To(Equal("1 addition, 2 removals, 28 unchanged"))
		Expect(d.Hunks[1].Lines[3]).To(Equal(diffs.Line{Kind: diffs.Removed, Text: a[25]}))
	})

	It("counts every one of repeated lines, which a junk heuristic would drop", func() {
		var a []string
		for range 300 {
			a = append(a, `  - button "Add to cart" [ref=e1]`)
		}
		b := append(append([]string{}, a...), `  - button "Add to cart" [ref=e301]`)
		d := diffs.Snapshots(lines(a...), lines(b...))
		Expect(d.Summary()).To(Equal("1 addition, 0 removals, 300 unchanged"))
	})

	It("diffs against nothing: every line added", func() {
		d := diffs.Snapshots("", before)
		Expect(d.Summary()).To(Equal("6 additions, 0 removals, 0 unchanged"))
		Expect(d.Hunks[0].Header()).To(Equal("@@ -0,0 +1,6 @@"))
	})
})

var _ = Describe("SameHeaders", func() {
	It("leaves out the header when only one side has it, and keeps both when both do", func() {
		a, b := diffs.SameHeaders("# /cart \"Cart\"\n- button \"Pay\" [ref=e1]\n", "- button \"Pay\" [ref=e4]\n")
		Expect(diffs.Snapshots(a, b).Changed()).To(BeFalse())
		a, b = diffs.SameHeaders("- button \"Pay\" [ref=e1]\n", "# /cart \"Cart\"\n- button \"Pay\" [ref=e4]\n")
		Expect(a + b).NotTo(ContainSubstring("#"))
		a, b = diffs.SameHeaders("# /cart \"Cart\"\n- main\n", "# /shop \"Shop\"\n- main\n")
		Expect(diffs.Snapshots(a, b).Changed()).To(BeTrue(), "two pages: their headers differ")
	})
})

var _ = Describe("WithoutOrigin", func() {
	It("names the page by its path in the header, so that two hosts read the same", func() {
		Expect(diffs.WithoutOrigin("# http://127.0.0.1:4321/cart?x=1#top \"Cart\"\n- main\n")).To(Equal("# /cart?x=1#top \"Cart\"\n- main\n"))
		Expect(diffs.WithoutOrigin("# https://shop.example.com \"Home\"\n")).To(Equal("# / \"Home\"\n"))
		Expect(diffs.WithoutOrigin("# about:blank\n- main\n")).To(Equal("# about:blank\n- main\n"))
		Expect(diffs.WithoutOrigin("- main\n")).To(Equal("- main\n"))
	})
})
