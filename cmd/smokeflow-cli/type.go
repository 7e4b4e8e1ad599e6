package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// newTypeCmd is `smokeflow type TARGET TEXT` (docs/agent-session.md, docs/agents.md "Verbs").
func newTypeCmd() *cobra.Command {
	return verbCmd(agent.VerbType, "type TARGET TEXT", "type text into a field, key by key", argsBetween(2, -1), nil)
}
