package runner_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// finished records the flows the listener saw finish.
type finished struct {
	mu    sync.Mutex
	flows []*results.Flow
}

func (f *finished) Event(e results.Event) {
	if e.Kind == results.FlowFinished {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.flows = append(f.flows, e.Result)
	}
}

var _ = Describe("skip:", func() {
	It("reports a flow with skip: as skipped with its reason, without running it", func() {
		seen := &finished{}
		run, err := runner.Run(context.Background(), runner.Config{Use: shared, BaseURL: fixture.URL, Listener: seen,
			ArtifactsDir: GinkgoT().TempDir()}, load("skipped.yaml", "check-storage.yaml"))
		Expect(err).NotTo(HaveOccurred())
		Expect(run.Flows[0].Status).To(Equal(results.Skipped))
		Expect(run.Flows[0].SkipReason).To(Equal("the widget is being rebuilt, see #42"))
		Expect(run.Flows[0].Attempts).To(BeEmpty())
		Expect(run.Flows[1].Status).To(Equal(results.Passed), failureText(run.Flows[1]))
		Expect(run.Summary()).To(Equal(results.Summary{Total: 2, Passed: 1, Skipped: 1}))
		Expect(seen.flows).To(ContainElement(run.Flows[0]), "the terminal hears of the skipped flow too")
	})

	It("starts no browser when every flow is skipped", func() {
		dir := filepath.Join(GinkgoT().TempDir(), "artifacts")
		run, err := runner.Run(context.Background(), runner.Config{BaseURL: fixture.URL, ArtifactsDir: dir,
			Browser: browser.Options{Bin: "/nonexistent/chromium"}}, load("skipped.yaml"))
		Expect(err).NotTo(HaveOccurred(), "a launch would have failed on the missing binary")
		Expect(run.Browser).To(BeEmpty())
		Expect(run.Flows[0].SkipReason).To(Equal("the widget is being rebuilt, see #42"))
		_, statErr := os.Stat(dir)
		Expect(os.IsNotExist(statErr)).To(BeTrue(), "nothing ran, so no artifacts folder")
	})

	It("keeps the skip reason when no browser can be started", func() {
		run, err := runner.Run(context.Background(), runner.Config{BaseURL: fixture.URL, ArtifactsDir: GinkgoT().TempDir(),
			Browser: browser.Options{Bin: "/nonexistent/chromium"}}, load("skipped.yaml", "check-storage.yaml"))
		var be *browser.BrowserError
		Expect(err).To(BeAssignableToTypeOf(be))
		Expect(run.Flows[0].SkipReason).To(Equal("the widget is being rebuilt, see #42"))
		Expect(run.Flows[1].SkipReason).To(Equal("no browser"))
	})
})
