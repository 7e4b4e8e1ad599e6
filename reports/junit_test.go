package reports_test

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	junit "github.com/joshdk/go-junit"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/reports"
	"github.com/smokeflow/smokeflow/results"
)

func junitOf(run *results.Run) []byte {
	GinkgoHelper()
	var b bytes.Buffer
	Expect(reports.WriteJUnit(&b, run)).To(Succeed())
	return b.Bytes()
}

// xmllintSchema validates the XML in data against testdata/reports/junit.xsd
// with xmllint, and returns its output and whether it accepted it. A
// missing xmllint fails the test: the schema check is not optional.
func xmllintSchema(data []byte) (string, bool) {
	GinkgoHelper()
	bin, err := exec.LookPath("xmllint")
	if err != nil {
		Fail("xmllint is not installed, so the JUnit report cannot be checked against its XSD: " +
			"install libxml2-utils (apt-get install -y libxml2-utils)")
	}
	f := filepath.Join(GinkgoT().TempDir(), "junit.xml")
	Expect(os.WriteFile(f, data, 0o644)).To(Succeed())
	out, err := exec.Command(bin, "--noout", "--schema", filepath.Join(goldenDir, "junit.xsd"), f).CombinedOutput()
	return string(out), err == nil
}

func expectSchemaValid(data []byte) {
	GinkgoHelper()
	out, ok := xmllintSchema(data)
	Expect(ok).To(BeTrue(), "xmllint rejected the JUnit report:\n%s", out)
}

// Surefire's rerun elements, which go-junit does not read.
type xTestsuites struct {
	Suites []struct {
		Cases []struct {
			Name   string   `xml:"name,attr"`
			Reruns []xRerun `xml:"rerunFailure"`
			Flakes []xRerun `xml:"flakyFailure"`
		} `xml:"testcase"`
	} `xml:"testsuite"`
}

type xRerun struct {
	Message    string `xml:"message,attr"`
	Type       string `xml:"type,attr"`
	StackTrace string `xml:"stackTrace"`
	SystemOut  string `xml:"system-out"`
}

var _ = Describe("JUnit XML", func() {
	var data []byte
	BeforeEach(func() { data = junitOf(sampleRun()) })

	It("is read back by an independent JUnit parser (go-junit)", func() {
		suites, err := junit.Ingest(data)
		Expect(err).NotTo(HaveOccurred())
		Expect(suites).To(HaveLen(1))
		s := suites[0]
		Expect(s.Name).To(Equal("smokeflow"))
		Expect(s.Properties).To(HaveKeyWithValue("base_url", "http://127.0.0.1:8080"))
		Expect(s.Properties).To(HaveKeyWithValue("browser", "HeadlessChrome/131.0.6778.85"))
		Expect(s.Properties).To(HaveKeyWithValue("shard", "1/2"))

		// A flaky flow passed in the end: it counts as passed.
		Expect(s.Totals.Tests).To(Equal(4))
		Expect(s.Totals.Passed).To(Equal(2))
		Expect(s.Totals.Failed).To(Equal(1))
		Expect(s.Totals.Skipped).To(Equal(1))
		Expect(s.Totals.Error).To(Equal(0))

		Expect(s.Tests).To(HaveLen(4))
		byName := map[string]junit.Test{}
		for _, t := range s.Tests {
			byName[t.Name] = t
		}
		login := byName["Log in"]
		Expect(login.Classname).To(Equal("flows/login.yaml"))
		Expect(login.Duration).To(Equal(1234 * time.Millisecond))
		Expect(login.Status).To(Equal(junit.StatusPassed))
		Expect(login.SystemOut).To(ContainSubstring("passed  3 click Sign in (0.634s)"))
		Expect(login.SystemOut).To(ContainSubstring("followed href of covered link"))

		checkout := byName["Checkout as a returning customer"]
		Expect(checkout.Classname).To(Equal("flows/checkout.yaml"))
		Expect(checkout.Duration).To(Equal(21 * time.Second))
		Expect(checkout.Status).To(Equal(junit.StatusFailed))
		Expect(checkout.Message).To(Equal("step 3 (flows/checkout.yaml:14) click Place order: element is covered by div.modal-backdrop"))
		jerr, ok := checkout.Error.(junit.Error)
		Expect(ok).To(BeTrue())
		Expect(jerr.Type).To(Equal("covered"))
		for _, want := range []string{
			"> 14 |   - click: Place order",
			"verdict: the button is there and enabled, but a modal backdrop receives the click",
			"@e12 button \"Place order\" — visible, enabled, covered by div.modal-backdrop, box x=980 y=640.5 160×40, in main",
			"@e11 button \"Place orders later\" (0.82)",
			"  - close the dialog first: - click: Close",
			"\"Help & FAQ\" → /help?topic=orders&x=1",
			"POST http://127.0.0.1:8080/api/order → 500",
		} {
			Expect(jerr.Body).To(ContainSubstring(want))
		}
		Expect(checkout.SystemOut).To(ContainSubstring("attempt 2 of 2: failed"))
		Expect(checkout.SystemOut).To(ContainSubstring(
			"[[ATTACHMENT|" + filepath.Join("smokeflow-results", "checkout-as-a-returning-customer", "attempt-2", "failure.png") + "]]"))
		Expect(checkout.SystemOut).NotTo(ContainSubstring("attempt-1"))

		flaky := byName[`Search <products> & "filters"`]
		Expect(flaky.Status).To(Equal(junit.StatusPassed))
		Expect(flaky.Duration).To(Equal(7890 * time.Millisecond))

		skipped := byName["Admin dashboard"]
		Expect(skipped.Status).To(Equal(junit.StatusSkipped))
		Expect(skipped.Message).To(Equal("tags: not selected by smoke,!admin"))
	})

	It("lists earlier failed attempts as rerunFailure and a flaky flow's failures as flakyFailure", func() {
		var doc xTestsuites
		Expect(xml.Unmarshal(data, &doc)).To(Succeed())
		cases := doc.Suites[0].Cases
		Expect(cases[1].Reruns).To(HaveLen(1))
		Expect(cases[1].Flakes).To(BeEmpty())
		r := cases[1].Reruns[0]
		Expect(r.Message).To(HavePrefix("attempt 1: step 3 (flows/checkout.yaml:14) click Place order"))
		Expect(r.Type).To(Equal("covered"))
		Expect(r.SystemOut).To(ContainSubstring("attempt-1/failure.png]]"))

		Expect(cases[2].Reruns).To(BeEmpty())
		Expect(cases[2].Flakes).To(HaveLen(1))
		f := cases[2].Flakes[0]
		Expect(f.Type).To(Equal("timeout"))
		Expect(f.Message).To(Equal(`attempt 1: step 2 (flows/search.yaml:5) expect Results: expected text <b>"Tom & Jerry's"</b> ]]> | got Tom & Jerry`))
		Expect(f.StackTrace).To(ContainSubstring(`> 5 |   - expect: { text: Results, contains: "<b>Tom & Jerry's</b>" }`))
		Expect(f.SystemOut).To(ContainSubstring("[[ATTACHMENT|" + filepath.Join("smokeflow-results", "search", "attempt-1", "failure (1).png") + "]]"))
	})

	It("keeps XML-hostile text intact and drops what XML 1.0 forbids", func() {
		Expect(bytes.IndexByte(data, 0x1b)).To(Equal(-1), "ESC of terminal colours must not reach the XML")
		Expect(bytes.IndexByte(data, 0x00)).To(Equal(-1))
		Expect(string(data)).NotTo(ContainSubstring("[31m"))
		Expect(string(data)).To(ContainSubstring(`name="Search &lt;products&gt; &amp; &#34;filters&#34;"`))
		// It parses as XML, whatever the names and messages hold.
		Expect(xml.Unmarshal(data, new(xTestsuites))).To(Succeed())
	})

	It("writes times in seconds to the millisecond", func() {
		run := sampleRun()
		run.Flows[0].Duration = 1500*time.Microsecond + 1234*time.Second
		out := string(junitOf(run))
		Expect(out).To(ContainSubstring(`classname="flows/login.yaml" time="1234.002"`))
		Expect(out).To(ContainSubstring(`<testsuite name="smokeflow" tests="4" failures="1" errors="0" skipped="1" time="123.456" timestamp="2026-03-14T09:26:53">`))
	})

	Describe("against the JUnit XSD (xmllint)", func() {
		It("accepts the sample report", func() {
			expectSchemaValid(data)
		})

		It("accepts an empty run and a run with nothing set", func() {
			expectSchemaValid(junitOf(&results.Run{}))
			expectSchemaValid(junitOf(&results.Run{Flows: []*results.Flow{
				{Status: results.Failed},
				{Status: results.Flaky, Attempts: []*results.Attempt{{Number: 1, Status: results.Failed}, {Number: 2, Status: results.Passed}}},
				{Status: results.Skipped},
				{Status: results.Passed},
			}}))
		})

		It("accepts a big run", func() {
			expectSchemaValid(junitOf(bigRun(500)))
		})

		It("is a real check: it rejects a report that breaks the schema", func() {
			bad := strings.Replace(string(data), `<skipped message=`, `<skipped reason=`, 1)
			out, ok := xmllintSchema([]byte(bad))
			Expect(ok).To(BeFalse())
			Expect(out).To(ContainSubstring("reason"))

			bad = strings.Replace(string(data), ` type="timeout"`, ``, 1)
			_, ok = xmllintSchema([]byte(bad))
			Expect(ok).To(BeFalse(), "a flakyFailure needs a type")
		})
	})
})

// bigRun is a run of n failing flows, each with full diagnostics and many
// steps.
func bigRun(n int) *results.Run {
	run := sampleRun()
	run.Flows = nil
	for i := range n {
		f := failedFlow()
		f.Name = fmt.Sprintf("Checkout %04d | <b>&", i)
		f.File = fmt.Sprintf("flows/checkout-%04d.yaml", i)
		for _, a := range f.Attempts {
			for j := range 30 {
				a.Steps = append(a.Steps, &results.Step{
					Index: fmt.Sprintf("5.%d", j), Action: "fill", Target: strings.Repeat("field ", 5),
					File: f.File, Line: 20 + j, Status: results.Passed, Duration: ms(j),
					Log: []string{strings.Repeat("typed key by key ", 10)},
				})
			}
		}
		run.Flows = append(run.Flows, f)
	}
	return run
}

var _ = Describe("JUnit XML text", func() {
	It("splits CDATA around ]]> so that the text survives", func() {
		data := junitOf(sampleRun())
		Expect(string(data)).To(ContainSubstring("]]]]><![CDATA[>"))
		_, err := junit.Ingest(data)
		Expect(err).NotTo(HaveOccurred())
		var doc xTestsuites
		Expect(xml.Unmarshal(data, &doc)).To(Succeed())
		Expect(doc.Suites[0].Cases[2].Flakes[0].SystemOut).To(ContainSubstring(`error: expected text <b>"Tom & Jerry's"</b> ]]> | got Tom & Jerry`))
	})
})
