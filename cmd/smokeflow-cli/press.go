package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// newPressCmd is `smokeflow press KEY [TARGET]` (docs/agent-session.md, docs/agents.md "Verbs").
func newPressCmd() *cobra.Command {
	return verbCmd(agent.VerbPress, "press KEY [TARGET]", "press a key, on an element or the focused one", argsBetween(1, -1), nil)
}
