package locate_test

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

var _ = Describe("Suggestions for an ambiguous target", func() {
	var (
		p    *browser.Page
		snap *locate.Snapshot
		sg   *locate.Suggester
	)
	BeforeEach(func() {
		p = open(site.URL + "/conformance/pages/hints.html")
		snap = settled(p)
		sg = &locate.Suggester{Ctx: context.Background(), Snap: snap, CSS: p.QueryCSS}
	})
	// suggest resolves t, which must be ambiguous, and returns the
	// suggested targets with the refs they pick.
	suggest := func(t *flows.Target) map[string]string {
		GinkgoHelper()
		r := locate.Resolve(context.Background(), snap, nil, t, p.QueryCSS)
		Expect(locate.ReasonOf(r.Err)).To(Equal(diagnostics.ReasonAmbiguous), "%v", r.Err)
		out := map[string]string{}
		for _, s := range sg.Disambiguate(r, r.Matches, diagnostics.MaxSuggestions) {
			out[s.YAML] = s.Node.Ref
			// and it holds: alone, it resolves to that element
			again := locate.Resolve(context.Background(), snap, nil, s.Target, p.QueryCSS)
			Expect(again.Err).NotTo(HaveOccurred(), s.YAML)
			Expect(again.Node).To(BeIdenticalTo(s.Node), s.YAML)
		}
		Expect(out).To(HaveLen(len(r.Matches)), "one suggestion per candidate")
		return out
	}
	refOf := func(role, name string, nth int) string {
		GinkgoHelper()
		var seen int
		for _, n := range snap.All {
			if n.Ref != "" && n.Role == role && n.Name == name {
				if seen == nth {
					return n.Ref
				}
				seen++
			}
		}
		Fail("no " + role + " " + name)
		return ""
	}

	It("tells the same link in navigation and footer apart by their landmarks, not by main", func() {
		Expect(suggest(&flows.Target{Phrase: "Sign in"})).To(Equal(map[string]string{
			"{role: link, name: Sign in, within: {role: navigation}}":  refOf("link", "Sign in", 0),
			"{role: link, name: Sign in, within: {role: contentinfo}}": refOf("link", "Sign in", 1),
		}))
	})
	It("tells two Delete buttons apart by their rows' own text, skipping the text both rows share", func() {
		Expect(suggest(&flows.Target{Role: "button", Name: "Delete"})).To(Equal(map[string]string{
			"{role: button, name: Delete, within: {role: row, has_text: Ada Lovelace}}": refOf("button", "Delete", 0),
			"{role: button, name: Delete, within: {role: row, has_text: Alan Turing}}":  refOf("button", "Delete", 1),
		}))
	})
	It("tells a link and a button of one name apart by their roles", func() {
		Expect(suggest(&flows.Target{Phrase: "Help"})).To(Equal(map[string]string{
			"{role: link, name: Help}":   refOf("link", "Help", 0),
			"{role: button, name: Help}": refOf("button", "Help", 0),
		}))
	})
	It("tells two names that both hold the phrase apart by the whole name", func() {
		Expect(suggest(&flows.Target{Phrase: "Save"})).To(Equal(map[string]string{
			"{role: button, name: Save draft, exact: true}": refOf("button", "Save draft", 0),
			"{role: button, name: Save copy, exact: true}":  refOf("button", "Save copy", 0),
		}))
	})
	It("falls back to nth only when nothing else tells them apart", func() {
		Expect(suggest(&flows.Target{Phrase: "Add"})).To(Equal(map[string]string{
			"{role: button, name: Add, nth: 0}": refOf("button", "Add", 0),
			"{role: button, name: Add, nth: 1}": refOf("button", "Add", 1),
		}))
	})
	It("names a near miss by the simplest target that picks it alone", func() {
		s, ok := sg.Name(snap.Refs[refOf("button", "Log out", 0)])
		Expect(ok).To(BeTrue())
		Expect(s.YAML).To(Equal("Log out"))
		s, ok = sg.Name(snap.Refs[refOf("link", "Help", 0)])
		Expect(ok).To(BeTrue())
		Expect(s.YAML).To(Equal("{role: link, name: Help}"))
	})
})
