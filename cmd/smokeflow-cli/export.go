package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// newExportCmd is `smokeflow export FILE` (docs/agent-session.md, docs/agents.md "Verbs").
func newExportCmd() *cobra.Command {
	c := verbCmd(agent.VerbExport, "export FILE", "write the session's successful steps as a flow file", argsBetween(1, 1), nil)
	c.ValidArgsFunction = completeFilesAfter(0)
	return c
}
