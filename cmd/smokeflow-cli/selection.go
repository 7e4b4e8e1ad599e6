package main

import (
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/internal/words"
)

// selectFlags are the flags of `run` (and `demo`) that choose flows by
// name, by the last run and by `only:`, and --list (docs/running.md
// "Selecting flows").
type selectFlags struct {
	grep, grepInvert             string
	lastFailed, list, forbidOnly bool
}

func (sf *selectFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&sf.grep, "grep", "", "run only flows whose name matches this regular expression (Go syntax, any case)")
	fs.StringVar(&sf.grepInvert, "grep-invert", "", "leave out flows whose name matches this regular expression")
	fs.BoolVar(&sf.lastFailed, "last-failed", false, "run only the flows that failed in the last run (its "+lastRunFile+" in --artifacts, or with --history the store)")
	fs.BoolVar(&sf.list, "list", false, "print the flows the run would select, one per line, and exit without running them")
	fs.BoolVar(&sf.forbidOnly, "forbid-only", false, "make only: true in a flow an error (for CI)")
}

// nameFilter is --grep and --grep-invert, compiled.
type nameFilter struct{ keep, drop *regexp.Regexp }

// compileGrep compiles a --grep or --grep-invert pattern, matching any
// case as Playwright does. "" is no pattern.
func compileGrep(flagName, pattern string) (*regexp.Regexp, error) {
	if pattern == "" {
		return nil, nil
	}
	if _, err := regexp.Compile(pattern); err != nil {
		return nil, usagef("--%s %q: %v", flagName, pattern, err)
	}
	re, err := regexp.Compile("(?i)" + pattern)
	if err != nil {
		return nil, usagef("--%s %q: %v", flagName, pattern, err)
	}
	return re, nil
}

func (sf *selectFlags) nameFilter() (nameFilter, error) {
	keep, err := compileGrep("grep", sf.grep)
	if err != nil {
		return nameFilter{}, err
	}
	drop, err := compileGrep("grep-invert", sf.grepInvert)
	return nameFilter{keep: keep, drop: drop}, err
}

// apply keeps the flows whose name matches keep and not drop.
func (nf nameFilter) apply(list []*flows.Flow) []*flows.Flow {
	if nf.keep == nil && nf.drop == nil {
		return list
	}
	var out []*flows.Flow
	for _, f := range list {
		if (nf.keep == nil || nf.keep.MatchString(f.Name)) && (nf.drop == nil || !nf.drop.MatchString(f.Name)) {
			out = append(out, f)
		}
	}
	return out
}

// forbidOnly makes every `only: true` an error at its place.
func forbidOnly(list []*flows.Flow) error {
	var errs flows.Errors
	for _, f := range list {
		if f.Only {
			errs = append(errs, &flows.Error{Pos: f.OnlyPos, Msg: "only: true is not allowed with --forbid-only; remove it so the whole suite runs"})
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// focusOnly keeps the flows with `only: true` when there are any, and
// says so on w (docs/flows.md "Skipping and focusing").
func focusOnly(list []*flows.Flow, w io.Writer) []*flows.Flow {
	var out []*flows.Flow
	var at []string
	for _, f := range list {
		if f.Only {
			out = append(out, f)
			at = append(at, f.OnlyPos.String())
		}
	}
	if len(out) == 0 {
		return list
	}
	fmt.Fprintf(w, "note: only: true in %s: running only the %s marked so (--forbid-only makes this an error)\n",
		strings.Join(at, ", "), words.Count(len(out), "flow", "flows"))
	return out
}

// selection is what selectFlows chose.
type selection struct {
	flows []*flows.Flow
	// nothing is set when --last-failed found no failure to rerun: the
	// message says so, and the command ends with exit 0.
	nothing string
}

// selectFlows narrows the loaded flows as docs/running.md "Selecting
// flows" says: --forbid-only over all of them, then --tags, --grep,
// --grep-invert, --last-failed, only: and --shard, in that order. notes
// receives what the user should know about the choice.
func selectFlows(list []*flows.Flow, rf runFlags, notes io.Writer) (selection, error) {
	nf, err := rf.sel.nameFilter()
	if err != nil {
		return selection{}, err
	}
	if rf.sel.forbidOnly {
		if err := forbidOnly(list); err != nil {
			return selection{}, err
		}
	}
	list = nf.apply(selectTags(list, rf.tags))
	if rf.sel.lastFailed {
		read := func() (lastFailed, error) { return readLastFailed(rf.artifacts) }
		if rf.hist.url != "" {
			read = rf.hist.lastFailedFrom
		}
		failed, err := read()
		if err != nil {
			return selection{}, err
		}
		if len(failed.names) == 0 {
			return selection{nothing: failed.noneMessage()}, nil
		}
		if list, err = failed.apply(list); err != nil {
			return selection{}, err
		}
	}
	list = focusOnly(list, notes)
	list, err = shard(list, rf.shard)
	if err != nil {
		return selection{}, err
	}
	if len(list) == 0 {
		return selection{}, usagef("no flow selected (check the paths, --tags, --grep, --grep-invert, --last-failed and --shard)")
	}
	return selection{flows: list}, nil
}

// printList prints the flows of --list: one line per flow with its file,
// name, tags and skip reason, then the total.
func printList(w io.Writer, list []*flows.Flow) error {
	skipped := 0
	for _, f := range list {
		line := f.File + " › " + f.Name
		if len(f.Tags) > 0 {
			line += " [" + strings.Join(f.Tags, ", ") + "]"
		}
		if f.Skip != "" {
			line += " (skip: " + f.Skip + ")"
			skipped++
		}
		if _, err := fmt.Fprintln(w, line); err != nil {
			return err
		}
	}
	total := "Total: " + words.Count(len(list), "flow", "flows")
	if skipped > 0 {
		total += fmt.Sprintf(", %d skipped", skipped)
	}
	_, err := fmt.Fprintln(w, total)
	return err
}

// chooseFlows warns about unused --var names, selects the flows to run,
// and handles what ends the command before a browser starts: --list, and
// --last-failed with nothing to rerun (done is then true).
func chooseFlows(list []*flows.Flow, rf runFlags, opts flows.LoadOptions, stdout, stderr io.Writer) ([]*flows.Flow, bool, error) {
	for _, w := range unusedVars(opts.Vars, list) {
		fmt.Fprintln(stderr, w)
	}
	sel, err := selectFlows(list, rf, stderr)
	switch {
	case err != nil:
		return nil, true, err
	case sel.nothing != "":
		_, err := fmt.Fprintln(stdout, sel.nothing)
		return nil, true, err
	case rf.sel.list:
		return nil, true, printList(stdout, sel.flows)
	}
	return sel.flows, false, nil
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
