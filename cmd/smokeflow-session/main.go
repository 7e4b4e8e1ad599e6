// Command smokeflow-session is the background process of a smokeflow
// session, built next to smokeflow: a session's first command starts it
// when it is there and of smokeflow's own build, else `smokeflow
// session-serve` (docs/agent-session.md "The process"). It links only
// what a session runs, so it maps less of itself than smokeflow would.
// This package is wiring only: the arguments are the daemon package's to
// write and read, and the client reads its answer on the ready
// descriptor; what it prints goes to the session's log.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/smokeflow/smokeflow/agent/daemon"
	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/cmd/internal/gctune"
)

func main() {
	gctune.Tune()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := daemon.RunServe(ctx, os.Args[1:], nil)
	stop()
	browser.ReapZombies() // no browser process outlives the session, as in smokeflow's Main
	if err != nil {
		fmt.Fprintln(os.Stderr, "smokeflow-session:", err)
		os.Exit(1)
	}
}
