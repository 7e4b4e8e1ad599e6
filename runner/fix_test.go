package runner_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// page serves one HTML page.
func page(body string) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprint(w, "<!doctype html><title>Shop</title>"+body)
	}))
}

// fixRun runs the flow src (written to a file) on base with --fix and
// returns its result, the file and the artifacts folder.
func fixRun(base, src string, mode runner.FixMode) (*results.Flow, string, string) {
	GinkgoHelper()
	dir := GinkgoT().TempDir()
	file := filepath.Join(dir, "flow.yaml")
	Expect(os.WriteFile(file, []byte(src), 0o644)).To(Succeed())
	opts := flows.LoadOptions{BaseURL: base}
	f, err := flows.Parse(file, []byte(src), opts)
	Expect(err).NotTo(HaveOccurred())
	parse := func(file string, src []byte) ([]*flows.Flow, error) {
		f, err := flows.Parse(file, src, opts)
		return []*flows.Flow{f}, err
	}
	art := filepath.Join(dir, "out")
	cfg := runner.Config{Use: shared, BaseURL: base, ArtifactsDir: art, Fix: runner.FixConfig{Mode: mode, Parse: parse}}
	run, err := runner.Run(context.Background(), cfg, []*flows.Flow{f})
	Expect(err).NotTo(HaveOccurred())
	res := run.Flows[0]
	Expect(res.Status).To(Equal(results.Failed), "a fix changes neither the status")
	Expect(res.Attempts).To(HaveLen(1), "nor the attempts")
	Expect(res.Fix).NotTo(BeNil())
	return res, file, art
}

var _ = Describe("run --fix (docs/running.md \"Fixes proposed and proven\")", func() {
	It("settles an ambiguous target by the one within: that makes the flow pass", func() {
		srv := page(`<section aria-label="Billing"><button onclick="document.querySelector('#b').textContent='Billing saved'">Save</button><p id=b></p></section>
<section aria-label="Shipping"><button onclick="document.querySelector('#s').textContent='Shipping saved'">Save</button><p id=s></p></section>`)
		defer srv.Close()
		src := "name: billing\nstep_timeout: 2s\nsteps:\n  - open: /\n  - click: Save  # the billing form's\n  - expect: {visible: Billing saved}\n"
		res, file, art := fixRun(srv.URL, src, runner.FixApply)
		fix := res.Fix
		Expect(fix.Status).To(Equal(results.FixApplied), fix.Reason)
		Expect(fix.New).To(ContainSubstring("Billing"))
		b, err := os.ReadFile(file)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(b)).To(MatchRegexp(`  - click: \{.*Billing.*\}  # the billing form's\n`))
		Expect(filepath.Join(art, fix.Patch)).To(BeARegularFile())
	})

	It("offers no fix when an alert shows an error, and says why", func() {
		srv := page(`<div role="alert">Payment failed</div><button>Add to bag</button>`)
		defer srv.Close()
		src := "name: cart\nstep_timeout: 1s\nsteps:\n  - open: /\n  - click: Add to cart\n"
		res, file, art := fixRun(srv.URL, src, runner.FixApply)
		Expect(res.Fix.Status).To(Equal(results.FixAppBug))
		Expect(res.Fix.Reason).To(Equal(`no fix: the page shows an error: - alert "Payment failed": that looks like the app's bug, not the test's`))
		Expect(os.ReadFile(file)).To(BeEquivalentTo(src))
		Expect(filepath.Join(art, "fixes")).NotTo(BeADirectory())
	})

	It("offers no fix when the page answered an HTTP error", func() {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.WriteHeader(http.StatusInternalServerError)
			fmt.Fprint(w, "<!doctype html><title>Shop</title><button>Add to bag</button>")
		}))
		defer srv.Close()
		res, _, _ := fixRun(srv.URL, "name: cart\nstep_timeout: 1s\nsteps:\n  - open: /\n  - click: Add to cart\n", runner.FixPropose)
		Expect(res.Fix.Status).To(Equal(results.FixAppBug))
		Expect(res.Fix.Reason).To(HavePrefix("no fix: the page answered HTTP 500 ("))
	})

	It("writes no patch when the patched flow still fails", func() {
		srv := page(`<button onclick="document.querySelector('p').textContent='Bag updated'">Add to bag</button><p></p>`)
		defer srv.Close()
		src := "name: cart\nstep_timeout: 1s\nsteps:\n  - open: /\n  - click: Add to cart\n  - expect: {visible: Added to cart}\n"
		res, file, art := fixRun(srv.URL, src, runner.FixApply)
		Expect(res.Fix.Status).To(Equal(results.FixUnproven))
		Expect(res.Fix.Reason).To(HavePrefix("the patched flow still fails: step 3"))
		Expect(os.ReadFile(file)).To(BeEquivalentTo(src))
		Expect(filepath.Join(art, "fixes")).NotTo(BeADirectory())
	})

	It("says no verified replacement when the failure names none", func() {
		srv := page(`<p>Nothing to buy</p>`)
		defer srv.Close()
		res, _, _ := fixRun(srv.URL, "name: cart\nstep_timeout: 1s\nsteps:\n  - open: /\n  - click: Add to cart\n", runner.FixPropose)
		Expect(res.Fix.Status).To(Equal(results.FixNone))
		Expect(res.Fix.Reason).To(HavePrefix("no fix: the failure names no verified replacement"))
	})

	It("proposes a changed expected text, proven, and leaves the file alone", func() {
		srv := page(`<p id=msg>Your order is on its way</p>`)
		defer srv.Close()
		src := "name: order\nstep_timeout: 1s\nsteps:\n  - open: /\n  - expect: {text: {css: '#msg'}, equals: 'Your order is on the way'}\n"
		res, file, art := fixRun(srv.URL, src, runner.FixPropose)
		Expect(res.Fix.Status).To(Equal(results.FixProven), res.Fix.Reason)
		Expect(res.Fix.Old).To(Equal("'Your order is on the way'"))
		Expect(res.Fix.New).To(Equal("Your order is on its way"))
		Expect(os.ReadFile(file)).To(BeEquivalentTo(src))
		d, err := os.ReadFile(filepath.Join(art, res.Fix.Patch))
		Expect(err).NotTo(HaveOccurred())
		Expect(string(d)).To(ContainSubstring("+  - expect: {text: {css: '#msg'}, equals: 'Your order is on its way'}\n"))
	})
})
