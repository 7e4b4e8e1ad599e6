package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/examples/demo"
)

// walkthroughFlow is the flow of the walkthrough of docs/running.md
// "Fixes proposed and proven".
const walkthroughFlow = `# Buys a blue mug from its product page.
name: Buy a blue mug
steps:
  - open: /product/blue-mug
  - name: Accept cookies
    click: Accept cookies
    if: visible("Accept cookies")
  - expect: { text: { css: .price }, equals: "$12.00" }  # what the shop charges
  # the shop's main button
  - click: Add to cart
  - expect: { visible: { role: dialog, name: Added to cart } }
`

// The demo shop as two other deploys made it: one renamed its button, the
// other broke its price.
var (
	renamedShop = []string{`>Add to cart</button>`, `>Add to basket</button>`}
	buggyShop   = []string{`<p class="price">$12.00</p>`, `<p class="price">$21.00</p>`}
)

var _ = Describe("run --fix, the walkthrough (docs/running.md \"Fixes proposed and proven\")", Ordered, func() {
	var good, renamed, buggy *httptest.Server
	var dir, file string

	BeforeAll(func() {
		good = httptest.NewServer(demo.Handler())
		renamed = httptest.NewServer(demo.Altered(renamedShop...))
		buggy = httptest.NewServer(demo.Altered(buggyShop...))
		DeferCleanup(func() { good.Close(); renamed.Close(); buggy.Close() })
	})
	BeforeEach(func() {
		dir = GinkgoT().TempDir()
		file = filepath.Join(dir, "buy-mug.yaml")
		Expect(os.WriteFile(file, []byte(walkthroughFlow), 0o644)).To(Succeed())
	})
	run := func(base string, args ...string) (int, string) {
		all := append([]string{"run", "--base-url", base, "--step-timeout", "3s", "--artifacts", filepath.Join(dir, "out")}, args...)
		return smokeflow(append(all, file)...)
	}

	// inDoc checks that the walkthrough of docs/running.md shows out's
	// lines of the failure, the verdict and the fix as they are, the
	// flow's path and the shops' URLs written as the walkthrough does.
	inDoc := func(out string) {
		GinkgoHelper()
		doc, err := os.ReadFile("../../docs/running.md")
		Expect(err).NotTo(HaveOccurred())
		_, walk, _ := strings.Cut(string(doc), "### The walkthrough")
		Expect(walk).To(ContainSubstring("```yaml\n" + walkthroughFlow + "```"))
		r := strings.NewReplacer(file, "flows/buy-mug.yaml", good.URL, "$GOOD", renamed.URL, "$RENAMED", buggy.URL, "$BUGGY")
		for _, l := range strings.Split(out, "\n") {
			t := strings.TrimSpace(l)
			for _, p := range []string{"step ", "compared:", "fix ", "patch:", "applied to", "near misses:", "try:"} {
				if strings.HasPrefix(t, p) {
					Expect(walk).To(ContainSubstring(r.Replace(l)), "docs/running.md's walkthrough")
				}
			}
		}
	}

	It("says this deploy broke it for the planted bug, and offers no fix, saying why", func() {
		code, out := run(buggy.URL, "--compare-to", good.URL, "--fix")
		inDoc(out)
		Expect(code).To(Equal(1), out)
		Expect(out).To(ContainSubstring("compared: passes on " + good.URL + ": this deploy broke it"))
		Expect(out).To(ContainSubstring(`fix (app_bug): no fix: a number changed: the page shows "$21.00" where the flow expects "$12.00"`))
		Expect(filepath.Join(dir, "out", "fixes")).NotTo(BeADirectory())
		Expect(os.ReadFile(file)).To(BeEquivalentTo(walkthroughFlow))
	})

	It("writes a proven patch for the renamed button, applies it with its comments kept, and the flow passes again", func() {
		code, out := run(renamed.URL, "--fix")
		Expect(code).To(Equal(1), "a proven fix does not make the run pass: "+out)
		inDoc(out)
		Expect(out).To(ContainSubstring("fix proven: " + file + ":10 Add to cart → Add to basket (the patched flow passed)"))
		diff, err := os.ReadFile(filepath.Join(dir, "out", "fixes", "buy-a-blue-mug.diff"))
		Expect(err).NotTo(HaveOccurred())
		Expect(string(diff)).To(ContainSubstring("-  - click: Add to cart\n+  - click: Add to basket\n"))
		ev, err := os.ReadFile(filepath.Join(dir, "out", "fixes", "buy-a-blue-mug.txt"))
		Expect(err).NotTo(HaveOccurred())
		Expect(string(ev)).To(ContainSubstring(`button "Add to basket"`))
		Expect(string(ev)).To(ContainSubstring("step line before:   - click: Add to cart\nstep line after:    - click: Add to basket\n"))
		Expect(string(ev)).To(ContainSubstring("patched flow re-run: passed"))
		Expect(os.ReadFile(file)).To(BeEquivalentTo(walkthroughFlow), "--fix alone leaves the file alone")

		code, out = run(renamed.URL, "--fix=apply")
		Expect(code).To(Equal(1), out)
		Expect(out).To(ContainSubstring("applied to " + file))
		inDoc(out)
		Expect(os.ReadFile(file)).To(BeEquivalentTo(strings.Replace(walkthroughFlow, "- click: Add to cart\n", "- click: Add to basket\n", 1)))

		code, out = run(renamed.URL)
		Expect(code).To(Equal(0), out)
	})

	It("refuses to apply to a flow file changed on disk since the run started", func() {
		var once sync.Once
		h := demo.Altered(renamedShop...)
		touching := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			once.Do(func() {
				Expect(os.WriteFile(file, []byte(walkthroughFlow+"# edited meanwhile\n"), 0o644)).To(Succeed())
			})
			h.ServeHTTP(w, r)
		}))
		defer touching.Close()
		code, out := run(touching.URL, "--fix=apply")
		Expect(code).To(Equal(1), out)
		Expect(out).To(ContainSubstring("not applied: " + file + " changed on disk since the run started: apply the patch by hand, or run --fix again"))
		Expect(os.ReadFile(file)).To(BeEquivalentTo(walkthroughFlow + "# edited meanwhile\n"))
	})

	It("says there is nothing to fix when every flow passed, exit 0", func() {
		code, out := run(good.URL, "--fix")
		Expect(code).To(Equal(0), out)
		Expect(out).To(ContainSubstring("--fix: nothing to fix: no flow failed"))
	})

	It("refuses a mode other than propose or apply, exit 2", func() {
		code, out := run(good.URL, "--fix=maybe")
		Expect(code).To(Equal(2), out)
		Expect(out).To(ContainSubstring("--fix=maybe is not a mode: give --fix (or --fix=propose) to write proven patches under"))
	})

	It("is refused by demo, whose flows are in the binary, exit 2", func() {
		code, out := smokeflow("demo", "--fix")
		Expect(code).To(Equal(2), out)
		Expect(out).To(ContainSubstring("--fix patches flow files, and demo runs the examples built into the binary"))
	})
})
