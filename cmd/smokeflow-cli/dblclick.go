package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// newDblclickCmd is `smokeflow dblclick TARGET` (docs/agent-session.md, docs/agents.md "Verbs").
func newDblclickCmd() *cobra.Command {
	return verbCmd(agent.VerbDblclick, "dblclick TARGET", "double-click an element", argsBetween(1, -1), nil)
}
