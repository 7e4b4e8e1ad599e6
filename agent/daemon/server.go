package daemon

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"runtime/debug"
	"sync"
	"time"

	"github.com/smokeflow/smokeflow/agent"
	"github.com/smokeflow/smokeflow/browser"
)

// Engine is what a session's process serves: an *agent.Engine, or a
// test's.
type Engine interface {
	agent.Runner
	Close() error
}

// NewEngine starts a session's engine.
type NewEngine func(ctx context.Context, opts agent.Options) (Engine, error)

// urler is an engine that tells its page's URL, which `sessions` lists.
type urler interface{ URL() string }

// ServeOptions are how Serve starts and reports.
type ServeOptions struct {
	// NewEngine starts the engine; nil is agent.New.
	NewEngine NewEngine
	// Ready, when set, is called once: with nil when the socket answers,
	// else with the error that stopped the start.
	Ready func(error)
	// Log receives a line per event (start, each command's verb and exit
	// code, the end); nil is os.Stderr. Arguments are never logged: they
	// may hold secrets.
	Log io.Writer
}

// requestTimeout bounds the wait for a connection's request.
const requestTimeout = 10 * time.Second

// maxRequest bounds a request's size (a command's arguments: a script to
// eval, a value to fill).
const maxRequest = 16 << 20

// server is one session's process.
type server struct {
	cfg     Config
	p       paths
	engine  Engine
	ln      *net.UnixListener
	q       *fifo
	lock    *os.File // the serve lock, held for the process's life
	log     io.Writer
	started time.Time

	stopOnce   sync.Once
	conns      sync.WaitGroup
	acceptDone chan struct{} // closed when accept has returned

	mu       sync.Mutex
	lastUsed time.Time
	url      string
}

// Serve serves one session until it is closed, stays idle for
// cfg.IdleTimeout, or ctx ends (SIGTERM), and takes its engine with it
// (docs/agent-session.md "The process"). It returns nil when the session
// ended in one of those ways.
func Serve(ctx context.Context, cfg Config, so ServeOptions) error {
	return serve(ctx, cfg, so, nil)
}

// serve is Serve; onPush, when set, sees each command as it is queued.
func serve(ctx context.Context, cfg Config, so ServeOptions, onPush func(agent.Command)) error {
	if so.Log == nil {
		so.Log = os.Stderr
	}
	if so.NewEngine == nil {
		so.NewEngine = func(ctx context.Context, o agent.Options) (Engine, error) { return agent.New(ctx, o) }
	}
	s, err := start(ctx, cfg, so)
	if so.Ready != nil {
		so.Ready(err)
	}
	if err != nil {
		return err
	}
	s.q.onPush = onPush
	return s.run(ctx)
}

// start takes the session's serve lock, starts its engine and listens.
func start(ctx context.Context, cfg Config, so ServeOptions) (*server, error) {
	cfg, err := cfg.resolve()
	if err != nil {
		return nil, err
	}
	p := pathsOf(cfg)
	if err := ensureDirs(cfg, p); err != nil {
		return nil, err
	}
	lock, err := takeServeLock(ctx, p)
	if err != nil {
		return nil, fmt.Errorf("session %q: %w", cfg.Name, err)
	}
	s := &server{cfg: cfg, p: p, q: newFIFO(), lock: lock, log: so.Log, started: time.Now(), acceptDone: make(chan struct{})}
	s.lastUsed = s.started
	if err := s.listen(ctx, so.NewEngine); err != nil {
		return nil, errors.Join(err, unlock(lock))
	}
	s.logf("serving session %q as pid %d on %s; idle timeout %s", cfg.Name, os.Getpid(), p.socket, cfg.IdleTimeout)
	return s, nil
}

// serveLockWait is how long a starting process waits for a serve lock
// that is taken: a lock its client has just released can stay held for
// a moment by a copy of the client's file descriptor, in a child that
// another goroutine of the client forked and has not yet replaced by
// its program (docs/agent-session.md "Starting").
const serveLockWait = 2 * time.Second

// takeServeLock takes the session's serve lock, waiting serveLockWait
// for a holder to let go; past that the session is served already.
func takeServeLock(ctx context.Context, p paths) (*os.File, error) {
	wctx, cancel := context.WithTimeout(ctx, serveLockWait)
	defer cancel()
	f, err := lock(wctx, p.serve)
	switch {
	case err == nil:
		return f, nil
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case wctx.Err() != nil:
		if pid := readPID(p.pid); pid > 0 {
			return nil, fmt.Errorf("it is served by another process already (pid %d)", pid)
		}
		return nil, fmt.Errorf("another process holds its lock %s, and no pid file names it", p.serve)
	}
	return nil, fmt.Errorf("locking %s: %w", p.serve, err)
}

// listen replaces what a dead process left, starts the engine, writes
// the pid file and opens the socket. The caller holds the serve lock.
func (s *server) listen(ctx context.Context, newEngine NewEngine) error {
	st, err := removeStale(s.p)
	if err != nil {
		return fmt.Errorf("removing stale files: %w", err)
	}
	if st.note != "" {
		s.logf("%s", st.note)
	}
	browser.EnableSubreaper() // the browser's orphaned helpers are reaped here
	opts := s.cfg.Options
	opts.Ended = st.why(s.p) // (docs/agent-session.md "A session that died")
	if s.engine, err = newEngine(ctx, opts); err != nil {
		return err
	}
	if err := writePID(s.p.pid); err != nil {
		return errors.Join(err, s.engine.Close())
	}
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: s.p.socket, Net: "unix"})
	if err == nil {
		err = os.Chmod(s.p.socket, 0o600)
	}
	if err != nil {
		return errors.Join(fmt.Errorf("listening on %s: %w", s.p.socket, err), s.engine.Close(), os.Remove(s.p.pid))
	}
	s.ln = ln
	return nil
}

// run serves until the session ends, then ends it.
func (s *server) run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go s.reapOrphans(ctx)
	go s.accept(ctx)
	reason := s.work(ctx)
	return s.shutdown(reason)
}

// reapOrphans reaps the processes re-parented to this one as they end,
// while ctx lasts (docs/agent-session.md "The process").
func (s *server) reapOrphans(ctx context.Context) {
	ch := make(chan os.Signal, 1)
	notifyChildExit(ch)
	defer signal.Stop(ch)
	for {
		select {
		case <-ctx.Done():
			return
		case <-ch:
			browser.ReapZombies()
		}
	}
}

// accept hands each connection to its goroutine until the listener
// closes.
func (s *server) accept(ctx context.Context) {
	defer close(s.acceptDone)
	for {
		conn, err := s.ln.AcceptUnix()
		if errors.Is(err, net.ErrClosed) {
			return
		}
		if err != nil {
			s.logf("accepting a connection: %v", err)
			continue
		}
		s.conns.Add(1)
		go s.handle(ctx, conn)
	}
}

// freeAfter is how long the process waits for the next command before
// it gives its free memory back (docs/agent-session.md "The process").
const freeAfter = 200 * time.Millisecond

// work runs the queued commands one at a time until the session ends,
// and says why it ended.
func (s *server) work(ctx context.Context) string {
	idle := time.NewTimer(s.cfg.IdleTimeout)
	defer idle.Stop()
	free := time.NewTimer(freeAfter)
	free.Stop()
	defer free.Stop()
	for {
		if ctx.Err() != nil {
			return "stopped by a signal"
		}
		if j := s.q.pop(); j != nil {
			idle.Stop()
			free.Stop()
			res := s.runJob(j)
			if res.Closed {
				s.stopAccepting() // a command after close starts a new session
				j.done <- response{Result: &res}
				return "closed by a command"
			}
			j.done <- response{Result: &res}
			// after the answer, not before it: listing the processes reads
			// all of /proc, milliseconds on a busy machine
			// (docs/benchmarks.md "The agent session against agent-browser")
			browser.ReapZombies()
			free.Reset(freeAfter)
			idle.Reset(s.cfg.IdleTimeout)
			continue
		}
		select {
		case <-free.C:
			debug.FreeOSMemory() // once idle (docs/agent-session.md "The process")
		case <-s.q.ready:
		case <-idle.C:
			return fmt.Sprintf("idle for %s", s.cfg.IdleTimeout)
		case <-ctx.Done():
			return "stopped by a signal"
		}
	}
}

// runJob runs one command on the engine; a panic in the engine fails the
// command, not the session.
func (s *server) runJob(j *job) (res agent.Result) {
	defer j.cancel()
	defer s.q.finished()
	if j.ctx.Err() != nil {
		return agent.Result{Code: agent.ExitFailed, Stderr: "smokeflow: not run: the client went away\n"}
	}
	s.touch()
	began := time.Now()
	defer func() {
		if v := recover(); v != nil {
			s.logf("%s panicked: %v\n%s", j.cmd.Verb, v, debug.Stack())
			res = agent.Result{Code: agent.ExitFailed, Stderr: fmt.Sprintf("smokeflow: internal error in %s: %v (the session's log has the details)\n", j.cmd.Verb, v)}
		}
		if j.cmd.Verb == agent.VerbClose {
			res.Closed = true // close ends the session, whatever the engine said
		}
		s.touch()
		s.logf("%s: exit %d in %s", j.cmd.Verb, res.Code, time.Since(began).Round(time.Millisecond))
	}()
	res = s.engine.Run(j.ctx, j.cmd)
	if u, ok := s.engine.(urler); ok {
		s.mu.Lock()
		s.url = u.URL()
		s.mu.Unlock()
	}
	return res
}

// touch marks the session used now.
func (s *server) touch() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lastUsed = time.Now()
}

// stopAccepting closes the listener, which removes the socket: from now
// on a client starts a new process.
func (s *server) stopAccepting() {
	s.stopOnce.Do(func() {
		if err := s.ln.Close(); err != nil {
			s.logf("closing the socket: %v", err)
		}
	})
}

// shutdown ends the session: no more connections, the queued commands
// answered as not run, the engine and its browser closed, the pid file
// removed and the serve lock released.
func (s *server) shutdown(reason string) error {
	s.logf("ending: %s", reason)
	s.stopAccepting()
	for _, j := range s.q.close() {
		j.done <- response{NotRun: "the session ended (" + reason + ") before this command ran"}
	}
	err := s.engine.Close()
	if err != nil {
		s.logf("closing the engine: %v", err)
	}
	<-s.acceptDone // no connection is added once this is closed
	s.conns.Wait()
	browser.ReapZombies()
	err = errors.Join(err, os.Remove(s.p.pid), unlock(s.lock))
	s.logf("ended")
	return err
}

// info is the session's status.
func (s *server) info() *Info {
	busy, queued := s.q.state()
	s.mu.Lock()
	defer s.mu.Unlock()
	return &Info{Name: s.cfg.Name, PID: os.Getpid(), URL: s.url, Busy: busy, Queued: queued,
		Started: s.started, LastUsed: s.lastUsed, Socket: s.p.socket, Log: s.p.log}
}

// logf writes a line to the log; a log that cannot be written is no
// reason to stop serving.
func (s *server) logf(format string, a ...any) {
	line := time.Now().Format("2006-01-02T15:04:05.000Z07:00") + " " + fmt.Sprintf(format, a...) + "\n"
	_, _ = io.WriteString(s.log, line) // nowhere to say that the log failed
}

// handle answers one connection: a status request, or a command once it
// has run.
func (s *server) handle(ctx context.Context, conn *net.UnixConn) {
	defer s.conns.Done()
	defer conn.Close()
	enc := json.NewEncoder(conn)
	br := bufio.NewReader(io.LimitReader(conn, maxRequest))
	if err := conn.SetReadDeadline(time.Now().Add(requestTimeout)); err != nil {
		return
	}
	if err := s.checkConn(conn); err != nil {
		s.logf("%v", err)
		s.send(enc, response{Refused: err.Error()})
		// the refusal is read before the connection closes: the client's
		// request is taken in, unread
		_ = conn.CloseWrite() // what was written is sent either way
		_, _ = io.Copy(io.Discard, br)
		return
	}
	var req request
	line, err := br.ReadBytes('\n')
	if err == nil {
		err = json.Unmarshal(line, &req)
	}
	switch {
	case errors.Is(err, io.EOF) && len(line) == 0:
		// a client that looked whether the session is served
	case err != nil:
		s.logf("reading a request: %v", err)
	case req.Status:
		s.send(enc, response{Status: s.info()})
	case req.Command != nil:
		s.command(ctx, conn, br, enc, *req.Command)
	default:
		s.logf("a request with neither a command nor a status request")
	}
}

// command queues a command, acknowledges it, and sends its answer. The
// command's context ends if the client goes away.
func (s *server) command(ctx context.Context, conn *net.UnixConn, br *bufio.Reader, enc *json.Encoder, c agent.Command) {
	jctx, cancel := context.WithCancel(ctx)
	j := &job{cmd: c, ctx: jctx, cancel: cancel, done: make(chan response, 1)}
	defer cancel()
	ahead, ok := s.q.push(j)
	if !ok {
		s.send(enc, response{NotRun: "the session is ending"})
		return
	}
	if !s.send(enc, response{Queued: &queued{Ahead: ahead}}) || conn.SetReadDeadline(time.Time{}) != nil {
		cancel()
	} else {
		// the client sends nothing more: a read ends when it goes away
		go func() {
			_, _ = br.ReadByte() // its error is the client's leaving, or the connection's end
			cancel()
		}()
	}
	s.send(enc, <-j.done)
}

// send writes one response line; false if the client is gone.
func (s *server) send(enc *json.Encoder, r response) bool {
	return enc.Encode(r) == nil
}

// checkConn refuses a connection from another user (docs/agent-session.md
// "Who may connect").
func (s *server) checkConn(conn *net.UnixConn) error {
	uid, err := peerUID(conn)
	if err != nil {
		return fmt.Errorf("refused a connection: its user cannot be told: %w", err)
	}
	return checkPeer(uid, os.Getuid())
}
