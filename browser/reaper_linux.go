//go:build linux

package browser

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"
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

// strays lists the pids of processes whose parent is this process and
// which os/exec does not wait on (orphans re-parented to us).
func strays() []int {
	self := os.Getpid()
	entries, _ := os.ReadDir("/proc")
	var out []int
	childMu.Lock()
	defer childMu.Unlock()
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || children[pid] {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces, so split after ')'.
		s := string(stat)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:])
		if len(f) < 2 {
			continue
		}
		if ppid, _ := strconv.Atoi(f[1]); ppid == self {
			out = append(out, pid)
		}
	}
	return out
}

// killStrays ends re-parented browser helpers that are still running.
func killStrays() {
	for _, pid := range strays() {
		cmdline, _ := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "cmdline"))
		if strings.Contains(strings.ToLower(string(cmdline)), "chrom") {
			if syscall.Kill(pid, syscall.SIGKILL) == nil {
				var ws syscall.WaitStatus
				_, _ = syscall.Wait4(pid, &ws, 0, nil)
			}
		}
	}
}

// ReapZombies waits for every ended orphan re-parented to this process.
func ReapZombies() {
	for _, pid := range strays() {
		var ws syscall.WaitStatus
		_, _ = syscall.Wait4(pid, &ws, syscall.WNOHANG, nil)
	}
}
