package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// newGetCmd is `smokeflow get text|value TARGET|url|title|attr TARGET NAME`
// (agent.GetGrammar; docs/agent-session.md, docs/agents.md "Verbs").
func newGetCmd() *cobra.Command {
	return grammarCmd(agent.GetGrammar, "print text, value or attr NAME of TARGET, or the page's url or title", nil)
}
