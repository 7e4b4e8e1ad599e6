package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// newSelectCmd is `smokeflow select TARGET OPTION...` (docs/agent-session.md, docs/agents.md "Verbs").
func newSelectCmd() *cobra.Command {
	return verbCmd(agent.VerbSelect, "select TARGET OPTION...", "select options of a select box", argsBetween(2, -1), nil)
}
