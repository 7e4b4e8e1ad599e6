package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// newUncheckCmd is `smokeflow uncheck TARGET` (docs/agent-session.md, docs/agents.md "Verbs").
func newUncheckCmd() *cobra.Command {
	return verbCmd(agent.VerbUncheck, "uncheck TARGET", "uncheck a checkbox", argsBetween(1, -1), nil)
}
