package runner_test

import (
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// runFiles runs flow files in one run on the shared browser.
func runFiles(ctx context.Context, cfg runner.Config, files ...string) *results.Run {
	GinkgoHelper()
	var list []*flows.Flow
	for _, file := range files {
		f, err := flows.Load(file, flows.LoadOptions{BaseURL: fixture.URL})
		Expect(err).NotTo(HaveOccurred())
		list = append(list, f)
	}
	cfg.Use, cfg.BaseURL, cfg.ArtifactsDir = shared, fixture.URL, GinkgoT().TempDir()
	run, err := runner.Run(ctx, cfg, list)
	Expect(err).NotTo(HaveOccurred())
	return run
}

// cancelAfterFailedStep cancels the run a second after a step fails:
// once the attempt has ended, while the runner waits to retry.
type cancelAfterFailedStep struct{ cancel context.CancelFunc }

func (c cancelAfterFailedStep) Event(e results.Event) {
	if e.Kind == results.StepFinished && e.Step != nil && e.Step.Status == results.Failed {
		time.AfterFunc(time.Second, c.cancel)
	}
}

var _ = Describe("quarantine and failure-class retries (docs/flows.md \"Quarantine\", \"Retries\")", func() {
	It("runs and records a quarantined flow's failure, which does not count as failed until its date", func() {
		run := runFiles(context.Background(), runner.Config{}, "../testdata/runner/quarantine-active.yaml", "../testdata/runner/quarantine-expired.yaml")
		held, expired := run.Flows[0], run.Flows[1]
		Expect(held.Status).To(Equal(results.Failed), "the status stays what happened")
		Expect(held.Quarantine).To(Equal(&results.Quarantine{Owner: "alice", Until: "2999-12-31", Reason: "SRCH-12 the search index lags behind", Active: true}))
		Expect(held.Held()).To(BeTrue())
		Expect(held.Final().Failure.Reason).To(Equal(diagnostics.ReasonAssertion))
		Expect(expired.Status).To(Equal(results.Failed))
		Expect(expired.Quarantine.Active).To(BeFalse())
		Expect(expired.Held()).To(BeFalse())
		Expect(expired.Final().Failure.Message).To(ContainSubstring("the quarantine expired on 2020-01-31, owner bob"))
		Expect(held.Final().Failure.Message).NotTo(ContainSubstring("expired"))
		s := run.Summary()
		Expect([]int{s.Failed, s.Quarantined}).To(Equal([]int{1, 1}), "only the expired one fails the run")
	})

	It("retries only failures of the classes in retries: {on}, backing off twice as long each time", func() {
		run := runFiles(context.Background(), runner.Config{}, "../testdata/runner/retries-on-other-class.yaml", "../testdata/runner/retries-on-class-backoff.yaml")
		other, backoff := run.Flows[0], run.Flows[1]
		Expect(other.Attempts).To(HaveLen(1), "a not_found failure is not in [navigation, browser]")
		Expect(other.Final().Failure.Reason).To(Equal(diagnostics.ReasonNotFound))
		Expect(backoff.Attempts).To(HaveLen(3))
		a := backoff.Attempts
		gap1 := a[1].StartedAt.Sub(a[0].StartedAt.Add(a[0].Duration))
		gap2 := a[2].StartedAt.Sub(a[1].StartedAt.Add(a[1].Duration))
		Expect(gap1).To(BeNumerically(">=", 300*time.Millisecond))
		Expect(gap2).To(BeNumerically(">=", 600*time.Millisecond), "the wait doubles")
	})

	It("--retries overrides the flow's count, keeping its classes", func() {
		run := runFiles(context.Background(), runner.Config{Retries: 1}, "../testdata/runner/retries-on-other-class.yaml")
		Expect(run.Flows[0].Attempts).To(HaveLen(1))
	})

	It("stops waiting for a retry when the run is cancelled", func() {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		start := time.Now()
		run := runFiles(ctx, runner.Config{Listener: cancelAfterFailedStep{cancel}}, "../testdata/runner/retries-backoff-long.yaml")
		Expect(time.Since(start)).To(BeNumerically("<", 30*time.Second), "a 40s backoff is not waited out")
		Expect(run.Flows[0].Attempts).To(HaveLen(1))
		Expect(run.Interrupted).To(BeTrue())
	})
})
