// Command smokeflow runs declarative YAML browser flows in real Chromium.
// This package is wiring only: main hands the arguments and the signals to
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
