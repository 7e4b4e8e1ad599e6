package locate_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/go-rod/rod/lib/proto"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/examples/demo"
	"github.com/smokeflow/smokeflow/internal/testbrowser"
	"github.com/smokeflow/smokeflow/internal/testpage"
	"github.com/smokeflow/smokeflow/internal/testsite"
	"github.com/smokeflow/smokeflow/locate"
)

func TestLocate(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "Locate Suite")
}

// the failures again, at the end of the output (docs/testing.md)
var _ = testbrowser.FailuresLast()

var (
	shared *browser.Browser
	site   *testsite.Site
	shop   *httptest.Server
)

var _ = BeforeSuite(func() {
	site = testbrowser.Site("../testdata")
	shop = testbrowser.Serve(demo.Handler())
	shared = testbrowser.Launch()
})

// open gives a fresh incognito page at url, closed after the spec.
func open(url string) *browser.Page { return testpage.Open(shared, url) }

// settled snapshots the page until two reads in a row render the same,
// refs aside (the page's own scripts and iframes have finished; a page
// that replaces an element every frame gives it a new ref every read,
// docs/targets.md "The snapshot", "Refs"), and returns the last.
func settled(p *browser.Page) *locate.Snapshot {
	var last string
	var snap *locate.Snapshot
	Eventually(func() bool {
		s, err := p.Snapshot(context.Background())
		if err != nil {
			return false
		}
		text := refNumbers.ReplaceAllString(s.Header()+s.String(), "ref=e")
		same := text == last && text != ""
		last, snap = text, s
		return same
	}).WithTimeout(10 * time.Second).WithPolling(100 * time.Millisecond).Should(BeTrue())
	return snap
}

var refNumbers = regexp.MustCompile(`ref=e[0-9]+`)

// actionableJS collects, in the main document and its open shadow roots,
// every visible element a user can click or type into.
const actionableJS = `() => {
  const sel = 'a[href],button,input:not([type=hidden]),select,textarea,summary,[role=button],[role=link],' +
    '[role=checkbox],[role=radio],[role=switch],[role=tab],[role=menuitem],[role=combobox],[role=textbox],[onclick],[tabindex]';
  const out = [];
  const visit = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) visit(el.shadowRoot);
      const cs = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || cs.visibility === 'hidden') continue;
      let act = el.matches(sel) && el.getAttribute('tabindex') !== '-1';
      if (!act && cs.cursor === 'pointer' && el.parentElement && getComputedStyle(el.parentElement).cursor !== 'pointer') act = true;
      if (act) out.push(el);
    }
  };
  visit(document);
  return out;
}`

// domActionable returns the backend ids and a description of the page's
// actionable elements, read from the DOM (not from the snapshot).
func domActionable(g Gomega, p *browser.Page) map[proto.DOMBackendNodeID]string {
	page := p.Client(context.Background())
	res, err := proto.RuntimeEvaluate{Expression: "(" + actionableJS + ")()"}.Call(page)
	g.Expect(err).NotTo(HaveOccurred())
	props, err := proto.RuntimeGetProperties{ObjectID: res.Result.ObjectID, OwnProperties: true}.Call(page)
	g.Expect(err).NotTo(HaveOccurred())
	out := map[proto.DOMBackendNodeID]string{}
	for _, pr := range props.Result {
		if pr.Value == nil || pr.Value.ObjectID == "" || !regexp.MustCompile(`^\d+$`).MatchString(pr.Name) {
			continue
		}
		d, err := proto.DOMDescribeNode{ObjectID: pr.Value.ObjectID}.Call(page)
		g.Expect(err).NotTo(HaveOccurred())
		out[d.Node.BackendNodeID] = fmt.Sprintf("<%s %v>", strings.ToLower(d.Node.NodeName), d.Node.Attributes)
	}
	return out
}

// expectComplete checks that every actionable element has a ref. The DOM
// is read first and the snapshot after it, so an element the page's own
// scripts add in between (the demo shop's search results come after a
// spinner of at least 600 ms) is in both reads. It reads both again until
// every element the DOM read found has a ref in the snapshot, for 10 s,
// then fails naming the elements still without one.
func expectComplete(p *browser.Page) int {
	var n int
	Eventually(func(g Gomega) {
		want := domActionable(g, p)
		g.Expect(want).NotTo(BeEmpty())
		snap, err := p.Snapshot(context.Background())
		g.Expect(err).NotTo(HaveOccurred())
		main := p.Sessions()[0]
		var missing []string
		for id, desc := range want {
			if node := snap.FindBackend(string(main.ID), int64(id)); node == nil || node.Ref == "" {
				missing = append(missing, desc)
			}
		}
		g.Expect(missing).To(BeEmpty(), "actionable elements without a ref:\n"+snap.String())
		n = len(want)
	}).WithTimeout(10 * time.Second).WithPolling(200 * time.Millisecond).Should(Succeed())
	return n
}

var _ = Describe("Snapshot", func() {
	It("renders the kitchen sink as the golden file says", func() {
		p := open(site.URL + "/snapshot/kitchen.html")
		golden("kitchen.golden.txt", settled(p).String())
	})

	It("shows each control of a UI kit once: hosts, labels and the native inputs kits hide", func() {
		// docs/targets.md "The snapshot", "Labels, hosts and hidden native controls"
		for _, page := range []string{"kit-hosts", "kit-toggles", "kit-replaced"} {
			p := open(site.URL + "/conformance/pages/" + page + ".html")
			golden(page+".golden.txt", settled(p).String())
		}
	})

	It("shows what the page holds: fields with values, states, clickables, hidden controls, shadow DOM and iframes", func() {
		p := open(site.URL + "/snapshot/kitchen.html")
		text := settled(p).String()
		for _, line := range []string{
			`- heading "Kitchen sink" [level=1]`,
			`- textbox "Name" [ref=`, `]: Ada`,
			`- textbox "Email" [ref=`, `- textbox "Zip code" [ref=`, `- textbox "Card holder" [ref=`,
			`- textbox "Search products" [ref=`,
			`- combobox "Size" [expanded=false, ref=`, `]: M`,
			`- checkbox "Remember me" [checked, ref=`,
			`- checkbox "☐ I accept the terms" [ref=`, // the ☐ is CSS ::before content, part of the name
			`- button "More" [expanded=false, ref=`,   // <summary>
			`- radio "Standard" [checked, ref=`,
			`- button "Delete" [disabled, ref=`,
			`- switch "Dark mode" [ref=`,
			`- generic "Open details now" [clickable, ref=`,
			`- generic "Quick view" [clickable, ref=`,
			`- generic "Focusable panel" [clickable, ref=`,
			`- button "Shadow button" [ref=`,
		} {
			Expect(text).To(ContainSubstring(line))
		}
		Expect(text).NotTo(ContainSubstring("Invisible"))
		Expect(text).NotTo(ContainSubstring("\u200b"))
		Expect(text).To(MatchRegexp(`(?m)^- Iframe "Same origin"\n  - button "Pay now" \[ref=e\d+\]\n  - textbox "Card number" \[ref=e\d+\]$`))
		Expect(text).To(MatchRegexp(`(?m)^- Iframe "Cross origin"\n  - button "Cross button" \[ref=e\d+\]\n  - Iframe "Nested"\n    - button "Pay now" \[ref=e\d+\]`))
	})

	It("numbers refs e1..eN in document order with nth among equal role and name", func() {
		p := open(site.URL + "/snapshot/kitchen.html")
		snap := settled(p)
		refs := regexp.MustCompile(`ref=(e\d+)`).FindAllStringSubmatch(snap.String(), -1)
		Expect(refs).To(HaveLen(len(snap.Refs)))
		for i, r := range refs {
			Expect(r[1]).To(Equal(fmt.Sprintf("e%d", i+1)))
		}
		var pay []*locate.Node
		for _, n := range snap.All {
			if n.Ref != "" && n.Name == "Pay now" {
				pay = append(pay, n)
			}
		}
		Expect(pay).To(HaveLen(2))
		Expect(pay[0].Nth).To(Equal(0))
		Expect(pay[1].Nth).To(Equal(1))
		Expect(pay[1].Session).NotTo(Equal(pay[0].Session), "the nested frame is out of process")
	})

	It("is byte-identical for an unchanged page", func() {
		p := open(site.URL + "/snapshot/kitchen.html")
		first := settled(p).String()
		for i := 0; i < 3; i++ {
			s, err := p.Snapshot(context.Background())
			Expect(err).NotTo(HaveOccurred())
			Expect(s.String()).To(Equal(first))
		}
	})

	It("keeps every node in full mode, with text", func() {
		p := open(site.URL + "/snapshot/kitchen.html")
		full := settled(p).Render(locate.RenderOptions{Full: true})
		Expect(full).To(ContainSubstring(`- text "Some text that is"`))
		Expect(full).To(ContainSubstring(`- link "an inline link"`))
		Expect(len(full)).To(BeNumerically(">", len(settled(p).String())))
	})

	It("writes JSON with refs, roles, names, values, frames and backend ids", func() {
		p := open(site.URL + "/snapshot/kitchen.html")
		j, err := settled(p).JSON(locate.RenderOptions{})
		Expect(err).NotTo(HaveOccurred())
		var doc struct {
			Title string
			Nodes []*locate.JSONNode
		}
		Expect(json.Unmarshal(j, &doc)).To(Succeed())
		Expect(doc.Title).To(Equal("Kitchen sink"))
		found := false
		var walk func(ns []*locate.JSONNode)
		walk = func(ns []*locate.JSONNode) {
			for _, n := range ns {
				if n.Name == "Name" && n.Role == "textbox" {
					found = n.Value == "Ada" && n.Ref != "" && n.BackendID > 0 && n.Frame != ""
				}
				walk(n.Children)
			}
		}
		walk(doc.Nodes)
		Expect(found).To(BeTrue(), string(j))
	})

	It("masks secret values", func() {
		p := open(site.URL + "/snapshot/kitchen.html")
		text := settled(p).Render(locate.RenderOptions{Mask: func(s string) string { return strings.ReplaceAll(s, "Ada", "•••") }})
		Expect(text).NotTo(ContainSubstring("Ada"))
		Expect(text).To(ContainSubstring("]: •••"))
	})

	It("gives a ref to every element a user can click or type into: fixtures", func() {
		p := open(site.URL + "/snapshot/kitchen.html")
		Expect(expectComplete(p)).To(BeNumerically(">=", 20))
	})

	DescribeTable("gives a ref to every element a user can click or type into: the demo shop",
		func(path string) {
			p := open(shop.URL + path)
			expectComplete(p)
		},
		Entry("home", "/"), Entry("login", "/login"), Entry("search", "/search?q=mug"),
		Entry("product", "/product/blue-mug"), Entry("cart", "/cart"), Entry("checkout", "/checkout"),
	)
})
