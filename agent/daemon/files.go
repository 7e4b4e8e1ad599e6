package daemon

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// lockPoll is how often a client looks again at a lock another process
// holds.
const lockPoll = 20 * time.Millisecond

// lock takes the lock of the file at path, waiting for whoever holds it
// until ctx is done.
func lock(ctx context.Context, path string) (*os.File, error) {
	t := time.NewTicker(lockPoll)
	defer t.Stop()
	for {
		f, ok, err := tryLock(path)
		if err != nil || ok {
			return f, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-t.C:
		}
	}
}

// unlock releases a lock taken by tryLock or lock.
func unlock(f *os.File) error { return f.Close() }

// writePID writes this process's id to the pid file, whole or not at all.
func writePID(path string) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(strconv.Itoa(os.Getpid())+"\n"), 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// readPID reads a pid file; 0 when there is none or it says nothing.
func readPID(path string) int {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		return 0
	}
	return pid
}

// stale is what removeStale found: the note for the log, and whether a
// pid file said that a process served the session and stopped without
// closing it, its pid, and whether a process with that pid still runs
// (not as the session's server: the serve lock was free).
type stale struct {
	note    string
	ended   bool
	pid     int
	running bool
}

// removeStale removes the socket and pid file that a process which no
// longer serves left behind, and says what it removed (for the log). A
// pid file left behind is a process that ended without closing its
// session: a process that ends as it should removes its own
// (docs/agent-session.md "A session that died").
func removeStale(p paths) (stale, error) {
	var removed []string
	pid := readPID(p.pid)
	st := stale{pid: pid}
	for _, f := range []string{p.socket, p.pid} {
		err := os.Remove(f)
		if err == nil {
			removed = append(removed, f)
			st.ended = st.ended || f == p.pid
		} else if !errors.Is(err, os.ErrNotExist) {
			return stale{}, err
		}
	}
	if len(removed) == 0 {
		return st, nil
	}
	state := "ended"
	if st.running = alive(pid); st.running {
		state = "running, but not serving"
	}
	st.note = fmt.Sprintf("removed the stale %s (pid %d: %s)", strings.Join(removed, " and "), pid, state)
	return st, nil
}

// why is what the session's next process says of the one that stopped
// serving without closing the session ("" when none did): its pid, and
// its log. Its page is gone either way, the new process having its own
// browser; only a process that no longer runs was killed, or crashed
// (docs/agent-session.md "A session that died").
func (st stale) why(p paths) string {
	switch {
	case !st.ended:
		return ""
	case st.running:
		return fmt.Sprintf("its process, pid %d, stopped serving it without closing it: a process with that pid still runs, but does not serve the session; its log is %s", st.pid, p.prevLog)
	}
	return fmt.Sprintf("its process, pid %d, ended without closing it: killed, or crashed; its log is %s", st.pid, p.prevLog)
}
