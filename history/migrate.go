package history

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// migrations build the schema, one step per version: migrations[i]
// takes a store from version i to i+1. A step is never changed once
// released; a change of schema is a new step (docs/running.md
// "History"). Times are Unix milliseconds, durations milliseconds.
var migrations = [][]string{
	{
		`CREATE TABLE runs (
			id {id},
			started_at BIGINT NOT NULL,
			duration_ms BIGINT NOT NULL,
			tool TEXT NOT NULL,
			git_commit TEXT NOT NULL,
			git_branch TEXT NOT NULL,
			env_label TEXT NOT NULL,
			base_url TEXT NOT NULL,
			shard TEXT NOT NULL,
			artifacts_dir TEXT NOT NULL,
			reports TEXT NOT NULL,
			interrupted INTEGER NOT NULL
		)`,
		`CREATE TABLE flow_runs (
			run_id BIGINT NOT NULL REFERENCES runs(id),
			name TEXT NOT NULL,
			file TEXT NOT NULL,
			status TEXT NOT NULL,
			attempts INTEGER NOT NULL,
			flaky INTEGER NOT NULL,
			started_at BIGINT NOT NULL,
			duration_ms BIGINT NOT NULL,
			reason TEXT NOT NULL,
			step TEXT NOT NULL,
			message TEXT NOT NULL,
			artifacts TEXT NOT NULL
		)`,
		`CREATE INDEX flow_runs_by_name ON flow_runs(name, started_at)`,
		`CREATE INDEX flow_runs_by_status ON flow_runs(name, status, started_at)`,
		`CREATE INDEX flow_runs_by_run ON flow_runs(run_id)`,
		`CREATE INDEX runs_by_start ON runs(started_at)`,
	},
	// 2: what `--notify-on change` last posted of each flow, per
	// environment label, and when (docs/running.md "Alerts")
	{
		`CREATE TABLE alerts (
			env_label TEXT NOT NULL,
			name TEXT NOT NULL,
			kind TEXT NOT NULL,
			notified_at BIGINT NOT NULL,
			PRIMARY KEY (env_label, name)
		)`,
	},
	// 3: the verdict of run --compare-to of a failed flow, the URL it was
	// compared with and the verdict's sentence (docs/running.md "Was it
	// this deploy?"); '' for the flows recorded before, and for a flow
	// not compared
	{
		`ALTER TABLE flow_runs ADD COLUMN compare_verdict TEXT NOT NULL DEFAULT ''`,
		`ALTER TABLE flow_runs ADD COLUMN compare_url TEXT NOT NULL DEFAULT ''`,
		`ALTER TABLE flow_runs ADD COLUMN compare_message TEXT NOT NULL DEFAULT ''`,
	},
}

// SchemaVersion is the version of the schema this smokeflow writes.
var SchemaVersion = len(migrations)

// migrate brings the schema to SchemaVersion in one transaction, the
// lock of the store held so that two processes never migrate at once. A
// store already at this version is only read.
func (s *Store) migrate(ctx context.Context) error {
	var current sql.NullInt64
	err := s.db.QueryRowContext(ctx, `SELECT MAX(version) FROM schema_version`).Scan(&current)
	if err == nil && int(current.Int64) == SchemaVersion {
		return nil
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return s.fail("cannot open it", err)
	}
	defer tx.Rollback()
	if s.d.lock != "" {
		if _, err := tx.ExecContext(ctx, s.d.lock); err != nil {
			return s.fail("cannot lock its schema", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return s.fail("cannot read its schema", err)
	}
	v, err := schemaVersion(ctx, tx)
	if err != nil {
		return s.fail("cannot read its schema version", err)
	}
	if v > SchemaVersion {
		return &Error{Store: s.name, Problem: fmt.Sprintf("its schema is version %d, from a newer smokeflow; this one knows versions up to %d", v, SchemaVersion),
			Fix: "upgrade smokeflow, or give --history another store"}
	}
	for i := v; i < SchemaVersion; i++ {
		for _, q := range migrations[i] {
			if _, err := tx.ExecContext(ctx, s.d.sql(q)); err != nil {
				return s.fail(fmt.Sprintf("cannot migrate its schema to version %d", i+1), err)
			}
		}
	}
	if v < SchemaVersion {
		if err := setVersion(ctx, tx, s.d); err != nil {
			return s.fail("cannot write its schema version", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return s.fail("cannot migrate its schema", err)
	}
	return nil
}

// schemaVersion is the store's version, 0 for a new store.
func schemaVersion(ctx context.Context, tx *sql.Tx) (int, error) {
	var v sql.NullInt64
	err := tx.QueryRowContext(ctx, `SELECT MAX(version) FROM schema_version`).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return int(v.Int64), err
}

// setVersion records SchemaVersion in place of the version before.
func setVersion(ctx context.Context, tx *sql.Tx, d dialect) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM schema_version`); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, d.sql(`INSERT INTO schema_version (version) VALUES (?)`), SchemaVersion)
	return err
}
