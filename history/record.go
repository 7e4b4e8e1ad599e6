package history

import (
	"context"
	"database/sql"
	"strings"
	"time"
)

// Record writes run in one transaction: a shard or a cron writing at the
// same time waits for it, and a reader never sees half a run
// (docs/running.md "History").
func (s *Store) Record(ctx context.Context, run Run) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return s.fail("cannot record the run", err)
	}
	defer tx.Rollback()
	if err := s.insert(ctx, tx, run); err != nil {
		return s.fail("cannot record the run", err)
	}
	if err := tx.Commit(); err != nil {
		return s.fail("cannot record the run", err)
	}
	return nil
}

// insert writes run and its flows in tx.
func (s *Store) insert(ctx context.Context, tx *sql.Tx, run Run) error {
	id, err := s.insertRun(ctx, tx, run)
	if err != nil {
		return err
	}
	stmt, err := tx.PrepareContext(ctx, s.d.sql(`INSERT INTO flow_runs
		(run_id, name, file, status, attempts, flaky, started_at, duration_ms, reason, step, message, artifacts,
		compare_verdict, compare_url, compare_message)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`))
	if err != nil {
		return err
	}
	defer stmt.Close()
	for _, f := range run.Flows {
		start := f.StartedAt
		if start.IsZero() {
			start = run.StartedAt
		}
		if _, err := stmt.ExecContext(ctx, id, f.Name, f.File, string(f.Status), f.Attempts, boolInt(f.Flaky()),
			start.UnixMilli(), f.Duration.Milliseconds(), f.Reason, f.Step, f.Message, f.Artifacts,
			string(f.CompareVerdict), f.CompareURL, f.CompareMessage); err != nil {
			return err
		}
	}
	return nil
}

// insertRun writes the run's row and returns its id.
func (s *Store) insertRun(ctx context.Context, tx *sql.Tx, run Run) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, s.d.sql(`INSERT INTO runs
		(started_at, duration_ms, tool, git_commit, git_branch, env_label, base_url, shard, artifacts_dir, reports, interrupted)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		run.StartedAt.UnixMilli(), run.Duration.Milliseconds(), run.Tool, run.Commit, run.Branch, run.EnvLabel,
		run.BaseURL, run.Shard, run.ArtifactsDir, strings.Join(run.Reports, "\n"), boolInt(run.Interrupted)).Scan(&id)
	return id, err
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// millis is a stored time.
func millis(ms int64) time.Time { return time.UnixMilli(ms) }
