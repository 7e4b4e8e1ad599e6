package main

import (
	"fmt"
	"io"

	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// fixConfig is --fix: propose (the flag alone) or apply, with the loader
// a patched flow file is read again by (docs/running.md "Fixes proposed
// and proven").
func (rf *runFlags) fixConfig(opts flows.LoadOptions) (runner.FixConfig, error) {
	switch runner.FixMode(rf.fix) {
	case runner.FixOff:
		return runner.FixConfig{}, nil
	case runner.FixPropose, runner.FixApply:
	default:
		return runner.FixConfig{}, usagef("--fix=%s is not a mode: give --fix (or --fix=propose) to write proven patches under %s/fixes/, or --fix=apply to write them into the flow files too", rf.fix, rf.artifacts)
	}
	parse := func(file string, src []byte) ([]*flows.Flow, error) {
		f, err := flows.Parse(file, src, opts)
		if err != nil {
			return nil, err
		}
		return []*flows.Flow{f}, nil
	}
	return runner.FixConfig{Mode: runner.FixMode(rf.fix), Parse: parse}, nil
}

// fixSummary says, after a run with --fix, that there was nothing to fix
// when no flow failed; it is not an error (docs/running.md "Fixes
// proposed and proven").
func fixSummary(run *results.Run, mode string, w io.Writer) {
	if mode == "" {
		return
	}
	for _, f := range run.Flows {
		if f.Fix != nil || f.Status == results.Failed {
			return
		}
	}
	fmt.Fprintln(w, "--fix: nothing to fix: no flow failed")
}
