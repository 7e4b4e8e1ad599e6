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
		// white space the page renders that the accessibility tree leaves
		// out (a text node of only white space next to a <script>), and
		// none where the page renders none
		Expect(text("#metamorph")).To(Equal("2 items left"), "Ember's metamorph tags")
		Expect(text("#widgets")).To(Equal("2 items left"), "the white space inside <strong> is the one that renders")
		Expect(text("#nothing-between")).To(Equal("2items"), "a script and a hidden element render nothing")
		Expect(text("#pre")).To(Equal("a b"), "white-space: pre")
		Expect(text("#block-between")).To(Equal("one two"), "an empty block breaks the line")

		r := locate.Resolve(context.Background(), snap, nil, &flows.Target{Text: "Hello world", Exact: true}, p.QueryCSS)
		Expect(r.Err).NotTo(HaveOccurred())
		Expect(r.Node.Tag).To(Equal("p"))
		r = locate.Resolve(context.Background(), snap, nil, &flows.Target{Text: "onetwo"}, p.QueryCSS)
		Expect(r.Err).To(HaveOccurred(), "blocks never run on")

		full := snap.Render(locate.RenderOptions{Full: true})
		Expect(full).To(ContainSubstring(`- text "2 items left"`))

		compact := snap.Render(locate.RenderOptions{Compact: true})
		for _, line := range []string{"Hello world", "2 items left", "a b", "one two", "Price $5", "2items", "Hello world again"} {
			Expect(compact).To(ContainSubstring(`- text "`+line+`"`+"\n"), "compact mode joins text by the same rule")
		}
	})
})

var _ = Describe(`Names as rendered (docs/targets.md "The snapshot", "Text")`, func() {
	It("puts no space at a <wbr>, in a name from contents, an element's text and a text line", func() {
		p := open(site.URL + "/conformance/pages/api-console.html")
		snap := settled(p)
		name := func(t flows.Target) string {
			r := locate.Resolve(context.Background(), snap, nil, &t, p.QueryCSS)
			Expect(r.Err).NotTo(HaveOccurred())
			return r.Node.Name
		}
		// Chromium names these "/pets /{petId}" and "POST /users /login …"
		Expect(name(flows.Target{CSS: "a[href='#pet']"})).To(Equal("/pets/{petId}"))
		Expect(name(flows.Target{CSS: "#op-login .opblock-summary"})).To(Equal("POST /users/login Logs user into the system"),
			"flex items stand apart; the path's parts do not")
		Expect(name(flows.Target{Role: "link", Name: "/pets/{petId}", Exact: true})).To(Equal("/pets/{petId}"))
		Expect(name(flows.Target{CSS: "a[href='#schema']"})).To(Equal("Pet"))
		full := snap.Render(locate.RenderOptions{Full: true})
		Expect(full).To(ContainSubstring(`button "GET /users/{username} Get user by user name"`))
		Expect(full).NotTo(ContainSubstring(`/users /`))
	})
})
