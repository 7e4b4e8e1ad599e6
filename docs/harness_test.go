package docs_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// The doc test's own checks, on docs/testdata/doc-test.md: each problem
// fails with the document's line, and what is right passes.
var _ = Describe("The doc test", Ordered, func() {
	const doc = "docs/testdata/doc-test.md"
	at := map[int]*block{} // by the line of the opening fence
	BeforeAll(func() {
		bs, err := readBlocks(doc)
		Expect(err).NotTo(HaveOccurred())
		prepare(bs)
		for _, b := range bs {
			at[b.fence] = b
		}
	})

	DescribeTable("fails a block with its document line",
		func(fence int, wants ...string) {
			Expect(at).To(HaveKey(fence))
			err := checkBlock(at[fence])
			Expect(err).To(HaveOccurred())
			for _, w := range wants {
				Expect(err.Error()).To(ContainSubstring(w))
			}
		},
		Entry("a flow that does not validate", 5,
			doc+":5: the example does not validate", doc+`:9:5: unknown step "clik"`),
		Entry("a step list, in a list item, that does not validate", 16,
			doc+":16: the example does not validate", doc+`:18:28: unknown key "valeu"`),
		Entry("a flow that fails on the demo shop", 23,
			doc+":23: the example fails on the demo shop", "step 2 ("+doc+":28) click \"No such button\""),
		Entry("a flow marked fails that passes", 41, doc+":41: the example is marked `fails`, but it passed"),
		Entry("a flow that fails, but not as its mark says", 48,
			doc+`:48: the example fails, but its failure does not say "a text it does not say"`),
		Entry("an unknown mark", 65, doc+`:65: unknown mark "skip"`),
		Entry("a mark on a step list", 72, doc+":72: a step list is only validated: it takes no mark"),
		Entry("a block that is not YAML", 76, doc+":76: not YAML"),
		Entry("a block that misquotes the file it names", 80,
			doc+":80 quotes examples/flows/home.yaml, but not as it is"),
	)

	DescribeTable("passes",
		func(fence int) {
			Expect(at).To(HaveKey(fence))
			Expect(checkBlock(at[fence])).To(Succeed())
		},
		Entry("a flow that fails as its mark says", 32),
		Entry("a flow marked validate-only, whatever it would do", 57),
		Entry("one step, with a variable and a secret of the flow around it", 89),
	)

	It("leaves out a block that is not a flow", func() {
		Expect(at).To(HaveKey(94))
		Expect(at[94].shape).To(Equal(shapeOther))
		Expect(at[94].bad).To(BeEmpty())
	})

	It("fails a block that is not closed", func() {
		_, err := readBlocks("docs/testdata/unclosed.md")
		Expect(err).To(MatchError("docs/testdata/unclosed.md:3: the block is not closed"))
	})
})
