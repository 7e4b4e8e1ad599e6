package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

// newVersionCmd is `smokeflow version`, as `smokeflow --version` and `-v`
// (docs/cli.md "Commands").
func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "print smokeflow's version",
		Args:  noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			_, err := fmt.Fprintf(c.OutOrStdout(), "smokeflow %s\n", version)
			return err
		},
	}
}
