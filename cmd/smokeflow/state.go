package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// stateArgs are the arguments `state` takes after each of its words.
var stateArgs = map[string]cobra.PositionalArgs{
	"save": argsBetween(2, 2),
	"load": argsBetween(2, 2),
}

// newStateCmd is `smokeflow state save|load FILE` (docs/agent-session.md,
// docs/agents.md "Verbs").
func newStateCmd() *cobra.Command {
	c := verbCmd(agent.VerbState, "state save|load FILE", "save the session's cookies and storage to a file, or load them", oneOf(stateArgs), nil)
	c.ValidArgsFunction = completeFirstWord(stateArgs)
	return c
}
