package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// newEvalCmd is `smokeflow eval JS` (docs/agent-session.md, docs/agents.md "Verbs").
func newEvalCmd() *cobra.Command {
	return verbCmd(agent.VerbEval, "eval JS", "run JavaScript in the page and print its result as JSON", argsBetween(1, -1), nil)
}
