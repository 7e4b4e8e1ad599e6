package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/reports"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// mergeFlags are the flags of merge-reports.
type mergeFlags struct {
	artifacts string
	reports   []string
	notify    notifyFlags
}

// newMergeReportsCmd is `smokeflow merge-reports` (docs/running.md
// "Merging the shards' reports").
func newMergeReportsCmd() *cobra.Command {
	var mf mergeFlags
	c := &cobra.Command{
		Use:   "merge-reports DIR|FILE...",
		Short: "merge the results of several runs (shards) into one run and write its reports",
		Long: `Merge the JSON results of several runs, typically one per --shard I/N, into one
run, and write its reports. Each DIR is a run's --artifacts folder (its
.last-run.json, else the one .json report in it); a FILE is a run's
--report json file, its artifacts in its folder or its artifacts_dir.
The artifacts are copied into --artifacts, one folder per run
(docs/running.md "Merging the shards' reports").`,
		Args: cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return cmdMergeReports(c, args, mf, c.OutOrStdout(), c.ErrOrStderr())
		},
	}
	fs := c.Flags()
	fs.StringArrayVar(&mf.reports, "report", nil, "write a report of the merged run: `FORMAT=PATH`, as junit=PATH, markdown=PATH or json=PATH (repeatable)")
	fs.StringVar(&mf.artifacts, "artifacts", "smokeflow-results", "folder the runs' artifacts are copied to, emptied first as run's is")
	mf.notify.register(fs)
	return c
}

func cmdMergeReports(c *cobra.Command, args []string, mf mergeFlags, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usagef("merge-reports needs the runs to merge: smokeflow merge-reports DIR|FILE... --report FORMAT=PATH")
	}
	specs, err := parseReportSpecs(mf.reports)
	if err != nil {
		return err
	}
	note, err := mf.notify.parse(false)
	if err != nil {
		return err
	}
	ins := make([]*mergeInput, 0, len(args))
	for _, a := range args {
		in, err := readMergeInput(a)
		if err != nil {
			return err
		}
		if err := outputHoldsInput(mf.artifacts, in); err != nil {
			return err
		}
		ins = append(ins, in)
	}
	assignPrefixes(ins)
	run, err := mergeRuns(ins, mf.artifacts)
	if err != nil {
		return err
	}
	if err := artifactsUsage(runner.PrepareArtifacts(mf.artifacts)); err != nil {
		return err
	}
	for _, in := range ins {
		if err := relocateArtifacts(in, mf.artifacts, stderr); err != nil {
			return err
		}
	}
	return finishMerge(c, run, len(ins), specs, note, stdout, stderr)
}

// finishMerge writes the merged run's reports, its .last-run.json and
// notifications, and prints its summary.
func finishMerge(c *cobra.Command, run *results.Run, runs int, specs []reportSpec, note notifier, stdout, stderr io.Writer) error {
	written, writeErrs := writeReports(specs, run)
	writeErrs = append(writeErrs, writeGitHub(stdout, run, false)...)
	if err := writeLastRun(run.ArtifactsDir, run); err != nil {
		writeErrs = append(writeErrs, "last run ("+lastRunFile+"): "+err.Error())
	}
	note.send(c.Context(), run, written, nil, stderr)
	prog := reports.NewProgress(stdout, reports.Quiet, false, isTTY(stdout))
	fmt.Fprintf(stdout, "merged %d flows from %d runs into %s\n", len(run.Flows), runs, run.ArtifactsDir)
	prog.Summary(run, written)
	if len(writeErrs) > 0 {
		return fmt.Errorf("writing reports: %s", strings.Join(writeErrs, "; "))
	}
	if s := run.Summary(); s.Failed > 0 || run.Interrupted {
		return errFlowsFailed
	}
	return nil
}

// outputHoldsInput refuses an --artifacts folder that is an input's folder
// or holds it: emptying it would delete what is being merged.
func outputHoldsInput(out string, in *mergeInput) error {
	o, err1 := filepath.Abs(out)
	d, err2 := filepath.Abs(in.dir)
	if err1 != nil || err2 != nil {
		return nil
	}
	if rel, err := filepath.Rel(o, d); err == nil && (rel == "." || filepath.IsLocal(rel)) {
		return usagef("merge-reports: --artifacts %q holds the run %s being merged, and is emptied first: choose another folder, such as smokeflow-merged", out, in.arg)
	}
	return nil
}
