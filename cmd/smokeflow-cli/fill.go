package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// newFillCmd is `smokeflow fill TARGET VALUE` (docs/agent-session.md, docs/agents.md "Verbs").
func newFillCmd() *cobra.Command {
	return verbCmd(agent.VerbFill, "fill TARGET VALUE", "fill a field with a value", argsBetween(2, -1), nil)
}
