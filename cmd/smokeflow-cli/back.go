package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// newBackCmd is `smokeflow back` (docs/agent-session.md, docs/agents.md "Verbs").
func newBackCmd() *cobra.Command {
	return verbCmd(agent.VerbBack, "back", "go back in the page's history", argsBetween(0, 0), nil)
}
