//go:build linux

package browser

import (
	"os"
	"sync"
	"sync/atomic"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/smokeflow/smokeflow/internal/procs"
)

// Chromium's helpers (crashpad, zygote) can outlive the main process and
// get re-parented. As a child subreaper, smokeflow becomes their parent
// instead of init, so it can end and reap them: no process and no zombie
// outlives a run.

var (
	subreaperOnce sync.Once
	subreaper     atomic.Bool // EnableSubreaper ran
	childMu       sync.Mutex
	children      = map[int]bool{} // direct children waited on by os/exec
)

// EnableSubreaper makes this process a child subreaper and starts reaping
// orphans that end. Idempotent.
func EnableSubreaper() {
	subreaperOnce.Do(func() {
		_ = unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
		subreaper.Store(true)
	})
}

func trackChild(pid int) {
	childMu.Lock()
	children[pid] = true
	childMu.Unlock()
}

func untrackChild(pid int) {
	childMu.Lock()
	delete(children, pid)
	childMu.Unlock()
}

// strays lists the processes whose parent is this process and which
// os/exec does not wait on (orphans re-parented to us).
func strays() []procs.Proc {
	var out []procs.Proc
	childMu.Lock()
	defer childMu.Unlock()
	for _, p := range procs.Children() {
		if !children[p.PID] {
			out = append(out, p)
		}
	}
	return out
}

// killStrays ends re-parented browser helpers that are still running.
func killStrays() {
	for _, p := range strays() {
		if procs.IsBrowser(p.Cmdline) && syscall.Kill(p.PID, syscall.SIGKILL) == nil {
			var ws syscall.WaitStatus
			_, _ = syscall.Wait4(p.PID, &ws, 0, nil) // reaped; its status says nothing
		}
	}
}

// ReapZombies waits for every ended orphan re-parented to this process.
// Orphans are re-parented only to a subreaper or to PID 1, so in any other
// process (a session verb's client, a command that launched no browser)
// there is none and the process table is not read (docs/running.md "The
// browser", process clean-up).
func ReapZombies() {
	if !subreaper.Load() && os.Getpid() != 1 {
		return
	}
	for _, p := range strays() {
		var ws syscall.WaitStatus
		_, _ = syscall.Wait4(p.PID, &ws, syscall.WNOHANG, nil) // one still running is left for later
	}
}
