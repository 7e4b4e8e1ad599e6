package locate_test

import (
	"encoding/json"
	"os"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/locate"
)

// golden compares a rendered snapshot, its site URL written {{SITE}}, with
// a file of testdata/snapshot (UPDATE_GOLDEN=1 writes it).
func golden(name, text string) {
	GinkgoHelper()
	text = strings.ReplaceAll(text, site.URL, "{{SITE}}")
	path := "../testdata/snapshot/" + name
	if os.Getenv("UPDATE_GOLDEN") != "" {
		Expect(os.WriteFile(path, []byte(text), 0o644)).To(Succeed())
	}
	want, err := os.ReadFile(path)
	Expect(err).NotTo(HaveOccurred(), "run with UPDATE_GOLDEN=1 to create it")
	Expect(text).To(Equal(string(want)))
}

var _ = Describe(`What a reader sees (docs/targets.md "The snapshot")`, func() {
	It("starts with the page's URL and title, and says when the page is an HTTP error", func() {
		p := open(site.URL + "/snapshot/cart.html")
		text := settled(p).String()
		Expect(text).To(HavePrefix("# " + site.URL + "/snapshot/cart.html \"Cart\"\n- link \"Shop\""))
		Expect(settled(p).Render(locate.RenderOptions{NoHeader: true, KnownURL: site.URL + "/snapshot/cart.html#"})).To(HavePrefix(`- link "Shop"`), "no header for a page where the reader knows it to be")
		Expect(settled(p).Render(locate.RenderOptions{NoHeader: true, KnownURL: site.URL + "/snapshot/other.html"})).To(HavePrefix(text[:strings.Index(text, "\n")+1]), "the header for a page the reader does not know it is on")
		Expect(text).NotTo(ContainSubstring("HTTP"))

		p = open(site.URL + "/snapshot/no-such-page.html")
		snap := settled(p)
		Expect(snap.Status).To(Equal(404))
		Expect(snap.String()).To(HavePrefix("# " + site.URL + "/snapshot/no-such-page.html \"Page not found\" — HTTP 404 Not Found\n- heading"))
		Expect(snap.Render(locate.RenderOptions{NoHeader: true})).To(Equal(snap.String()), "an HTTP error keeps its header")
		j, err := snap.JSON(locate.RenderOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(string(j)).To(ContainSubstring(`"status": 404`))
	})

	It("keeps live regions with their text in interactive mode", func() {
		p := open(site.URL + "/snapshot/cart.html")
		text := settled(p).String()
		for _, l := range []string{
			`- generic "Your cart is empty."` + "\n", // an aria-live <div>
			`- alert "Coupon SAVE10 has expired."` + "\n",
			`- status "Subtotal: $18.50"` + "\n",
			`- progressbar "Free shipping": $37 of $50` + "\n", // aria-valuetext
			`- progressbar "Upload": 40%` + "\n",               // a native <progress>
			`- timer "Reservation": 09:59` + "\n",              // named by its author: the text is the value
			`- log "Activity": Added Blue mug Removed Red mug` + "\n",
			`  - status "Loading…"` + "\n",
		} {
			Expect(text).To(ContainSubstring(l))
		}
		Expect(text).NotTo(MatchRegexp(`(?m)^\s*- status$`), "an empty announcer has no line")
		Expect(text).NotTo(ContainSubstring("Hidden status"))
		Expect(text).NotTo(ContainSubstring("Not live"))
		Expect(text).To(ContainSubstring("- log \"Activity\": Added Blue mug Removed Red mug\n- textbox \"Coupon\""),
			"an aria-live wrapper around fields is no message")
		Expect(text).NotTo(ContainSubstring(`- text "`), "interactive mode has no text lines")
		golden("cart.golden.txt", text)
	})

	It("keeps the visible text next to what it keeps in compact mode", func() {
		p := open(site.URL + "/snapshot/cart.html")
		snap := settled(p)
		text := snap.Render(locate.RenderOptions{Compact: true})
		for _, l := range []string{
			"- text \"Item Price Quantity\"\n- text \"Blue mug\"\n- text \"$9.25\"\n", // column heads, cells
			"- text \"Shipping is calculated at checkout. Orders over $50 ship free.\"\n- button \"Checkout\"",
			"  - heading \"Red mug\" [level=3]\n  - text \"$8.00\"\n  - text \"Stoneware, dishwasher safe.\"\n  - button \"Add to cart\"",
		} {
			Expect(text).To(ContainSubstring(l))
		}
		Expect(text).NotTo(ContainSubstring(`- text "Upload"`), "a label repeats the next line's name")
		Expect(text).NotTo(ContainSubstring(`- text "Remove"`), "an actionable element's text is its name")
		// every line of the interactive mode is there, in the same order
		var kept []string
		for _, l := range strings.Split(text, "\n") {
			if !strings.Contains(l, "- text ") {
				kept = append(kept, l)
			}
		}
		Expect(strings.Join(kept, "\n")).To(Equal(snap.String()))
		golden("cart.compact.golden.txt", text)

		j, err := snap.JSON(locate.RenderOptions{Compact: true})
		Expect(err).NotTo(HaveOccurred())
		var doc struct{ Nodes []*locate.JSONNode }
		Expect(json.Unmarshal(j, &doc)).To(Succeed())
		Expect(doc.Nodes).To(ContainElement(Equal(&locate.JSONNode{Role: "text", Name: "$9.25"})))
	})

	It("shows a native select's value and the options select: may choose", func() {
		p := open(site.URL + "/snapshot/select.html")
		snap := settled(p)
		text := snap.String()
		Expect(text).To(ContainSubstring(`- combobox "Size" [expanded=false, ref=e1]: M (S, M, L, XL)` + "\n"))
		Expect(text).To(ContainSubstring(`- combobox "Country" [expanded=false, ref=e2]: France (Argentina, Australia, Austria, Belgium, Brazil, Canada, Chile, China, Denmark, Egypt, … 20 more)` + "\n"))
		Expect(text).To(ContainSubstring(`- combobox "Speed" [expanded=false, ref=e3]: Choose a speed (Standard, Economy, Express)`+"\n"), "no disabled placeholder, groups flattened")
		Expect(text).To(ContainSubstring("- listbox \"Gift wrap\" [ref=e4]\n    - option \"Paper\" [ref=e5]\n"), "a multiple select's options are its own lines")
		golden("select.golden.txt", text)

		j, err := snap.JSON(locate.RenderOptions{})
		Expect(err).NotTo(HaveOccurred())
		var doc struct{ Nodes []*locate.JSONNode }
		Expect(json.Unmarshal(j, &doc)).To(Succeed())
		country := doc.Nodes[1].Children[1]
		Expect(country.Name).To(Equal("Country"))
		Expect(country.Value).To(Equal("France"))
		Expect(country.Options).To(HaveLen(30))
	})
})
