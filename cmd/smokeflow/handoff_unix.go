//go:build !windows

package main

import (
	"fmt"
	"os"
	"syscall"
)

// sessions: agent sessions run on this system (docs/agent-session.md).
const sessions = true

// handOff runs smokeflow-cli next to this program in its place, with the
// same arguments, environment and standard streams; it returns only when
// that cannot be done, with the exit code of the message it printed.
func handOff(args []string) int {
	cli, err := cliPath()
	if err != nil {
		fmt.Fprintln(os.Stderr, "smokeflow: "+err.Error())
		return exitMissing
	}
	err = syscall.Exec(cli, append([]string{cli}, args...), os.Environ())
	fmt.Fprintf(os.Stderr, "smokeflow: cannot run %s: %v\n", cli, err)
	return exitMissing
}
