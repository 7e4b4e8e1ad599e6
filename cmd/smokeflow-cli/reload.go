package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// newReloadCmd is `smokeflow reload` (docs/agent-session.md, docs/agents.md "Verbs").
func newReloadCmd() *cobra.Command {
	return verbCmd(agent.VerbReload, "reload", "reload the page", argsBetween(0, 0), nil)
}
