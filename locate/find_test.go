package locate_test

import (
	"context"
	"errors"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

// findToAct is an action's lookup (docs/targets.md "One lookup"): a plain
// ref checked live, else the latest read when nothing changed, else a
// read.
func findToAct(p *browser.Page, t *flows.Target) (*locate.Result, *locate.Snapshot, error) {
	f, err := p.Find(context.Background(), t, browser.FindOptions{Live: true, Reuse: true})
	return f.Result, f.Snap, err
}

// findRead reads the page once and resolves t over it.
func findRead(p *browser.Page, t *flows.Target) (*locate.Result, *locate.Snapshot, error) {
	f, err := p.Find(context.Background(), t, browser.FindOptions{})
	return f.Result, f.Snap, err
}

// findLive is a plain ref checked live on its element alone: nil when it
// cannot be, and the page is not read.
func findLive(p *browser.Page, t *flows.Target) *locate.Result {
	GinkgoHelper()
	before := p.Reads()
	f, err := p.Find(context.Background(), t, browser.FindOptions{Live: true, NoRead: true})
	Expect(err).NotTo(HaveOccurred())
	Expect(p.Reads()).To(Equal(before), "NoRead never reads the page")
	if f.Source == browser.SourceNone {
		Expect(f.Result).To(BeNil())
		return nil
	}
	Expect(f.Source).To(Equal(browser.SourceLive))
	Expect(f.Snap).To(BeNil(), "a live ref has no snapshot")
	return f.Result
}

var _ = Describe(`one lookup (docs/targets.md "One lookup")`, func() {
	var p *browser.Page
	ctx := context.Background()
	find := func(t *flows.Target, o browser.FindOptions) browser.Found {
		GinkgoHelper()
		f, err := p.Find(ctx, t, o)
		Expect(err).NotTo(HaveOccurred())
		return f
	}
	button := func(name string) *flows.Target { return &flows.Target{Role: "button", Name: name, Exact: true} }
	expectation := browser.FindOptions{Reuse: true, Shown: true, NoRead: true}

	Context("over the latest read", func() {
		BeforeEach(func() {
			p = open(site.URL + "/snapshot/reuse.html")
			settled(p)
			Eventually(func() bool {
				_, err := p.Snapshot(ctx)
				Expect(err).NotTo(HaveOccurred())
				before := p.Reads()
				return find(button("Account"), browser.FindOptions{Reuse: true}).Source == browser.SourceReused &&
					p.Reads() == before
			}).Should(BeTrue(), "a read of an unchanged page is reused")
		})

		It("answers without Shown whatever the read says, and with Shown only an element shown now", func() {
			// each try starts from a fresh read: a late change of the page
			// (a font, a focus) between two finds refuses the reuse, which is
			// the rule, not what this spec is about
			Eventually(func(g Gomega) {
				_, err := p.Snapshot(ctx)
				g.Expect(err).NotTo(HaveOccurred())
				before := p.Reads()
				f := find(button("Nowhere"), browser.FindOptions{Reuse: true, NoRead: true})
				g.Expect(f.Source).To(Equal(browser.SourceReused))
				g.Expect(f.Snap).NotTo(BeNil())
				g.Expect(locate.ReasonOf(f.Result.Err)).To(Equal(diagnostics.ReasonNotFound))

				f = find(button("Nowhere"), expectation)
				g.Expect(f.Source).To(Equal(browser.SourceNone), "nothing found stands for nothing")
				g.Expect(f.Result).To(BeNil())
				f = find(button("Account"), expectation)
				g.Expect(f.Source).To(Equal(browser.SourceReused), "the read is kept after an answer that did not stand")
				g.Expect(f.Result.Node.Name).To(Equal("Account"))
				o := expectation
				o.All = true
				f = find(button("Account"), o)
				g.Expect(f.Source).To(Equal(browser.SourceReused))
				g.Expect(f.Visible).To(HaveLen(1))
				g.Expect(f.All).To(HaveLen(1))
				g.Expect(p.Reads()).To(Equal(before), "the page was never read")
			}).WithTimeout(10 * time.Second).Should(Succeed())
		})

		It("drops the read when the element it found is not shown now, and NoRead then answers nothing", func() {
			// a rule edited in place: no DOM change, no event, the same rules
			pageScript(p.Sessions()[0], `(() => { for (const r of document.styleSheets[0].cssRules)
				if (r.selectorText === '.ruled') r.style.display = 'none'; })()`)
			before := p.Reads()
			Expect(find(button("Ruled button"), expectation).Source).To(Equal(browser.SourceNone))
			Expect(find(button("Account"), browser.FindOptions{Reuse: true, NoRead: true}).Source).To(Equal(browser.SourceNone),
				"the read is dropped")
			Expect(p.Reads()).To(Equal(before))

			f := find(button("Ruled button"), browser.FindOptions{Reuse: true})
			Expect(f.Source).To(Equal(browser.SourceRead), "without NoRead, the page is read")
			Expect(p.Reads()).To(Equal(before + 1))
			Expect(f.Result.Err).To(HaveOccurred(), "and the read sees it hidden")
		})
	})

	It("reads the page for All: every match, the visible ones, and a count's failure", func() {
		p = open(site.URL + "/snapshot/reuse.html")
		settled(p)
		before := p.Reads()
		f := find(&flows.Target{Role: "button"}, browser.FindOptions{All: true})
		Expect(f.Source).To(Equal(browser.SourceRead))
		Expect(f.Snap).NotTo(BeNil())
		Expect(f.Result).To(BeNil(), "All answers matches, not one resolution")
		Expect(p.Reads()).To(Equal(before + 1))
		names := func(ns []*locate.Node) []string {
			var out []string
			for _, n := range ns {
				out = append(out, n.Name)
			}
			return out
		}
		Expect(names(f.Visible)).To(ContainElement("Account"))
		Expect(names(f.Visible)).NotTo(ContainElement("Sign out"), "a :hover menu is hidden")
		Expect(len(f.All)).To(BeNumerically(">=", len(f.Visible)))

		f, err := p.Find(ctx, &flows.Target{Role: "button", Within: &flows.Target{Text: "No such panel"}}, browser.FindOptions{All: true})
		var ce *locate.ContainerError
		Expect(errors.As(err, &ce)).To(BeTrue(), "%v", err)
		Expect(f.Snap).NotTo(BeNil())
	})

	Describe("Wait", func() {
		BeforeEach(func() {
			p = open(site.URL + "/snapshot/reuse.html")
			settled(p)
		})

		It("polls until the target is one element", func() {
			// the page's own timer adds it later
			pageScript(p.Sessions()[0], `setTimeout(() => { const b = document.createElement('button');
				b.textContent = 'Late arrival'; document.querySelector('main').append(b); }, 300)`)
			wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			defer cancel()
			f, err := p.Find(wctx, button("Late arrival"), browser.FindOptions{Wait: true})
			Expect(err).NotTo(HaveOccurred())
			Expect(f.Source).To(Equal(browser.SourceRead))
			Expect(f.Result.Node.Name).To(Equal("Late arrival"))
		})

		It("fails at the deadline with the last resolution and read", func() {
			wctx, cancel := context.WithTimeout(ctx, 600*time.Millisecond)
			defer cancel()
			f, err := p.Find(wctx, button("Nowhere"), browser.FindOptions{Wait: true})
			var le *browser.LocateError
			Expect(errors.As(err, &le)).To(BeTrue(), "%v", err)
			Expect(le.Reason()).To(BeElementOf(diagnostics.ReasonNotFound, diagnostics.ReasonTimeout))
			Expect(f.Result).NotTo(BeNil())
			Expect(f.Result.Err).To(HaveOccurred())
			Expect(f.Snap).NotTo(BeNil())
			Expect(le.Result).To(BeIdenticalTo(f.Result))
		})

		It("ends at once on what waiting cannot cure: a ref never given", func() {
			wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			defer cancel()
			start := time.Now()
			_, err := p.Find(wctx, &flows.Target{Ref: "e9999"}, browser.FindOptions{Wait: true})
			Expect(err).To(MatchError(ContainSubstring("@e9999 was not in any snapshot of this page")))
			Expect(time.Since(start)).To(BeNumerically("<", 5*time.Second), "not waited out")
		})

		It("does not go with All or NoRead", func() {
			for _, o := range []browser.FindOptions{{Wait: true, All: true}, {Wait: true, NoRead: true}} {
				_, err := p.Find(ctx, button("Account"), o)
				Expect(err).To(MatchError(ContainSubstring("Wait does not go with All or NoRead")))
			}
		})
	})

	It("answers a plain ref live, without a read, and nothing with NoRead when it cannot", func() {
		p = open(site.URL + "/snapshot/liveref.html")
		ref := refTo(p, "button", "Save order")
		Expect(findLive(p, &flows.Target{Ref: ref})).NotTo(BeNil())
		Expect(findLive(p, &flows.Target{Ref: refTo(p, "generic", "Open details")})).To(BeNil(), "a derived name is not taken on trust")
		before := p.Reads()
		f := find(&flows.Target{Ref: ref}, browser.FindOptions{})
		Expect(f.Source).To(Equal(browser.SourceRead), "without Live, a ref is resolved over a read")
		Expect(p.Reads()).To(Equal(before + 1))
	})
})
