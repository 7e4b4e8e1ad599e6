package locate_test

import (
	"context"
	"fmt"
	"regexp"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

// refsInOrder are the refs of a snapshot's text, top to bottom.
func refsInOrder(snap *locate.Snapshot) []string {
	var out []string
	for _, m := range regexp.MustCompile(`ref=(e\d+)`).FindAllStringSubmatch(snap.String(), -1) {
		out = append(out, m[1])
	}
	return out
}

// numbered is e1..eN from first.
func numbered(first, n int) []string {
	var out []string
	for i := 0; i < n; i++ {
		out = append(out, fmt.Sprintf("e%d", first+i))
	}
	return out
}

// refOf is the ref of the only node of role and name in snap.
func refOf(snap *locate.Snapshot, role, name string) string {
	GinkgoHelper()
	var refs []string
	for ref, n := range snap.Refs {
		if n.Role == role && n.Name == name {
			refs = append(refs, ref)
		}
	}
	Expect(refs).To(HaveLen(1), "%s %q in:\n%s", role, name, snap)
	return refs[0]
}

// byElement maps each element of snap with a ref to its ref.
func byElement(snap *locate.Snapshot) map[locate.NodeKey]string {
	out := map[locate.NodeKey]string{}
	for ref, n := range snap.Refs {
		out[n.Key()] = ref
	}
	return out
}

// taken is the page's first snapshot, shown to the reader, once its
// frames have loaded.
func taken(p *browser.Page) *locate.Snapshot {
	GinkgoHelper()
	Eventually(func() int { return len(settled(p).Refs) }).Should(Equal(9)) // 5 in the page, 2 in each iframe
	snap, err := p.TakeSnapshot(context.Background())
	Expect(err).NotTo(HaveOccurred())
	return snap
}

// readUntil snapshots the page until it shows role "name".
func readUntil(p *browser.Page, role, name string) *locate.Snapshot {
	GinkgoHelper()
	return readUntilRef(p, func(n *locate.Node) bool { return n.Role == role && n.Name == name })
}

// readUntilRef snapshots the page until one of its refs is a node that
// has what shows wants.
func readUntilRef(p *browser.Page, shows func(*locate.Node) bool) *locate.Snapshot {
	GinkgoHelper()
	var snap *locate.Snapshot
	Eventually(func() bool {
		s, err := p.Snapshot(context.Background())
		if err != nil {
			return false
		}
		snap = s
		for _, n := range s.Refs {
			if shows(n) {
				return true
			}
		}
		return false
	}).WithTimeout(10 * time.Second).WithPolling(50 * time.Millisecond).Should(BeTrue())
	return snap
}

func resolveRef(p *browser.Page, ref string) *locate.Result {
	GinkgoHelper()
	res, _, err := findToAct(p, &flows.Target{Ref: "@" + ref})
	Expect(err).NotTo(HaveOccurred())
	return res
}

var _ = Describe(`Stable refs (docs/targets.md "The snapshot", "Refs")`, func() {
	var p *browser.Page
	var first *locate.Snapshot
	BeforeEach(func() {
		p = open(site.URL + "/snapshot/refs.html")
		first = taken(p)
	})

	It("numbers a new document in document order, keeps an element's ref, and gives a new one the next number", func() {
		n := len(first.Refs)
		Expect(refsInOrder(first)).To(Equal(numbered(1, n)))
		qty := refOf(first, "textbox", "Quantity")
		run(p, "act.insertFirst(); act.rename()")
		second := readUntil(p, "button", "Undo")

		before := byElement(first)
		kept := 0
		for ref, n := range second.Refs {
			if old, ok := before[n.Key()]; ok {
				Expect(ref).To(Equal(old), "%s %q", n.Role, n.Name)
				kept++
			}
		}
		Expect(kept).To(Equal(n))
		Expect(refOf(second, "button", "Undo")).To(Equal(fmt.Sprintf("e%d", n+1)))
		Expect(refOf(second, "textbox", "Amount")).To(Equal(qty))
		Expect(refsInOrder(second)[0]).To(Equal(fmt.Sprintf("e%d", n+1)))

		again, err := p.Snapshot(context.Background())
		Expect(err).NotTo(HaveOccurred())
		Expect(again.String()).To(Equal(second.String()))
	})

	It("never gives a removed element's number to another", func() {
		n := len(first.Refs)
		save := refOf(first, "button", "Save")
		run(p, "act.removeSave(); act.insertFirst()")
		second := readUntil(p, "button", "Undo")
		Expect(second.Refs).NotTo(HaveKey(save))
		Expect(refOf(second, "button", "Undo")).To(Equal(fmt.Sprintf("e%d", n+1)))
		Expect(second.Refs).To(HaveLen(n))

		res := resolveRef(p, save)
		Expect(res.Node).To(BeNil())
		Expect(locate.ReasonOf(res.Err)).To(Equal(diagnostics.ReasonMismatch))
		Expect(res.Err).To(MatchError(ContainSubstring("the page changed")))
	})

	It("finds a re-rendered element again by role, name and nth, under its new ref", func() {
		n := len(first.Refs)
		save := first.Refs[refOf(first, "button", "Save")]
		run(p, "act.rerender()")
		res := resolveRef(p, save.Ref)
		Expect(res.Err).NotTo(HaveOccurred())
		Expect(res.Node.Name).To(Equal("Save"))
		Expect(res.Node.Backend).NotTo(Equal(save.Backend))
		Expect(res.Node.Ref).To(Equal(fmt.Sprintf("e%d", n+1)))
		Expect(res.Log).To(ContainElement(ContainSubstring(fmt.Sprintf("found button \"Save\" again by role and name (now @e%d)", n+1))))
	})

	It("fails, saying the page changed, when no copy of a re-rendered element is left", func() {
		save := refOf(first, "button", "Save")
		run(p, "act.replaceOther()")
		res := resolveRef(p, save)
		Expect(res.Node).To(BeNil())
		Expect(res.Err).To(MatchError(ContainSubstring(`@` + save + ` (button "Save") is gone from the page: the page changed`)))
	})

	It("never takes an element that lived alongside a removed one for it", func() {
		var adds []*locate.Node
		for _, n := range first.All {
			if n.Ref != "" && n.Name == "Add" {
				adds = append(adds, n)
			}
		}
		Expect(adds).To(HaveLen(2))
		run(p, "act.removeAdd1()")
		res := resolveRef(p, adds[0].Ref)
		Expect(res.Node).To(BeNil(), "@%s was taken for @%s", adds[0].Ref, adds[1].Ref)
		Expect(res.Err).To(MatchError(ContainSubstring("other elements (@" + adds[1].Ref + ")")))

		// the one left keeps its own ref
		res = resolveRef(p, adds[1].Ref)
		Expect(res.Err).NotTo(HaveOccurred())
		Expect(res.Node.Backend).To(Equal(adds[1].Backend))
	})

	It("starts again at e1 on a navigation of the main frame, and never takes the old refs for new elements", func() {
		save := refOf(first, "button", "Save")
		run(p, "act.insertFirst()")
		readUntil(p, "button", "Undo")
		_, err := p.Navigate(context.Background(), site.URL+"/snapshot/liveref.html", "load")
		Expect(err).NotTo(HaveOccurred())
		// before any read of the new document: the old one may still answer
		res := resolveRef(p, save)
		Expect(res.Node).To(BeNil(), "@%s of the old page was taken for %v", save, res.Node)

		second := readUntil(p, "button", "Save order")
		Expect(refsInOrder(second)).To(Equal(numbered(1, len(second.Refs))))
		Expect(second.Refs).To(HaveKey(save), "the new document has an @%s of its own", save)

		res = resolveRef(p, save)
		Expect(res.Node).To(BeNil(), "@%s of the old page was taken for %v", save, res.Node)
		Expect(res.Err).To(MatchError(ContainSubstring("was on a page the tab has left")))
	})

	It("gives the elements of an iframe's new document the next numbers", func() {
		n := len(first.Refs)
		before := byElement(first)
		run(p, "act.frame('same', '/snapshot/liveref.html')")
		second := readFrameUntil(p, "Same origin", "Open details")
		var fresh []string
		for _, ref := range refsInOrder(second) {
			node := second.Refs[ref]
			if old, ok := before[node.Key()]; ok {
				Expect(ref).To(Equal(old))
				continue
			}
			Expect(node.FrameName).To(Equal("Same origin"), "%s %q is new", node.Role, node.Name)
			fresh = append(fresh, ref)
		}
		Expect(fresh).To(Equal(numbered(n+1, 5)))

		// an out-of-process iframe's new document too
		run(p, fmt.Sprintf("act.frame('cross', %q)", site.Cross+"/snapshot/liveref.html"))
		third := readFrameUntil(p, "Cross origin", "Open details")
		Expect(frameRefs(third, "Cross origin")).To(Equal(numbered(n+6, 5)))
		Expect(frameRefs(third, "Same origin")).To(Equal(fresh))
	})
})

// frameRefs are the refs of the elements in the iframe titled frame, top
// to bottom.
func frameRefs(snap *locate.Snapshot, frame string) []string {
	var out []string
	for _, ref := range refsInOrder(snap) {
		if snap.Refs[ref].FrameName == frame {
			out = append(out, ref)
		}
	}
	return out
}

// readFrameUntil snapshots the page until the iframe titled frame shows
// an element named name.
func readFrameUntil(p *browser.Page, frame, name string) *locate.Snapshot {
	GinkgoHelper()
	return readUntilRef(p, func(n *locate.Node) bool { return n.FrameName == frame && n.Name == name })
}
