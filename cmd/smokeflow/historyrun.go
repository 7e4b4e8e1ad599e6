package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/pflag"

	"github.com/smokeflow/smokeflow/history"
	"github.com/smokeflow/smokeflow/results"
)

// historyFlags are --history and --env-label of `run` (docs/running.md
// "History").
type historyFlags struct {
	url, envLabel string
}

func (hf *historyFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&hf.url, "history", "", "record the run in this history store: a file `PATH`, sqlite:PATH or postgres://USER@HOST/DB (else $"+history.EnvVar+"; docs/running.md \"History\")")
	fs.StringVar(&hf.envLabel, "env-label", "", "the environment the run tests, recorded with it and matched by `history --env-label`: `LABEL`, such as staging")
}

// fromEnv fills the store from $SMOKEFLOW_HISTORY when --history is not
// given.
func (hf *historyFlags) fromEnv() {
	if hf.url == "" {
		hf.url = os.Getenv(history.EnvVar)
	}
}

// record writes run in the store. A store that cannot be used is a
// warning on stderr naming it and the fix: the run's exit code and its
// reports are its own (docs/running.md "History").
func (hf historyFlags) record(ctx context.Context, run *results.Run, reports []string, stderr io.Writer) {
	if hf.url == "" || run == nil {
		return
	}
	// an interrupted run is recorded too; a store that hangs does not
	// hold the run for ever
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
	defer cancel()
	commit, branch := history.Git(ctx, ".")
	rec := history.FromResults(run, history.Meta{Commit: commit, Branch: branch, EnvLabel: hf.envLabel, Reports: reports})
	err := func() error {
		s, err := history.Open(ctx, hf.url)
		if err != nil {
			return err
		}
		defer s.Close()
		return s.Record(ctx, rec)
	}()
	if err != nil {
		fmt.Fprintf(stderr, "smokeflow: warning: the run is not recorded: %v; the run's exit code is unchanged and its reports are written\n", err)
	}
}

// lastFailedFrom reads the flows whose latest recorded run failed, for
// --last-failed with --history (docs/running.md "History").
func (hf historyFlags) lastFailedFrom() (lastFailed, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s, err := history.Open(ctx, hf.url)
	if err != nil {
		return lastFailed{}, usagef("--last-failed: %v", err)
	}
	defer s.Close()
	names, err := s.LastFailed(ctx, hf.envLabel)
	if err != nil {
		return lastFailed{}, usagef("--last-failed: %v", err)
	}
	lf := lastFailed{from: s.Name(), names: map[string]bool{}}
	if hf.envLabel != "" {
		lf.from += ", --env-label " + hf.envLabel
	}
	for _, n := range names {
		lf.names[n] = true
		lf.order = append(lf.order, n)
	}
	return lf, nil
}
