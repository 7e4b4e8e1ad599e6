package daemon

import (
	"context"
	"sync"

	"github.com/smokeflow/smokeflow/agent"
)

// job is one command in the queue, and where its answer goes.
type job struct {
	cmd agent.Command
	// ctx ends when the client goes away or the session ends: a command
	// whose client is gone is not run, a running one is cancelled.
	ctx    context.Context
	cancel context.CancelFunc
	done   chan response // one answer: a result, or not run
}

// fifo is the session's queue: commands run in the order they were
// queued (docs/agent-session.md "Queue").
type fifo struct {
	mu      sync.Mutex
	jobs    []*job
	running bool // a popped job has not finished
	closed  bool
	ready   chan struct{} // a job was pushed (capacity 1)
	// onPush, when set, is called with each job as it is queued, in queue
	// order (the tests' view of arrival).
	onPush func(agent.Command)
}

func newFIFO() *fifo { return &fifo{ready: make(chan struct{}, 1)} }

// push queues j and says how many commands are before it, those queued
// and the running one, counted under the lock that pop takes: a job
// popped meanwhile is never counted as ahead of itself; false when the
// queue is closed (the session is ending).
func (q *fifo) push(j *job) (int, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return 0, false
	}
	ahead := len(q.jobs)
	if q.running {
		ahead++
	}
	q.jobs = append(q.jobs, j)
	if q.onPush != nil {
		q.onPush(j.cmd)
	}
	select {
	case q.ready <- struct{}{}:
	default: // the worker is told already
	}
	return ahead, true
}

// pop takes the first job, or nil; the job runs until finished is called.
func (q *fifo) pop() *job {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.jobs) == 0 {
		return nil
	}
	j := q.jobs[0]
	q.jobs[0] = nil
	q.jobs = q.jobs[1:]
	q.running = true
	return j
}

// finished says the popped job has its answer.
func (q *fifo) finished() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.running = false
}

// state is whether a job runs and how many wait.
func (q *fifo) state() (running bool, waiting int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.running, len(q.jobs)
}

// close refuses further jobs and returns those that wait.
func (q *fifo) close() []*job {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.closed = true
	rest := q.jobs
	q.jobs = nil
	return rest
}
