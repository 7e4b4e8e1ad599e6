package main

import (
	"context"
	"io"

	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent/daemon"
)

// newServeCmd is the hidden `smokeflow session-serve ...`: the background
// process of a session, which its first command starts
// (docs/agent-session.md "The process"). Its arguments are the daemon
// package's to write and read.
func newServeCmd() *cobra.Command {
	return &cobra.Command{
		Use:                daemon.ServeCommand + " ARGS",
		Short:              "serve a session (started by the session commands)",
		Hidden:             true,
		DisableFlagParsing: true,
		RunE: func(c *cobra.Command, args []string) error {
			return daemon.RunServe(c.Context(), args, nil)
		},
	}
}

// serveLine is `smokeflow session-serve ARGS` as Main runs it: straight
// to the daemon, without building the command tree, which the session's
// process never uses and which touched a few more megabytes of the
// binary for as long as the process lives (docs/agent-session.md "The
// process"). The command of newServeCmd does the same for a line of
// batch.
func serveLine(ctx context.Context, args []string, stderr io.Writer) int {
	return printError(daemon.RunServe(ctx, args, nil), stderr)
}
