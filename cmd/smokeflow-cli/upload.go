package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// newUploadCmd is `smokeflow upload TARGET FILE...` (docs/agent-session.md, docs/agents.md "Verbs").
func newUploadCmd() *cobra.Command {
	c := verbCmd(agent.VerbUpload, "upload TARGET FILE...", "set the files of a file input", argsBetween(2, -1), nil)
	c.ValidArgsFunction = completeFilesAfter(1)
	return c
}
