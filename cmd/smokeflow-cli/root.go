package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent/daemon"
	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/cmd/internal/gctune"
)

// devVersion is the version of a build that was given none.
const devVersion = "0.1.0-dev"

// version is set at build time with -ldflags "-X main.version=...", else
// by the module's version (version.go).
var version = devVersion

// Main runs the command line and returns the exit code. Errors are
// printed once, here, as "smokeflow: message" on stderr (docs/cli.md
// "Errors").
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var code int
	if len(args) > 0 && args[0] == daemon.ServeCommand {
		gctune.Tune()
		code = serveLine(ctx, args[1:], stderr)
	} else {
		code = executeLine(ctx, args, stdout, stderr)
	}
	// no browser process outlives the command
	browser.ReapZombies()
	return code
}

// executeLine runs one command line and prints its error, as Main does; batch
// runs each of its lines through it.
func executeLine(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	root, err := newRoot(stdout, stderr)
	if err == nil {
		// never nil: cobra would read os.Args instead
		root.SetArgs(append([]string{}, args...))
		err = root.ExecuteContext(ctx)
	}
	return printError(err, stderr)
}

// printError prints a command's error, unless it is quiet, and returns
// its exit code.
func printError(err error, stderr io.Writer) int {
	if err != nil && !quiet(err) {
		fmt.Fprintln(stderr, "smokeflow: "+strings.ReplaceAll(describe(err), "\n", "\n  "))
	}
	return exitCode(err)
}

// newRoot builds the command tree afresh, so that Main may run many times
// in one process (the tests do). Commands are listed in the order they
// are added here (docs/cli.md "Commands").
func newRoot(stdout, stderr io.Writer) (*cobra.Command, error) {
	cobra.EnableCommandSorting = false // cobra's one global: list in the order added
	root := &cobra.Command{
		Use:     "smokeflow",
		Long:    "smokeflow runs YAML browser flows in real Chromium.",
		Version: version,
		Args:    unknownCommand,
		RunE: func(c *cobra.Command, _ []string) error {
			fmt.Fprint(c.ErrOrStderr(), overview(c))
			return usagef("no command given")
		},
		SilenceErrors:              true, // Main prints them
		SilenceUsage:               true, // an error names its fix instead
		SuggestionsMinimumDistance: 2,
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetVersionTemplate("smokeflow {{.Version}}\n")
	root.SetFlagErrorFunc(flagError)
	root.PersistentPreRun = tuneGC
	root.AddCommand(newRunCmd(), newValidateCmd(), newSnapshotCmd(), newSchemaCmd(), newDemoCmd(), newVersionCmd())
	root.AddCommand(newDiffCmd())
	root.AddCommand(newExploreCmd())
	root.AddCommand(newRecordCmd())
	root.AddCommand(newMergeReportsCmd())
	root.AddCommand(newHistoryCmd())
	root.AddGroup(&cobra.Group{ID: groupSession, Title: sessionTitle})
	root.AddCommand(newOpenCmd(), newClickCmd(), newDblclickCmd(), newHoverCmd(), newDragCmd(), newCheckCmd(), newUncheckCmd(),
		newFillCmd(), newTypeCmd(), newPressCmd(), newSelectCmd(), newScrollCmd(), newUploadCmd(), newExpectCmd(),
		newGetCmd(), newScreenshotCmd(), newBackCmd(), newForwardCmd(), newReloadCmd(), newWaitCmd(), newEvalCmd(),
		newFindCmd(), newConsoleCmd(), newNetworkCmd(), newTabCmd(), newDialogCmd(), newCookiesCmd(), newStorageCmd(),
		newExportCmd(), newStateCmd(), newConfirmCmd(), newCloseCmd(), newSessionsCmd(), newBatchCmd(), newMCPCmd(), newServeCmd())
	setUpHelp(root)
	if err := setUpCompletion(root); err != nil {
		return nil, fmt.Errorf("setting up completion: %w", err)
	}
	return root, nil
}

// tuneGC sets the collector's target (docs/running.md "Memory") once the
// command line is parsed, not when the process starts: at that target the
// command tree's construction alone took a collection, which every
// session command's client paid (docs/benchmarks.md "The agent session
// against agent-browser").
func tuneGC(*cobra.Command, []string) { gctune.Tune() }

// noArgs is cobra's Args for a command that takes no arguments, as a
// usage error.
func noArgs(c *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usagef("%s takes no arguments, got %q", c.Name(), args)
	}
	return nil
}
