// Command smokeflow-cli is every command of smokeflow, which runs
// declarative YAML browser flows in real Chromium. Users run smokeflow,
// the front (cmd/smokeflow), which hands this program each command line
// it does not answer itself (docs/agent-session.md "The front"). This
// package is wiring only: main hands the arguments and the signals to
// Main (root.go), one file per command builds its cobra command, and exit
// codes are decided in one place, exitCode (docs/cli.md "Exit codes").
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	// the collector's target is set once the command line is parsed
	// (root.go tuneGC)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := Main(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
