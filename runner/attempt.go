package runner

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/session"
)

// attemptPlan is what an attempt starts from, and what it keeps besides
// its results.
type attemptPlan struct {
	// states are put in the context before the first step: those of the
	// setup flows the flow needs.
	states []*browser.State
	// keep, when set, runs once the setup and steps phases passed, before
	// the teardown (a setup flow keeps its state); its error fails the
	// attempt.
	keep func(context.Context, *session.Session) error
}

// runAttempt is one try of a flow in a fresh browser context: a session
// on it runs the setup, steps and teardown phases (docs/session.md).
func runAttempt(ctx context.Context, cfg Config, bh *browserHolder, worker int, f *flows.Flow, number int, dir string, plan attemptPlan) *results.Attempt {
	a := &results.Attempt{Number: number, StartedAt: time.Now(), Status: results.Failed}
	defer func() { a.Duration = time.Since(a.StartedAt) }()
	fctx, cancel := context.WithTimeout(ctx, flowTimeout(cfg, f))
	defer cancel()

	b, err := bh.get(fctx, worker)
	if err != nil {
		fail(a, err, diagnostics.ReasonBrowser)
		return a
	}
	// a browser that dies ends the attempt at once, whatever step runs
	fctx, cancelCrash := context.WithCancel(fctx)
	defer cancelCrash()
	go func() {
		select {
		case <-b.Exited():
			cancelCrash()
		case <-fctx.Done():
		}
	}()
	hars := harPaths(cfg, f, dir)
	bctx, err := b.NewContextWith(fctx, browser.ContextOptions{AllowedDomains: cfg.AllowedDomains.Intersect(f.AllowedDomains),
		Intercept: f.Intercepts(), RecordHAR: len(hars) > 0})
	if err != nil {
		browserGone(a, err)
		return a
	}
	defer func() { _ = bctx.Close() }()
	sess, err := session.Open(fctx, bctx, session.Options{Flow: f, BaseURL: cfg.BaseURL, Vars: cfg.Vars, LookupEnv: cfg.LookupEnv,
		ArtifactsDir: cfg.ArtifactsDir, Dir: dir, StepTimeout: cfg.StepTimeout, Device: cfg.Device, Locale: cfg.Locale, Listener: stamped(cfg.Listener, worker, number),
		UpdateBaselines: cfg.UpdateBaselines, BaselineFix: cfg.BaselineFix,
		States: plan.states, Policy: cfg.Policy, Confirm: confirmMode(cfg.Yes), Trace: cfg.capture()})
	var ce *session.ConfigError
	switch {
	case errors.As(err, &ce):
		fail(a, err, diagnostics.ReasonConfig)
		return a
	case err != nil:
		browserGone(a, err)
		return a
	}
	ok := runPhase(fctx, sess, a, "setup", f.Setup) && runPhase(fctx, sess, a, "steps", f.Steps)
	if ok && plan.keep != nil {
		if err := plan.keep(fctx, sess); err != nil {
			fail(a, err, diagnostics.ReasonBrowser)
			ok = false
		}
	}
	// teardown always runs, with its own budget when the flow's is spent
	tctx := fctx
	if fctx.Err() != nil && ctx.Err() == nil {
		var tcancel context.CancelFunc
		tctx, tcancel = context.WithTimeout(ctx, 10*time.Second)
		defer tcancel()
	}
	tok := runPhase(tctx, sess, a, "teardown", f.Teardown)
	if err := sess.WriteHAR(tctx, hars...); err != nil {
		fail(a, err, diagnostics.ReasonFile)
		ok = false
	}
	if cfg.Trace.keeps(ok && tok) {
		// a trace that cannot be written is not in the artifacts; the run goes on
		_ = sess.KeepTrace()
	}
	collect(a, sess)
	if ok && tok && len(a.SoftFailures) == 0 {
		a.Status = results.Passed
		a.Failure = nil
	}
	if ok && tok && len(a.SoftFailures) > 0 {
		a.Failure = softFailure(a.SoftFailures)
	}
	return a
}

// softFailure is the failure of an attempt whose soft checks failed: it
// lists them all, in order, and carries the first one's place, reason and
// diagnostics (docs/flows.md "Soft checks").
func softFailure(soft []*results.Failure) *results.Failure {
	lines := make([]string, len(soft))
	for i, f := range soft {
		lines[i] = fmt.Sprintf("%d) %s", i+1, f.Message)
	}
	checks := "soft checks"
	if len(soft) == 1 {
		checks = "soft check"
	}
	first := *soft[0]
	first.Message = fmt.Sprintf("%d %s failed:\n%s", len(soft), checks, strings.Join(lines, "\n"))
	return &first
}

// confirmMode is what the policy's confirm rules do in a run: the run
// confirms every step with Yes, none without.
func confirmMode(yes bool) session.ConfirmMode {
	if yes {
		return session.ConfirmAllows
	}
	return session.ConfirmDenies
}

// flowTimeout is the budget of one attempt: --timeout, else the flow's.
func flowTimeout(cfg Config, f *flows.Flow) time.Duration {
	switch {
	case cfg.Timeout > 0:
		return cfg.Timeout
	case f.Timeout > 0:
		return f.Timeout
	}
	return flows.DefaultTimeout
}

// runPhase runs a list of steps on the session; false when one failed
// (not optional). The rest of the list is then skipped. The first failure
// is the attempt's (docs/results.md "Failure").
func runPhase(ctx context.Context, sess *session.Session, a *results.Attempt, phase string, steps []*flows.Step) bool {
	sess.Phase(phase)
	for i, s := range steps {
		_, err := sess.Do(ctx, s)
		if err == nil {
			continue
		}
		for _, rest := range steps[i+1:] {
			sess.Skip(rest)
		}
		var se *session.StepError
		switch {
		case a.Failure != nil:
		case errors.As(err, &se):
			a.Failure = se.Failure
		default:
			// every step failure is a StepError: this is a bug
			err := fmt.Errorf("the flow failed without a recorded failure (a smokeflow bug: please report it): %w", err)
			fail(a, err, diagnostics.ReasonInternal)
		}
		return false
	}
	return true
}

// collect closes the session and keeps what it recorded in the attempt.
func collect(a *results.Attempt, sess *session.Session) {
	// a log that cannot be written is not in the artifacts; the run goes on
	_ = sess.Close()
	a.Steps = sess.Steps()
	a.Artifacts = sess.Artifacts()
	a.Baselines = sess.Baselines()
	a.Console = sess.Console()
	a.Requests = sess.FailedRequests()
	a.Dialogs = sess.Dialogs()
	a.Blocked = sess.Blocked()
	a.Routed = sess.Routed()
	a.SoftFailures = sess.SoftFailures()
}

// fail records a failure that is not a step's (the first one wins).
func fail(a *results.Attempt, err error, r diagnostics.Reason) {
	if a.Failure == nil {
		a.Failure = &results.Failure{Message: err.Error(), Reason: r, Diagnostics: &diagnostics.Diagnostics{Reason: r, Message: err.Error()}}
	}
}

func browserGone(a *results.Attempt, err error) {
	err = fmt.Errorf("browser crashed: %w", err)
	fail(a, err, diagnostics.ReasonBrowser)
}

// stamped gives a session's step events the worker and attempt.
func stamped(l Listener, worker, attempt int) session.Listener {
	if l == nil {
		return nil
	}
	return stampListener{l: l, worker: worker, attempt: attempt}
}

type stampListener struct {
	l               Listener
	worker, attempt int
}

func (s stampListener) Event(e results.Event) {
	e.Worker, e.Attempt = s.worker, s.attempt
	s.l.Event(e)
}

// harPaths are the files an attempt's traffic is written to: the flow's
// har: {record: PATH}, and FLOW-SLUG.har in --har DIR (docs/flows.md
// "Routes"); a retry writes them again.
func harPaths(cfg Config, f *flows.Flow, dir string) []string {
	var out []string
	if f.HARRecord != nil {
		out = append(out, f.HARRecord.Path)
	}
	if cfg.HARDir != "" {
		out = append(out, filepath.Join(cfg.HARDir, strings.SplitN(filepath.ToSlash(dir), "/", 2)[0]+".har"))
	}
	return out
}
