//go:build !unix

package browser

import "syscall"

// launchAttr is the default: there are no process groups to put the
// browser in (docs/running.md "The browser").
func launchAttr() *syscall.SysProcAttr { return nil }

// killGroup does nothing: without a process group, Browser.kill kills the
// browser's process alone, and its helpers end when their channel to it
// closes.
func killGroup(int) {}

// locksAreLinks is false: Chromium's lock is a file of its own here, so
// a profile with no SingletonLock link may be in use, and is left alone.
const locksAreLinks = false

// processGone is never sure: without it no leftover profile is swept.
func processGone(int) bool { return false }
