package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// newExpectCmd is `smokeflow expect EXPECT` (docs/agent-session.md, docs/agents.md "Verbs").
func newExpectCmd() *cobra.Command {
	return verbCmd(agent.VerbExpect, "expect EXPECT", "check what the page shows, as a flow's expect step: '{visible: Order placed}'", argsBetween(1, -1), nil)
}
