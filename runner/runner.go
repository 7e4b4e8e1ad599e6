// Package runner runs flows: it launches or attaches to the browser,
// schedules flows over workers with a fresh incognito context per attempt,
// runs each attempt's phases on a session (package session: steps with
// their waits and expectations), retries, and produces the plain results
// model that reports read.
package runner

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/session"
)

// Version is the tool version, set by the command line.
var Version = "dev"

// Config is one run. Zero values get defaults in withDefaults, after all
// fields are set.
type Config struct {
	BaseURL      string
	Vars         map[string]string // --var overrides
	LookupEnv    func(string) (string, bool)
	Workers      int
	Retries      int
	FailFast     bool
	Timeout      time.Duration // overrides each flow's timeout when set
	StepTimeout  time.Duration // overrides each flow's step_timeout when set
	ArtifactsDir string
	Shard        string // "1/3", for the reports
	Browser      browser.Options
	// Use runs on this browser instead of launching one; Run does not
	// close it (a test suite's shared browser, an interactive session).
	Use *browser.Browser
	// Listener receives progress events (nil: none).
	Listener Listener
	// DrainTimeout bounds how long running flows get after an interrupt.
	DrainTimeout time.Duration
	// UpdateBaselines and BaselineFix are given to every session
	// (session.Options): baselines written instead of failing, and how
	// the failure of a missing or differing one says to write it.
	UpdateBaselines bool
	BaselineFix     string
	// Policy, when not nil, is checked before every step acts; a step
	// its confirm rules hold back runs only with Yes (docs/security.md
	// "Action policy").
	Policy *flows.Policy
	Yes    bool
	// Setup are setup flows every flow needs, besides its own
	// setup_flows (docs/security.md "Log in once").
	Setup []*flows.SetupFlow
	// AllowedDomains, when not nil, are the only hosts any flow's browser
	// may load from; a flow's own allowed_domains narrow them further
	// (docs/security.md "Allowed domains").
	AllowedDomains *flows.Domains
	// Trace says which attempts keep their trace (docs/running.md
	// "Traces"); TraceCapture, how it is recorded (zero: the default
	// capture).
	Trace        TraceMode
	TraceCapture session.TraceCapture
	// HARDir, when set, is where each flow's traffic is written as
	// FLOW-SLUG.har (run --har DIR; docs/flows.md "Routes"); a flow's own
	// har: {record: PATH} writes there too.
	HARDir string
	// Device and Locale, when set, override every flow's device (and
	// viewport) and locale (docs/flows.md "Devices and places").
	Device *flows.Device
	Locale string
	// CompareTo, when set, is where a flow whose final attempt failed is
	// run once more (run --compare-to; docs/running.md "Was it this
	// deploy?").
	CompareTo string
	// Fix, when its Mode is set, proposes and proves a patch for each
	// failed flow (run --fix; docs/running.md "Fixes proposed and
	// proven").
	Fix FixConfig
}

func (c Config) withDefaults() Config {
	if c.Workers <= 0 {
		c.Workers = 1
	}
	if c.ArtifactsDir == "" {
		c.ArtifactsDir = "smokeflow-results"
	}
	if c.LookupEnv == nil {
		c.LookupEnv = os.LookupEnv
	}
	if c.DrainTimeout <= 0 {
		c.DrainTimeout = 2 * time.Second
	}
	return c
}

// Listener receives progress (results.Event). Calls come from several
// workers at once.
type Listener interface {
	Event(e results.Event)
}

// Run runs the flows and returns the results in the order given, a
// result per row of a flow with data rows (flows.ExpandRows). The
// error is non-nil only when no browser could be started or reached (a
// *browser.BrowserError) or the artifacts folder cannot be emptied (an
// *ArtifactsError when it is not smokeflow's to empty); flow failures are
// in the results. The artifacts folder is checked first, and emptied once
// the browser is up.
func Run(ctx context.Context, cfg Config, list []*flows.Flow) (*results.Run, error) {
	cfg = cfg.withDefaults()
	list = flows.ExpandRows(list) // a flow per data row (docs/flows.md "Data rows")
	run := &results.Run{
		SchemaVersion: results.SchemaVersion,
		Tool:          "smokeflow " + Version,
		StartedAt:     time.Now(),
		BaseURL:       cfg.BaseURL,
		Shard:         cfg.Shard,
		Workers:       cfg.Workers,
		ArtifactsDir:  cfg.ArtifactsDir,
		Flows:         make([]*results.Flow, len(list)),
	}
	defer func() { run.Duration = time.Since(run.StartedAt) }()
	for i, f := range list {
		run.Flows[i] = &results.Flow{Name: f.Name, File: f.File, Description: f.Description, Tags: f.Tags, Status: results.Skipped,
			Quarantine: quarantineOf(f, run.StartedAt)}
	}
	toRun := skipMarked(cfg, list, run)
	if len(toRun) == 0 {
		return run, nil
	}
	bh, err := startBrowser(ctx, cfg, list, run)
	if err != nil {
		return run, err
	}
	defer bh.close()
	run.Browser = bh.version()

	// runCtx stops new attempts (interrupt, fail-fast); flows already
	// running get DrainTimeout after an interrupt.
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	flowCtx, killFlows := context.WithCancel(context.Background())
	defer killFlows()
	go drainOnInterrupt(ctx, flowCtx, cfg.DrainTimeout, killFlows)

	jobs := make(chan int)
	var wg sync.WaitGroup
	slugs := uniqueSlugs(list)
	sets := newSetups(cfg.Setup)
	fx := newFixer(cfg.Fix, list)
	defer func() { run.Setup = sets.results() }()
	for w := 0; w < cfg.Workers; w++ {
		wg.Add(1)
		go func(worker int) {
			defer wg.Done()
			for i := range jobs {
				f := list[i]
				res := run.Flows[i]
				plan, ok := sets.planFor(runCtx, flowCtx, cfg, bh, worker, f, res)
				if ok {
					runFlow(runCtx, flowCtx, cfg, bh, worker, f, res, slugs[i], plan)
				}
				if ok && res.Status == results.Failed && cfg.CompareTo != "" && flowCtx.Err() == nil {
					compareRun(flowCtx, cfg, bh, worker, f, res, slugs[i], plan)
				}
				if ok && res.Status == results.Failed && fx != nil && flowCtx.Err() == nil {
					fx.tryFix(flowCtx, cfg, bh, worker, f, res, slugs[i], plan)
				}
				if cfg.Listener != nil {
					ev := results.Event{Kind: results.FlowFinished, Worker: worker, Flow: f.Name, Result: res}
					if a := res.Final(); a != nil {
						ev.Failure = a.Failure
					}
					cfg.Listener.Event(ev)
				}
				if cfg.FailFast && res.Status == results.Failed {
					stop()
				}
			}
		}(w)
	}
	for _, i := range toRun {
		select {
		case jobs <- i:
			continue
		case <-runCtx.Done():
		}
		break
	}
	close(jobs)
	wg.Wait()
	killFlows()
	for _, f := range run.Flows {
		if f.Status == results.Skipped && f.SkipReason == "" {
			switch {
			case ctx.Err() != nil:
				f.SkipReason = "interrupted"
				run.Interrupted = true
			case cfg.FailFast:
				f.SkipReason = "fail fast: an earlier flow failed"
			}
		}
	}
	if ctx.Err() != nil {
		run.Interrupted = true
	}
	return run, nil
}

// startBrowser checks the artifacts folder, starts or reaches the
// browser, and only then empties the folder: a run that cannot start a
// browser deletes nothing (docs/running.md "Artifacts"). Without a
// browser, the flows not skipped already are skipped for "no browser".
func startBrowser(ctx context.Context, cfg Config, list []*flows.Flow, run *results.Run) (*browserHolder, error) {
	emptyArtifacts, err := checkArtifacts(cfg.ArtifactsDir, list)
	if err != nil {
		return nil, err
	}
	bh, err := newBrowserHolder(ctx, cfg.Browser, cfg.Use, cfg.Workers)
	if err != nil {
		for _, f := range run.Flows {
			if f.SkipReason == "" {
				f.SkipReason = "no browser"
			}
		}
		return nil, err
	}
	if err := emptyArtifacts(); err != nil {
		bh.close()
		return nil, err
	}
	return bh, nil
}

// drainOnInterrupt gives running flows drain after ctx is done, then
// ends them with killFlows; it returns when flowCtx is done.
func drainOnInterrupt(ctx, flowCtx context.Context, drain time.Duration, killFlows func()) {
	select {
	case <-ctx.Done():
		t := time.NewTimer(drain)
		defer t.Stop()
		select {
		case <-t.C:
			killFlows()
		case <-flowCtx.Done():
		}
	case <-flowCtx.Done():
	}
}

// skipMarked reports the flows with `skip:` as skipped with their reason
// (docs/flows.md "Skipping and focusing"), and returns the indexes of the
// flows to run.
func skipMarked(cfg Config, list []*flows.Flow, run *results.Run) []int {
	var toRun []int
	for i, f := range list {
		if f.Skip == "" {
			toRun = append(toRun, i)
			continue
		}
		run.Flows[i].SkipReason = f.Skip
		if cfg.Listener != nil {
			cfg.Listener.Event(results.Event{Kind: results.FlowFinished, Flow: f.Name, Result: run.Flows[i]})
		}
	}
	return toRun
}

// runFlow runs the attempts of one flow, each as plan says.
func runFlow(runCtx, flowCtx context.Context, cfg Config, bh *browserHolder, worker int, f *flows.Flow, res *results.Flow, slug string, plan attemptPlan) {
	start := time.Now()
	defer func() { res.Duration = time.Since(start) }()
	retries := f.Retries
	for attempt := 1; attempt <= retryCount(cfg, f)+1; attempt++ {
		if runCtx.Err() != nil {
			if attempt == 1 {
				return // never started: stays skipped
			}
			break
		}
		if attempt > 1 && !backOff(runCtx, flowCtx, retries.Wait(attempt-1)) {
			break // the run stopped while waiting
		}
		if cfg.Listener != nil {
			cfg.Listener.Event(results.Event{Kind: results.FlowStarted, Worker: worker, Flow: f.Name, Attempt: attempt})
		}
		dir := slug
		if attempt > 1 {
			dir = filepath.Join(slug, fmt.Sprintf("attempt-%d", attempt))
		}
		a := runAttempt(flowCtx, cfg, bh, worker, f, attempt, dir, plan)
		res.Attempts = append(res.Attempts, a)
		if a.Status == results.Passed {
			break
		}
		if flowCtx.Err() != nil {
			break // interrupted: no retry
		}
		if a.Failure != nil && !retries.RetriesOn(a.Failure.Reason) {
			break // not a failure class the flow retries (docs/flows.md "Retries")
		}
	}
	final := res.Final()
	switch {
	case final == nil:
		res.Status = results.Skipped
	case final.Status == results.Passed && len(res.Attempts) > 1:
		res.Status = results.Flaky
	case final.Status == results.Passed:
		res.Status = results.Passed
	default:
		res.Status = results.Failed
		noteExpired(res)
	}
}

// uniqueSlugs names each flow's artifact folder after its name
// (docs/session.md "Artifact names").
func uniqueSlugs(list []*flows.Flow) []string {
	seen := map[string]int{}
	out := make([]string, len(list))
	for i, f := range list {
		s := session.FlowSlug(f.Name)
		seen[s]++
		if seen[s] > 1 {
			s = fmt.Sprintf("%s-%d", s, seen[s])
		}
		out[i] = s
	}
	return out
}
