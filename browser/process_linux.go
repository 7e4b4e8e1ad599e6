//go:build linux

package browser

import "syscall"

// launchAttr starts the browser in a process group of its own, killed
// with this process even on `kill -9` (Pdeathsig) (docs/running.md
// "The browser").
func launchAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// killGroup kills the browser's process group: the browser and the
// helpers it started.
func killGroup(pid int) { _ = syscall.Kill(-pid, syscall.SIGKILL) }

// locksAreLinks says that Chromium's SingletonLock is a link naming the
// host and process that hold the profile, as on every unix.
const locksAreLinks = true

// processGone says that no process has the id pid.
func processGone(pid int) bool { return syscall.Kill(pid, 0) == syscall.ESRCH }
