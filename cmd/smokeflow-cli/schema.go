package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/flows"
)

// newSchemaCmd is `smokeflow schema` (docs/cli.md "Commands").
func newSchemaCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "schema",
		Short: "print the JSON Schema of flow files",
		Long: `Print the JSON Schema (draft 2020-12) of flow files, for editors that read it,
such as yaml-language-server (docs/flows.md).`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			_, err := c.OutOrStdout().Write(flows.Schema())
			return err
		},
	}
}
