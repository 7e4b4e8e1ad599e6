package explore

import (
	"context"
	"fmt"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/session"
)

// timing is how long a page load or an action took by the clock, and
// how much of that the page's main thread spent waiting for a busy
// processor. Slowness is judged on the page's own share, so that a walk
// on a busy machine reports a slow server or heavy scripts and not the
// machine (docs/explore.md "Slowness on a busy machine").
type timing struct {
	took, waited time.Duration
}

// own is the time the page itself took: the clock's, less the main
// thread's wait for a processor.
func (t timing) own() time.Duration { return t.took - t.waited }

// busyNote is the least wait a finding mentions.
const busyNote = 100 * time.Millisecond

// String is the time a finding shows: the page's own, and the clock's
// when the machine's share was worth saying.
func (t timing) String() string {
	if t.waited < busyNote {
		return round(t.took)
	}
	return fmt.Sprintf("%s of its own (%s by the clock; its main thread waited %s for a busy processor)",
		round(t.own()), round(t.took), round(t.waited))
}

// cpuMark is the tab's main thread as read before a load or an action;
// ok is false when it could not be read, and then nothing is taken off.
type cpuMark struct {
	tab session.Tab
	at  browser.MainThread
	ok  bool
}

func markCPU(ctx context.Context, s *session.Session) cpuMark {
	m, err := s.MainThread(ctx)
	return cpuMark{tab: s.Tab(), at: m, ok: err == nil}
}

// since is the timing of what began at m and took took: the wait is
// taken off only when both readings are of the same tab.
func (m cpuMark) since(ctx context.Context, s *session.Session, took time.Duration) timing {
	t := timing{took: took}
	if !m.ok || s.Tab() != m.tab {
		return t
	}
	if later, err := s.MainThread(ctx); err == nil {
		t.waited = min(m.at.WaitedUntil(later), took)
	}
	return t
}
