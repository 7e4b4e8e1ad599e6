package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/smokeflow/smokeflow/reports"
	"github.com/smokeflow/smokeflow/results"
)

// reportSpec is one --report FORMAT=PATH.
type reportSpec struct{ format, path string }

// parseReportSpecs reads the --report flags of run and merge-reports, so
// that both take every format the reports package writes (docs/results.md).
func parseReportSpecs(flags []string) ([]reportSpec, error) {
	specs := make([]reportSpec, 0, len(flags))
	for _, r := range flags {
		format, p, err := reports.ParseSpec(r)
		if err != nil {
			return nil, usagef("--report: %v", err)
		}
		specs = append(specs, reportSpec{format, p})
	}
	return specs, nil
}

// writeReports writes run in every report asked for, creating their
// folders with their parents (docs/running.md "Reports"), and returns the
// paths written and what could not be written.
func writeReports(specs []reportSpec, run *results.Run) (written, errs []string) {
	for _, s := range specs {
		if dir := filepath.Dir(s.path); dir != "" {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				errs = append(errs, fmt.Sprintf("%s report: cannot create its folder: %v", s.format, err))
				continue
			}
		}
		if err := reports.WriteFile(s.path, s.format, run); err != nil {
			errs = append(errs, fmt.Sprintf("%s report: %v", s.format, err))
			continue
		}
		written = append(written, s.path)
	}
	return written, errs
}

// writeGitHub prints the annotations and appends the step summary when the
// command runs in GitHub Actions (docs/results.md "GitHub Actions").
func writeGitHub(stdout io.Writer, run *results.Run, annotate bool) (errs []string) {
	if !reports.InGitHubActions() {
		return nil
	}
	if annotate {
		if err := reports.WriteGitHubAnnotations(stdout, run); err != nil {
			errs = append(errs, "GitHub annotations: "+err.Error())
		}
	}
	if err := reports.AppendGitHubStepSummary(run); err != nil {
		errs = append(errs, "step summary: "+err.Error())
	}
	return errs
}
