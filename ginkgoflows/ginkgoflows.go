// Package ginkgoflows turns smokeflow flow files into ginkgo specs: one
// call at the top level of a _test.go file registers a container for a
// folder of flows, and an It per flow file, with its tags as labels.
//
//	var _ = ginkgoflows.Describe("flows", ginkgoflows.BaseURL("http://localhost:8080"))
//
// Each spec runs its flow in real Chromium through runner.Run, in a fresh
// incognito context of a browser the specs share; a flow that fails fails
// its spec with the failure smokeflow's JUnit report gives, and a flow
// with `skip:` is skipped with its reason. docs/go-api.md "The ginkgo
// helper" describes it all.
package ginkgoflows

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/onsi/ginkgo/v2"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/reports"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// Describe registers a ginkgo container named dir for the flow files
// under dir (found as `smokeflow run dir` finds them, docs/flows.md
// "Finding flow files"): an It per flow, named after the flow and labelled
// with its tags, in a Describe per sub-folder. Call it at the top level of
// a _test.go file, as ginkgo's Describe:
//
//	var _ = ginkgoflows.Describe("flows", ginkgoflows.BaseURL(url))
//
// The flow files are read when Describe is called, to name the specs; a
// file with errors gets a spec that fails with them, and a dir with no
// flow file one spec that fails saying so. Each spec reads its flow again
// when it runs, with the base URL, vars and environment of the options.
//
// Without the Browser option the specs share one browser, which the first
// of them launches and which is closed and reaped after the last; the
// container is then Ordered, with ContinueOnFailure, so that ginkgo runs
// its specs together and only once they are all done closes the browser
// (docs/go-api.md "One browser").
func Describe(dir string, opts ...Option) bool {
	c := newConfig(opts)
	groups, err := plan(dir, c)
	var h *holder
	var decorations []any
	if c.shared == nil {
		h = &holder{opts: c.browserOpts}
		decorations = append(decorations, ginkgo.Ordered, ginkgo.ContinueOnFailure)
	}
	body := func() {
		if h != nil {
			ginkgo.AfterAll(func() {
				if err := h.close(); err != nil {
					ginkgo.Fail(fmt.Sprintf("ginkgoflows: closing the browser: %v", err))
				}
			})
		}
		if err != nil {
			ginkgo.It("finds flow files", func() {
				ginkgo.Fail(fmt.Sprintf("ginkgoflows: no flows to run in %s:\n%v", dir, err))
			})
			return
		}
		for _, g := range groups {
			if g.dir == "." {
				c.register(g.specs, h)
				continue
			}
			ginkgo.Describe(filepath.ToSlash(g.dir), func() { c.register(g.specs, h) })
		}
	}
	return ginkgo.Describe(dir, append(decorations, body)...)
}

// register adds an It per spec.
func (c config) register(specs []spec, h *holder) {
	for _, s := range specs {
		args := []any{s.where, ginkgo.Label(labels(s.tags)...)}
		if s.only {
			// only: true focuses, as ginkgo's FIt does (docs/go-api.md
			// "The ginkgo helper").
			args = append(args, ginkgo.Focus)
		}
		args = append(args, func(ctx ginkgo.SpecContext) { c.runSpec(ctx, s, h) })
		ginkgo.It(s.name, args...)
	}
}

// runSpec runs the flow of one spec and tells ginkgo how it went.
func (c config) runSpec(ctx context.Context, s spec, h *holder) {
	if s.err != nil {
		ginkgo.Fail(fmt.Sprintf("%s is not a valid flow:\n%v", s.file, s.err))
	}
	base := c.baseURL()
	lo := flows.LoadOptions{Vars: c.vars, LookupEnv: c.lookupEnv, BaseURL: base}
	f, err := flows.Load(s.file, lo)
	if err != nil {
		ginkgo.Fail(fmt.Sprintf("%s cannot run:\n%v%s", s.file, err, needsHint(err)))
	}
	if f.Skip != "" {
		ginkgo.Skip(f.Skip) // docs/flows.md "Skipping and focusing"
	}
	b, err := c.browser(ctx, h)
	if err != nil {
		ginkgo.Fail(err.Error())
	}
	cfg := runner.Config{
		BaseURL: base, Vars: c.vars, LookupEnv: c.lookupEnv,
		Retries: c.retries, Timeout: c.timeout,
		ArtifactsDir: filepath.Join(c.artifacts, s.artifacts),
		Use:          b,
	}
	run, err := runner.Run(ctx, cfg, []*flows.Flow{f})
	if err != nil {
		ginkgo.Fail(fmt.Sprintf("%s did not run: %v", s.file, err))
	}
	verdict(run)
}

// needsHint says which option gives what a flow needs and lacks (a base
// URL, an environment variable), or "".
func needsHint(err error) string {
	var es flows.Errors
	if !errors.As(err, &es) {
		return ""
	}
	var hints []string
	seen := map[flows.Need]bool{}
	for _, e := range es {
		if seen[e.Need] {
			continue
		}
		seen[e.Need] = true
		switch e.Need {
		case flows.NeedBaseURL:
			hints = append(hints, "give the base URL with the ginkgoflows.BaseURL or BaseURLFunc option")
		case flows.NeedEnv:
			hints = append(hints, "set the variable in the environment, or give the ginkgoflows.Env option")
		}
	}
	if len(hints) == 0 {
		return ""
	}
	return "\n" + strings.Join(hints, "\n")
}

// browser is the browser a spec runs on: the suite's (Browser option) or
// the holder's.
func (c config) browser(ctx context.Context, h *holder) (*browser.Browser, error) {
	if c.shared != nil {
		return shared(c.shared)
	}
	return h.get(ctx)
}

// verdict reports the flow's result to ginkgo: its step log to
// GinkgoWriter (ginkgo shows it for a spec that fails, and with -v), a
// skipped flow as Skip with its reason, a failed one as Fail with the
// failure text of the JUnit report (reports.FailureText) and its
// artifacts, a flaky one as a report entry (docs/go-api.md "The ginkgo
// helper"). A flow with data rows has a result per row: the spec fails
// when any row fails, naming each (docs/flows.md "Data rows").
func verdict(run *results.Run) {
	var failed []string
	skipped := 0
	for _, res := range run.Flows {
		final := res.Final()
		if log := reports.StepLog(final); log != "" {
			fmt.Fprint(ginkgo.GinkgoWriter, log)
		}
		switch res.Status {
		case results.Skipped:
			skipped++
		case results.Failed:
			text := failureText(run, final)
			if len(run.Flows) > 1 {
				text = res.Name + ":\n" + text
			}
			failed = append(failed, text)
		case results.Flaky:
			var earlier []string
			for _, a := range res.Attempts[:len(res.Attempts)-1] {
				earlier = append(earlier, fmt.Sprintf("attempt %d: %s", a.Number, strings.TrimSpace(reports.FailureText(a))))
			}
			ginkgo.AddReportEntry("flaky", strings.Join(earlier, "\n\n"))
		}
	}
	switch {
	case len(failed) > 0:
		ginkgo.Fail(strings.Join(failed, "\n\n"))
	case len(run.Flows) > 0 && skipped == len(run.Flows):
		ginkgo.Skip(run.Flows[0].SkipReason)
	}
}

// failureText is the failure of the final attempt, then the paths of its
// artifacts joined to the artifacts folder.
func failureText(run *results.Run, a *results.Attempt) string {
	var b strings.Builder
	b.WriteString(strings.TrimRight(reports.FailureText(a), "\n"))
	if a != nil && len(a.Artifacts) > 0 {
		b.WriteString("\n\nartifacts:")
		for _, x := range a.Artifacts {
			b.WriteString("\n  " + filepath.Join(run.ArtifactsDir, filepath.FromSlash(x.Path)))
		}
	}
	return b.String()
}
