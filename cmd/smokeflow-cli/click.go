package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// newClickCmd is `smokeflow click TARGET` (docs/agent-session.md, docs/agents.md "Verbs").
func newClickCmd() *cobra.Command {
	return verbCmd(agent.VerbClick, "click TARGET", "click an element", argsBetween(1, -1), nil)
}
