package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// newScrollCmd is `smokeflow scroll TARGET|top|bottom` (docs/agent-session.md, docs/agents.md "Verbs").
func newScrollCmd() *cobra.Command {
	return verbCmd(agent.VerbScroll, "scroll TARGET|top|bottom", "scroll an element into view, or the page to its top or bottom", argsBetween(1, -1), nil)
}
