package history

import (
	"context"
	"database/sql"
	"time"
)

// DB is the store's database, for the tests to change behind its back.
func DB(s *Store) *sql.DB { return s.db }

// SetBusyTimeout sets how long SQLite waits for a lock, returning the
// old value.
func SetBusyTimeout(d time.Duration) time.Duration {
	old := busyTimeout
	busyTimeout = d
	return old
}

// RecordAll records runs in one transaction (the benchmark's seed).
func RecordAll(ctx context.Context, s *Store, runs []Run) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, r := range runs {
		if err := s.insert(ctx, tx, r); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// OpenAt opens the store at url as a smokeflow whose schema was version
// v opened it: a store of an older release, to migrate.
func OpenAt(ctx context.Context, url string, v int) (*Store, error) {
	all, version := migrations, SchemaVersion
	migrations, SchemaVersion = migrations[:v], v
	defer func() { migrations, SchemaVersion = all, version }()
	return Open(ctx, url)
}
