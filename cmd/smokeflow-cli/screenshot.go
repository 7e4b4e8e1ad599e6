package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// newScreenshotCmd is `smokeflow screenshot [FILE] [--full-page] [--target
// TARGET]` (docs/agent-session.md, docs/agents.md "Verbs").
func newScreenshotCmd() *cobra.Command {
	var fullPage bool
	var target string
	c := verbCmd(agent.VerbScreenshot, "screenshot [FILE]", "save a screenshot of the page or of an element", argsBetween(0, 1),
		func(cmd *agent.Command) { cmd.FullPage, cmd.Target = fullPage, target })
	c.Flags().BoolVar(&fullPage, "full-page", false, "the whole page, not just the viewport")
	c.Flags().StringVar(&target, "target", "", "only this `TARGET` element")
	c.ValidArgsFunction = cobra.FixedCompletions(nil, cobra.ShellCompDirectiveDefault)
	return c
}
