package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// newConfirmCmd is `smokeflow confirm TOKEN`: it runs the step that the
// session's policy held back with TOKEN, once (docs/agents.md "Guard
// rails").
func newConfirmCmd() *cobra.Command {
	return verbCmd(agent.VerbConfirm, "confirm TOKEN", "run the step a confirm rule of the session's policy held back, once", argsBetween(1, 1), nil)
}
