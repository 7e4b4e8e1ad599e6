// The tests of this folder run the examples of README.md and docs/*.md:
// every ```yaml block that shows a flow (a mapping with steps:), a list
// of steps or one step is validated, and every whole flow is run in
// Chromium on the demo shop (examples/demo), as `smokeflow demo` runs the
// example flows. A failure names the document and the line.
//
// A block may be marked with an HTML comment on the line before it:
//
//	<!-- doc-test: validate-only (why it cannot run) -->
//	<!-- doc-test: fails "text the failure must contain" ... -->
//
// A whole flow may name its path in a first-line comment
// (`# flows/_lib/login.yaml`), so that another block can `run:` it; the
// others are written to flows/DOC-LINE.yaml. Fragments (steps) are put in
// a flow that declares the secrets they use, and the variables they read
// are given as --var names, as the flow around them would declare them.
package docs_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/examples/demo"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/internal/testbrowser"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

func TestDocs(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "Docs Suite")
}

// the failures again, at the end of the output (docs/testing.md)
var _ = testbrowser.FailuresLast()

var (
	// One browser for the suite; the runner gives every flow a fresh
	// incognito context.
	shared *browser.Browser
	shop   *httptest.Server
	// project is the folder the blocks are written to, byPath the block
	// written at each path (relative to project).
	project string
	byPath  = map[string]*block{}
)

// docEnv is the environment the documents' flows read: the demo shop's
// address, password and one-time code key.
func docEnv(name string) (string, bool) {
	switch name {
	case "BASE_URL":
		return shop.URL, true
	case "SHOP_HOST":
		return strings.TrimPrefix(shop.URL, "http://"), true
	case "SHOP_PASSWORD":
		return "secret", true
	case "SHOP_OTP": // a one-time code's key (docs/flows.md "One-time codes")
		return "JBSWY3DPEHPK3PXP", true
	}
	return "", false
}

// uploadFixtures are the files the documents' upload examples name,
// relative to the project folder.
var uploadFixtures = []string{"flows/fixtures/avatar.png"}

var allBlocks, readErr = func() ([]*block, error) {
	docs, err := documents()
	if err != nil {
		return nil, err
	}
	var all []*block
	for _, d := range docs {
		bs, err := readBlocks(d)
		if err != nil {
			return nil, err
		}
		all = append(all, bs...)
	}
	return all, nil
}()

var _ = BeforeSuite(func() {
	var err error
	shop = testbrowser.Serve(demo.Handler())
	shared = testbrowser.Launch()
	project, err = os.MkdirTemp("", "smokeflow-docs-")
	Expect(err).NotTo(HaveOccurred())
	for _, f := range uploadFixtures {
		writeFile(f, "a file to upload\n")
	}
	prepare(allBlocks)
})

var _ = AfterSuite(func() {
	if project != "" {
		Expect(os.RemoveAll(project)).To(Succeed())
	}
})

// prepare writes the flows of blocks to the project folder.
func prepare(blocks []*block) {
	for _, b := range blocks {
		if b.shape == shapeOther || b.bad != "" {
			continue
		}
		if other := byPath[b.path]; other != nil {
			b.bad = fmt.Sprintf("%s is also the path of the block at %s", b.path, other)
			continue
		}
		byPath[b.path] = b
		writeFile(b.path, b.flowSource())
	}
}

func writeFile(rel, content string) {
	p := filepath.Join(project, rel)
	Expect(os.MkdirAll(filepath.Dir(p), 0o755)).To(Succeed())
	Expect(os.WriteFile(p, []byte(content), 0o644)).To(Succeed())
}

var _ = Describe("The YAML blocks of README.md and docs/", func() {
	It("are read, and hold flows", func() {
		Expect(readErr).NotTo(HaveOccurred())
		whole := 0
		for _, b := range allBlocks {
			if b.shape == shapeFlow && b.mode == modeRun {
				whole++
			}
		}
		Expect(whole).To(BeNumerically(">=", 5), "whole flows that run")
	})
	for _, b := range allBlocks {
		if b.shape == shapeOther && b.bad == "" {
			continue
		}
		It(b.String(), func() { Expect(checkBlock(b)).To(Succeed()) })
	}
})

// checkBlock validates a block, and runs it when it is a whole flow.
func checkBlock(b *block) error {
	if b.bad != "" {
		return fmt.Errorf("%s: %s", b, b.bad)
	}
	f, err := load(b)
	if err != nil {
		return err
	}
	if err := checkQuote(b); err != nil {
		return err
	}
	if b.shape != shapeFlow || b.mode == modeValidateOnly {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	// no trace: a block is checked for its outcome and its failure's
	// text (docs/testing.md "Keeping `make test` short")
	run, err := runner.Run(ctx, runner.Config{Use: shared, BaseURL: shop.URL, LookupEnv: docEnv, Trace: runner.TraceOff,
		ArtifactsDir: GinkgoT().TempDir()}, []*flows.Flow{f})
	if err != nil {
		return fmt.Errorf("%s: the flow did not run: %w", b, err)
	}
	for _, res := range run.Flows { // a result per data row (docs/flows.md "Data rows")
		if err := checkResult(b, f, res); err != nil {
			return err
		}
	}
	return nil
}

// checkResult checks a run against the block's mark.
func checkResult(b *block, f *flows.Flow, res *results.Flow) error {
	text := inDocs(testbrowser.FailureText(res), project, byPath)
	if b.mode != modeFails {
		if res.Status == results.Skipped && f.Skip != "" && res.SkipReason == f.Skip {
			return nil // a `skip:` example is reported skipped, with its reason
		}
		if res.Status != results.Passed {
			return fmt.Errorf("%s: the example fails on the demo shop:\n%s", b, text)
		}
		return nil
	}
	if res.Status != results.Failed {
		return fmt.Errorf("%s: the example is marked `fails`, but it %s", b, res.Status)
	}
	for _, w := range b.wants {
		if !strings.Contains(text, w) {
			return fmt.Errorf("%s: the example fails, but its failure does not say %q:\n%s", b, w, text)
		}
	}
	return nil
}

// load validates the block as `smokeflow validate` would.
func load(b *block) (*flows.Flow, error) {
	opts := flows.LoadOptions{BaseURL: shop.URL, LookupEnv: docEnv}
	if b.shape != shapeFlow {
		opts.Vars = fragmentVars(b.src)
	}
	f, err := flows.Load(filepath.Join(project, b.path), opts)
	if err != nil {
		return nil, fmt.Errorf("%s: the example does not validate:\n%s", b, inDocs(err.Error(), project, byPath))
	}
	return f, nil
}

// checkQuote checks that a block naming a file of the repository in its
// first line (README.md quotes examples/flows/returning-customer.yaml)
// quotes it as it is, after that line.
func checkQuote(b *block) error {
	m := pathRe.FindStringSubmatch(b.src)
	if m == nil {
		return nil
	}
	file, err := os.ReadFile(filepath.Join("..", m[1]))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if _, rest, _ := strings.Cut(b.src, "\n"); rest != string(file) {
		return fmt.Errorf("%s quotes %s, but not as it is: keep them the same", b, m[1])
	}
	return nil
}
