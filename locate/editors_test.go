package locate_test

import (
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

// The fixture holds one editor of each kind: a contenteditable div named by
// aria-label, one by aria-labelledby, the contenteditable body of an iframe
// a script wrote (and an empty one), a contenteditable in a srcdoc iframe, a
// designMode iframe, one with a locked inline part, one marked
// aria-readonly, one with a link, a widget and a caption inside, an ARIA
// textbox, and a contenteditable=false div.
const editorsPage = "/conformance/pages/editors.html"

var _ = Describe(`editing hosts (docs/targets.md "The snapshot", "Editable hosts")`, func() {
	It("shows every kind as a textbox with a ref and its text as value", func() {
		p := open(site.URL + editorsPage)
		header, body, _ := strings.Cut(settled(p).String(), "\n")
		Expect(header).To(HavePrefix("# " + site.URL + editorsPage + " "))
		Expect(body).To(Equal(`- heading "Editors" [level=1]
- textbox "Body" [ref=e1]: Hello
- textbox "Subject line" [ref=e2]
- Iframe "Written editor"
  - textbox "Message" [ref=e3]: Dear team
- Iframe
  - textbox "Empty editor" [ref=e4]
- Iframe "Srcdoc editor"
  - textbox "Notes" [ref=e5]: Draft
- Iframe
  - textbox "Design editor" [ref=e6]: Design draft
- textbox "Signed" [ref=e7]: Kind regards, Ada
- textbox "Locked" [readonly, ref=e8]: Frozen
- textbox "Article" [ref=e9]: See the docs and bold. Caption
- textbox "Comment" [ref=e10]: First Second
- status "0"
- status "0"
`))
	})

	It("marks the hosts, and gives their content no ref", func() {
		snap := settled(open(site.URL + editorsPage))
		hosts := map[string]string{}
		for _, n := range snap.All {
			if n.EditHost {
				hosts[n.Name] = n.Tag
			}
			switch n.Name {
			case "the docs", "bold", "Caption", "Chart":
				Expect(n.Ref).To(BeEmpty(), "%s %q is inside the editor Article", n.Role, n.Name)
			case "Archived":
				Expect(n.EditHost || n.Ref != "").To(BeFalse(), "contenteditable=false is no field")
			}
		}
		Expect(hosts).To(Equal(map[string]string{
			"Body": "div", "Subject line": "div", "Message": "body", "Empty editor": "body", "Notes": "div",
			"Design editor": "body", "Signed": "div", "Locked": "div", "Article": "div", "Comment": "div",
		}))
		locked := snap.Refs["e8"]
		Expect(locked.Name).To(Equal("Locked"))
		Expect(locked.Editable()).To(BeFalse(), "aria-readonly")
		Expect(snap.Refs["e1"].Editable()).To(BeTrue())
	})

	It("reads an editor's new content back as its text and value", func() {
		p := open(site.URL + editorsPage)
		settled(p)
		run(p, `document.getElementById('design').contentDocument.body.innerHTML = '<p>One</p><p>Two <b>bold</b></p>'`)
		snap := settled(p)
		var design *locate.Node
		for _, n := range snap.All {
			if n.EditHost && n.Name == "Design editor" {
				design = n
			}
		}
		Expect(design).NotTo(BeNil())
		Expect(design.Value).To(Equal("One Two bold"))
		Expect(design.Text).To(Equal(design.Value))
	})

	It("resolves a ref to an editor over a full read: its role and value are smokeflow's", func() {
		p := open(site.URL + editorsPage)
		settled(p)
		ref := refTo(p, "textbox", "Body")
		Expect(findLive(p, &flows.Target{Ref: ref})).To(BeNil())
		res, snap, err := findToAct(p, &flows.Target{Ref: ref})
		Expect(err).NotTo(HaveOccurred())
		Expect(snap).NotTo(BeNil())
		Expect(res.Err).NotTo(HaveOccurred())
		Expect(res.Node.Value).To(Equal("Hello"))
	})
})
