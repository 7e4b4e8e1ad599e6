package history_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/smokeflow/smokeflow/history"
	"github.com/smokeflow/smokeflow/results"
)

// benchRun is a run of n flows started at start: every 7th failed,
// every 11th flaky.
func benchRun(start time.Time, n int) history.Run {
	r := history.Run{StartedAt: start, Duration: 3 * time.Minute, Tool: "smokeflow bench", Commit: "0123456789abcdef",
		Branch: "main", EnvLabel: "staging", BaseURL: "https://staging.example.com", ArtifactsDir: "out"}
	for i := range n {
		f := history.Flow{Name: fmt.Sprintf("Flow %03d", i), File: fmt.Sprintf("flows/f%03d.yaml", i), Status: results.Passed,
			Attempts: 1, StartedAt: start.Add(time.Duration(i) * time.Second), Duration: time.Duration(500+i) * time.Millisecond}
		switch {
		case i%7 == 0:
			f.Status, f.Reason, f.Step = results.Failed, "not_found", "3"
			f.Message, f.Artifacts = `step 3 (flows/f.yaml:12) click "Pay": no element matches "Pay"`, "out/f"
		case i%11 == 0:
			f.Status, f.Attempts = results.Flaky, 2
		}
		r.Flows = append(r.Flows, f)
	}
	return r
}

// BenchmarkRecord200Flows is what --history adds to a run of 200 flows:
// opening the SQLite store, recording the run in one transaction, and
// closing it (docs/testing.md "Stores"; the target is under 50 ms).
func BenchmarkRecord200Flows(b *testing.B) {
	ctx := context.Background()
	url := "sqlite:" + filepath.Join(b.TempDir(), "h.db")
	start := time.Date(2026, 1, 1, 2, 0, 0, 0, time.UTC)
	for i := 0; b.Loop(); i++ {
		s, err := history.Open(ctx, url)
		if err != nil {
			b.Fatal(err)
		}
		if err := s.Record(ctx, benchRun(start.Add(time.Duration(i)*time.Hour), 200)); err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}

// BenchmarkHistory10000Runs is `smokeflow history` (the last 10 runs of
// each flow) over 10,000 recorded runs of 10 flows each on SQLite
// (docs/testing.md "Stores"; the target is under 200 ms).
func BenchmarkHistory10000Runs(b *testing.B) {
	ctx := context.Background()
	url := "sqlite:" + filepath.Join(b.TempDir(), "h.db")
	s, err := history.Open(ctx, url)
	if err != nil {
		b.Fatal(err)
	}
	start := time.Date(2026, 1, 1, 2, 0, 0, 0, time.UTC)
	runs := make([]history.Run, 10000)
	for i := range runs {
		runs[i] = benchRun(start.Add(time.Duration(i)*time.Hour), 10)
	}
	if err := history.RecordAll(ctx, s, runs); err != nil {
		b.Fatal(err)
	}
	s.Close()
	for b.Loop() {
		s, err := history.Open(ctx, url)
		if err != nil {
			b.Fatal(err)
		}
		hs, err := s.History(ctx, history.Filter{Last: 10})
		if err != nil || len(hs) != 10 {
			b.Fatal(err, len(hs))
		}
		s.Close()
	}
}
