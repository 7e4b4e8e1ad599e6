package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/history"
	"github.com/smokeflow/smokeflow/notify"
	"github.com/smokeflow/smokeflow/reports"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// runFlags are the flags of `run` (and, in part, `demo`).
type runFlags struct {
	baseURL, envFile, tags, shard, artifacts, browser, cdp string
	allowedDomains, policy                                 string
	device, locale                                         string // docs/flows.md "Devices and places"
	workers, retries, shardTotal                           int
	failFast, headed, quiet, verbose, updateBaselines, yes bool
	timeout, stepTimeout                                   time.Duration
	vars, reports, setup                                   []string
	sel                                                    selectFlags
	trace                                                  string // docs/running.md "Traces"
	har                                                    string // docs/flows.md "Routes"
	compareTo                                              string // docs/running.md "Was it this deploy?"
	fix                                                    string // docs/running.md "Fixes proposed and proven"
	notify                                                 notifyFlags
	hist                                                   historyFlags // docs/running.md "History"
}

// register adds the flags to fs. A `back-quoted` word of a usage is the
// value's name in the help (docs/cli.md "Help").
func (rf *runFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&rf.baseURL, "base-url", "", "base `URL` that open: /path joins (overrides base_url)")
	fs.StringArrayVar(&rf.vars, "var", nil, "set a variable, `K=V` (repeatable)")
	fs.StringVar(&rf.envFile, "env-file", "", "read KEY=VALUE lines into the environment flows see")
	fs.StringVar(&rf.tags, "tags", "", "select flows by tag: smoke,!slow")
	fs.StringVar(&rf.shard, "shard", "", "run shard I of N: `I/N`, such as 1/3, or auto: the CI's parallel job index and total (docs/running.md)")
	fs.IntVar(&rf.shardTotal, "shard-total", 0, "with --shard auto in a Kubernetes Indexed Job: the number of shards, the Job's completions")
	fs.IntVar(&rf.workers, "workers", 1, "flows run in parallel")
	fs.IntVar(&rf.retries, "retries", 0, "retry a failed flow up to `N` times")
	fs.BoolVar(&rf.failFast, "fail-fast", false, "stop starting flows after the first failure")
	fs.DurationVar(&rf.timeout, "timeout", 0, "each flow's timeout (overrides timeout:)")
	fs.DurationVar(&rf.stepTimeout, "step-timeout", 0, "each step's timeout (overrides step_timeout:)")
	fs.StringArrayVar(&rf.reports, "report", nil, "write a report: `FORMAT=PATH`, as junit=PATH, markdown=PATH or json=PATH (repeatable)")
	fs.StringVar(&rf.artifacts, "artifacts", "smokeflow-results", "folder for screenshots, snapshots and logs, emptied at the start of each run")
	fs.StringVar(&rf.browser, "browser", "", "Chromium or Chrome executable (else $SMOKEFLOW_BROWSER, else found on PATH)")
	fs.StringVar(&rf.cdp, "cdp", "", "attach to a running browser: host:port or ws://...")
	fs.BoolVar(&rf.headed, "headed", false, "show the browser window")
	fs.BoolVar(&rf.quiet, "quiet", false, "print failures and the summary only")
	fs.BoolVar(&rf.verbose, "verbose", false, "print every step and full diagnostics")
	fs.BoolVar(&rf.updateBaselines, "update-baselines", false, "write the baselines of expect screenshot and snapshot that are missing or differ")
	fs.StringVar(&rf.policy, "policy", "", "check every step against this action policy `FILE`, YAML or JSON (docs/security.md)")
	fs.BoolVar(&rf.yes, "yes", false, "confirm the steps that the policy's confirm rules hold back")
	fs.StringArrayVar(&rf.setup, "setup", nil, "run this setup flow `FILE` once, before every flow, and start each flow from its state (repeatable; docs/security.md)")
	fs.StringVar(&rf.allowedDomains, "allowed-domains", "", "load only from these hosts, in every flow: `LIST`, such as example.com,*.example.com (docs/security.md)")
	fs.StringVar(&rf.device, "device", "", "emulate this device in every flow, such as \"iPhone 15\" or \"Pixel 8\" (overrides device: and viewport:)")
	fs.StringVar(&rf.locale, "locale", "", "run every flow in this locale, such as fr-FR (overrides locale:)")
	fs.StringVar(&rf.trace, "trace", "retain-on-failure", "keep a screenshot after every step and the snapshot before it: `on`, retain-on-failure or off (docs/running.md)")
	fs.StringVar(&rf.har, "har", "", "record each flow's traffic as HAR 1.2 in `DIR`/FLOW.har (docs/flows.md \"Routes\")")
	fs.StringVar(&rf.compareTo, "compare-to", "", "run a flow that fails once more on this `URL` (the previous deploy, production) and say whether this deploy broke it (docs/running.md)")
	fs.StringVar(&rf.fix, "fix", "", "for a failed flow whose failure names a verified replacement, write a patch proven by a re-run under ARTIFACTS/fixes/; `MODE` apply also writes it into the flow file (docs/running.md)")
	fs.Lookup("fix").NoOptDefVal = string(runner.FixPropose)
	rf.sel.register(fs)
	rf.notify.register(fs)
}

// newRunCmd is `smokeflow run` (docs/running.md).
func newRunCmd() *cobra.Command {
	var rf runFlags
	c := &cobra.Command{
		Use:   "run [PATH|GLOB...]",
		Short: "run flows (default ./flows)",
		Long: `Run flows in real Chromium: the flow files given, the folders given (searched
recursively for .yaml and .yml files) and the globs given (** included); with
none, ./flows. Flags may come before or after the paths (docs/running.md).`,
		Args:              cobra.ArbitraryArgs,
		ValidArgsFunction: completeFlowFiles,
		RunE: func(c *cobra.Command, paths []string) error {
			return cmdRun(c.Context(), paths, rf, c.OutOrStdout(), c.ErrOrStderr())
		},
	}
	rf.register(c.Flags())
	rf.hist.register(c.Flags())
	return c
}

// cmdRun is `run`. A run that cannot run (exit 2 once the webhooks are
// known) is notified too, whatever --notify-on says (docs/running.md
// "Alerts"); exit 3 is notified by leaveRun.
func cmdRun(ctx context.Context, paths []string, rf runFlags, stdout, stderr io.Writer) error {
	start := time.Now()
	rf.hist.fromEnv()
	note, err := rf.notify.parse(rf.hist.url != "")
	if err != nil {
		return err
	}
	note.opts.EnvLabel = rf.hist.envLabel
	err = loadAndExecute(ctx, paths, rf, &note, stdout, stderr)
	if exitCode(err) == exitUsage {
		note.cannotRun(ctx, rf.baseURL, start, err, stderr)
	}
	return err
}

// loadAndExecute loads the flows and runs them.
func loadAndExecute(ctx context.Context, paths []string, rf runFlags, note *notifier, stdout, stderr io.Writer) error {
	if err := rf.hist.checkAlerts(); err != nil {
		return err
	}
	if rf.hist.envLabel != "" && rf.hist.url == "" {
		return usagef("--env-label labels the run in the history store: it needs --history URL or $%s (docs/running.md \"History\")", history.EnvVar)
	}
	opts, err := rf.loadOptions()
	if err != nil {
		return err
	}
	list, _, err := loadChecked(paths, opts, rf.sel.list)
	if err != nil {
		return err
	}
	return execute(ctx, list, rf, opts, note, stdout, stderr)
}

// loadOptions reads --env-file and --var: what flows are loaded and run
// with.
func (rf *runFlags) loadOptions() (flows.LoadOptions, error) {
	if err := checkBaseURLFlag(rf.baseURL); err != nil {
		return flows.LoadOptions{}, err
	}
	if err := checkCompareTo(rf.compareTo, rf.baseURL); err != nil {
		return flows.LoadOptions{}, err
	}
	lookup, err := lookupEnv(rf.envFile)
	if err != nil {
		return flows.LoadOptions{}, err
	}
	vm, err := parseVars(rf.vars)
	if err != nil {
		return flows.LoadOptions{}, err
	}
	return flows.LoadOptions{Vars: vm, LookupEnv: lookup, BaseURL: rf.baseURL}, nil
}

// execute selects, runs and reports flows.
func execute(ctx context.Context, list []*flows.Flow, rf runFlags, opts flows.LoadOptions, note *notifier, stdout, stderr io.Writer) error {
	specs, err := parseReportSpecs(rf.reports)
	if err != nil {
		return err
	}
	trace, err := rf.checkCounts()
	if err != nil {
		return err
	}
	domains, err := allowedDomainsFlag(rf.allowedDomains)
	if err != nil {
		return err
	}
	device, err := rf.places()
	if err != nil {
		return err
	}
	var pol *flows.Policy
	if rf.policy != "" {
		if pol, err = flows.LoadPolicy(rf.policy); err != nil {
			return err
		}
	}
	var setup []*flows.SetupFlow
	for _, path := range rf.setup {
		sf, err := flows.LoadSetupFlow(path, opts)
		if err != nil {
			return err
		}
		setup = append(setup, sf)
	}
	fix, err := rf.fixConfig(opts)
	if err != nil {
		return err
	}
	if rf.shard, err = resolveShard(rf.shard, rf.shardTotal, os.LookupEnv); err != nil {
		return err
	}
	list, done, err := chooseFlows(list, rf, opts, stdout, stderr)
	if err != nil || done {
		return err
	}
	level := reports.Normal
	if rf.quiet {
		level = reports.Quiet
	} else if rf.verbose {
		level = reports.Verbose
	}
	tty := isTTY(stdout)
	prog := reports.NewProgress(stdout, level, tty && !rf.quiet, tty)
	cfg := runner.Config{
		BaseURL: rf.baseURL, Vars: opts.Vars, LookupEnv: opts.LookupEnv, Workers: rf.workers, Retries: rf.retries,
		FailFast: rf.failFast, Timeout: rf.timeout, StepTimeout: rf.stepTimeout, ArtifactsDir: rf.artifacts,
		Shard:    rf.shard,
		Browser:  browser.Options{Bin: rf.browser, CDP: rf.cdp, Headed: rf.headed},
		Listener: prog, AllowedDomains: domains, Setup: setup, Policy: pol, Yes: rf.yes,
	}
	cfg.UpdateBaselines, cfg.BaselineFix = rf.updateBaselines, updateBaselinesFix
	cfg.Trace = trace
	cfg.HARDir = rf.har
	cfg.CompareTo, cfg.Fix = rf.compareTo, fix
	cfg.Device, cfg.Locale = device, rf.locale
	runner.Version = version
	run, runErr := runner.Run(ctx, cfg, list)
	if err := artifactsUsage(runErr); err != nil {
		return err
	}
	written, writeErrs := leaveRun(ctx, run, runErr, rf, specs, note, stdout, stderr)
	if runErr != nil {
		return runErr
	}
	prog.Summary(run, written)
	fixSummary(run, rf.fix, stdout)
	if len(writeErrs) > 0 {
		return fmt.Errorf("writing reports: %s", strings.Join(writeErrs, "; "))
	}
	if run.Interrupted {
		return errInterrupted
	}
	if s := run.Summary(); s.Failed > 0 {
		return errFlowsFailed
	}
	return nil
}

// leaveRun writes what a run leaves behind: its reports, the GitHub
// annotations, the notification and, for a run that ran, the last run's
// file and its history record (docs/running.md "Reports", "History",
// "Alerts"). It returns the reports written and what could not be
// written.
func leaveRun(ctx context.Context, run *results.Run, runErr error, rf runFlags, specs []reportSpec, note *notifier, stdout, stderr io.Writer) (written, writeErrs []string) {
	if runErr == nil {
		rf.hist.trends(ctx, run, stderr)
	}
	if exitCode(runErr) != exitBrowser {
		// a run that could not start or reach a browser ran nothing: its
		// reports would replace the last run's, a report inside
		// --artifacts included, which such a run keeps, with flows all
		// skipped (docs/running.md "Artifacts", "Reports")
		written, writeErrs = writeReports(specs, run)
	}
	writeErrs = append(writeErrs, writeGitHub(stdout, run, true)...)
	if runErr != nil {
		note.send(ctx, run, written, runErr, stderr)
		return written, writeErrs
	}
	if err := writeLastRun(rf.artifacts, run); err != nil {
		writeErrs = append(writeErrs, "last run ("+lastRunFile+"): "+err.Error())
	}
	notifyAndRecord(ctx, run, rf, written, note, stderr)
	return written, writeErrs
}

// notifyAndRecord sends the run's notification and records it in the
// history store. With --notify-on change the changes are read from the
// store before the run is recorded, and what was posted is remembered
// for --renotify; a store that cannot be used is said, and the
// notification goes as --notify-on failure's (docs/running.md "Alerts").
func notifyAndRecord(ctx context.Context, run *results.Run, rf runFlags, written []string, note *notifier, stderr io.Writer) {
	// an interrupted run is recorded too; a store that hangs does not
	// hold the run for ever
	hctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
	defer cancel()
	s := rf.hist.open(hctx, stderr)
	if s != nil {
		defer s.Close()
	}
	var rec history.Run
	if rf.hist.url != "" {
		recorded := written
		if note.opts.ReportURL != "" {
			recorded = append(append([]string(nil), written...), note.opts.ReportURL)
		}
		rec = rf.hist.historyRecord(hctx, run, recorded)
	}
	now := time.Now()
	if note.opts.On == notify.OnChange && len(note.opts.URLs) > 0 {
		changes, ok := rf.hist.changes(hctx, s, rec, now, stderr)
		if ok {
			note.opts.Changes = changes
		} else {
			note.opts.On = notify.OnFailure
			fmt.Fprintln(stderr, "smokeflow: warning: without its history store, --notify-on change cannot compare this run with the last one: the notification goes as --notify-on failure's")
		}
	}
	posted := note.send(ctx, run, written, nil, stderr)
	rf.hist.record(hctx, s, rec, stderr)
	if posted && s != nil && len(note.opts.Changes) > 0 {
		if err := s.Notified(hctx, rf.hist.envLabel, note.opts.Changes, now); err != nil {
			fmt.Fprintf(stderr, "smokeflow: warning: %v; a flow still failing may be posted again before --renotify\n", err)
		}
	}
}

// checkCounts checks --workers and --retries, and reads --trace
// (docs/running.md "Traces").
func (rf *runFlags) checkCounts() (runner.TraceMode, error) {
	if rf.workers < 1 {
		return runner.TraceOff, usagef("--workers must be at least 1")
	}
	if rf.retries < 0 {
		return runner.TraceOff, usagef("--retries must be 0 or more")
	}
	trace, err := runner.ParseTraceMode(rf.trace)
	if err != nil {
		return runner.TraceOff, usagef("--trace: %v", err)
	}
	return trace, nil
}

// artifactsUsage is an artifacts folder the run refused to empty, as a
// usage error (exit 2), before any report is written (docs/running.md
// "Artifacts").
func artifactsUsage(err error) error {
	var ae *runner.ArtifactsError
	if errors.As(err, &ae) {
		return usagef("--artifacts %q %s", ae.Dir, ae.Why)
	}
	return nil
}

func isTTY(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0 && os.Getenv("CI") == ""
}

// places checks --device and --locale (docs/flows.md "Devices and
// places"): the device they name, nil for none.
func (rf *runFlags) places() (*flows.Device, error) {
	if rf.locale != "" {
		if err := flows.CheckLocale(rf.locale); err != nil {
			return nil, usagef("--locale: %v", err)
		}
	}
	if rf.device == "" {
		return nil, nil
	}
	d, err := flows.LookupDevice(rf.device)
	if err != nil {
		return nil, usagef("--device: %v", err)
	}
	return d, nil
}
