package main

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/internal/testsite"
)

// `smokeflow snapshot URL` reads the page once it has settled
// (docs/targets.md "Settling"). The pages are in
// testdata/conformance/pages; /api/slow is the test site's.
var _ = Describe("smokeflow snapshot settles", Ordered, ContinueOnFailure, func() {
	var ts *testsite.Site
	BeforeAll(func() {
		ts = testsite.Serve("../../testdata")
		DeferCleanup(ts.Close)
	})
	page := func(name string) string { return ts.URL + "/conformance/pages/" + name }

	It("prints the page a meta refresh leads to, after 0 s and after 1 s, exit 0", func() {
		for _, name := range []string{"settle-refresh-0.html", "settle-refresh-1.html"} {
			code, out, errOut := smokeflowSplit("snapshot", page(name))
			Expect(code).To(Equal(0), errOut)
			Expect(out).To(HavePrefix("# "+page("settle-target.html?via=")), "the header says where the page went: "+name)
			Expect(out).To(ContainSubstring(`- button "Proceed" [ref=e1]`), name)
			Expect(out).NotTo(ContainSubstring("moved"), name)
			Expect(errOut).To(BeEmpty(), name)
		}
	})

	It("prints the page a script sends it to once its request has answered, exit 0", func() {
		code, out, errOut := smokeflowSplit("snapshot", page("settle-script.html"))
		Expect(code).To(Equal(0), errOut)
		Expect(out).To(ContainSubstring(`- button "Proceed" [ref=e1]`))
		Expect(errOut).To(BeEmpty())
	})

	It("prints the list a page renders after fetching its data: in its load handler, from a 0 ms timer, in chained requests; exit 0", func() {
		for _, name := range []string{"settle-onload-fetch.html", "settle-timeout0-fetch.html", "settle-chained-fetch.html"} {
			code, out, errOut := smokeflowSplit("snapshot", page(name))
			Expect(code).To(Equal(0), errOut)
			for _, n := range []string{"alpha", "beta", "gamma"} {
				Expect(out).To(ContainSubstring(`link "operation `+n+`"`), name+"\n"+out)
			}
			Expect(errOut).To(BeEmpty(), name)
		}
	})

	It("prints a quiet page that runs scripts with no note, exit 0", func() {
		code, out, errOut := smokeflowSplit("snapshot", page("settle-quiet.html"))
		Expect(code).To(Equal(0), errOut)
		Expect(out).To(HavePrefix("- "), "no header: the page is where it was asked to be")
		Expect(out).To(ContainSubstring(`- button "Menu" [expanded=false, ref=e1]`))
		Expect(errOut).To(BeEmpty(), "it settles: no note")
	})

	It("reads a page that changes at every frame at the --wait bound, saying so, exit 0", func() {
		code, out, errOut := smokeflowSplit("snapshot", "--wait", "1s", page("settle-every-frame.html"))
		Expect(code).To(Equal(0), errOut)
		Expect(out).To(ContainSubstring(`- button "Stop" [ref=e1]`))
		Expect(errOut).To(Equal("smokeflow: note: the page did not settle within 1s (the page kept changing); read as it was then\n"))
	})

	It("reads a page that never settles at the --wait bound, with a note on stderr, exit 0", func() {
		code, out, errOut := smokeflowSplit("snapshot", "--wait", "1s", page("settle-never.html"))
		Expect(code).To(Equal(0), errOut)
		Expect(out).To(ContainSubstring(`- button "Buy" [ref=e1]`))
		Expect(errOut).To(MatchRegexp(`^smokeflow: note: the page did not settle within 1s \(.+\); read as it was then\n$`))
		Expect(errOut).To(ContainSubstring("/api/slow"), "the note names what kept the page busy")
	})

	It("reads at a load state without settling when --wait names one", func() {
		code, out, errOut := smokeflowSplit("snapshot", "--wait", "load", page("settle-refresh-1.html"))
		Expect(code).To(Equal(0), errOut)
		Expect(out).NotTo(ContainSubstring("Proceed"))
		Expect(errOut).To(BeEmpty())
	})

	It("prints an empty node list as [] in --json, never null", func() {
		code, out, errOut := smokeflowSplit("snapshot", "--json", "--wait", "load", page("settle-refresh-1.html"))
		Expect(code).To(Equal(0), errOut)
		Expect(out).To(ContainSubstring(`"nodes": []`))
		Expect(out).NotTo(ContainSubstring("null"))
	})

	It("rejects a --wait that is neither a duration nor a load state, exit 2", func() {
		for _, bad := range []string{"soon", "-1s"} {
			code, out, errOut := smokeflowSplit("snapshot", "--wait", bad, page("settle-target.html"))
			Expect(code).To(Equal(2), bad)
			Expect(out).To(BeEmpty())
			Expect(errOut).To(ContainSubstring(`--wait`), bad)
			Expect(errOut).To(ContainSubstring(`a duration such as 5s, or load, domcontentloaded or networkidle`), bad)
		}
	})
})
