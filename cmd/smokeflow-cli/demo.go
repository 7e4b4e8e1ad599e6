package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/examples"
	"github.com/smokeflow/smokeflow/examples/demo"
	"github.com/smokeflow/smokeflow/flows"
)

// newDemoCmd is `smokeflow demo`: the embedded demo shop and the example
// flows (docs/cli.md "Commands").
func newDemoCmd() *cobra.Command {
	var rf runFlags
	var serve bool
	c := &cobra.Command{
		Use:   "demo",
		Short: "serve the embedded demo shop and run the example flows on it",
		Long: `Serve the embedded demo shop on a free loopback port and run the example flows
on it, all but the one tagged failing, with every report written to --artifacts.
The flags are those of run; --serve only serves the shop.`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return cmdDemo(c.Context(), rf, serve, c.OutOrStdout(), c.ErrOrStderr())
		},
	}
	rf.register(c.Flags())
	c.Flags().BoolVar(&serve, "serve", false, "only serve the demo shop until Ctrl-C")
	return c
}

func cmdDemo(ctx context.Context, rf runFlags, serve bool, stdout, stderr io.Writer) error {
	if rf.fix != "" {
		// the example flows are in the binary: there is no file to patch
		return usagef("--fix patches flow files, and demo runs the examples built into the binary: run them from files with smokeflow run --fix (docs/running.md \"Fixes proposed and proven\")")
	}
	srv, err := demo.Serve(ctx)
	if err != nil {
		return fmt.Errorf("cannot serve the demo shop: %w", err)
	}
	defer srv.Close()
	if serve {
		fmt.Fprintf(stdout, "demo shop on %s (Ctrl-C to stop)\n", srv.URL)
		<-ctx.Done()
		return nil
	}
	fmt.Fprintf(stdout, "demo shop on %s\n", srv.URL)
	rf.baseURL = srv.URL
	if rf.tags == "" {
		rf.tags = "!failing"
	}
	if len(rf.reports) == 0 {
		rf.reports = []string{
			"junit=" + filepath.Join(rf.artifacts, "junit.xml"),
			"markdown=" + filepath.Join(rf.artifacts, "report.md"),
			"json=" + filepath.Join(rf.artifacts, "results.json"),
		}
	}
	opts, err := rf.loadOptions()
	if err != nil {
		return err
	}
	list, err := embeddedFlows(opts)
	if err != nil {
		return err
	}
	note, err := rf.notify.parse(false)
	if err != nil {
		return err
	}
	return execute(ctx, list, rf, opts, &note, stdout, stderr)
}

// embeddedFlows loads the example flows from the binary.
func embeddedFlows(opts flows.LoadOptions) ([]*flows.Flow, error) {
	entries, err := fs.ReadDir(examples.Flows, "flows")
	if err != nil {
		return nil, err
	}
	opts.ReadFile = func(p string) ([]byte, error) {
		return fs.ReadFile(examples.Flows, path.Clean(filepath.ToSlash(strings.TrimPrefix(p, "examples/"))))
	}
	var list []*flows.Flow
	var all flows.Errors
	for _, e := range entries {
		name := "examples/flows/" + e.Name()
		src, err := fs.ReadFile(examples.Flows, "flows/"+e.Name())
		if err != nil {
			return nil, err
		}
		f, err := flows.Parse(name, src, opts)
		if err != nil {
			var fe flows.Errors
			if errors.As(err, &fe) {
				all = append(all, fe...)
				continue
			}
			return nil, err
		}
		list = append(list, f)
	}
	if len(all) > 0 {
		return nil, all
	}
	return list, nil
}
