package main

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/smokeflow/smokeflow/internal/testbrowser"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/examples"
)

func TestCLI(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "CLI Suite")
}

// the failures again, at the end of the output (docs/testing.md)
var _ = testbrowser.FailuresLast()

// smokeflow runs the command line in-process and returns the exit code
// and everything it printed.
func smokeflow(args ...string) (int, string) {
	var out bytes.Buffer
	code := Main(context.Background(), args, &out, &out)
	return code, out.String()
}

var site *httptest.Server

// exampleFlows counts the embedded example flows (one fails on purpose).
func exampleFlows() int {
	entries, err := fs.ReadDir(examples.Flows, "flows")
	Expect(err).NotTo(HaveOccurred())
	return len(entries)
}

var _ = BeforeSuite(func() {
	site = httptest.NewServer(http.FileServer(http.Dir("../../testdata")))
})

var _ = AfterSuite(func() { site.Close() })

var _ = Describe("smokeflow", func() {
	It("names a missing flow file, exit 2", func() {
		code, out := smokeflow("run", "no/such/flow.yaml")
		Expect(code).To(Equal(2))
		Expect(out).To(ContainSubstring("no/such/flow.yaml"))
		Expect(out).NotTo(ContainSubstring("goroutine"))
	})

	It("reports invalid YAML with file, line and column, exit 2", func() {
		code, out := smokeflow("run", "../../testdata/cli/bad-yaml.yaml")
		Expect(code).To(Equal(2))
		Expect(out).To(MatchRegexp(`bad-yaml\.yaml:\d+:\d+: `))
	})

	It("validate lists every error and exits 2", func() {
		code, out := smokeflow("validate", "../../testdata/cli/bad-yaml.yaml", "../../testdata/cli/ok.yaml")
		Expect(code).To(Equal(2))
		Expect(out).To(ContainSubstring("bad-yaml.yaml:"))
	})

	It("validate passes good flows", func() {
		code, out := smokeflow("validate", "--base-url", "http://x", "../../testdata/cli/ok.yaml")
		Expect(code).To(Equal(0), out)
		Expect(out).To(ContainSubstring("1 flow(s) valid"))
	})

	It("says how to get a browser when there is none, exit 3", func() {
		code, out := smokeflow("run", "--browser", "/nonexistent/chrome", "--base-url", site.URL,
			"--artifacts", GinkgoT().TempDir(), "../../testdata/cli/ok.yaml")
		Expect(code).To(Equal(3))
		Expect(out).To(ContainSubstring("/nonexistent/chrome"))
		Expect(out).To(ContainSubstring("apt-get install -y chromium"))
		Expect(out).To(ContainSubstring("flags: --browser PATH or --cdp HOST:PORT"))
	})

	It("names the flag that fixes a flow file problem about the run's settings", func() {
		code, out := smokeflow("validate", "--strict", "../../testdata/cli/needs/needs.yaml")
		Expect(code).To(Equal(2), out)
		Expect(out).To(ContainSubstring("a relative URL needs base_url in the flow or a base URL for the run (--base-url URL)"))
		code, out = smokeflow("validate", "--base-url", "http://x", "--strict", "../../testdata/cli/needs/needs.yaml")
		Expect(out).NotTo(ContainSubstring("(--base-url URL)"))
	})

	It("fails a flow whose URL is unreachable with the network error, exit 1, and still writes the report", func() {
		dir := GinkgoT().TempDir()
		junit := filepath.Join(dir, "junit.xml")
		code, out := smokeflow("run", "--artifacts", dir, "--report", "junit="+junit, "../../testdata/cli/unreachable.yaml")
		Expect(code).To(Equal(1), out)
		Expect(out).To(ContainSubstring("net::ERR_"))
		Expect(out).To(ContainSubstring("unreachable.yaml:3"))
		b, err := os.ReadFile(junit)
		Expect(err).NotTo(HaveOccurred())
		var suites struct {
			Failures int `xml:"failures,attr"`
		}
		Expect(xml.Unmarshal(b, &suites)).To(Succeed())
		Expect(suites.Failures).To(Equal(1))
	})

	It("shows an optional step that failed as a warning under its flow, counted in the summary and the reports", func() {
		dir := GinkgoT().TempDir()
		md, js := filepath.Join(dir, "report.md"), filepath.Join(dir, "results.json")
		code, out := smokeflow("run", "--base-url", site.URL, "--artifacts", dir,
			"--report", "markdown="+md, "--report", "json="+js, "../../testdata/cli/optional-warning.yaml")
		Expect(code).To(Equal(0), out)
		Expect(out).To(MatchRegexp(`✓ A cookie banner that may not be there \S+\n  ⚠ step 2 \(\S*optional-warning\.yaml:4\) click "Accept cookies" \(optional\): no element matches "Accept cookies"`))
		Expect(out).To(MatchRegexp(`\n1 passed, 1 warning in `))
		b, err := os.ReadFile(md)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(b)).To(HavePrefix("✅ 1 passed · ⚠️ 1 warning · "))
		Expect(string(b)).To(MatchRegexp(`## Warnings\n\n- ⚠️ A cookie banner that may not be there: step 2 \(\S*optional-warning\.yaml:4\) click "Accept cookies" \(optional\): no element matches`))
		b, err = os.ReadFile(js)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(b)).To(ContainSubstring(`"status": "warned"`))
	})

	It("masks a secret in every output: terminal, reports, snapshots, logs", func() {
		const secret = "hunter2-Top$ecret"
		GinkgoT().Setenv("SF_TEST_SECRET", secret)
		dir := GinkgoT().TempDir()
		code, out := smokeflow("run", "--verbose", "--base-url", site.URL, "--artifacts", dir,
			"--report", "junit="+filepath.Join(dir, "junit.xml"), "--report", "markdown="+filepath.Join(dir, "report.md"),
			"--report", "json="+filepath.Join(dir, "results.json"), "--report", "html="+filepath.Join(dir, "report.html"),
			"../../testdata/cli/secret.yaml")
		Expect(code).To(Equal(1), out)
		Expect(out).NotTo(ContainSubstring(secret))
		Expect(out).To(ContainSubstring("•••"))
		files := 0
		sawMask := false
		Expect(filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			files++
			b, err := os.ReadFile(p)
			Expect(err).NotTo(HaveOccurred())
			Expect(string(b)).NotTo(ContainSubstring(secret), p)
			Expect(string(b)).NotTo(ContainSubstring(url.QueryEscape(secret)), p)
			sawMask = sawMask || bytes.Contains(b, []byte("•••"))
			return nil
		})).To(Succeed())
		Expect(files).To(BeNumerically(">=", 7), "reports, snapshot, screenshots, console and network logs")
		Expect(sawMask).To(BeTrue())
	})

	It("in GitHub Actions, annotates the failing step and appends the step summary", func() {
		summary := filepath.Join(GinkgoT().TempDir(), "summary.md")
		Expect(os.WriteFile(summary, []byte("earlier step\n"), 0o644)).To(Succeed())
		GinkgoT().Setenv("GITHUB_ACTIONS", "true")
		GinkgoT().Setenv("GITHUB_STEP_SUMMARY", summary)
		code, out := smokeflow("run", "--artifacts", GinkgoT().TempDir(), "../../testdata/cli/unreachable.yaml")
		Expect(code).To(Equal(1), out)
		Expect(out).To(MatchRegexp(`(?m)^::error file=[^,]*unreachable\.yaml,line=3`))
		b, err := os.ReadFile(summary)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(b)).To(HavePrefix("earlier step\n"))
		Expect(string(b)).To(ContainSubstring("❌ 1 failed"))
	})

	It("rejects bad usage with exit 2", func() {
		code, _ := smokeflow("run", "--shard", "4/3", "../../testdata/cli/ok.yaml")
		Expect(code).To(Equal(2))
		code, _ = smokeflow("frobnicate")
		Expect(code).To(Equal(2))
	})

	It("prints the JSON Schema", func() {
		code, out := smokeflow("schema")
		Expect(code).To(Equal(0))
		Expect(out).To(ContainSubstring(`"$schema"`))
	})

	It("runs the example flows on the demo shop, all passing, and writes the reports", func() {
		dir := GinkgoT().TempDir()
		code, out := smokeflow("demo", "--workers", "2", "--artifacts", dir)
		Expect(code).To(Equal(0), out)
		Expect(out).To(MatchRegexp(fmt.Sprintf(`\n%d passed in `, exampleFlows()-1)), out)
		Expect(out).NotTo(ContainSubstring("failed"))
		Expect(filepath.Join(dir, "junit.xml")).To(BeAnExistingFile())
		Expect(filepath.Join(dir, "report.md")).To(BeAnExistingFile())
	})

	It("shows what a failure looks like with the failing example, exit 1", func() {
		dir := GinkgoT().TempDir()
		code, out := smokeflow("demo", "--tags", "failing", "--artifacts", dir)
		Expect(code).To(Equal(1), out)
		Expect(out).To(ContainSubstring(`near misses:`))
		Expect(out).To(ContainSubstring(`"Sign in"`))
		Expect(out).To(ContainSubstring("failing-on-purpose.yaml:"))
	})
})
