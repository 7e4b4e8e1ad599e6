//go:build unix && !linux

package browser

import "syscall"

// launchAttr starts the browser in a process group of its own. Off Linux
// there is no Pdeathsig: a smokeflow killed with `kill -9` leaves its
// browser running (docs/running.md
// "The browser").
func launchAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the browser's process group: the browser and the
// helpers it started.
func killGroup(pid int) { _ = syscall.Kill(-pid, syscall.SIGKILL) }

// locksAreLinks says that Chromium's SingletonLock is a link naming the
// host and process that hold the profile, as on every unix.
const locksAreLinks = true

// processGone says that no process has the id pid.
func processGone(pid int) bool { return syscall.Kill(pid, 0) == syscall.ESRCH }
