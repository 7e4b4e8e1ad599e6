package main

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"time"

	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/internal/textdist"
)

// loadChecked discovers, loads and validates flows, every error at once.
// It returns the flows that loaded, every problem found, and an error
// when a problem is an error. With needsWarn (validate without --strict,
// run --list) a problem about what the run needs (flows.Error.Need) is a
// warning: its flow is kept and the error leaves it out
// (docs/running.md "Validating in CI").
func loadChecked(paths []string, opts flows.LoadOptions, needsWarn bool) ([]*flows.Flow, flows.Errors, error) {
	files, err := flows.Discover(paths)
	if err != nil {
		return nil, nil, err
	}
	var problems flows.Errors
	var list []*flows.Flow
	seen := map[errorKey]bool{}
	for _, f := range files {
		fl, err := flows.Load(f, opts)
		errs := asFlowErrors(f, err)
		problems = appendDistinct(problems, errs, seen)
		if inFiles, _ := errs.SplitNeeds(); len(inFiles) > 0 || (len(errs) > 0 && !needsWarn) {
			continue
		}
		list = append(list, flows.ExpandRows([]*flows.Flow{fl})...) // a flow per data row (docs/flows.md "Data rows")
	}
	problems = append(problems, flows.CheckUniqueNames(list)...)
	blocking := problems
	if needsWarn {
		blocking, _ = problems.SplitNeeds()
	}
	if len(blocking) > 0 {
		return list, problems, blocking
	}
	return list, problems, nil
}

// errorKey says when two errors are the same: same file, line, column and
// message.
type errorKey struct {
	pos flows.Pos
	msg string
}

// appendDistinct appends the errors not seen before: an error of a
// sub-flow that several flows run is reported once, not once per flow
// (docs/running.md "Validating in CI").
func appendDistinct(problems, errs flows.Errors, seen map[errorKey]bool) flows.Errors {
	for _, e := range errs {
		key := errorKey{e.Pos, e.Msg}
		if seen[key] {
			continue
		}
		seen[key] = true
		problems = append(problems, e)
	}
	return problems
}

// asFlowErrors is the error of flows.Load as a list.
func asFlowErrors(file string, err error) flows.Errors {
	var fe flows.Errors
	var e1 *flows.Error
	switch {
	case err == nil:
		return nil
	case errors.As(err, &fe):
		return fe
	case errors.As(err, &e1):
		return flows.Errors{e1}
	}
	return flows.Errors{{Pos: flows.Pos{File: file}, Msg: err.Error()}}
}

// warningLine is a problem printed as a warning: FILE:LINE:COL: warning: msg.
func warningLine(e *flows.Error) string {
	msg := e.Msg
	if f := flagsFor(e.Settings()); f != "" {
		msg += " (" + f + ")"
	}
	if e.Pos.File == "" {
		return "warning: " + msg
	}
	return e.Pos.String() + ": warning: " + msg
}

// unusedVars warns about each --var that no loaded flow declares or reads,
// with the nearest name one does (docs/running.md "Variables and
// environment").
func unusedVars(vars map[string]string, list []*flows.Flow) []string {
	used := map[string]bool{}
	var names []string
	for _, f := range list {
		for _, n := range f.VarsUsed {
			if !used[n] {
				used[n] = true
				names = append(names, n)
			}
		}
	}
	sort.Strings(names)
	var keys []string
	for k := range vars {
		if !used[k] {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		msg := fmt.Sprintf("warning: --var %s=… is used by no flow", k)
		if n := textdist.Nearest(k, names); n != "" {
			msg += fmt.Sprintf("; did you mean %q?", n)
		}
		out = append(out, msg)
	}
	return out
}

// expiredQuarantines warns, once per file, about each flow whose
// quarantine has expired on the day of now: its failures fail runs again
// (docs/flows.md "Quarantine").
func expiredQuarantines(list []*flows.Flow, now time.Time) []string {
	var out []string
	seen := map[flows.Pos]bool{}
	for _, f := range list {
		q := f.Quarantine
		if q == nil || q.Active(now) || seen[q.Pos] {
			continue
		}
		seen[q.Pos] = true
		out = append(out, fmt.Sprintf("%s: warning: the quarantine of %q expired on %s (owner %s): its failures fail the run again; fix the flow, or move until: later",
			q.Pos, f.Name, q.UntilText(), q.Owner))
	}
	return out
}

// validation is what `smokeflow validate` found.
type validation struct {
	list      []*flows.Flow
	problems  flows.Errors
	needsWarn bool // not --strict
	vars      map[string]string
}

// report prints every problem in file order, errors as FILE:LINE:COL:
// message and warnings as FILE:LINE:COL: warning: message, then the
// --var warnings and a summary. It fails (exit 2) when there is an error.
func (v validation) report(w io.Writer) error {
	errs, warns, needs := 0, 0, 0
	for _, e := range v.problems {
		if v.needsWarn && e.Need != flows.NeedNothing {
			warns++
			needs++
			fmt.Fprintln(w, warningLine(e))
			continue
		}
		errs++
		fmt.Fprintln(w, errorLine(e))
	}
	if errs > 0 {
		if warns > 0 {
			return usagef("%d error(s), %d warning(s)", errs, warns)
		}
		return usagef("%d error(s)", errs)
	}
	for _, line := range append(unusedVars(v.vars, v.list), expiredQuarantines(v.list, time.Now())...) {
		warns++
		fmt.Fprintln(w, line)
	}
	summary := fmt.Sprintf("%d flow(s) valid", len(v.list))
	if warns > 0 {
		summary += fmt.Sprintf(", %d warning(s)", warns)
	}
	if needs > 0 {
		summary += " (with --strict, a missing environment variable, secret or base URL is an error)"
	}
	_, err := fmt.Fprintln(w, summary)
	return err
}

// validateFlags are the flags of `validate`.
type validateFlags struct {
	baseURL, envFile   string
	vars               []string
	strict, forbidOnly bool
}

// newValidateCmd is `smokeflow validate` (docs/running.md "Validating in
// CI").
func newValidateCmd() *cobra.Command {
	var vf validateFlags
	c := &cobra.Command{
		Use:   "validate [PATH...]",
		Short: "check flow files; every error as FILE:LINE:COL: message",
		Long: `Check flow files without a browser and print every problem as
FILE:LINE:COL: message. A missing environment variable, secret or base URL
is a warning unless --strict (docs/running.md "Validating in CI").`,
		Args:              cobra.ArbitraryArgs,
		ValidArgsFunction: completeFlowFiles,
		RunE: func(c *cobra.Command, paths []string) error {
			return cmdValidate(paths, vf, c.OutOrStdout())
		},
	}
	fs := c.Flags()
	fs.StringVar(&vf.baseURL, "base-url", "", "base `URL`, as for run")
	fs.StringVar(&vf.envFile, "env-file", "", "read KEY=VALUE lines into the environment")
	fs.StringArrayVar(&vf.vars, "var", nil, "set a variable, `K=V` (repeatable)")
	fs.BoolVar(&vf.strict, "strict", false, "make a missing environment variable, secret or base URL an error, not a warning")
	fs.BoolVar(&vf.forbidOnly, "forbid-only", false, "make only: true in a flow an error (for CI)")
	return c
}

func cmdValidate(paths []string, vf validateFlags, stdout io.Writer) error {
	if err := checkBaseURLFlag(vf.baseURL); err != nil {
		return err
	}
	lookup, err := lookupEnv(vf.envFile)
	if err != nil {
		return err
	}
	vm, err := parseVars(vf.vars)
	if err != nil {
		return err
	}
	list, problems, err := loadChecked(paths, flows.LoadOptions{Vars: vm, LookupEnv: lookup, BaseURL: vf.baseURL}, !vf.strict)
	var fe flows.Errors
	if err != nil && !errors.As(err, &fe) {
		return err
	}
	if problems == nil {
		problems = fe // paths that name no flow
	}
	if vf.forbidOnly {
		problems = append(problems, asFlowErrors("", forbidOnly(list))...)
	}
	return validation{list: list, problems: problems, needsWarn: !vf.strict, vars: vm}.report(stdout)
}
