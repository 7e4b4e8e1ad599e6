package browser

import (
	"context"
	"time"

	"github.com/go-rod/rod/lib/proto"
)

// MainThread is what the main thread of a tab's document has spent on
// tasks since the document began: Tasks by the wall clock, CPU in the
// thread's own processor time (Chromium's Performance.getMetrics
// TaskDuration and ThreadTime). On an idle machine the two are close; on
// a busy one, Tasks − CPU is the time the thread was ready to run but
// waited for a processor: the machine's share of a slow load, not the
// page's (docs/explore.md "Slowness on a busy machine").
type MainThread struct {
	Tasks, CPU time.Duration
}

// WaitedUntil is how long the main thread waited for a processor from m
// until later, both read of the same tab. A later reading of a new
// document, whose counts began again, counts from zero.
func (m MainThread) WaitedUntil(later MainThread) time.Duration {
	if later.Tasks < m.Tasks || later.CPU < m.CPU {
		m = MainThread{}
	}
	return max((later.Tasks-m.Tasks)-(later.CPU-m.CPU), 0)
}

// MainThread reads the main frame's document's MainThread; the page's
// session counts it from its start (setupSession).
func (p *Page) MainThread(ctx context.Context) (MainThread, error) {
	res, err := proto.PerformanceGetMetrics{}.Call(p.main.Client(ctx))
	if err != nil {
		return MainThread{}, err
	}
	var m MainThread
	for _, x := range res.Metrics {
		switch x.Name {
		case "TaskDuration":
			m.Tasks = seconds(x.Value)
		case "ThreadTime":
			m.CPU = seconds(x.Value)
		}
	}
	return m, nil
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
