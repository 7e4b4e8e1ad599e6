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

// handOff runs smokeflow-cli next to this program, with the same
// arguments, environment and standard streams, and returns its exit code.
func handOff(args []string) int {
	cli, err := cliPath()
	if err != nil {
		fmt.Fprintln(os.Stderr, "smokeflow: "+err.Error())
		return exitMissing
	}
	c := exec.Command(cli, args...)
	c.Stdin, c.Stdout, c.Stderr = os.Stdin, os.Stdout, os.Stderr
	err = c.Run()
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
