package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// newHoverCmd is `smokeflow hover TARGET` (docs/agent-session.md, docs/agents.md "Verbs").
func newHoverCmd() *cobra.Command {
	return verbCmd(agent.VerbHover, "hover TARGET", "move the mouse over an element", argsBetween(1, -1), nil)
}
