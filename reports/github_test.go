package reports_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/reports"
	"github.com/smokeflow/smokeflow/results"
)

// setenv sets an environment variable for the current spec.
func setenv(key, value string) {
	old, had := os.LookupEnv(key)
	Expect(os.Setenv(key, value)).To(Succeed())
	DeferCleanup(func() {
		if had {
			_ = os.Setenv(key, old)
		} else {
			_ = os.Unsetenv(key)
		}
	})
}

func unsetenv(key string) {
	old, had := os.LookupEnv(key)
	Expect(os.Unsetenv(key)).To(Succeed())
	DeferCleanup(func() {
		if had {
			_ = os.Setenv(key, old)
		}
	})
}

var _ = Describe("GitHub annotations", func() {
	It("writes one ::error per failing flow and a ::warning per flaky flow", func() {
		var b bytes.Buffer
		Expect(reports.WriteGitHubAnnotations(&b, sampleRun())).To(Succeed())
		lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
		Expect(lines).To(HaveLen(2))
		Expect(lines[0]).To(HavePrefix("::error file=flows/checkout.yaml,line=14,title=smokeflow%3A Checkout as a returning customer failed::step 3 (flows/checkout.yaml:14) click Place order: element is covered by div.modal-backdrop%0A"))
		Expect(lines[1]).To(HavePrefix("::warning file=flows/search.yaml,line=5,title="))
	})

	It("writes a failure an active quarantine holds as a ::warning saying whose it is and until when", func() {
		run := sampleRun()
		var checkout *results.Flow
		for _, f := range run.Flows {
			if f.Status == results.Failed {
				checkout = f
			}
		}
		checkout.Quarantine = &results.Quarantine{Owner: "alice", Until: "2999-12-31", Reason: "PAY-3", Active: true}
		var b bytes.Buffer
		Expect(reports.WriteGitHubAnnotations(&b, run)).To(Succeed())
		Expect(b.String()).To(HavePrefix("::warning file=flows/checkout.yaml,line=14,title=smokeflow%3A Checkout as a returning customer failed (quarantined until 2999-12-31%2C owner alice%3A does not fail the run)::step 3 "))
		checkout.Quarantine.Active = false
		b.Reset()
		Expect(reports.WriteGitHubAnnotations(&b, run)).To(Succeed())
		Expect(b.String()).To(HavePrefix("::error file=flows/checkout.yaml,line=14,"), "an expired quarantine fails as any failure")
	})

	It("escapes % CR LF in messages and also : , in properties", func() {
		run := &results.Run{Flows: []*results.Flow{{
			Name: "a, b: 100%", File: `.\flows\a,b.yaml`, Status: results.Failed,
			Attempts: []*results.Attempt{{Number: 1, Status: results.Failed, Failure: &results.Failure{
				Message: "ignored", Reason: "x",
			}}},
		}}}
		run.Flows[0].Attempts[0].Failure.Message = ""
		run.Flows[0].Attempts[0].Failure.Reason = "50% done\r\nthen: stopped, hard"
		var b bytes.Buffer
		Expect(reports.WriteGitHubAnnotations(&b, run)).To(Succeed())
		Expect(b.String()).To(Equal("::error file=flows/a%2Cb.yaml,title=smokeflow%3A a%2C b%3A 100%25 failed::50%25 done then: stopped, hard\n"))

		run.Flows[0].Attempts[0].Failure.Diagnostics = nil
		run.Flows[0].Attempts[0].Failure.Message = "line one"
		run.Flows[0].Attempts[0].Failure.File = "flows/a.yaml"
		run.Flows[0].Attempts[0].Failure.Line = 3
		run.Flows[0].Attempts = append(run.Flows[0].Attempts, run.Flows[0].Attempts[0])
		b.Reset()
		Expect(reports.WriteGitHubAnnotations(&b, run)).To(Succeed())
		Expect(b.String()).To(Equal("::error file=flows/a.yaml,line=3,title=smokeflow%3A a%2C b%3A 100%25 failed::line one%0A(failed all 2 attempts)\n"))
	})

	It("tells whether it runs in GitHub Actions", func() {
		setenv("GITHUB_ACTIONS", "true")
		Expect(reports.InGitHubActions()).To(BeTrue())
		setenv("GITHUB_ACTIONS", "")
		Expect(reports.InGitHubActions()).To(BeFalse())
	})
})

var _ = Describe("GitHub step summary", func() {
	It("does nothing without GITHUB_STEP_SUMMARY", func() {
		unsetenv("GITHUB_STEP_SUMMARY")
		Expect(reports.AppendGitHubStepSummary(sampleRun())).To(Succeed())
	})

	It("appends the Markdown report, without links", func() {
		p := filepath.Join(GinkgoT().TempDir(), "summary.md")
		Expect(os.WriteFile(p, []byte("# Build\n"), 0o644)).To(Succeed())
		setenv("GITHUB_STEP_SUMMARY", p)
		Expect(reports.AppendGitHubStepSummary(sampleRun())).To(Succeed())
		got, err := os.ReadFile(p)
		Expect(err).NotTo(HaveOccurred())
		var want bytes.Buffer
		Expect(reports.WriteMarkdown(&want, sampleRun(), reports.MarkdownOptions{NoLinks: true})).To(Succeed())
		Expect(string(got)).To(Equal("# Build\n\n" + want.String()))
		Expect(string(got)).To(ContainSubstring("screenshot `smokeflow-results/search/attempt-1/failure (1).png`"))
	})

	It("keeps the whole file under GitHub's 1 MiB", func() {
		p := filepath.Join(GinkgoT().TempDir(), "summary.md")
		Expect(os.WriteFile(p, bytes.Repeat([]byte("x"), 600<<10), 0o644)).To(Succeed())
		setenv("GITHUB_STEP_SUMMARY", p)
		Expect(reports.AppendGitHubStepSummary(bigRun(300))).To(Succeed())
		st, err := os.Stat(p)
		Expect(err).NotTo(HaveOccurred())
		Expect(st.Size()).To(BeNumerically("<", 1<<20))
	})

	It("fails when the summary file cannot be written", func() {
		setenv("GITHUB_STEP_SUMMARY", filepath.Join(GinkgoT().TempDir(), "missing", "summary.md"))
		Expect(reports.AppendGitHubStepSummary(sampleRun())).To(MatchError(ContainSubstring("append step summary")))
	})
})
