package main

import (
	"encoding/json"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/internal/testsite"
	"github.com/smokeflow/smokeflow/locate"
)

var _ = Describe(`smokeflow snapshot: what a reader sees (docs/targets.md "The snapshot")`, func() {
	var ts *testsite.Site
	BeforeEach(func() {
		ts = testsite.Serve("../../testdata")
		DeferCleanup(ts.Close)
	})

	It("reads the page without a header line, and keeps live regions with their text", func() {
		code, out, errOut := smokeflowSplit("snapshot", ts.URL+"/snapshot/cart.html")
		Expect(code).To(Equal(0), errOut)
		Expect(out).To(HavePrefix("- link \"Shop\" [ref=e1]\n"), "no header: the page is no error")
		Expect(out).To(ContainSubstring("\n- status \"Subtotal: $18.50\"\n"))
		Expect(out).To(ContainSubstring("\n  - status \"Loading…\"\n"))
		Expect(out).NotTo(ContainSubstring(`- text "`))
	})

	It("says that a page is a 404, in the text and in the JSON", func() {
		page := ts.URL + "/snapshot/gone.html"
		code, out, errOut := smokeflowSplit("snapshot", page)
		Expect(code).To(Equal(0), errOut)
		Expect(out).To(HavePrefix("# " + page + " \"Page not found\" — HTTP 404 Not Found\n- heading \"We could not find that page\""))

		// a subtree with nothing kept: the header, and an empty list of nodes
		code, out, errOut = smokeflowSplit("snapshot", "--json", "--selector", "p", page)
		Expect(code).To(Equal(0), errOut)
		var doc map[string]json.RawMessage
		Expect(json.Unmarshal([]byte(out), &doc)).To(Succeed(), out)
		Expect(string(doc["status"])).To(Equal("404"))
		Expect(string(doc["nodes"])).To(Equal("[]"))
	})

	It("--compact keeps the visible text next to the actionable elements", func() {
		code, out, errOut := smokeflowSplit("snapshot", "--compact", ts.URL+"/snapshot/cart.html")
		Expect(code).To(Equal(0), errOut)
		Expect(out).To(HavePrefix("- link \"Shop\" [ref=e1]\n"))
		Expect(out).To(ContainSubstring("\n  - heading \"Red mug\" [level=3]\n  - text \"$8.00\"\n"))
		Expect(out).To(ContainSubstring("\n  - button \"Add to cart\" [ref=e7]\n"))
	})

	It("shows what a page with nothing actionable yet says, and a note, never nothing", func() {
		code, out, errOut := smokeflowSplit("snapshot", ts.URL+"/snapshot/loading.html")
		Expect(code).To(Equal(0), errOut)
		Expect(out).To(Equal("- text \"Loading…\"\n" + locate.NothingActionableNote + "\n"))
	})

	It("takes --full or --compact, not both: a usage error, exit 2", func() {
		code, out, errOut := smokeflowSplit("snapshot", "--full", "--compact", ts.URL+"/snapshot/cart.html")
		Expect(code).To(Equal(2))
		Expect(out).To(BeEmpty())
		Expect(errOut).To(ContainSubstring("snapshot takes --full or --compact, not both"))
	})
})
