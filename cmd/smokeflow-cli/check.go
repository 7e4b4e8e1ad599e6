package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// newCheckCmd is `smokeflow check TARGET` (docs/agent-session.md, docs/agents.md "Verbs").
func newCheckCmd() *cobra.Command {
	return verbCmd(agent.VerbCheck, "check TARGET", "check a checkbox or radio button", argsBetween(1, -1), nil)
}
