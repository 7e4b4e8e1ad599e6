package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/examples"
	"github.com/smokeflow/smokeflow/examples/demo"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/reports"
	"github.com/smokeflow/smokeflow/runner"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

// Exit codes, as README.md "Command line" lists them (130: docs/running.md).
const (
	exitOK          = 0
	exitFailed      = 1
	exitUsage       = 2
	exitBrowser     = 3
	exitInterrupted = 130
)

// usageError is bad flags, arguments or flow files: exit 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return &usageError{fmt.Sprintf(format, a...)} }

// errFlowsFailed is a run in which a flow failed: exit 1.
var errFlowsFailed = errors.New("a flow failed")

// errInterrupted is a run stopped by SIGINT or SIGTERM.
var errInterrupted = errors.New("interrupted")

// exitCode is the one place errors become exit codes.
func exitCode(err error) int {
	var ue *usageError
	var fe flows.Errors
	var fe1 *flows.Error
	var be *browser.BrowserError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errInterrupted):
		return exitInterrupted
	case errors.As(err, &be):
		return exitBrowser
	case errors.As(err, &ue), errors.As(err, &fe), errors.As(err, &fe1):
		return exitUsage
	case errors.Is(err, errFlowsFailed):
		return exitFailed
	}
	return exitFailed
}

const usage = `smokeflow runs YAML browser flows in real Chromium.

Usage:
  smokeflow run [PATH|GLOB...]     run flows (default ./flows)
  smokeflow validate [PATH...]     check flow files; every error as FILE:LINE:COL: message
                                   (a missing env var, secret or base URL warns unless --strict)
  smokeflow snapshot URL           print the page's accessibility snapshot
  smokeflow schema                 print the JSON Schema of flow files
  smokeflow demo                   serve the embedded demo shop and run the example flows on it
  smokeflow version

Run 'smokeflow COMMAND -h' for a command's flags.
Exit codes: 0 passed, 1 a flow failed, 2 invalid flows or usage, 3 no browser, 130 interrupted.
`

// Main runs the command line and returns the exit code.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	err := dispatch(ctx, args, stdout, stderr)
	if err != nil && !errors.Is(err, errFlowsFailed) && !errors.Is(err, errInterrupted) && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(stderr, "smokeflow: "+strings.ReplaceAll(err.Error(), "\n", "\n  "))
	}
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	// no browser process outlives the command
	browser.ReapZombies()
	return exitCode(err)
}

func dispatch(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return usagef("no command given")
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "run":
		return cmdRun(ctx, rest, stdout, stderr)
	case "validate":
		return cmdValidate(rest, stdout, stderr)
	case "snapshot":
		return cmdSnapshot(ctx, rest, stdout, stderr)
	case "schema":
		_, err := stdout.Write(flows.Schema())
		return err
	case "demo":
		return cmdDemo(ctx, rest, stdout, stderr)
	case "version", "--version", "-v":
		_, err := fmt.Fprintf(stdout, "smokeflow %s\n", version)
		return err
	case "help", "-h", "--help":
		_, err := fmt.Fprint(stdout, usage)
		return err
	}
	fmt.Fprint(stderr, usage)
	return usagef("unknown command %q", cmd)
}

// listFlag collects a repeatable flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

// runFlags are the flags of `run` (and, in part, `demo`).
type runFlags struct {
	baseURL, envFile, tags, shard, artifacts, browser, cdp string
	workers, retries                                       int
	failFast, headed, quiet, verbose                       bool
	timeout, stepTimeout                                   time.Duration
	vars, reports                                          listFlag
	sel                                                    selectFlags
}

func (rf *runFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&rf.baseURL, "base-url", "", "base URL that `open: /path` joins (overrides base_url)")
	fs.Var(&rf.vars, "var", "set a variable, K=V (repeatable)")
	fs.StringVar(&rf.envFile, "env-file", "", "read KEY=VALUE lines into the environment flows see")
	fs.StringVar(&rf.tags, "tags", "", "select flows by tag: smoke,!slow")
	fs.StringVar(&rf.shard, "shard", "", "run shard I of N: 1/3")
	fs.IntVar(&rf.workers, "workers", 1, "flows run in parallel")
	fs.IntVar(&rf.retries, "retries", 0, "retry a failed flow up to N times")
	fs.BoolVar(&rf.failFast, "fail-fast", false, "stop starting flows after the first failure")
	fs.DurationVar(&rf.timeout, "timeout", 0, "each flow's timeout (overrides timeout:)")
	fs.DurationVar(&rf.stepTimeout, "step-timeout", 0, "each step's timeout (overrides step_timeout:)")
	fs.Var(&rf.reports, "report", "write a report: junit=PATH, markdown=PATH or json=PATH (repeatable)")
	fs.StringVar(&rf.artifacts, "artifacts", "smokeflow-results", "folder for screenshots, snapshots and logs, emptied at the start of each run")
	fs.StringVar(&rf.browser, "browser", "", "Chromium or Chrome executable (else $SMOKEFLOW_BROWSER, else found on PATH)")
	fs.StringVar(&rf.cdp, "cdp", "", "attach to a running browser: host:port or ws://...")
	fs.BoolVar(&rf.headed, "headed", false, "show the browser window")
	fs.BoolVar(&rf.quiet, "quiet", false, "print failures and the summary only")
	fs.BoolVar(&rf.verbose, "verbose", false, "print every step and full diagnostics")
	rf.sel.register(fs)
}

func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// parse parses flags, allowing them after positional arguments too.
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, usagef("%v", err)
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// lookupEnv reads the process environment, then the --env-file.
func lookupEnv(envFile string) (func(string) (string, bool), error) {
	if envFile == "" {
		return os.LookupEnv, nil
	}
	f, err := os.Open(envFile)
	if err != nil {
		return nil, usagef("--env-file: %v", err)
	}
	defer f.Close()
	vals := map[string]string{}
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		t := strings.TrimSpace(sc.Text())
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		t = strings.TrimPrefix(t, "export ")
		k, v, ok := strings.Cut(t, "=")
		if !ok || strings.TrimSpace(k) == "" {
			return nil, usagef("%s:%d: want KEY=VALUE", envFile, line)
		}
		v = strings.TrimSpace(v)
		if len(v) >= 2 && (v[0] == '"' && v[len(v)-1] == '"' || v[0] == '\'' && v[len(v)-1] == '\'') {
			if v[0] == '"' {
				if u, err := strconv.Unquote(v); err == nil {
					v = u
				} else {
					v = v[1 : len(v)-1]
				}
			} else {
				v = v[1 : len(v)-1]
			}
		}
		vals[strings.TrimSpace(k)] = v
	}
	if err := sc.Err(); err != nil {
		return nil, usagef("--env-file: %v", err)
	}
	return func(k string) (string, bool) {
		if v, ok := os.LookupEnv(k); ok {
			return v, true
		}
		v, ok := vals[k]
		return v, ok
	}, nil
}

func parseVars(vars []string) (map[string]string, error) {
	out := map[string]string{}
	for _, kv := range vars {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return nil, usagef("--var %q: want K=V", kv)
		}
		out[k] = v
	}
	return out, nil
}

// selectTags keeps flows with any included tag (when some are given) and
// none of the excluded (!tag) ones.
func selectTags(list []*flows.Flow, spec string) []*flows.Flow {
	if strings.TrimSpace(spec) == "" {
		return list
	}
	var inc, exc []string
	for _, t := range strings.Split(spec, ",") {
		t = strings.TrimSpace(t)
		switch {
		case t == "":
		case strings.HasPrefix(t, "!"):
			exc = append(exc, t[1:])
		default:
			inc = append(inc, t)
		}
	}
	var out []*flows.Flow
	for _, f := range list {
		has := map[string]bool{}
		for _, t := range f.Tags {
			has[t] = true
		}
		ok := len(inc) == 0
		for _, t := range inc {
			ok = ok || has[t]
		}
		for _, t := range exc {
			ok = ok && !has[t]
		}
		if ok {
			out = append(out, f)
		}
	}
	return out
}

// shard keeps shard i of n: flows sorted by file, dealt round-robin, so a
// given set of flows always splits the same way.
func shard(list []*flows.Flow, spec string) ([]*flows.Flow, error) {
	if spec == "" {
		return list, nil
	}
	is, ns, ok := strings.Cut(spec, "/")
	i, err1 := strconv.Atoi(is)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return nil, usagef("--shard %q: want I/N with 1 <= I <= N, such as 2/3", spec)
	}
	sorted := append([]*flows.Flow(nil), list...)
	sort.SliceStable(sorted, func(a, b int) bool { return sorted[a].File < sorted[b].File })
	var out []*flows.Flow
	for k, f := range sorted {
		if k%n == i-1 {
			out = append(out, f)
		}
	}
	return out, nil
}

func cmdValidate(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("validate", stderr)
	var vars listFlag
	baseURL := fs.String("base-url", "", "base URL, as for run")
	envFile := fs.String("env-file", "", "read KEY=VALUE lines into the environment")
	fs.Var(&vars, "var", "set a variable, K=V (repeatable)")
	strict := fs.Bool("strict", false, "make a missing environment variable, secret or base URL an error, not a warning")
	noOnly := fs.Bool("forbid-only", false, "make only: true in a flow an error (for CI)")
	paths, err := parse(fs, args)
	if err != nil {
		return err
	}
	if err := checkBaseURLFlag(*baseURL); err != nil {
		return err
	}
	lookup, err := lookupEnv(*envFile)
	if err != nil {
		return err
	}
	vm, err := parseVars(vars)
	if err != nil {
		return err
	}
	list, problems, err := loadChecked(paths, flows.LoadOptions{Vars: vm, LookupEnv: lookup, BaseURL: *baseURL}, !*strict)
	var fe flows.Errors
	if err != nil && !errors.As(err, &fe) {
		return err
	}
	if problems == nil {
		problems = fe // paths that name no flow
	}
	if *noOnly {
		problems = append(problems, asFlowErrors("", forbidOnly(list))...)
	}
	return validation{list: list, problems: problems, needsWarn: !*strict, vars: vm}.report(stdout)
}

func cmdRun(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("run", stderr)
	var rf runFlags
	rf.register(fs)
	paths, err := parse(fs, args)
	if err != nil {
		return err
	}
	opts, err := rf.loadOptions()
	if err != nil {
		return err
	}
	list, _, err := loadChecked(paths, opts, rf.sel.list)
	if err != nil {
		return err
	}
	return execute(ctx, list, rf, opts, stdout, stderr)
}

// loadOptions reads --env-file and --var: what flows are loaded and run
// with.
func (rf *runFlags) loadOptions() (flows.LoadOptions, error) {
	if err := checkBaseURLFlag(rf.baseURL); err != nil {
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
func execute(ctx context.Context, list []*flows.Flow, rf runFlags, opts flows.LoadOptions, stdout, stderr io.Writer) error {
	specs := make([][2]string, 0, len(rf.reports))
	for _, r := range rf.reports {
		format, p, err := reports.ParseSpec(r)
		if err != nil {
			return usagef("--report: %v", err)
		}
		specs = append(specs, [2]string{format, p})
	}
	if rf.workers < 1 {
		return usagef("--workers must be at least 1")
	}
	if rf.retries < 0 {
		return usagef("--retries must be 0 or more")
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
		Listener: prog,
	}
	runner.Version = version
	run, runErr := runner.Run(ctx, cfg, list)
	if err := artifactsUsage(runErr); err != nil {
		return err
	}
	var written []string
	var writeErrs []string
	for _, s := range specs {
		if dir := filepath.Dir(s[1]); dir != "" {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				writeErrs = append(writeErrs, err.Error())
				continue
			}
		}
		if err := reports.WriteFile(s[1], s[0], run); err != nil {
			writeErrs = append(writeErrs, fmt.Sprintf("%s report: %v", s[0], err))
			continue
		}
		written = append(written, s[1])
	}
	if reports.InGitHubActions() {
		_ = reports.WriteGitHubAnnotations(stdout, run)
		if err := reports.AppendGitHubStepSummary(run); err != nil {
			writeErrs = append(writeErrs, "step summary: "+err.Error())
		}
	}
	if runErr != nil {
		return runErr
	}
	if err := writeLastRun(rf.artifacts, run); err != nil {
		writeErrs = append(writeErrs, "last run ("+lastRunFile+"): "+err.Error())
	}
	prog.Summary(run, written)
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

// checkBaseURLFlag checks --base-url: an absolute http:// or https:// URL
// (docs/flows.md "URLs").
func checkBaseURLFlag(u string) error {
	if u == "" {
		return nil
	}
	if err := flows.CheckBaseURL(u); err != nil {
		return usagef("--base-url %v", err)
	}
	return nil
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

func cmdSnapshot(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("snapshot", stderr)
	full := fs.Bool("full", false, "keep every node, not just actionable ones and their context")
	asJSON := fs.Bool("json", false, "print JSON: each node with ref, role, name, attributes, value, frame, backend node id")
	selector := fs.String("selector", "", "only the subtree of the first element matching this CSS selector")
	bin := fs.String("browser", "", "Chromium or Chrome executable")
	cdp := fs.String("cdp", "", "attach to a running browser")
	wait := fs.String("wait", "load", "wait for load, domcontentloaded or networkidle")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("snapshot takes one URL")
	}
	if err := flows.CheckPageURL(pos[0]); err != nil {
		return usagef("snapshot %v", err) // docs/flows.md "URLs"
	}
	b, err := browser.Launch(ctx, browser.Options{Bin: *bin, CDP: *cdp})
	if err != nil {
		return err
	}
	defer b.Close()
	tctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	bc, p, err := b.OpenPage(tctx, browser.PageOptions{}, pos[0], *wait)
	if err != nil {
		return err
	}
	defer bc.Close()
	snap, err := p.TakeSnapshot(tctx)
	if err != nil {
		return err
	}
	o := locate.RenderOptions{Full: *full}
	if *selector != "" {
		keys, err := p.QueryCSS(tctx, *selector)
		if err != nil {
			return usagef("--selector %q: %v", *selector, err)
		}
		for _, n := range snap.All {
			if keys[n.Key()] {
				o.Scope = append(o.Scope, n)
				break
			}
		}
		if len(o.Scope) == 0 {
			return fmt.Errorf("--selector %q matches nothing on %s", *selector, pos[0])
		}
	}
	if *asJSON {
		j, err := snap.JSON(o)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", j)
		return err
	}
	_, err = fmt.Fprint(stdout, snap.Render(o))
	return err
}

func cmdDemo(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("demo", stderr)
	var rf runFlags
	rf.register(fs)
	serve := fs.Bool("serve", false, "only serve the demo shop until Ctrl-C")
	if _, err := parse(fs, args); err != nil {
		return err
	}
	srv, err := demo.Serve(ctx)
	if err != nil {
		return fmt.Errorf("cannot serve the demo shop: %w", err)
	}
	defer srv.Close()
	if *serve {
		fmt.Fprintf(stdout, "demo shop on %s (Ctrl-C to stop)\n", srv.URL)
		<-ctx.Done()
		return nil
	}
	fmt.Fprintf(stdout, "demo shop on %s\n", srv.URL)
	rf.baseURL = srv.URL
	if rf.tags == "" {
		rf.tags = "!failing"
	}
	if len(rf.reports) == 0 {
		rf.reports = listFlag{
			"junit=" + filepath.Join(rf.artifacts, "junit.xml"),
			"markdown=" + filepath.Join(rf.artifacts, "report.md"),
			"json=" + filepath.Join(rf.artifacts, "results.json"),
		}
	}
	opts, err := rf.loadOptions()
	if err != nil {
		return err
	}
	list, err := embeddedFlows(opts)
	if err != nil {
		return err
	}
	return execute(ctx, list, rf, opts, stdout, stderr)
}

// embeddedFlows loads the example flows from the binary.
func embeddedFlows(opts flows.LoadOptions) ([]*flows.Flow, error) {
	entries, err := fs.ReadDir(examples.Flows, "flows")
	if err != nil {
		return nil, err
	}
	opts.ReadFile = func(p string) ([]byte, error) {
		return fs.ReadFile(examples.Flows, path.Clean(filepath.ToSlash(strings.TrimPrefix(p, "examples/"))))
	}
	var list []*flows.Flow
	var all flows.Errors
	for _, e := range entries {
		name := "examples/flows/" + e.Name()
		src, err := fs.ReadFile(examples.Flows, "flows/"+e.Name())
		if err != nil {
			return nil, err
		}
		f, err := flows.Parse(name, src, opts)
		if err != nil {
			var fe flows.Errors
			if errors.As(err, &fe) {
				all = append(all, fe...)
				continue
			}
			return nil, err
		}
		list = append(list, f)
	}
	if len(all) > 0 {
		return nil, all
	}
	return list, nil
}
