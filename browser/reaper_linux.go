//go:build linux

package browser

import (
	"os"
	"sync"
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
	childMu       sync.Mutex
	children      = map[int]bool{} // direct children waited on by os/exec
)

// EnableSubreaper makes this process a child subreaper and starts reaping
// orphans that end. Idempotent.
func EnableSubreaper() {
	subreaperOnce.Do(func() {
		_ = unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
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
	self := os.Getpid()
	var out []procs.Proc
	childMu.Lock()
	defer childMu.Unlock()
	for _, p := range procs.List() {
		if p.PPID == self && !children[p.PID] {
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
func ReapZombies() {
	for _, p := range strays() {
		var ws syscall.WaitStatus
		_, _ = syscall.Wait4(p.PID, &ws, syscall.WNOHANG, nil) // one still running is left for later
	}
}
