//go:build !windows

package main

import (
	"fmt"
	"os"
	"syscall"
)

// sessions: agent sessions run on this system (docs/agent-session.md).
const sessions = true

// runCLI runs cli in this program's place (exec), with args and the same
// environment and standard streams; it returns only when that cannot be
// done, with the exit code of the message it printed.
func runCLI(cli string, args []string) int {
	err := syscall.Exec(cli, append([]string{cli}, args...), os.Environ())
	fmt.Fprintf(os.Stderr, "smokeflow: cannot run %s: %v\n", cli, err)
	return exitMissing
}
