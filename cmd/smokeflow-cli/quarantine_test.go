package main

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("quarantine: (docs/flows.md \"Quarantine\")", func() {
	It("runs a quarantined flow that fails, lists it apart in every report, and exits 0", func() {
		dir := GinkgoT().TempDir()
		md, js, junit := filepath.Join(dir, "report.md"), filepath.Join(dir, "results.json"), filepath.Join(dir, "junit.xml")
		code, out := smokeflow("run", "--base-url", site.URL, "--artifacts", filepath.Join(dir, "a"),
			"--report", "markdown="+md, "--report", "json="+js, "--report", "junit="+junit, "../../testdata/cli/quarantine")
		Expect(code).To(Equal(0), out)
		Expect(out).To(ContainSubstring("✗ Search results, quarantined"))
		Expect(out).To(ContainSubstring("(quarantined until 2999-12-31, owner alice: does not fail the run)"))
		Expect(out).To(MatchRegexp(`\n1 passed, 1 quarantined in `))

		b, err := os.ReadFile(md)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(b)).To(HavePrefix("✅ 1 passed · 🚧 1 quarantined · "))
		Expect(string(b)).To(ContainSubstring("## Quarantined\n"))
		Expect(string(b)).To(MatchRegexp(`- 🚧 Search results, quarantined — owner alice, until 2999-12-31: SRCH-12 the search index lags behind\. ❌ failed: step 2 `))
		Expect(string(b)).NotTo(ContainSubstring("## Failures"))

		var res struct {
			Flows []struct {
				Name       string
				Status     string
				Quarantine *struct {
					Owner, Until, Reason string
					Active               bool
				}
			}
		}
		b, err = os.ReadFile(js)
		Expect(err).NotTo(HaveOccurred())
		Expect(json.Unmarshal(b, &res)).To(Succeed())
		var held = res.Flows[0]
		if held.Quarantine == nil {
			held = res.Flows[1]
		}
		Expect(held.Status).To(Equal("failed"))
		Expect(held.Quarantine).NotTo(BeNil())
		Expect(*held.Quarantine).To(Equal(struct {
			Owner, Until, Reason string
			Active               bool
		}{"alice", "2999-12-31", "SRCH-12 the search index lags behind", true}))

		var suites struct {
			Failures int `xml:"failures,attr"`
			Suites   []struct {
				Skipped int `xml:"skipped,attr"`
				Cases   []struct {
					Name    string `xml:"name,attr"`
					Skipped *struct {
						Message string `xml:"message,attr"`
					} `xml:"skipped"`
					Props []struct {
						Name  string `xml:"name,attr"`
						Value string `xml:"value,attr"`
					} `xml:"properties>property"`
				} `xml:"testcase"`
			} `xml:"testsuite"`
		}
		b, err = os.ReadFile(junit)
		Expect(err).NotTo(HaveOccurred())
		Expect(xml.Unmarshal(b, &suites)).To(Succeed())
		Expect(suites.Failures).To(Equal(0))
		Expect(suites.Suites[0].Skipped).To(Equal(1))
		for _, c := range suites.Suites[0].Cases {
			if c.Name != "Search results, quarantined" {
				continue
			}
			Expect(c.Skipped).NotTo(BeNil())
			Expect(c.Skipped.Message).To(HavePrefix("quarantined until 2999-12-31 (owner alice): failed: step 2 "))
			Expect(c.Props).To(ContainElement(HaveField("Name", "quarantine.owner")))
		}
	})

	It("fails the run once the quarantine has expired, saying since when and whose it is", func() {
		dir := GinkgoT().TempDir()
		code, out := smokeflow("run", "--base-url", site.URL, "--artifacts", dir, "../../testdata/cli/quarantine-expired")
		Expect(code).To(Equal(1), out)
		Expect(out).To(ContainSubstring("the quarantine expired on 2020-01-31, owner bob"))
		Expect(out).NotTo(ContainSubstring("quarantined in"))
	})

	It("validate warns, not errs, on an expired quarantine, naming file:line, owner and date", func() {
		code, out := smokeflow("validate", "--base-url", site.URL, "../../testdata/cli/quarantine-expired", "../../testdata/cli/quarantine")
		Expect(code).To(Equal(0), out)
		Expect(out).To(MatchRegexp(`\S*expired\.yaml:2:1: warning: the quarantine of "Checkout, quarantine expired" expired on 2020-01-31 \(owner bob\)`))
		Expect(out).NotTo(ContainSubstring("held.yaml"))
		Expect(out).To(ContainSubstring("3 flow(s) valid, 1 warning(s)"))
	})
})
