package locate_test

import (
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

// refTo takes the snapshot refs resolve against and returns the ref of
// role "name".
func refTo(p *browser.Page, role, name string) string {
	snap, err := p.TakeSnapshot(context.Background())
	Expect(err).NotTo(HaveOccurred())
	for ref, n := range snap.Refs {
		if n.Role == role && n.Name == name {
			return ref
		}
	}
	Fail("no ref for " + role + " " + name + " in:\n" + snap.String())
	return ""
}

func run(p *browser.Page, js string) {
	_, err := p.Eval(context.Background(), js)
	Expect(err).NotTo(HaveOccurred())
}

var _ = Describe(`a ref resolved live (docs/targets.md "Resolution")`, func() {
	var p *browser.Page
	BeforeEach(func() { p = open(site.URL + "/snapshot/liveref.html") })

	It("uses the element of an unchanged ref without a full read", func() {
		ref := refTo(p, "button", "Save order")
		r := findLive(p, &flows.Target{Ref: ref})
		Expect(r).NotTo(BeNil())
		Expect(r.Err).NotTo(HaveOccurred())
		Expect(r.Node.Name).To(Equal("Save order"))
		Expect(r.Node.Ref).To(Equal(ref))

		// through the page, for an action: no snapshot is taken
		res, snap, err := findToAct(p, &flows.Target{Ref: "@" + ref, Role: "button"})
		Expect(err).NotTo(HaveOccurred())
		Expect(snap).To(BeNil())
		Expect(res.Node.Name).To(Equal("Save order"))
	})

	It("is for actions only: an expectation reads the page", func() {
		// the name (aria-label) stays, the text changes: only a full read
		// sees the new text
		ref := refTo(p, "button", "Cart")
		run(p, "act.recount()")
		res, snap, err := findRead(p, &flows.Target{Ref: ref})
		Expect(err).NotTo(HaveOccurred())
		Expect(snap).NotTo(BeNil())
		Expect(res.Node.Text).To(Equal("3 items"))
	})

	It("reads the element's states again", func() {
		save := refTo(p, "button", "Save order")
		gift := refTo(p, "checkbox", "Gift wrap")
		run(p, "act.disable(); act.check()")
		r := findLive(p, &flows.Target{Ref: save})
		Expect(r).NotTo(BeNil())
		Expect(r.Node.Disabled).To(BeTrue())
		r = findLive(p, &flows.Target{Ref: gift})
		Expect(r).NotTo(BeNil())
		Expect(r.Node.Checked).To(Equal("true"))
	})

	It("leaves a removed, re-rendered or renamed element to the full read", func() {
		for _, change := range []string{"act.remove()", "act.rerender()", "act.rename()"} {
			p := open(site.URL + "/snapshot/liveref.html")
			ref := refTo(p, "button", "Save order")
			run(p, change)
			Expect(findLive(p, &flows.Target{Ref: ref})).To(BeNil(), change)
		}
	})

	It("never uses a ref whose recorded role or name contradicts the step", func() {
		ref := refTo(p, "button", "Save order")
		Expect(findLive(p, &flows.Target{Ref: ref, Role: "link"})).To(BeNil())
		Expect(findLive(p, &flows.Target{Ref: ref, Name: "Delete"})).To(BeNil())
		res, _, err := findRead(p, &flows.Target{Ref: ref, Name: "Delete"})
		Expect(err).NotTo(HaveOccurred())
		Expect(res.Err).To(MatchError(ContainSubstring(`not named "Delete"`)))
	})

	It("re-finds a re-rendered element over a full read, and reports a removed one", func() {
		ref := refTo(p, "button", "Save order")
		run(p, "act.rerender()")
		res, snap, err := findToAct(p, &flows.Target{Ref: ref})
		Expect(err).NotTo(HaveOccurred())
		Expect(snap).NotTo(BeNil())
		Expect(res.Err).NotTo(HaveOccurred())
		Expect(res.Node.Name).To(Equal("Save order"))
		Expect(res.Log).To(ContainElement(ContainSubstring("was stale")))

		run(p, "act.remove()")
		res, _, err = findToAct(p, &flows.Target{Ref: ref})
		Expect(err).NotTo(HaveOccurred())
		Expect(res.Err).To(MatchError(ContainSubstring("gone from the page")))
	})

	It("does not take a derived name on trust", func() {
		// the clickable div's name is its text, which the browser does not
		// give it: only a full read can confirm it
		ref := refTo(p, "generic", "Open details")
		Expect(findLive(p, &flows.Target{Ref: ref})).To(BeNil())
		res, snap, err := findToAct(p, &flows.Target{Ref: ref})
		Expect(err).NotTo(HaveOccurred())
		Expect(snap).NotTo(BeNil())
		Expect(res.Node.Name).To(Equal("Open details"))
	})
})

var _ = Describe(`a stale ref (docs/targets.md "Resolution", 1)`, func() {
	var p *browser.Page
	BeforeEach(func() { p = open(site.URL + "/snapshot/stale.html") })

	// deleteOf is the ref of the Delete button in the row of name.
	deleteOf := func(name string) string {
		snap, err := p.TakeSnapshot(context.Background())
		Expect(err).NotTo(HaveOccurred())
		for ref, n := range snap.Refs {
			if n.Role == "button" && n.Name == "Delete" && n.Parent != nil && n.Parent.Parent != nil &&
				n.Parent.Parent.Text == name+" Delete" {
				return ref
			}
		}
		Fail("no Delete button in the row of " + name + " in:\n" + snap.String())
		return ""
	}

	resolve := func(ref string) (*locate.Result, *locate.Snapshot) {
		res, snap, err := findToAct(p, &flows.Target{Ref: ref})
		Expect(err).NotTo(HaveOccurred())
		Expect(snap).NotTo(BeNil(), "a stale ref goes through a full read")
		return res, snap
	}

	It("is found again by role and name when it was and is the only one", func() {
		ref := refTo(p, "button", "Save")
		run(p, "act.resave()")
		res, _ := resolve(ref)
		Expect(res.Err).NotTo(HaveOccurred())
		Expect(res.Node.Name).To(Equal("Save"))
		Expect(res.Log).To(ContainElement(ContainSubstring("found button \"Save\" again by role and name")))
	})

	It("is found again by nth when the same rows were rendered again", func() {
		ref := deleteOf("Brian")
		run(p, "act.rerender()")
		res, _ := resolve(ref)
		Expect(res.Err).NotTo(HaveOccurred())
		Expect(res.Node.Parent.Parent.Text).To(Equal("Brian Delete"))
		Expect(res.Log).To(ContainElement(ContainSubstring("again by role, name and nth")))
	})

	It("never picks the element that took its place when the rows changed", func() {
		// Brian's Delete was the 2nd of 3; after Ada's row goes, the 2nd
		// is Cleo's. The ref number and nth would both pick Cleo.
		ref := deleteOf("Brian")
		run(p, "act.dropFirst()")
		res, _ := resolve(ref)
		Expect(res.Err).To(MatchError(ContainSubstring("was replaced, and the page changed around it")))
		Expect(locate.ReasonOf(res.Err)).To(Equal(diagnostics.ReasonMismatch))
		Expect(res.Node).To(BeNil())

		// as many rows, but another person in its place
		p = open(site.URL + "/snapshot/stale.html")
		ref = deleteOf("Brian")
		run(p, "act.swap()")
		res, _ = resolve(ref)
		Expect(res.Err).To(MatchError(ContainSubstring("was replaced")))
		Expect(res.Node).To(BeNil())
	})

	It("fails at once on the page a navigation led to, whatever it holds", func() {
		ref := refTo(p, "button", "Save")
		run(p, "act.leave()")
		Eventually(func() string { return settled(p).URL }).Should(HaveSuffix("?again"))
		res, _ := resolve(ref)
		Expect(res.Err).To(MatchError(ContainSubstring("was on a page the tab has left")))
		Expect(locate.IsFinal(res.Err)).To(BeTrue())

		// an action does not wait out its timeout for it
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		start := time.Now()
		_, err := p.Click(ctx, &flows.Target{Ref: ref}, browser.ClickOptions{})
		Expect(err).To(MatchError(ContainSubstring("was on a page the tab has left")))
		Expect(ctx.Err()).NotTo(HaveOccurred(), "the click failed before its deadline, in %s", time.Since(start))
	})
})
