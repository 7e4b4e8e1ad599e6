package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
)

// sessions: agent sessions are refused on windows (docs/running.md
// "Release binaries"); smokeflow-cli says so.
const sessions = false

// runCLI runs cli with args and the same environment and standard
// streams, and returns its exit code.
func runCLI(cli string, args []string) int {
	c := exec.Command(cli, args...)
	c.Stdin, c.Stdout, c.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := c.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		return ee.ExitCode()
	}
	fmt.Fprintf(os.Stderr, "smokeflow: cannot run %s: %v\n", cli, err)
	return exitMissing
}
