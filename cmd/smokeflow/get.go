package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// getArgs are the arguments `get` takes after each of its words.
var getArgs = map[string]cobra.PositionalArgs{
	"text":  argsBetween(2, -1),
	"value": argsBetween(2, -1),
	"attr":  argsBetween(3, -1),
	"url":   argsBetween(1, 1),
	"title": argsBetween(1, 1),
}

// newGetCmd is `smokeflow get text|value|url|title|attr TARGET [NAME]`
// (docs/agent-session.md, docs/agents.md "Verbs").
func newGetCmd() *cobra.Command {
	c := verbCmd(agent.VerbGet, "get WHAT [TARGET] [NAME]",
		"print text, value or attr NAME of TARGET, or the page's url or title", oneOf(getArgs), nil)
	c.ValidArgsFunction = completeFirstWord(getArgs)
	return c
}
