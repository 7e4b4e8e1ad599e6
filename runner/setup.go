package runner

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/session"
)

// Setup flows (docs/security.md "Log in once"): a flow that names a setup
// flow (setup_flows:, or Config.Setup for every flow) starts from the
// state that setup flow left: its cookies and localStorage. Each setup
// flow runs once per run, the first time a flow needs it, whichever
// worker that is; the others wait for it. One that fails fails every flow
// that needs it, which then does not run.

// setups are the setup flows of a run.
type setups struct {
	all []*flows.SetupFlow // Config.Setup: every flow's

	mu    sync.Mutex
	byKey map[string]*setupRun
	order []*setupRun // in the order they first ran
}

// setupRun is one setup flow's run: once, its state, its results.
type setupRun struct {
	once  sync.Once
	sf    *flows.SetupFlow
	state *browser.State
	res   *results.Flow
}

func newSetups(all []*flows.SetupFlow) *setups {
	return &setups{all: all, byKey: map[string]*setupRun{}}
}

// results are the results of the setup flows that ran, in order.
func (s *setups) results() []*results.Flow {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*results.Flow
	for _, r := range s.order {
		out = append(out, r.res)
	}
	return out
}

// needs lists the setup flows f needs: every flow's, then its own, each
// once.
func (s *setups) needs(f *flows.Flow) []*flows.SetupFlow {
	var out []*flows.SetupFlow
	seen := map[string]bool{}
	for _, sf := range append(append([]*flows.SetupFlow(nil), s.all...), f.SetupFlows...) {
		if !seen[sf.Key] {
			seen[sf.Key] = true
			out = append(out, sf)
		}
	}
	return out
}

// planFor runs (or waits for) the setup flows f needs and returns the
// plan of f's attempts: to start from their states. When one failed, f
// is recorded as failed, with reason setup, and ok is false: f does not
// run. When the run was stopped meanwhile, f stays skipped.
func (s *setups) planFor(runCtx, flowCtx context.Context, cfg Config, bh *browserHolder, worker int, f *flows.Flow, res *results.Flow) (plan attemptPlan, ok bool) {
	for _, sf := range s.needs(f) {
		r := s.run(runCtx, flowCtx, cfg, bh, worker, sf)
		if r.state != nil {
			plan.states = append(plan.states, r.state)
			continue
		}
		if runCtx.Err() != nil || flowCtx.Err() != nil {
			return plan, false // stopped: f stays skipped
		}
		setupFailed(f, res, sf, r.res)
		return plan, false
	}
	return plan, true
}

// run runs a setup flow once; every later call waits for that run and
// gets its outcome.
func (s *setups) run(runCtx, flowCtx context.Context, cfg Config, bh *browserHolder, worker int, sf *flows.SetupFlow) *setupRun {
	s.mu.Lock()
	r := s.byKey[sf.Key]
	if r == nil {
		r = &setupRun{sf: sf}
		s.byKey[sf.Key] = r
	}
	s.mu.Unlock()
	r.once.Do(func() {
		f := sf.Flow
		r.res = &results.Flow{Name: f.Name, File: f.File, Description: f.Description, Tags: f.Tags, Status: results.Skipped}
		s.mu.Lock()
		s.order = append(s.order, r)
		s.mu.Unlock()
		quiet := cfg
		quiet.Listener = nil // a setup flow is no test case of the run
		keep := func(ctx context.Context, sess *session.Session) error {
			st, err := sess.State(ctx)
			if err != nil {
				return fmt.Errorf("cannot read the state the setup flow left: %w", err)
			}
			r.state = st
			return nil
		}
		slug := filepath.Join("setup", session.FlowSlug(f.Name))
		runFlow(runCtx, flowCtx, quiet, bh, worker, f, r.res, slug, attemptPlan{keep: keep})
		if r.res.Status != results.Passed && r.res.Status != results.Flaky {
			r.state = nil // a failed attempt's state is not one to start from
		}
	})
	return r
}

// setupFailed records f as failed because the setup flow sf failed (or
// did not run), without running it.
func setupFailed(f *flows.Flow, res *results.Flow, sf *flows.SetupFlow, setup *results.Flow) {
	why := "did not run"
	if a := setup.Final(); a != nil && a.Failure != nil {
		why = "failed: " + a.Failure.Message
	}
	msg := fmt.Sprintf("setup flow %q (%s) %s", setup.Name, sf.Path, why)
	d := &diagnostics.Diagnostics{Reason: diagnostics.ReasonSetup, Message: msg,
		Hints: []string{fmt.Sprintf("%s did not run: it starts from the state of the setup flow %s; fix that flow first", f.File, sf.Path)}}
	a := &results.Attempt{Number: 1, Status: results.Failed, StartedAt: time.Now(),
		Failure: &results.Failure{Message: msg, Reason: diagnostics.ReasonSetup, Diagnostics: d}}
	if pos := sf.Pos; pos.Line > 0 {
		a.Failure.File, a.Failure.Line = pos.File, pos.Line
	}
	res.Attempts = append(res.Attempts, a)
	res.Status = results.Failed
}
