package history

import (
	"context"
	"fmt"
	"time"

	"github.com/smokeflow/smokeflow/results"
)

// TrendRuns is how many runs the trends in a run's reports show, the run
// itself the last of them (docs/running.md "History", docs/results.md
// "Trends").
const TrendRuns = 20

// Trends reads the recent history of run's flows and of the runs, in the
// runs recorded with envLabel (all runs when ""), and sets each flow's
// History and the run's, this run last, for its reports
// (docs/results.md "Trends"). It is read before the run is recorded.
func (s *Store) Trends(ctx context.Context, run *results.Run, envLabel string) error {
	past, err := s.History(ctx, Filter{EnvLabel: envLabel, Last: TrendRuns - 1})
	if err != nil {
		return err
	}
	byName := make(map[string][]Entry, len(past))
	for _, h := range past {
		byName[h.Name] = h.Runs
	}
	points, err := s.runPoints(ctx, envLabel, TrendRuns-1)
	if err != nil {
		return s.fail("cannot read the history", err)
	}
	for _, f := range run.Flows {
		if f != nil {
			f.History = trendOf(byName[f.Name], flowOf(f, run))
		}
	}
	sum := run.Summary()
	points = append(points, results.RunPoint{StartedAt: run.StartedAt, Duration: run.Duration,
		Ran: sum.Total - sum.Skipped, Passed: sum.Passed + sum.Flaky})
	run.History = &results.RunTrend{Runs: points}
	return nil
}

// trendOf is the trend of a flow whose recorded runs are past, oldest
// first, and whose run now is cur: the figures of `smokeflow history`
// over both. A skipped run adds nothing; nil when no run is left.
func trendOf(past []Entry, cur Flow) *results.Trend {
	h := FlowHistory{Runs: append([]Entry(nil), past...)}
	if cur.Status != results.Skipped {
		h.Runs = append(h.Runs, Entry{StartedAt: cur.StartedAt, Status: cur.Status, Duration: cur.Duration, CompareVerdict: cur.CompareVerdict})
	}
	if len(h.Runs) == 0 {
		return nil
	}
	h.figure()
	t := &results.Trend{Strip: h.Strip, PassRate: h.PassRate, FlakyRate: h.FlakyRate, Median: h.Median, P90: h.P90}
	for _, e := range h.Runs {
		t.Runs = append(t.Runs, results.TrendRun{StartedAt: e.StartedAt, Status: e.Status, Duration: e.Duration, Compare: e.CompareVerdict})
	}
	return t
}

// runPointSQL reads the last runs, their flows counted; the first
// argument is the label condition's, the last the limit.
const runPointSQL = `WITH last AS (SELECT id, started_at, duration_ms FROM runs %s ORDER BY started_at DESC, id DESC LIMIT ?)
	SELECT l.started_at, l.duration_ms,
		SUM(CASE WHEN f.status <> 'skipped' THEN 1 ELSE 0 END),
		SUM(CASE WHEN f.status IN ('passed', 'flaky') THEN 1 ELSE 0 END)
	FROM last l JOIN flow_runs f ON f.run_id = l.id
	GROUP BY l.id, l.started_at, l.duration_ms ORDER BY l.started_at, l.id`

// runPoints are the last n recorded runs of envLabel (all when ""),
// oldest first; each shard of a run is one.
func (s *Store) runPoints(ctx context.Context, envLabel string, n int) ([]results.RunPoint, error) {
	where, args := "", []any{}
	if envLabel != "" {
		where, args = "WHERE env_label = ?", append(args, envLabel)
	}
	rows, err := s.db.QueryContext(ctx, s.d.sql(fmt.Sprintf(runPointSQL, where)), append(args, n)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []results.RunPoint
	for rows.Next() {
		var start, dur, ran, passed int64
		if err := rows.Scan(&start, &dur, &ran, &passed); err != nil {
			return nil, err
		}
		out = append(out, results.RunPoint{StartedAt: millis(start), Duration: time.Duration(dur) * time.Millisecond, Ran: int(ran), Passed: int(passed)})
	}
	return out, rows.Err()
}
