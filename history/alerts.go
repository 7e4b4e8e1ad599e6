package history

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/results"
)

// AlertRules are the bounds of `--notify-on change` (docs/running.md
// "Alerts").
type AlertRules struct {
	// FlakyBound is --flaky-alert: a flaky rate that rises to it or above
	// is a change; 0 turns it off.
	FlakyBound float64
	// Renotify is --renotify: how long a flow still failing stays quiet
	// after its last alert.
	Renotify time.Duration
	// Window is how many recent runs of a flow, this one included, its
	// flaky rate is taken over.
	Window int
	// Now is the time of this run's alerts.
	Now time.Time
}

// notice is a flow's last alert.
type notice struct {
	kind results.ChangeKind
	at   time.Time
}

// Changes are the changes run makes against the runs of its
// environment label recorded before it, per flow and data row, in the
// run's order (docs/running.md "Alerts"). Call it before Record.
func (s *Store) Changes(ctx context.Context, run Run, rules AlertRules) ([]results.Change, error) {
	if rules.Window < 2 {
		rules.Window = 2
	}
	var out []results.Change
	for _, f := range run.Flows {
		if f.Status == results.Skipped || f.Quarantined {
			continue
		}
		recent, err := s.recentStatuses(ctx, run.EnvLabel, f.Name, rules.Window)
		if err != nil {
			return nil, s.fail("cannot read the last runs", err)
		}
		last, err := s.lastNotice(ctx, run.EnvLabel, f.Name)
		if err != nil {
			return nil, s.fail("cannot read the last alerts", err)
		}
		out = append(out, flowChanges(f, recent, last, rules)...)
	}
	return out, nil
}

// flowChanges applies the rules to one flow: recent are its statuses
// before this run, latest first.
func flowChanges(f Flow, recent []results.Status, last notice, rules AlertRules) []results.Change {
	c := results.Change{Flow: f.Name, File: f.File}
	var out []results.Change
	prevFailed := len(recent) > 0 && recent[0] == results.Failed
	switch {
	case f.Status == results.Failed && !prevFailed:
		c.Kind, c.Message = results.GoneFailing, firstLine(f.Message)
		out = append(out, c)
	case f.Status == results.Failed && (!last.failing() || rules.Now.Sub(last.at) >= rules.Renotify):
		c.Kind, c.Message = results.StillFailing, firstLine(f.Message)
		out = append(out, c)
	case f.Status != results.Failed && prevFailed:
		c.Kind = results.Recovered
		out = append(out, c)
	}
	if rules.FlakyBound > 0 {
		before := flakyRate(recent[:min(len(recent), rules.Window)])
		after := flakyRate(append([]results.Status{f.Status}, recent[:min(len(recent), rules.Window-1)]...))
		if before < rules.FlakyBound && after >= rules.FlakyBound {
			out = append(out, results.Change{Kind: results.GoneFlaky, Flow: f.Name, File: f.File, FlakyRate: after})
		}
	}
	return out
}

// failing says the notice was of a failure.
func (n notice) failing() bool {
	return n.kind == results.GoneFailing || n.kind == results.StillFailing
}

// flakyRate is the share of flaky runs in ss.
func flakyRate(ss []results.Status) float64 {
	if len(ss) == 0 {
		return 0
	}
	n := 0
	for _, s := range ss {
		if s == results.Flaky {
			n++
		}
	}
	return float64(n) / float64(len(ss))
}

// recentStatuses are flow name's last n statuses in the runs of
// envLabel (exactly: "" is the runs without a label), latest first.
func (s *Store) recentStatuses(ctx context.Context, envLabel, name string, n int) ([]results.Status, error) {
	rows, err := s.db.QueryContext(ctx, s.d.sql(`SELECT f.status FROM flow_runs f JOIN runs r ON r.id = f.run_id
		WHERE f.name = ? AND r.env_label = ? AND f.status <> 'skipped'
		ORDER BY f.started_at DESC, f.run_id DESC LIMIT ?`), name, envLabel, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []results.Status
	for rows.Next() {
		var st string
		if err := rows.Scan(&st); err != nil {
			return nil, err
		}
		out = append(out, results.Status(st))
	}
	return out, rows.Err()
}

// lastNotice is flow name's last alert in envLabel, zero when none.
func (s *Store) lastNotice(ctx context.Context, envLabel, name string) (notice, error) {
	var kind string
	var at int64
	err := s.db.QueryRowContext(ctx, s.d.sql(`SELECT kind, notified_at FROM alerts WHERE env_label = ? AND name = ?`),
		envLabel, name).Scan(&kind, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return notice{}, nil
	}
	return notice{kind: results.ChangeKind(kind), at: millis(at)}, err
}

// Notified remembers that changes were posted at `at`, so that a flow
// still failing is not re-posted before --renotify (docs/running.md
// "Alerts").
func (s *Store) Notified(ctx context.Context, envLabel string, changes []results.Change, at time.Time) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return s.fail("cannot record the alerts", err)
	}
	defer tx.Rollback()
	q := s.d.sql(`INSERT INTO alerts (env_label, name, kind, notified_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (env_label, name) DO UPDATE SET kind = excluded.kind, notified_at = excluded.notified_at`)
	for _, c := range changes {
		if c.Kind == results.GoneFlaky {
			continue // a flaky alert does not hold back a failure's
		}
		if _, err := tx.ExecContext(ctx, q, envLabel, c.Flow, string(c.Kind), at.UnixMilli()); err != nil {
			return s.fail("cannot record the alerts", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return s.fail("cannot record the alerts", err)
	}
	return nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
