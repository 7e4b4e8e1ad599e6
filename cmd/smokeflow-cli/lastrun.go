package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/reports"
	"github.com/smokeflow/smokeflow/results"
)

// lastRunFile is where every run leaves its JSON results in the artifacts
// folder, for --last-failed (docs/running.md "Rerunning failures").
const lastRunFile = ".last-run.json"

// lastFailed is what --last-failed read from the last run.
type lastFailed struct {
	from  string          // the file, or the history store, read
	when  time.Time       // the last run's start, when known
	names map[string]bool // the flows that failed
	order []string        // their names, in order
}

// readLastFailed reads the last run's results from the artifacts folder.
// It must be called before the run empties that folder.
func readLastFailed(dir string) (lastFailed, error) {
	p := filepath.Join(dir, lastRunFile)
	b, err := os.ReadFile(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return lastFailed{}, usagef("--last-failed: there is no last run: %s does not exist. "+
			"Every run writes it in its --artifacts folder: run once without --last-failed, with the same --artifacts", p)
	case err != nil:
		return lastFailed{}, usagef("--last-failed: %v", err)
	}
	var run results.Run
	if err := json.Unmarshal(b, &run); err != nil {
		return lastFailed{}, usagef("--last-failed: %s is not the JSON results of a run (%v): delete it and run once without --last-failed", p, err)
	}
	lf := lastFailed{from: p, when: run.StartedAt, names: map[string]bool{}}
	for _, f := range run.Flows {
		if f != nil && f.Status == results.Failed && !lf.names[f.Name] {
			lf.names[f.Name] = true
			lf.order = append(lf.order, f.Name)
		}
	}
	return lf, nil
}

// noneMessage says that the last run had no failure to rerun.
func (lf lastFailed) noneMessage() string {
	when := ""
	if !lf.when.IsZero() {
		when = ", started " + lf.when.Local().Format("2006-01-02 15:04:05")
	}
	return fmt.Sprintf("--last-failed: no flow failed in the last run (%s%s): nothing to run", lf.from, when)
}

// apply keeps the flows that failed last time, by name.
func (lf lastFailed) apply(list []*flows.Flow) ([]*flows.Flow, error) {
	var out []*flows.Flow
	for _, f := range list {
		if lf.names[f.Name] {
			out = append(out, f)
		}
	}
	if len(out) > 0 {
		return out, nil
	}
	var names []string
	for _, n := range lf.order {
		names = append(names, fmt.Sprintf("%q", n))
	}
	return nil, usagef("--last-failed: no flow selected: the flows that failed in the last run (%s) are not among the flows given, "+
		"or the paths, --tags or --grep leave them out", strings.Join(names, ", "))
}

// writeLastRun writes run's JSON results to the artifacts folder for the
// next --last-failed, replacing the file at once.
func writeLastRun(dir string, run *results.Run) error {
	var b bytes.Buffer
	if err := reports.WriteJSON(&b, run); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	p := filepath.Join(dir, lastRunFile)
	tmp := p + ".tmp"
	if err := os.WriteFile(tmp, b.Bytes(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, p)
}
