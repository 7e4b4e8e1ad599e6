package history

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver
	_ "modernc.org/sqlite"             // the "sqlite" driver, pure Go
)

// EnvVar names the store when --history is not given.
const EnvVar = "SMOKEFLOW_HISTORY"

// Store is an open history store.
type Store struct {
	db   *sql.DB
	d    dialect
	name string // the store as the user gave it, a password hidden
}

// busyTimeout is how long a SQLite writer waits for another one to end
// its transaction (two crons, the shards of one run) before giving up.
var busyTimeout = 10 * time.Second

// Error is a store that cannot be used: it names the store and the fix.
type Error struct {
	Store   string // the URL, a password hidden
	Problem string
	Fix     string
	Err     error
}

func (e *Error) Error() string {
	s := "history store " + e.Store + ": " + e.Problem
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	if e.Fix != "" {
		s += "; " + e.Fix
	}
	return s
}

func (e *Error) Unwrap() error { return e.Err }

// urlFix is the fix of a store URL that is not one.
const urlFix = "give --history (or " + EnvVar + ") a file path, sqlite:PATH or postgres://USER@HOST:PORT/DB"

// Open opens the store at rawURL (docs/running.md "History"): a file path
// or sqlite:PATH is a SQLite file, created with its folder when missing;
// postgres:// or postgresql:// is a PostgreSQL database. The schema is
// created, or migrated to this smokeflow's, on the way.
func Open(ctx context.Context, rawURL string) (*Store, error) {
	s, dsn, err := parseStore(rawURL)
	if err != nil {
		return nil, err
	}
	if s.d.name == "sqlite" {
		if err := os.MkdirAll(filepath.Dir(dsn), 0o755); err != nil {
			return nil, &Error{Store: s.name, Problem: "cannot create its folder", Err: err, Fix: "give a path in a folder smokeflow may write"}
		}
		// WAL: readers never wait for the writer; NORMAL sync is safe
		// in WAL mode (a power cut may lose the last run, never the file)
		dsn += fmt.Sprintf("?_txlock=immediate&_busy_timeout=%d&_journal_mode=WAL&_synchronous=NORMAL", busyTimeout.Milliseconds())
	}
	db, err := sql.Open(s.d.driver, dsn)
	if err != nil {
		return nil, &Error{Store: s.name, Problem: "not a store URL", Err: err, Fix: urlFix}
	}
	s.db = db
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// parseStore tells the store's kind from rawURL: the Store, unopened, and
// its driver's data source.
func parseStore(rawURL string) (*Store, string, error) {
	raw := strings.TrimSpace(rawURL)
	if raw == "" {
		return nil, "", &Error{Store: `""`, Problem: "no store given", Fix: urlFix}
	}
	switch scheme, rest, _ := strings.Cut(raw, ":"); {
	case strings.HasPrefix(raw, "postgres://"), strings.HasPrefix(raw, "postgresql://"):
		u, err := url.Parse(raw)
		if err != nil {
			return nil, "", &Error{Store: hidePassword(raw), Problem: "not a store URL", Err: errors.Unwrap(err), Fix: urlFix}
		}
		return &Store{d: postgresDialect, name: u.Redacted()}, raw, nil
	case scheme == "sqlite":
		if rest == "" {
			return nil, "", &Error{Store: raw, Problem: "sqlite: names no file", Fix: urlFix}
		}
		return &Store{d: sqliteDialect, name: raw}, strings.TrimPrefix(rest, "//"), nil
	case strings.Contains(raw, "://"):
		return nil, "", &Error{Store: hidePassword(raw), Problem: "not a kind of store smokeflow knows (" + scheme + ")", Fix: urlFix}
	}
	return &Store{d: sqliteDialect, name: "sqlite:" + raw}, raw, nil
}

// hidePassword hides what may be a password in a URL that does not parse.
func hidePassword(raw string) string {
	scheme, rest, ok := strings.Cut(raw, "://")
	if !ok {
		return raw
	}
	if at := strings.LastIndex(rest, "@"); at >= 0 {
		if user, _, ok := strings.Cut(rest[:at], ":"); ok {
			return scheme + "://" + user + ":xxxxx" + rest[at:]
		}
	}
	return raw
}

// Name is the store as the user gave it, a password hidden.
func (s *Store) Name() string { return s.name }

// Close closes the store.
func (s *Store) Close() error { return s.db.Close() }

// fail is err as an Error naming the store, with the fix that fits it.
func (s *Store) fail(what string, err error) error {
	var he *Error
	if errors.As(err, &he) {
		return err
	}
	problem, fix := diagnose(s.d, err)
	return &Error{Store: s.name, Problem: what + ": " + problem, Err: err, Fix: fix}
}

// diagnose says what went wrong with a store, and the fix.
func diagnose(d dialect, err error) (problem, fix string) {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "database is locked"), strings.Contains(msg, "SQLITE_BUSY"):
		return fmt.Sprintf("the file is locked by another process (waited %s)", busyTimeout),
			"another smokeflow or tool holds a write lock on it: let it end, or give this run a store of its own"
	case strings.Contains(msg, "file is not a database"), strings.Contains(msg, "malformed"):
		return "the file is not a SQLite database", "give --history a new file, or move this one away"
	case strings.Contains(msg, "unable to open database file"), strings.Contains(msg, "readonly"):
		return "the file cannot be opened for writing", "give a path smokeflow may write"
	case d.name == "postgres" && (strings.Contains(msg, "connect") || strings.Contains(msg, "dial")):
		return "cannot connect to the server", "start the server, or fix the host, port, user and database in the URL"
	case d.name == "postgres" && strings.Contains(msg, "authentication"):
		return "the server refused the user", "fix the user and password in the URL (or PGPASSWORD)"
	}
	return "cannot use it", "check the URL given to --history (or " + EnvVar + ")"
}
