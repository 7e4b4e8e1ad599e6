package locate_test

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

var _ = Describe(`Text across inline elements (docs/targets.md "The snapshot", "Text")`, func() {
	It("joins inline runs as they render, and keeps blocks and real spaces apart", func() {
		p := open(site.URL + "/snapshot/inline-text.html")
		snap := settled(p)
		text := func(css string) string {
			r := locate.Resolve(context.Background(), snap, nil, &flows.Target{CSS: css}, p.QueryCSS)
			Expect(r.Err).NotTo(HaveOccurred())
			return r.Node.Text
		}
		Expect(text("#hello")).To(Equal("Hello world"))
		Expect(text("#items")).To(Equal("2 items left"))
		Expect(text("#ab")).To(Equal("a b"))
		Expect(text("#blocks")).To(Equal("one two"))
		Expect(text("#flex")).To(Equal("Price $5"), "flex items are blocks")
		Expect(text("#lines")).To(Equal("tail bold end"))

		r := locate.Resolve(context.Background(), snap, nil, &flows.Target{Text: "Hello world", Exact: true}, p.QueryCSS)
		Expect(r.Err).NotTo(HaveOccurred())
		Expect(r.Node.Tag).To(Equal("p"))
		r = locate.Resolve(context.Background(), snap, nil, &flows.Target{Text: "onetwo"}, p.QueryCSS)
		Expect(r.Err).To(HaveOccurred(), "blocks never run on")

		full := snap.Render(locate.RenderOptions{Full: true})
		Expect(full).To(ContainSubstring(`- text "2 items left"`))
	})
})
