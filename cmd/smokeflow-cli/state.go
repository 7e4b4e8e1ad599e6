package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// newStateCmd is `smokeflow state save|load FILE` (agent.StateGrammar;
// docs/agent-session.md, docs/agents.md "Verbs").
func newStateCmd() *cobra.Command {
	return grammarCmd(agent.StateGrammar, "save the session's cookies and storage to a file, or load them", nil)
}
