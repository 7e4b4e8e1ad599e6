// Package history is the run history store (docs/running.md "History"):
// each run of `smokeflow run --history URL` is recorded in SQLite (a
// file, through a pure-Go driver) or PostgreSQL (a store a team's
// ephemeral CI runners share), and `smokeflow history` reads it back per
// flow. It reads the plain results model only; the command line calls it.
package history

import (
	"path"
	"path/filepath"
	"time"

	"github.com/smokeflow/smokeflow/results"
)

// Run is one recorded run, or one shard of a run.
type Run struct {
	StartedAt time.Time
	Duration  time.Duration
	Tool      string // "smokeflow vX.Y.Z"
	// Commit and Branch are the git commit and branch the run tested,
	// when known (Git).
	Commit, Branch string
	// EnvLabel is --env-label: which environment the run was against.
	EnvLabel string
	BaseURL  string
	Shard    string // "1/3", or ""
	// ArtifactsDir is the run's artifacts folder; Reports the reports it
	// wrote (paths or URLs).
	ArtifactsDir string
	Reports      []string
	Interrupted  bool
	Flows        []Flow
}

// Flow is one flow, or one data row of a flow (`NAME [KEY]`), in a run.
type Flow struct {
	Name      string
	File      string
	Status    results.Status // passed, failed, flaky or skipped
	Attempts  int
	StartedAt time.Time
	Duration  time.Duration
	// Reason, Step and Message say why the final attempt failed
	// (docs/results.md "Reasons"); Step is the failing step's index.
	Reason, Step, Message string
	// Artifacts is the folder of the final attempt's artifacts, or "".
	Artifacts string
	// CompareVerdict, CompareURL and CompareMessage are the verdict of
	// run --compare-to, the URL and the verdict's sentence, when the
	// flow failed and was compared (docs/running.md "Was it this
	// deploy?").
	CompareVerdict             results.CompareVerdict
	CompareURL, CompareMessage string
	// Quarantined: it ran under an active quarantine (docs/flows.md
	// "Quarantine"), so its changes post no alert (docs/running.md
	// "Alerts"). Not a column: the run's reports say it.
	Quarantined bool
}

// Flaky says the flow failed, then passed on a retry.
func (f Flow) Flaky() bool { return f.Status == results.Flaky }

// Meta is what a run's results do not hold: where the run came from.
type Meta struct {
	Commit, Branch, EnvLabel string
	Reports                  []string
}

// FromResults is the record of run.
func FromResults(run *results.Run, m Meta) Run {
	r := Run{
		StartedAt: run.StartedAt, Duration: run.Duration, Tool: run.Tool,
		Commit: m.Commit, Branch: m.Branch, EnvLabel: m.EnvLabel,
		BaseURL: run.BaseURL, Shard: run.Shard, ArtifactsDir: run.ArtifactsDir,
		Reports: m.Reports, Interrupted: run.Interrupted,
	}
	for _, f := range run.Flows {
		if f != nil {
			r.Flows = append(r.Flows, flowOf(f, run))
		}
	}
	return r
}

// flowOf is the record of one flow of run.
func flowOf(f *results.Flow, run *results.Run) Flow {
	out := Flow{Name: f.Name, File: f.File, Status: f.Status, Attempts: len(f.Attempts), Duration: f.Duration, StartedAt: run.StartedAt,
		Quarantined: f.Quarantine != nil && f.Quarantine.Active}
	if len(f.Attempts) > 0 && !f.Attempts[0].StartedAt.IsZero() {
		out.StartedAt = f.Attempts[0].StartedAt
	}
	a := f.Final()
	if a == nil {
		out.Message = f.SkipReason
		return out
	}
	if a.Failure != nil {
		out.Reason, out.Step, out.Message = string(a.Failure.Reason), a.Failure.StepIndex, a.Failure.Message
	}
	if c := f.Compare; c != nil {
		out.CompareVerdict, out.CompareURL, out.CompareMessage = c.Verdict, c.URL, c.Message
	}
	if len(a.Artifacts) > 0 {
		out.Artifacts = filepath.Join(run.ArtifactsDir, filepath.FromSlash(path.Dir(a.Artifacts[0].Path)))
	}
	return out
}
