package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// newOpenCmd is `smokeflow open URL` (docs/agent-session.md, docs/agents.md "Verbs").
func newOpenCmd() *cobra.Command {
	return verbCmd(agent.VerbOpen, "open URL", "open URL in the session's page, starting the session if needed", argsBetween(1, 1), nil)
}
