// Command smokeflow is the command users and agents run. It is a small
// front: a session verb for a session that runs (`smokeflow click @e3`) it
// sends over the session's socket itself and prints the answer, and every
// other command line it hands, unchanged, to smokeflow-cli next to it,
// which has every command (docs/agent-session.md "The front"). Starting a
// program of the standard library alone takes a few milliseconds, where
// smokeflow-cli's start is most of a warm session command's time.
//
// This package is wiring only: the protocol is agent/wire's, and what the
// front answers is front.go's.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	args := os.Args[1:]
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code, answered := answer(ctx, args, os.Stdout, os.Stderr)
	stop()
	if answered {
		os.Exit(code)
	}
	os.Exit(handOff(args))
}
