package history

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/results"
)

// Filter chooses the records `smokeflow history` reads (docs/running.md
// "History").
type Filter struct {
	// Flow is a glob on flow names (* any text, ? one character), any
	// case; "" for every flow.
	Flow string
	// EnvLabel keeps the runs of that --env-label; "" keeps all.
	EnvLabel string
	// Since keeps the flows that started at or after it; zero keeps all.
	Since time.Time
	// Last is how many of each flow's latest runs to show (at least 1).
	Last int
}

// where is the filter's SQL condition on flow_runs f joined with runs r,
// and its arguments. Skipped flows have no result and are left out.
func (fl Filter) where(d dialect) (string, []any) {
	conds := []string{"f.status <> 'skipped'"}
	var args []any
	if fl.Flow != "" {
		conds = append(conds, "f.name {like} ? ESCAPE '\\'")
		args = append(args, likePattern(fl.Flow))
	}
	if fl.EnvLabel != "" {
		conds = append(conds, "r.env_label = ?")
		args = append(args, fl.EnvLabel)
	}
	if !fl.Since.IsZero() {
		conds = append(conds, "f.started_at >= ?")
		args = append(args, fl.Since.UnixMilli())
	}
	return strings.Join(conds, " AND "), args
}

// likePattern is a glob as a LIKE pattern escaped with \.
func likePattern(glob string) string {
	var b strings.Builder
	for _, c := range glob {
		switch c {
		case '*':
			b.WriteByte('%')
		case '?':
			b.WriteByte('_')
		case '%', '_', '\\':
			b.WriteByte('\\')
			b.WriteRune(c)
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

// entrySQL reads one flow's records, latest first, with their run's
// commit, branch and label; the condition follows.
const entrySQL = `SELECT f.name, f.file, f.status, f.attempts, f.started_at, f.duration_ms, f.reason, f.step, f.message,
	f.artifacts, f.compare_verdict, f.compare_url, f.compare_message, r.git_commit, r.git_branch, r.env_label
	FROM flow_runs f JOIN runs r ON r.id = f.run_id WHERE f.name = ? AND `

// History is each flow's latest runs and figures, by name. It reads each
// flow through the index on its name, so that its time follows the
// number of flows and --last, not the length of the history.
func (s *Store) History(ctx context.Context, fl Filter) ([]FlowHistory, error) {
	if fl.Last < 1 {
		fl.Last = 1
	}
	cond, args := fl.where(s.d)
	names, err := s.names(ctx, fl)
	if err != nil {
		return nil, s.fail("cannot read the history", err)
	}
	var out []FlowHistory
	for _, name := range names {
		h, err := s.flowHistory(ctx, name, cond, args, fl.Last)
		if err != nil {
			return nil, s.fail("cannot read the history", err)
		}
		if len(h.Runs) > 0 {
			h.figure()
			out = append(out, h)
		}
	}
	return out, nil
}

// names are the flows' names in order, each found by a seek of the
// index on names (a loose index scan), those the glob keeps.
func (s *Store) names(ctx context.Context, fl Filter) ([]string, error) {
	q := `SELECT MIN(name) FROM flow_runs WHERE name > ?`
	var args []any
	if fl.Flow != "" {
		q += ` AND name {like} ? ESCAPE '\'`
		args = append(args, likePattern(fl.Flow))
	}
	q = s.d.sql(q)
	var out []string
	last := ""
	for {
		var n sql.NullString
		if err := s.db.QueryRowContext(ctx, q, append([]any{last}, args...)...).Scan(&n); err != nil {
			return nil, err
		}
		if !n.Valid {
			return out, nil
		}
		out = append(out, n.String)
		last = n.String
	}
}

// flowHistory reads one flow's last n records, oldest first, when it
// last passed, since when it fails and its last failure.
func (s *Store) flowHistory(ctx context.Context, name, cond string, args []any, n int) (FlowHistory, error) {
	h := FlowHistory{Name: name}
	runs, err := s.entries(ctx, name, cond+` ORDER BY f.started_at DESC, f.run_id DESC LIMIT ?`, append(args, n))
	if err != nil || len(runs) == 0 {
		return h, err
	}
	h.File = runs[0].file
	for i := len(runs) - 1; i >= 0; i-- {
		h.Runs = append(h.Runs, runs[i].Entry)
	}
	for _, status := range []string{"passed", "flaky"} {
		last, err := s.entries(ctx, name, "f.status = '"+status+"' AND "+cond+` ORDER BY f.started_at DESC LIMIT 1`, args)
		if err != nil {
			return h, err
		}
		if len(last) > 0 && (h.LastPassed == nil || last[0].StartedAt.After(*h.LastPassed)) {
			h.LastPassed = &last[0].StartedAt
		}
	}
	failed, err := s.entries(ctx, name, "f.status = 'failed' AND "+cond+` ORDER BY f.started_at DESC LIMIT 1`, args)
	if err != nil || len(failed) == 0 {
		return h, err
	}
	h.LastFailure = &failed[0].Entry
	if h.Runs[len(h.Runs)-1].Status == results.Failed {
		after := int64(-1 << 62)
		if h.LastPassed != nil {
			after = h.LastPassed.UnixMilli()
		}
		first, err := s.entries(ctx, name, "f.status = 'failed' AND f.started_at > ? AND "+cond+` ORDER BY f.started_at LIMIT 1`, append([]any{after}, args...))
		if err != nil || len(first) == 0 {
			return h, err
		}
		h.FailingSince = &first[0].StartedAt
	}
	return h, nil
}

// entries reads the records of flow name that tail (a condition and
// its order) keeps.
func (s *Store) entries(ctx context.Context, name, tail string, args []any) ([]namedEntry, error) {
	rows, err := s.db.QueryContext(ctx, s.d.sql(entrySQL+tail), append([]any{name}, args...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []namedEntry
	for rows.Next() {
		e, err := scanEntry(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// namedEntry is an Entry with its flow's name and file.
type namedEntry struct {
	Entry
	name, file string
}

// scanEntry reads one row of entrySQL.
func scanEntry(rows *sql.Rows) (namedEntry, error) {
	var e namedEntry
	var status, verdict string
	var start, dur int64
	err := rows.Scan(&e.name, &e.file, &status, &e.Attempts, &start, &dur, &e.Reason, &e.Step, &e.Message,
		&e.Artifacts, &verdict, &e.CompareURL, &e.CompareMessage, &e.Commit, &e.Branch, &e.EnvLabel)
	e.CompareVerdict = results.CompareVerdict(verdict)
	e.Status, e.StartedAt, e.Duration = results.Status(status), millis(start), time.Duration(dur)*time.Millisecond
	return e, err
}

// LastFailed names the flows whose latest recorded run failed, for
// `run --last-failed --history` (docs/running.md "History"); envLabel,
// when given, keeps that environment's runs.
func (s *Store) LastFailed(ctx context.Context, envLabel string) ([]string, error) {
	fl := Filter{EnvLabel: envLabel}
	cond, args := fl.where(s.d)
	names, err := s.names(ctx, fl)
	if err != nil {
		return nil, s.fail("cannot read the last failures", err)
	}
	var out []string
	for _, name := range names {
		last, err := s.entries(ctx, name, cond+` ORDER BY f.started_at DESC, f.run_id DESC LIMIT 1`, args)
		if err != nil {
			return nil, s.fail("cannot read the last failures", err)
		}
		if len(last) > 0 && last[0].Status == results.Failed {
			out = append(out, name)
		}
	}
	return out, nil
}
