package runner

import (
	"context"
	"fmt"
	"time"

	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
)

// quarantineOf is the flow's quarantine as the run sees it on the day it
// starts: active through its until day (docs/flows.md "Quarantine").
func quarantineOf(f *flows.Flow, start time.Time) *results.Quarantine {
	q := f.Quarantine
	if q == nil {
		return nil
	}
	return &results.Quarantine{Owner: q.Owner, Until: q.UntilText(), Reason: q.Reason, Active: q.Active(start)}
}

// noteExpired adds to the failure of a flow whose quarantine has expired
// that it fails the run again, since when and whose it is.
func noteExpired(res *results.Flow) {
	q, final := res.Quarantine, res.Final()
	if q == nil || q.Active || final == nil || final.Failure == nil {
		return
	}
	final.Failure.Message += fmt.Sprintf("\n(the quarantine expired on %s, owner %s: this failure fails the run again; fix the flow, or move quarantine until: later)", q.Until, q.Owner)
}

// retryCount is how often a failed flow runs again: --retries when given,
// else the flow's retries: (docs/flows.md "Retries").
func retryCount(cfg Config, f *flows.Flow) int {
	if cfg.Retries > 0 || f.Retries == nil {
		return cfg.Retries
	}
	return f.Retries.Count
}

// backOff waits d before a retry; false when the run or the flows were
// stopped meanwhile (interrupt, fail-fast), so no retry starts.
func backOff(runCtx, flowCtx context.Context, d time.Duration) bool {
	if d <= 0 {
		return runCtx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return runCtx.Err() == nil
	case <-runCtx.Done():
	case <-flowCtx.Done():
	}
	return false
}
