package daemon

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"sync"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
	"github.com/smokeflow/smokeflow/agent/wire"
)

// gateEngine records the order in which commands run and how many ran at
// once; the first command waits for release.
type gateEngine struct {
	mu          sync.Mutex
	order       []string
	running     int
	maxRunning  int
	first       sync.Once
	started     chan struct{} // closed when the first command runs
	release     chan struct{} // the first command waits for it
	opened      sync.Once
	closedCalls int
}

// open releases the first command; a spec registers it as a cleanup too,
// so that a spec failing before it releases ends instead of hanging.
func (e *gateEngine) open() { e.opened.Do(func() { close(e.release) }) }

func newGate() *gateEngine {
	return &gateEngine{started: make(chan struct{}), release: make(chan struct{})}
}

func (e *gateEngine) Run(_ context.Context, c agent.Command) agent.Result {
	e.mu.Lock()
	e.running++
	e.maxRunning = max(e.maxRunning, e.running)
	e.order = append(e.order, c.Args[0])
	e.mu.Unlock()
	e.first.Do(func() {
		close(e.started)
		<-e.release
	})
	e.mu.Lock()
	e.running--
	e.mu.Unlock()
	return agent.Result{Stdout: c.Args[0]}
}

func (e *gateEngine) Close() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.closedCalls++
	return nil
}

// shortDir is a folder for sessions with a short path (a socket's path
// has at most 107 bytes), removed after the test.
func shortDir() string {
	GinkgoHelper()
	d, err := os.MkdirTemp("", "sfd")
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(os.RemoveAll, d)
	return d
}

// serveInProcess serves a session with eng in this process until the
// test ends; the returned function ends it sooner and returns Serve's
// error.
func serveInProcess(cfg Config, eng Engine, onPush func(agent.Command)) func() error {
	GinkgoHelper()
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan error, 1)
	done := make(chan error, 1)
	so := ServeOptions{
		NewEngine: func(context.Context, agent.Options) (Engine, error) { return eng, nil },
		Ready:     func(err error) { ready <- err },
		Log:       GinkgoWriter,
	}
	go func() { done <- serve(ctx, cfg, so, onPush) }()
	Expect(<-ready).To(Succeed())
	var once sync.Once
	var err error
	stop := func() error {
		once.Do(func() { cancel(); err = <-done })
		return err
	}
	DeferCleanup(stop)
	return stop
}

func clickN(i int) agent.Command {
	return agent.Command{Verb: agent.VerbClick, Args: []string{strconv.Itoa(i)}}
}

var _ = Describe("the queue of a session", func() {
	It("counts as ahead of a command those queued and the running one, never the command itself", func() {
		q := newFIFO()
		ahead, ok := q.push(&job{})
		Expect(ok).To(BeTrue())
		Expect(ahead).To(Equal(0))
		Expect(q.pop()).NotTo(BeNil())
		// popped and running: the next one has it ahead, counted under the
		// queue's lock (the server once read "busy" after pushing, and a
		// job popped in between counted itself)
		ahead, _ = q.push(&job{})
		Expect(ahead).To(Equal(1))
		ahead, _ = q.push(&job{})
		Expect(ahead).To(Equal(2))
		running, waiting := q.state()
		Expect(running).To(BeTrue())
		Expect(waiting).To(Equal(2))
		q.finished()
		ahead, _ = q.push(&job{})
		Expect(ahead).To(Equal(2), "two wait, none runs")
	})

	It("answers 20 commands fired at once, one at a time, in the order they were queued, none lost", func() {
		cfg := Config{Dir: shortDir(), Options: agent.Options{Name: "fifo"}, IdleTimeout: DefaultIdleTimeout}
		eng := newGate()
		var mu sync.Mutex
		var queued []string
		allQueued := make(chan struct{})
		stop := serveInProcess(cfg, eng, func(c agent.Command) {
			mu.Lock()
			defer mu.Unlock()
			queued = append(queued, c.Args[0])
			if len(queued) == 20 {
				close(allQueued)
			}
		})
		DeferCleanup(eng.open)                                 // before the session's stop, which waits for the command
		c := &Client{Config: cfg, Exe: []string{"/bin/false"}} // it must not start a process
		// the first command holds the engine until all 20 are queued: the
		// others wait in the queue, and one running meanwhile would be seen
		whileFirstRuns := make(chan *Info, 1)
		go func() {
			defer GinkgoRecover()
			<-allQueued
			<-eng.started
			st, err := c.Status()
			Expect(err).NotTo(HaveOccurred())
			whileFirstRuns <- st
			eng.open()
		}()
		results := make([]agent.Result, 20)
		errs := make([]error, 20)
		fire := make(chan struct{})
		var wg sync.WaitGroup
		for i := range 20 {
			wg.Go(func() {
				<-fire
				results[i], errs[i] = c.Do(context.Background(), clickN(i))
			})
		}
		close(fire)
		wg.Wait()
		for i := range 20 {
			Expect(errs[i]).NotTo(HaveOccurred())
			Expect(results[i]).To(Equal(agent.Result{Stdout: strconv.Itoa(i)}), "each client gets its own answer")
		}
		st := <-whileFirstRuns
		Expect(st.Busy).To(BeTrue())
		Expect(st.Queued).To(Equal(19), "the others wait in the queue while the first runs")
		Expect(eng.maxRunning).To(Equal(1), "one command at a time")
		Expect(eng.order).To(Equal(queued), "in the order they were queued")
		Expect(stop()).To(Succeed())
		Expect(eng.closedCalls).To(Equal(1), "the engine is closed when the session ends")
	})

	It("runs commands in the order they arrive", func() {
		cfg := Config{Dir: shortDir(), Options: agent.Options{Name: "order"}, IdleTimeout: DefaultIdleTimeout}
		eng := newGate()
		serveInProcess(cfg, eng, nil)
		DeferCleanup(eng.open) // before the session's stop, which waits for the command
		socket := pathsOf(cfg).socket
		readers := make([]*bufio.Reader, 20)
		for i := range 20 {
			// each command is sent once the one before it is acknowledged
			conn, err := dial(socket)
			Expect(err).NotTo(HaveOccurred())
			DeferCleanup(conn.Close)
			cmd := clickN(i)
			Expect(wire.WriteLine(conn, request{Command: &cmd})).To(Succeed())
			readers[i] = bufio.NewReader(conn)
			var ack response
			Expect(wire.ReadLine(readers[i], &ack)).To(Succeed())
			Expect(ack.Queued).NotTo(BeNil())
			Expect(ack.Queued.Ahead).To(Equal(i), "commands before it: those queued and the running one")
			if i == 0 {
				<-eng.started
			}
		}
		eng.open()
		var want []string
		for i := range 20 {
			var res response
			Expect(wire.ReadLine(readers[i], &res)).To(Succeed())
			Expect(res.Result).To(Equal(&agent.Result{Stdout: strconv.Itoa(i)}))
			want = append(want, strconv.Itoa(i))
		}
		Expect(eng.order).To(Equal(want))
	})
})
