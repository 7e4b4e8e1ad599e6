package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// newWaitCmd is `smokeflow wait DURATION|EXPECT` (docs/agent-session.md, docs/agents.md "Verbs").
func newWaitCmd() *cobra.Command {
	return verbCmd(agent.VerbWait, "wait DURATION|EXPECT", "wait for a duration or for what the page shows, as a flow's wait step", argsBetween(1, -1), nil)
}
