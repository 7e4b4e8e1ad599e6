package runner_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"syscall"

	"github.com/smokeflow/smokeflow/internal/procs"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

func load(files ...string) []*flows.Flow {
	var out []*flows.Flow
	for _, f := range files {
		fl, err := flows.Load("../testdata/runner/"+f, flows.LoadOptions{BaseURL: fixture.URL})
		Expect(err).NotTo(HaveOccurred())
		out = append(out, fl)
	}
	return out
}

// cancelOn cancels a run when a step of the given action starts.
type cancelOn struct {
	action string
	cancel context.CancelFunc
	once   sync.Once
}

func (c *cancelOn) Event(e results.Event) {
	if e.Kind == results.StepStarted && e.Step.Action == c.action {
		c.once.Do(c.cancel)
	}
}

var _ = Describe("Runner", func() {
	It("isolates flows: cookies and storage never leak between them", func() {
		run, err := runner.Run(context.Background(), runner.Config{Use: shared, BaseURL: fixture.URL, Workers: 2,
			ArtifactsDir: GinkgoT().TempDir()}, load("set-storage.yaml", "check-storage.yaml", "set-storage.yaml"[0:0]+"check-storage.yaml"))
		Expect(err).NotTo(HaveOccurred())
		for _, f := range run.Flows {
			Expect(f.Status).To(Equal(results.Passed), failureText(f))
		}
	})

	It("keeps results in the order given, whatever finishes first", func() {
		list := load("long-wait.yaml", "check-storage.yaml")
		list[0].Steps = list[0].Steps[:1]
		run, err := runner.Run(context.Background(), runner.Config{Use: shared, BaseURL: fixture.URL, Workers: 2,
			ArtifactsDir: GinkgoT().TempDir()}, list)
		Expect(err).NotTo(HaveOccurred())
		Expect(run.Flows[0].Name).To(Equal("Waits a long time"))
		Expect(run.Flows[1].Name).To(Equal("Sees no cookie or storage from another flow"))
	})

	It("runs teardown after a failure", func() {
		res := runOne("../testdata/runner/teardown.yaml", runner.Config{})
		Expect(res.Status).To(Equal(results.Failed))
		var last *results.Step
		for _, s := range res.Final().Steps {
			last = s
		}
		Expect(last.Phase).To(Equal("teardown"))
		Expect(last.Status).To(Equal(results.Passed))
	})

	It("stops on interrupt: the running flow ends, the rest are skipped, and Run returns", func() {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		run, err := runner.Run(ctx, runner.Config{Use: shared, BaseURL: fixture.URL, Workers: 1,
			ArtifactsDir: GinkgoT().TempDir(), Listener: &cancelOn{action: "wait", cancel: cancel}},
			load("long-wait.yaml", "check-storage.yaml"))
		Expect(err).NotTo(HaveOccurred())
		Expect(run.Interrupted).To(BeTrue())
		Expect(run.Flows[0].Status).To(Equal(results.Failed))
		Expect(run.Flows[1].Status).To(Equal(results.Skipped))
		Expect(run.Flows[1].SkipReason).To(Equal("interrupted"))
	})

	It("survives a browser crash: the flow fails as crashed, the browser is relaunched and the run goes on", func() {
		run, err := runner.Run(context.Background(), runner.Config{BaseURL: fixture.URL, Workers: 1,
			ArtifactsDir: GinkgoT().TempDir(), Browser: browser.Options{}, Listener: &killer{}},
			load("crash-browser.yaml", "check-storage.yaml"))
		Expect(err).NotTo(HaveOccurred())
		Expect(run.Flows[0].Status).To(Equal(results.Failed))
		Expect(failureText(run.Flows[0])).To(ContainSubstring("browser crashed"))
		Expect(run.Flows[1].Status).To(Equal(results.Passed), failureText(run.Flows[1]))
		browser.ReapZombies()
		var others []string
		for _, p := range procs.BrowsersBelowMe() {
			if !strings.Contains(p, shared.Profile()) {
				others = append(others, p)
			}
		}
		Expect(others).To(BeEmpty(), "the run's own browsers are all gone")
	})

	It("fails a hung page (endless script, endless request) as a flow, and the run goes on", func() {
		run, err := runner.Run(context.Background(), runner.Config{Use: shared, BaseURL: fixture.URL, Workers: 2,
			ArtifactsDir: GinkgoT().TempDir()}, load("hung-js.yaml", "hung-request.yaml", "check-storage.yaml"))
		Expect(err).NotTo(HaveOccurred())
		Expect(run.Flows[0].Status).To(Equal(results.Failed))
		Expect(failureText(run.Flows[0])).To(ContainSubstring("stopped responding"))
		Expect(run.Flows[1].Status).To(Equal(results.Failed))
		Expect(failureText(run.Flows[1])).To(ContainSubstring("timed out"))
		Expect(run.Flows[2].Status).To(Equal(results.Passed), failureText(run.Flows[2]))
	})

	It("runs every control step: repeat, run with with and exports, if, optional group, retry, waits, upload, scroll", func() {
		res := runOne("../testdata/runner/language.yaml", runner.Config{})
		Expect(res.Status).To(Equal(results.Passed), failureText(res))
		statuses := map[string]results.Status{}
		for _, s := range res.Final().Steps {
			statuses[s.Index] = s.Status
		}
		Expect(statuses["7"]).To(Equal(results.Skipped), "if: false skips")
		Expect(statuses["8"]).To(Equal(results.Warned), "an optional group that fails warns")
		Expect(statuses["5.1"]).To(Equal(results.Passed), "sub-flow steps are listed under the run step")
	})

	It("retries a group, bounds a group by its timeout, and forgets an optional group's failure", func() {
		res := runOne("../testdata/runner/group-retry.yaml", runner.Config{})
		Expect(res.Status).To(Equal(results.Passed), failureText(res))
		Expect(res.Final().Failure).To(BeNil())
		var statuses []results.Status
		for _, s := range res.Final().Steps {
			if !strings.Contains(s.Index, ".") {
				statuses = append(statuses, s.Status)
			}
		}
		Expect(statuses).To(Equal([]results.Status{results.Passed, results.Warned, results.Passed, results.Passed}))
	})

	It("records failed soft checks, goes on, and fails the flow at its end listing each in order", func() {
		res := runOne("../testdata/runner/soft-checks.yaml", runner.Config{})
		Expect(res.Status).To(Equal(results.Failed))
		a := res.Final()
		statuses := map[string]results.Status{}
		for _, s := range a.Steps {
			statuses[s.Index] = s.Status
		}
		Expect(statuses).To(Equal(map[string]results.Status{"1": results.Passed, "2": results.Failed, "3": results.Failed,
			"4": results.Passed, "5": results.Passed, "6": results.Failed}), "the flow goes on past each soft failure")
		Expect(a.Steps[1].Log).To(ContainElement(ContainSubstring("soft check failed; going on")))
		var where []string
		for _, f := range a.SoftFailures {
			where = append(where, f.StepIndex)
			Expect(f.Diagnostics).NotTo(BeNil(), f.Message)
		}
		Expect(where).To(Equal([]string{"2", "3", "6"}))
		Expect(a.Failure.Message).To(HavePrefix("3 soft checks failed:\n1) step 2 ("))
		Expect(a.Failure.Message).To(ContainSubstring("\n2) step 3 ("))
		Expect(a.Failure.Message).To(ContainSubstring("\n3) step 6 ("))
		Expect(a.Failure.Message).To(ContainSubstring(`"Goodbye"`))
		Expect(a.Failure.StepIndex).To(Equal("2"), "the first soft failure gives the place and diagnostics")
	})

	It("joins relative opens to the flow's own base_url, and a sub-flow's to its own", func() {
		env := map[string]string{"SF_MAIN_BASE": fixture.URL, "SF_SUB_BASE": fixture.URL + "/runner/pages"}
		lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
		f, err := flows.Load("../testdata/runner/sub-base.yaml", flows.LoadOptions{LookupEnv: lookup})
		Expect(err).NotTo(HaveOccurred())
		run, err := runner.Run(context.Background(), runner.Config{Use: shared, LookupEnv: lookup,
			ArtifactsDir: GinkgoT().TempDir()}, []*flows.Flow{f})
		Expect(err).NotTo(HaveOccurred())
		Expect(run.Flows[0].Status).To(Equal(results.Passed), failureText(run.Flows[0]))
	})

	It("with fail-fast, starts no flow after the first failure", func() {
		run, err := runner.Run(context.Background(), runner.Config{Use: shared, BaseURL: fixture.URL, Workers: 1, FailFast: true,
			ArtifactsDir: GinkgoT().TempDir()}, load("teardown.yaml", "check-storage.yaml"))
		Expect(err).NotTo(HaveOccurred())
		Expect(run.Flows[0].Status).To(Equal(results.Failed))
		Expect(run.Flows[1].Status).To(Equal(results.Skipped))
		Expect(run.Flows[1].SkipReason).To(ContainSubstring("fail fast"))
	})

	It("retries a failed flow and keeps every attempt", func() {
		res := runOne("../testdata/runner/teardown.yaml", runner.Config{Retries: 1})
		Expect(res.Status).To(Equal(results.Failed))
		Expect(res.Attempts).To(HaveLen(2))
	})
})

// killer kills the run's own browser (not the suite's shared one) with
// SIGKILL when a `wait` step starts: a browser crash, as the runner sees it.
type killer struct{ once sync.Once }

func (k *killer) Event(e results.Event) {
	if e.Kind != results.StepStarted || e.Step.Action != "wait" {
		return
	}
	k.once.Do(func() {
		for _, pid := range browserMains() {
			if pid != shared.PID() {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	})
}

var _ = Describe("eval", func() {
	It("takes an expression or a function body, awaits promises and keeps the JSON result", func() {
		res := runOne("../testdata/runner/eval.yaml", runner.Config{})
		Expect(res.Status).To(Equal(results.Passed), failureText(res))
	})

	It("keeps the result on a page that replaced JSON.stringify, copied by the browser (docs/flows.md \"eval\")", func() {
		res := runOne("../testdata/runner/eval-hostile.yaml", runner.Config{})
		Expect(res.Status).To(Equal(results.Passed), failureText(res))
	})

	DescribeTable("fails the step with the JavaScript message and the step's file:line",
		func(file string, line int, want string) {
			res := runOne("../testdata/runner/eval/"+file, runner.Config{})
			Expect(res.Status).To(Equal(results.Failed))
			f := res.Final().Failure
			Expect(f).NotTo(BeNil())
			Expect(string(f.Reason)).To(Equal("script"))
			Expect(f.Line).To(Equal(line))
			Expect(f.Message).To(HavePrefix(fmt.Sprintf("step 2 (../testdata/runner/eval/%s:%d) eval: ", file, line)))
			Expect(f.Message).To(ContainSubstring(want))
			Expect(f.Message).NotTo(ContainSubstring("<anonymous>"), "no stack of the wrapper")
		},
		Entry("a thrown error, with its line in the script", "throws.yaml", 4, "script error: Error: no rows: 0 (line 2 of the script)"),
		Entry("a rejected promise", "rejects.yaml", 4, "script error: TypeError: the API said no"),
		Entry("a promise rejected with a plain value", "rejects-value.yaml", 4, `script error: "just a string"`),
		Entry("a syntax error", "syntax.yaml", 4, "script error: SyntaxError: Unexpected token ';' (line 1 of the script)"),
		Entry("a result JSON cannot hold", "not-json.yaml", 4, "script error: Error: the result cannot be written as JSON: Converting circular structure to JSON\n    --> starting at object with constructor 'Window'"),
		Entry("a result the browser cannot copy, on a page that replaced JSON.stringify", "hostile-not-json.yaml", 4,
			"script error: the result cannot be written as JSON: Object reference chain is too long"),
	)
})
