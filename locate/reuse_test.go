package locate_test

import (
	"context"
	"fmt"
	"time"

	"github.com/go-rod/rod/lib/proto"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

// pageScript runs js in the page's own main world straight through the
// DevTools session, as the page's own scripts would change it: not
// through Page.Eval, which tells the page that smokeflow acted.
func pageScript(s *browser.CDPSession, js string) {
	r, err := proto.RuntimeEvaluate{Expression: js, AwaitPromise: true}.Call(s.Client(context.Background()))
	Expect(err).NotTo(HaveOccurred())
	Expect(r.ExceptionDetails).To(BeNil(), js)
}

// resolveButton resolves {role: button, name} for an action, and says
// whether it was found and whether the page was read for it.
func resolveButton(p *browser.Page, name string) (found, read bool) {
	GinkgoHelper()
	before := p.Reads()
	r, _, err := findToAct(p, &flows.Target{Role: "button", Name: name, Exact: true})
	Expect(err).NotTo(HaveOccurred())
	return r.Err == nil && r.Node != nil && r.Node.Name == name, p.Reads() != before
}

// crossSession is the session of the page's out-of-process iframe.
func crossSession(p *browser.Page) *browser.CDPSession {
	GinkgoHelper()
	for _, s := range p.Sessions() {
		if s.Parent != nil {
			return s
		}
	}
	Fail("no out-of-process iframe")
	return nil
}

var _ = Describe(`reusing a read (docs/targets.md "Reusing a read")`, func() {
	var p *browser.Page
	BeforeEach(func() {
		p = open(site.URL + "/snapshot/reuse.html")
		settled(p)
		crossSession(p) // the cross-origin frame is out of process
		// a read of the page at rest is reused
		Eventually(func() bool {
			_, err := p.Snapshot(context.Background())
			Expect(err).NotTo(HaveOccurred())
			found, read := resolveButton(p, "Account")
			return found && !read
		}).WithTimeout(10*time.Second).Should(BeTrue(), "a read of an unchanged page is reused") // 1 s is short on a loaded machine
	})

	It("reuses the latest read while nothing changes, and acts on it", func() {
		// three resolutions and a click in a row over one read; on a
		// loaded machine a late event of the page's own (or a stamp not
		// given within its second) may still make one more read after
		// the one BeforeEach saw reused, so the row is tried again until
		// it runs at rest: a page whose reads are never reused fails
		Eventually(func(g Gomega) {
			for range 3 {
				found, read := resolveButton(p, "Old text")
				g.Expect(found).To(BeTrue())
				g.Expect(read).To(BeFalse(), "an unchanged page is not read again")
			}
			out, err := p.Click(context.Background(), &flows.Target{Role: "button", Name: "Old text"}, browser.ClickOptions{})
			g.Expect(err).NotTo(HaveOccurred())
			g.Expect(out.Phases.Reused).To(Equal(1), "the click acts over the read reused")
		}).WithTimeout(10 * time.Second).Should(Succeed())
		// the click is smokeflow's own input: the next resolution reads
		_, read := resolveButton(p, "Old text")
		Expect(read).To(BeTrue())
	})

	main := func() *browser.CDPSession { return p.Sessions()[0] }
	DescribeTable("reads the page again after a change of any kind",
		func(target string, change func()) {
			// the page at rest first: on a loaded machine a late event of
			// the page's own may still make one more read
			Eventually(func() bool {
				found, read := resolveButton(p, target)
				Expect(found).To(BeFalse(), "not there before the change")
				return read
			}).WithTimeout(10*time.Second).Should(BeFalse(), "a read of the page at rest is reused before the change")
			change()
			found, read := resolveButton(p, target)
			Expect(read).To(BeTrue(), "the change is seen")
			Expect(found).To(BeTrue(), "and what it shows is found")
		},
		Entry("an attribute", "New name", func() {
			pageScript(main(), `document.getElementById('named').setAttribute('aria-label', 'New name')`)
		}),
		Entry("a text", "New text", func() {
			pageScript(main(), `document.getElementById('texted').textContent = 'New text'`)
		}),
		Entry("a class on an ancestor", "Save panel", func() {
			pageScript(main(), `document.getElementById('holder').classList.add('open')`)
		}),
		Entry("an open shadow root's content", "Shadow second", func() {
			pageScript(main(), `document.getElementById('host').shadowRoot.innerHTML += '<button>Shadow second</button>'`)
		}),
		Entry("a shadow root attached to an element already in the page", "Late shadow", func() {
			pageScript(main(), `document.getElementById('holder').attachShadow({mode: 'open'}).innerHTML = '<button>Late shadow</button>'`)
		}),
		Entry("a same-process iframe's document", "Frame new", func() {
			pageScript(main(), `(() => { const d = document.getElementById('same').contentDocument;
				const b = d.createElement('button'); b.textContent = 'Frame new'; d.body.append(b); })()`)
		}),
		Entry("an out-of-process iframe's document", "Cross new", func() {
			pageScript(crossSession(p), `(() => { const b = document.createElement('button'); b.textContent = 'Cross new'; document.body.append(b); })()`)
		}),
		Entry("a style sheet swapped", "Themed button", func() {
			pageScript(main(), `new Promise(r => { const l = document.getElementById('theme'); l.onload = r; l.href = '/snapshot/reuse-shown.css'; })`)
		}),
		Entry("a rule added to a style sheet (no DOM change)", "Late button", func() {
			pageScript(main(), `document.styleSheets[0].insertRule('.late { display: block; }', document.styleSheets[0].cssRules.length)`)
		}),
		Entry(":focus-within after the page moved the focus (no DOM change)", "Clear search", func() {
			pageScript(main(), `document.getElementById('q').focus()`)
		}),
		Entry("a media query after a resize (no DOM change)", "Narrow action", func() {
			Expect(proto.EmulationSetDeviceMetricsOverride{Width: 500, Height: 800, DeviceScaleFactor: 1}.Call(main().Client(context.Background()))).To(Succeed())
		}),
		Entry("a :hover menu under the pointer (no DOM change)", "Sign out", func() {
			hover(p, main(), "account")
		}),
	)

	It("never reuses a read while an animation runs", func() {
		p := open(site.URL + "/snapshot/spinner.html")
		settled(p)
		for range 3 {
			found, read := resolveButton(p, "Go")
			Expect(found).To(BeTrue())
			Expect(read).To(BeTrue())
		}
		// until the cancel's event has been dispatched: the page's change
		// watcher counts it, so a read taken before it would be stale
		pageScript(p.Sessions()[0], `new Promise(done => {
			addEventListener('animationcancel', () => done(), {once: true});
			document.getAnimations().forEach(a => a.cancel());
		})`)
		_, err := p.Snapshot(context.Background())
		Expect(err).NotTo(HaveOccurred())
		found, read := resolveButton(p, "Go")
		Expect(found).To(BeTrue())
		Expect(read).To(BeFalse(), "once it stopped, the read is reused")
	})

	It("never reuses a read of a page with a closed shadow root", func() {
		pageScript(main(), `document.getElementById('holder').attachShadow({mode: 'closed'}).innerHTML = '<button>Closed</button>'`)
		_, err := p.Snapshot(context.Background())
		Expect(err).NotTo(HaveOccurred())
		found, read := resolveButton(p, "Closed")
		Expect(found).To(BeTrue())
		Expect(read).To(BeTrue())
	})

	It("drops a reused read whose element fails the live checks, and reads the page", func() {
		// a rule edited in place: no DOM change, no event, the same rules
		pageScript(main(), `(() => { for (const r of document.styleSheets[0].cssRules)
			if (r.selectorText === '.ruled') r.style.display = 'none'; })()`)
		_, read := resolveButton(p, "Ruled button")
		Expect(read).To(BeFalse(), "the stamp cannot see a rule edited in place")
		before := p.Reads()
		ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
		defer cancel()
		out, err := p.Click(ctx, &flows.Target{Role: "button", Name: "Ruled button", Exact: true}, browser.ClickOptions{})
		Expect(err).To(HaveOccurred())
		Expect(out.Phases.Reused).To(Equal(1), "only the first attempt reuses the read")
		Expect(p.Reads()).To(BeNumerically(">", before))
		Expect(locate.ReasonOf(err)).To(BeElementOf(diagnostics.ReasonNotFound, diagnostics.ReasonHidden), err.Error())
	})

	It("is not for Find without Reuse: it always reads the page (an expectation asks for a reused read on its own terms)", func() {
		before := p.Reads()
		_, _, err := findRead(p, &flows.Target{Role: "button", Name: "Account"})
		Expect(err).NotTo(HaveOccurred())
		Expect(p.Reads()).To(Equal(before + 1))
	})
})

// hover moves the pointer over the element of id straight through the
// DevTools session (as a person's mouse would: not a step of smokeflow's).
func hover(p *browser.Page, s *browser.CDPSession, id string) {
	GinkgoHelper()
	r, err := proto.RuntimeEvaluate{Expression: fmt.Sprintf(`(() => { const r = document.getElementById(%q).getBoundingClientRect();
		return [r.left + r.width / 2, r.top + r.height / 2]; })()`, id), ReturnByValue: true}.Call(s.Client(context.Background()))
	Expect(err).NotTo(HaveOccurred())
	xy := r.Result.Value.Arr()
	Expect(proto.InputDispatchMouseEvent{Type: proto.InputDispatchMouseEventTypeMouseMoved,
		X: xy[0].Num(), Y: xy[1].Num()}.Call(s.Client(context.Background()))).To(Succeed())
}
