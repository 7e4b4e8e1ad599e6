package main

import (
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
