package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent/mcp"
)

// newMCPCmd is `smokeflow mcp`: the session named by --session, served
// over the Model Context Protocol on stdin and stdout (docs/mcp.md). The
// tools run through the session's background process, so a shell and an
// MCP host may drive the same session.
func newMCPCmd() *cobra.Command {
	var sf sessionFlags
	c := &cobra.Command{
		Use:     "mcp",
		Short:   "serve the session over the Model Context Protocol on stdio (docs/mcp.md)",
		GroupID: groupSession,
		Args:    noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			client, err := sessionClient(&sf)
			if err != nil {
				return err
			}
			return mcp.Run(c.Context(), client, version)
		},
	}
	addSessionFlags(c, &sf)
	return c
}
