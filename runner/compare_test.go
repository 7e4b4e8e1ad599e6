package runner_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// shop serves a one-page shop whose button says label; broken adds a
// failing cart request and a console error, as a bad deploy would.
func shop(heading, label string, broken bool) *httptest.Server {
	extra := ""
	if broken {
		extra = `<script>console.error("cart service down"); fetch("/api/cart")</script>`
	}
	page := fmt.Sprintf(`<!doctype html><title>Shop</title><h1>%s</h1>
<button onclick="document.querySelector('p').textContent='Added to cart'">%s</button><p></p>%s`, heading, label, extra)
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/cart" {
			http.Error(w, "down", http.StatusInternalServerError)
			return
		}
		fmt.Fprint(w, page)
	}))
}

// compareRun runs the cart flow on here with --compare-to there.
func compareRun(here, there string) (*results.Flow, string) {
	GinkgoHelper()
	src := "name: add to cart\nstep_timeout: 2s\nsteps:\n  - open: /\n  - click: Add to cart\n  - expect: {visible: \"Added to cart\"}\n"
	f, err := flows.Parse("cart.yaml", []byte(src), flows.LoadOptions{BaseURL: here})
	Expect(err).NotTo(HaveOccurred())
	dir := GinkgoT().TempDir()
	cfg := runner.Config{Use: shared, BaseURL: here, CompareTo: there, ArtifactsDir: dir}
	run, err := runner.Run(context.Background(), cfg, []*flows.Flow{f})
	Expect(err).NotTo(HaveOccurred())
	res := run.Flows[0]
	Expect(res.Status).To(Equal(results.Failed), "the compare run changes neither the status")
	Expect(res.Attempts).To(HaveLen(1), "nor the attempts")
	Expect(res.Compare).NotTo(BeNil())
	return res, dir
}

var _ = Describe("run --compare-to (docs/running.md \"Was it this deploy?\")", func() {
	It("says this deploy broke it when the flow passes on the compare URL, with what only this side has", func() {
		here, there := shop("Shop", "Add to bag", true), shop("Shop", "Add to cart", false)
		defer here.Close()
		defer there.Close()
		res, dir := compareRun(here.URL, there.URL)
		c := res.Compare
		Expect(c.Verdict).To(Equal(results.CompareBrokeHere))
		Expect(c.Message).To(Equal("passes on " + there.URL + ": this deploy broke it"))
		Expect(c.OnlyHere).To(ContainElements("request GET /api/cart 500", ContainSubstring("console error: cart service down")))
		// the page there as the step that failed here began: its trace
		Expect(c.OnlyHere).To(ContainElement(`snapshot - button "Add to bag"`))
		Expect(c.OnlyThere).To(ConsistOf(`snapshot - button "Add to cart"`))
		Expect(c.Screenshots).NotTo(BeNil())
		Expect(c.Screenshots.Differs).To(MatchRegexp(`^[1-9]\d* of \d+ pixels differ`))
		Expect(filepath.Join(dir, c.Screenshots.Diff)).To(BeAnExistingFile())
	})

	It("says not this deploy when it fails there too at the same step, with the snapshot lines only one side has", func() {
		here, there := shop("Shop v2", "Add to bag", false), shop("Shop v1", "Add to bag", false)
		defer here.Close()
		defer there.Close()
		res, _ := compareRun(here.URL, there.URL)
		c := res.Compare
		Expect(c.Verdict).To(Equal(results.CompareSameStep))
		Expect(c.Step).To(Equal("2"))
		Expect(c.Message).To(Equal("fails on " + there.URL + " too, at the same step (2): not this deploy"))
		Expect(c.OnlyHere).To(ContainElement(ContainSubstring("Shop v2")))
		Expect(c.OnlyThere).To(ContainElement(ContainSubstring("Shop v1")))
		Expect(c.Screenshots).NotTo(BeNil())
		Expect(c.Screenshots.Differs).To(MatchRegexp(`^[1-9]\d* of \d+ pixels differ`), "the headings differ")
	})

	It("finds no pixel that differs between two sides that show the same page", func() {
		here, there := shop("Shop", "Add to bag", false), shop("Shop", "Add to bag", false)
		defer here.Close()
		defer there.Close()
		res, _ := compareRun(here.URL, there.URL)
		Expect(res.Compare.Verdict).To(Equal(results.CompareSameStep))
		Expect(res.Compare.Screenshots).NotTo(BeNil())
		Expect(res.Compare.Screenshots.Differs).To(HavePrefix("0 of "))
	})

	It("says it cannot run there when nothing answers at the compare URL", func() {
		here := shop("Shop", "Add to bag", false)
		defer here.Close()
		gone := httptest.NewServer(http.NotFoundHandler())
		gone.Close()
		res, _ := compareRun(here.URL, gone.URL)
		c := res.Compare
		Expect(c.Verdict).To(Equal(results.CompareCannotRun))
		Expect(c.Message).To(HavePrefix("cannot run on " + gone.URL + ": unreachable"))
	})
})
