//go:build unix

package daemon

import (
	"errors"
	"os"
	"os/signal"
	"syscall"

	"golang.org/x/sys/unix"
)

// supported is nil: agent sessions run on Unix (docs/agent-session.md
// "Platforms").
func supported() error { return nil }

// ownerOf is the uid that owns a file, when the system says.
func ownerOf(st os.FileInfo) (int, bool) {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return int(s.Uid), true
	}
	return 0, false
}

// tryLock takes the exclusive lock of the file at path, creating it, if
// no other open file holds it; ok is false when one does. The lock lasts
// until the file is closed, or its process ends (docs/agent-session.md
// "Stale files").
func tryLock(path string) (f *os.File, ok bool, err error) {
	f, err = os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, false, err
	}
	err = unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
	if errors.Is(err, unix.EWOULDBLOCK) {
		return nil, false, f.Close()
	}
	if err != nil {
		return nil, false, errors.Join(err, f.Close())
	}
	return f, true, nil
}

// detached is how a session's process starts: in a session of its own,
// so that the terminal's signals do not reach it (docs/agent-session.md
// "The process").
func detached() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }

// closeOnExec keeps fd from the processes this one starts.
func closeOnExec(fd int) { syscall.CloseOnExec(fd) }

// notifyChildExit relays to ch the signal of a child process that ended
// (SIGCHLD).
func notifyChildExit(ch chan<- os.Signal) { signal.Notify(ch, syscall.SIGCHLD) }
