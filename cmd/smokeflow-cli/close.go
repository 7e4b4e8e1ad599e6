package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// newCloseCmd is `smokeflow close` (docs/agent-session.md, docs/agents.md "Verbs").
func newCloseCmd() *cobra.Command {
	return verbCmd(agent.VerbClose, "close", "end the session and its browser", argsBetween(0, 0), nil)
}
