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

// latestSQL numbers each flow's records, latest first, as n.
const latestSQL = `SELECT f.name, f.file, f.status, f.attempts, f.started_at, f.duration_ms, f.reason, f.step, f.message,
	f.artifacts, r.git_commit, r.git_branch, r.env_label,
	ROW_NUMBER() OVER (PARTITION BY f.name ORDER BY f.started_at DESC, f.run_id DESC) AS n
	FROM flow_runs f JOIN runs r ON r.id = f.run_id WHERE `

// History is each flow's latest runs and figures, by name.
func (s *Store) History(ctx context.Context, fl Filter) ([]FlowHistory, error) {
	if fl.Last < 1 {
		fl.Last = 1
	}
	cond, args := fl.where(s.d)
	out, err := s.latest(ctx, cond, args, fl.Last)
	if err != nil {
		return nil, s.fail("cannot read the history", err)
	}
	if err := s.addLastPassed(ctx, out, cond, args); err != nil {
		return nil, s.fail("cannot read the history", err)
	}
	if err := s.addLastFailure(ctx, out, cond, args); err != nil {
		return nil, s.fail("cannot read the history", err)
	}
	for i := range out {
		out[i].figure()
	}
	return out, nil
}

// latest reads each flow's last n records, oldest first, flows by name.
func (s *Store) latest(ctx context.Context, cond string, args []any, n int) ([]FlowHistory, error) {
	rows, err := s.db.QueryContext(ctx, s.d.sql(`SELECT * FROM (`+latestSQL+cond+`) t WHERE n <= ? ORDER BY name, started_at, n DESC`), append(args, n)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []FlowHistory
	for rows.Next() {
		e, err := scanEntry(rows)
		if err != nil {
			return nil, err
		}
		if len(out) == 0 || out[len(out)-1].Name != e.name {
			out = append(out, FlowHistory{Name: e.name})
		}
		h := &out[len(out)-1]
		h.File = e.file
		h.Runs = append(h.Runs, e.Entry)
	}
	return out, rows.Err()
}

// namedEntry is an Entry with its flow's name and file.
type namedEntry struct {
	Entry
	name, file string
}

// scanEntry reads one row of latestSQL.
func scanEntry(rows *sql.Rows) (namedEntry, error) {
	var e namedEntry
	var status string
	var start, dur, n int64
	err := rows.Scan(&e.name, &e.file, &status, &e.Attempts, &start, &dur, &e.Reason, &e.Step, &e.Message,
		&e.Artifacts, &e.Commit, &e.Branch, &e.EnvLabel, &n)
	e.Status, e.StartedAt, e.Duration = results.Status(status), millis(start), time.Duration(dur)*time.Millisecond
	return e, err
}

// addLastPassed sets each flow's LastPassed, and FailingSince when its
// latest run failed: the first failure after it last passed.
func (s *Store) addLastPassed(ctx context.Context, hs []FlowHistory, cond string, args []any) error {
	rows, err := s.db.QueryContext(ctx, s.d.sql(`SELECT f.name, MAX(f.started_at) FROM flow_runs f JOIN runs r ON r.id = f.run_id
		WHERE f.status IN ('passed', 'flaky') AND `+cond+` GROUP BY f.name`), args...)
	if err != nil {
		return err
	}
	passed := map[string]time.Time{}
	for rows.Next() {
		var name string
		var ms int64
		if err := rows.Scan(&name, &ms); err != nil {
			rows.Close()
			return err
		}
		passed[name] = millis(ms)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for i := range hs {
		h := &hs[i]
		if t, ok := passed[h.Name]; ok {
			h.LastPassed = &t
		}
		if h.Runs[len(h.Runs)-1].Status == results.Failed {
			if err := s.addFailingSince(ctx, h, cond, args); err != nil {
				return err
			}
		}
	}
	return nil
}

// addFailingSince sets h.FailingSince: its first failure after it last
// passed, or its first failure of all when it never passed.
func (s *Store) addFailingSince(ctx context.Context, h *FlowHistory, cond string, args []any) error {
	after := int64(-1 << 62)
	if h.LastPassed != nil {
		after = h.LastPassed.UnixMilli()
	}
	var ms int64
	err := s.db.QueryRowContext(ctx, s.d.sql(`SELECT MIN(f.started_at) FROM flow_runs f JOIN runs r ON r.id = f.run_id
		WHERE f.name = ? AND f.status = 'failed' AND f.started_at > ? AND `+cond), append([]any{h.Name, after}, args...)...).Scan(&ms)
	if err != nil {
		return err
	}
	t := millis(ms)
	h.FailingSince = &t
	return nil
}

// addLastFailure sets each flow's LastFailure: its latest failed run.
func (s *Store) addLastFailure(ctx context.Context, hs []FlowHistory, cond string, args []any) error {
	rows, err := s.db.QueryContext(ctx, s.d.sql(`SELECT * FROM (`+latestSQL+`f.status = 'failed' AND `+cond+`) t WHERE n = 1`), args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	byName := map[string]*FlowHistory{}
	for i := range hs {
		byName[hs[i].Name] = &hs[i]
	}
	for rows.Next() {
		e, err := scanEntry(rows)
		if err != nil {
			return err
		}
		if h := byName[e.name]; h != nil {
			h.LastFailure = &e.Entry
		}
	}
	return rows.Err()
}

// LastFailed names the flows whose latest recorded run failed, for
// `run --last-failed --history` (docs/running.md "History"); envLabel,
// when given, keeps that environment's runs.
func (s *Store) LastFailed(ctx context.Context, envLabel string) ([]string, error) {
	cond, args := Filter{EnvLabel: envLabel}.where(s.d)
	rows, err := s.db.QueryContext(ctx, s.d.sql(`SELECT name FROM (`+latestSQL+cond+`) t WHERE n = 1 AND status = 'failed' ORDER BY name`), args...)
	if err != nil {
		return nil, s.fail("cannot read the last failures", err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, s.fail("cannot read the last failures", err)
		}
		names = append(names, n)
	}
	if err := rows.Err(); err != nil {
		return nil, s.fail("cannot read the last failures", err)
	}
	return names, nil
}
