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
// "History"), and the bounds of its alerts on change (docs/running.md
// "Alerts").
type historyFlags struct {
	url, envLabel string
	flakyAlert    float64
	renotify      time.Duration
}

// flakyWindow is how many recent runs of a flow, this one included, its
// flaky rate is taken over for --flaky-alert: as many as `history`
// shows by default (docs/running.md "Alerts").
const flakyWindow = 10

func (hf *historyFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&hf.url, "history", "", "record the run in this history store: a file `PATH`, sqlite:PATH or postgres://USER@HOST/DB (else $"+history.EnvVar+"; docs/running.md \"History\")")
	fs.StringVar(&hf.envLabel, "env-label", "", "the environment the run tests, recorded with it and matched by history --env-label: `LABEL`, such as staging")
	fs.Float64Var(&hf.flakyAlert, "flaky-alert", 0.2, "with --notify-on change, post when a flow's flaky rate over its last 10 runs rises to this `RATE` (0 to 1; 0: never)")
	fs.DurationVar(&hf.renotify, "renotify", 24*time.Hour, "with --notify-on change, post a flow still failing again after this `DURATION`, such as 48h (docs/running.md \"Alerts\")")
}

// checkAlerts checks --flaky-alert and --renotify.
func (hf historyFlags) checkAlerts() error {
	if hf.flakyAlert < 0 || hf.flakyAlert > 1 {
		return usagef("--flaky-alert %g: give a rate from 0 to 1, such as 0.2 (one run in five flaky); 0 turns it off", hf.flakyAlert)
	}
	if hf.renotify < 0 {
		return usagef("--renotify %s: give a duration of 0 or more, such as 24h", hf.renotify)
	}
	return nil
}

// fromEnv fills the store from $SMOKEFLOW_HISTORY when --history is not
// given.
func (hf *historyFlags) fromEnv() {
	if hf.url == "" {
		hf.url = os.Getenv(history.EnvVar)
	}
}

// open opens the store for the run's record and alerts, nil when there
// is none. A store that cannot be used is a warning on stderr naming it
// and the fix: the run's exit code and its reports are its own
// (docs/running.md "History").
func (hf historyFlags) open(ctx context.Context, stderr io.Writer) *history.Store {
	if hf.url == "" {
		return nil
	}
	s, err := history.Open(ctx, hf.url)
	if err != nil {
		hf.warn(err, stderr)
		return nil
	}
	return s
}

func (hf historyFlags) warn(err error, stderr io.Writer) {
	fmt.Fprintf(stderr, "smokeflow: warning: the run is not recorded: %v; the run's exit code is unchanged and its reports are written\n", err)
}

// changes are run's changes against the store's runs before it, for
// --notify-on change (docs/running.md "Alerts"); ok is false when the
// store cannot tell them.
func (hf historyFlags) changes(ctx context.Context, s *history.Store, rec history.Run, now time.Time, stderr io.Writer) ([]results.Change, bool) {
	if s == nil {
		return nil, false
	}
	cs, err := s.Changes(ctx, rec, history.AlertRules{FlakyBound: hf.flakyAlert, Renotify: hf.renotify, Window: flakyWindow, Now: now})
	if err != nil {
		fmt.Fprintf(stderr, "smokeflow: warning: %v\n", err)
		return nil, false
	}
	return cs, true
}

// record writes run in the store s (nil: none, or one that cannot be
// used, said already).
func (hf historyFlags) record(ctx context.Context, s *history.Store, rec history.Run, stderr io.Writer) {
	if s == nil {
		return
	}
	if err := s.Record(ctx, rec); err != nil {
		hf.warn(err, stderr)
	}
}

// historyRecord is run's record, with the git commit and branch and the
// reports written.
func (hf historyFlags) historyRecord(ctx context.Context, run *results.Run, reports []string) history.Run {
	commit, branch := history.Git(ctx, ".")
	return history.FromResults(run, history.Meta{Commit: commit, Branch: branch, EnvLabel: hf.envLabel, Reports: reports})
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
