package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"

	"github.com/smokeflow/smokeflow/agent/wire"
)

// cliName is the program with every command, next to this one.
const cliName = "smokeflow-cli"

// exitMissing is the exit code when smokeflow-cli cannot be run: the
// install is incomplete (docs/cli.md "Exit codes": 3, what smokeflow
// needs to run is missing).
const exitMissing = wire.ExitBrowser

// handOff runs smokeflow-cli next to this program with the same
// arguments (docs/agent-session.md "The front"), and returns the exit
// code when it returns at all.
func handOff(args []string) int {
	cli, err := cliPath()
	if err != nil {
		fmt.Fprintln(os.Stderr, "smokeflow: "+err.Error())
		return exitMissing
	}
	return runCLI(cli, args)
}

// cliPath is smokeflow-cli next to this program, of its build
// (wire.SameBuild): a program of another build might read command lines
// otherwise, or speak another protocol to the session it starts.
func cliPath() (string, error) {
	self, err := os.Executable()
	if err != nil {
		return "", err
	}
	// a link to the front (a package manager's bin folder) leads to the
	// folder the programs were installed in together
	if real, err := filepath.EvalSymlinks(self); err == nil {
		self = real
	}
	name := cliName
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	cli := filepath.Join(filepath.Dir(self), name)
	install := "install smokeflow's programs from one build: go install github.com/smokeflow/smokeflow/cmd/...@latest, `make build`, or a release archive (docs/running.md)"
	if _, err := os.Stat(cli); err != nil {
		return "", fmt.Errorf("%s, which runs every command but a session's verbs, is not next to this program (%s): %s", cliName, filepath.Dir(self), install)
	}
	if !wire.SameBuild(cli, "cmd/"+cliName) {
		return "", fmt.Errorf("%s next to this program is of another build: %s", cli, install)
	}
	return cli, nil
}
