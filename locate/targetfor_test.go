package locate_test

import (
	"context"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

// targetsFor finds the target of every ref of snap and checks each: a
// visible element's target, written as YAML and read back as a flow file
// reads it, resolves over snap to that element and to nothing else
// visible (but with nth); a hidden one has none, and the error says so.
// It returns the targets' YAML by ref.
func targetsFor(p *browser.Page, snap *locate.Snapshot) map[string]string {
	GinkgoHelper()
	out := map[string]string{}
	for ref, n := range snap.Refs {
		t, err := locate.TargetFor(snap, n)
		if !n.Visible {
			Expect(locate.ReasonOf(err)).To(Equal(diagnostics.ReasonHidden), "@%s", ref)
			continue
		}
		Expect(err).NotTo(HaveOccurred(), "@%s %s %q in:\n%s", ref, n.Role, n.Name, snap)
		y, err := t.YAML()
		Expect(err).NotTo(HaveOccurred())
		out[ref] = y
		back, err := flows.ParseTargetYAML(y)
		Expect(err).NotTo(HaveOccurred(), y)
		r := locate.Resolve(context.Background(), snap, nil, back, p.QueryCSS)
		Expect(r.Err).NotTo(HaveOccurred(), "@%s: %s", ref, y)
		Expect(r.Node).To(BeIdenticalTo(n), "@%s: %s picks %s %q", ref, y, r.Node.Role, r.Node.Name)
		if back.Nth == nil {
			_, vis, err := locate.Count(context.Background(), snap, nil, back, p.QueryCSS)
			Expect(err).NotTo(HaveOccurred())
			Expect(vis).To(HaveLen(1), "@%s: %s", ref, y)
		}
	}
	return out
}

var _ = Describe(`From a node back to a target (docs/targets.md "From a node back to a target")`, func() {
	var pages []string
	for _, glob := range []string{"../testdata/conformance/pages/*.html", "../testdata/snapshot/*.html"} {
		m, err := filepath.Glob(glob)
		if err != nil {
			panic(err) // a bad pattern: a bug of this test
		}
		pages = append(pages, m...)
	}
	for _, f := range pages {
		path := "/" + strings.TrimPrefix(filepath.ToSlash(f), "../testdata/")
		It("finds a target that resolves back for every ref of "+path, func() {
			p := open(site.URL + path)
			targetsFor(p, settled(p))
		})
	}
	for _, path := range []string{"/", "/login", "/search?q=mug", "/product/blue-mug", "/cart", "/checkout"} {
		It("finds a target that resolves back for every ref of the demo shop's "+path, func() {
			p := open(shop.URL + path)
			targetsFor(p, settled(p))
		})
	}
})

var _ = Describe("TargetFor gives the shortest target", func() {
	// targetOf is the YAML of the target TargetFor gives the nth ref of
	// role and name on snap.
	targetOf := func(snap *locate.Snapshot, role, name string, nth int) string {
		GinkgoHelper()
		for _, n := range snap.All {
			if n.Ref != "" && n.Role == role && n.Name == name && n.Nth == nth {
				t, err := locate.TargetFor(snap, n)
				Expect(err).NotTo(HaveOccurred())
				y, err := t.YAML()
				Expect(err).NotTo(HaveOccurred())
				return y
			}
		}
		Fail("no " + role + " " + name + " in:\n" + snap.String())
		return ""
	}

	It("names an element by its name, then role and name, exact, within, nth", func() {
		snap := settled(open(site.URL + "/conformance/pages/hints.html"))
		Expect(targetOf(snap, "button", "Log out", 0)).To(Equal("Log out"))
		Expect(targetOf(snap, "link", "Help", 0)).To(Equal("{role: link, name: Help}"))
		Expect(targetOf(snap, "link", "Sign in", 0)).To(Equal("{role: link, name: Sign in, within: {role: navigation}}"))
		Expect(targetOf(snap, "link", "Sign in", 1)).To(Equal("{role: link, name: Sign in, within: {role: contentinfo}}"))
		Expect(targetOf(snap, "button", "Delete", 1)).To(Equal("{role: button, name: Delete, within: {role: row, has_text: Alan Turing}}"))

		snap = settled(open(site.URL + "/conformance/pages/words.html"))
		Expect(targetOf(snap, "button", "Save", 0)).To(Equal("{role: button, name: Save, exact: true}"))
		Expect(targetOf(snap, "button", "Save draft", 0)).To(Equal("Save draft"))
	})

	It("takes the label, the placeholder, the text, a context or the test id when role and name are not enough", func() {
		snap := settled(open(site.URL + "/snapshot/targets.html"))
		Expect(targetOf(snap, "textbox", "Email", 0)).To(Equal("{label: Email}"))
		Expect(targetOf(snap, "textbox", "Email", 1)).To(Equal("{placeholder: Email}"))
		Expect(targetOf(snap, "button", "Remove", 0)).To(Equal("{text: Remove Ada}"))
		Expect(targetOf(snap, "button", "OK", 0)).To(Equal("{role: button, name: OK, within: {role: dialog}}"))
		Expect(targetOf(snap, "button", "OK", 1)).To(Equal("{role: button, name: OK, nth: 1}"))
		Expect(targetOf(snap, "button", "Edit", 1)).To(Equal("{testid: edit-bottom}"))
	})

	It("names a control nested in a clickable wrapper by its phrase, and the wrapper by role generic (docs/targets.md \"Nested matches\")", func() {
		p := open(site.URL + "/conformance/pages/nested.html")
		snap := settled(p)
		Expect(targetOf(snap, "button", "Save changes", 0)).To(Equal("Save changes"))
		Expect(targetOf(snap, "generic", "Save changes", 0)).To(Equal("{role: generic, name: Save changes}"))
		Expect(targetOf(snap, "link", "Read the docs", 0)).To(Equal("Read the docs"))
		Expect(targetOf(snap, "button", "Send", 0)).To(Equal("Send"))
		Expect(targetOf(snap, "generic", "Send", 0)).To(Equal("{role: generic, name: Send, nth: 0}"))
		Expect(targetOf(snap, "generic", "Send", 1)).To(Equal("{role: generic, name: Send, nth: 1}"))
		Expect(targetOf(snap, "button", "Buy now", 0)).To(Equal("Buy now"))
		Expect(targetOf(snap, "link", "Buy now", 0)).To(Equal("{role: link, name: Buy now}"))
		Expect(targetOf(snap, "generic", "Settings", 0)).To(Equal("{role: generic, name: Settings}"))
		Expect(targetOf(snap, "button", "Delete", 1)).To(Equal("{role: button, name: Delete, within: {role: listitem, has_text: Alan Turing}}"))
		Expect(targetOf(snap, "generic", "Delete", 1)).To(Equal("{role: generic, name: Delete, within: {role: listitem, has_text: Alan Turing}}"))

		// two rows are still two things: the phrase alone is ambiguous
		r := locate.Resolve(context.Background(), snap, nil, &flows.Target{Phrase: "Delete"}, p.QueryCSS)
		Expect(locate.ReasonOf(r.Err)).To(Equal(diagnostics.ReasonAmbiguous))
		Expect(r.Matches).To(HaveLen(2))
		for _, n := range r.Matches {
			Expect(n.Role).To(Equal("button"))
		}
	})

	It("tells twins apart by nth only when nothing else does, and the shorter target would be ambiguous", func() {
		p := open(site.URL + "/conformance/pages/hints.html")
		snap := settled(p)
		Expect(targetOf(snap, "button", "Add", 0)).To(Equal("{role: button, name: Add, nth: 0}"))
		Expect(targetOf(snap, "button", "Add", 1)).To(Equal("{role: button, name: Add, nth: 1}"))
		r := locate.Resolve(context.Background(), snap, nil, &flows.Target{Role: "button", Name: "Add"}, p.QueryCSS)
		Expect(locate.ReasonOf(r.Err)).To(Equal(diagnostics.ReasonAmbiguous))
	})

	It("says why an element has no target: hidden, or not of this snapshot", func() {
		p := open(site.URL + "/conformance/pages/hidden.html")
		snap := settled(p)
		var hidden, shown *locate.Node
		for _, n := range snap.All {
			if n.Ref != "" && n.Name == "Buy" && !n.Visible {
				hidden = n
			}
			if n.Ref != "" && n.Name == "Buy" && n.Visible {
				shown = n
			}
		}
		Expect(hidden).NotTo(BeNil(), snap.String())
		_, err := locate.TargetFor(snap, hidden)
		Expect(locate.ReasonOf(err)).To(Equal(diagnostics.ReasonHidden))
		Expect(err).To(MatchError(ContainSubstring("not visible")))

		// a hidden twin does not make the visible one ambiguous
		t, err := locate.TargetFor(snap, shown)
		Expect(err).NotTo(HaveOccurred())
		Expect(t.YAML()).To(Equal("Buy"))

		again, err := p.Snapshot(context.Background())
		Expect(err).NotTo(HaveOccurred())
		_, err = locate.TargetFor(again, shown)
		Expect(locate.ReasonOf(err)).To(Equal(diagnostics.ReasonNotFound))
		Expect(err).To(MatchError(ContainSubstring("not in this snapshot")))
		_, err = locate.TargetFor(snap, nil)
		Expect(err).To(HaveOccurred())
	})
})
