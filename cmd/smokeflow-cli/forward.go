package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// newForwardCmd is `smokeflow forward` (docs/agent-session.md, docs/agents.md "Verbs").
func newForwardCmd() *cobra.Command {
	return verbCmd(agent.VerbForward, "forward", "go forward in the page's history", argsBetween(0, 0), nil)
}
