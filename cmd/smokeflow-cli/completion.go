package main

import (
	"errors"
	"strings"

	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent/daemon"
	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/reports"
	"github.com/smokeflow/smokeflow/runner"
)

// flagValues completes the values of the flags so named, on every command
// that has one (docs/cli.md "Completion"). Any other flag or argument
// completes nothing, rather than file names, unless its command says
// otherwise (ValidArgsFunction).
var flagValues = map[string]cobra.CompletionFunc{
	"report":    completeReport,
	"env-file":  cobra.FixedCompletions(nil, cobra.ShellCompDirectiveDefault),
	"browser":   cobra.FixedCompletions(nil, cobra.ShellCompDirectiveDefault),
	"artifacts": cobra.FixedCompletions(nil, cobra.ShellCompDirectiveFilterDirs),
	"har":       cobra.FixedCompletions(nil, cobra.ShellCompDirectiveFilterDirs),
	"wait":      completeWait,
	"state":     cobra.FixedCompletions(nil, cobra.ShellCompDirectiveDefault),
	"session":   completeSessions,
	"trace":     cobra.FixedCompletions(runner.TraceModes(), cobra.ShellCompDirectiveNoFileComp),
	"device":    cobra.FixedCompletions(flows.DeviceNames(), cobra.ShellCompDirectiveNoFileComp),
}

// setUpCompletion adds `smokeflow completion bash|zsh|fish|powershell`,
// cobra's generator, and registers how flag values complete.
func setUpCompletion(root *cobra.Command) error {
	root.CompletionOptions.SetDefaultShellCompDirective(cobra.ShellCompDirectiveNoFileComp)
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() == "completion" {
			c.Use = "completion SHELL"
			c.Short = "print the shell completion script: bash, zsh, fish or powershell"
			c.Args = cobra.ArbitraryArgs
			c.RunE = func(c *cobra.Command, args []string) error {
				if len(args) == 0 {
					return c.Help()
				}
				return usagef("completion: no shell %q; want bash, zsh, fish or powershell", args[0])
			}
		}
	}
	return completeFlags(root)
}

// completeFlags registers flagValues for the flags of c and of its
// subcommands.
func completeFlags(c *cobra.Command) error {
	var errs []error
	for name, complete := range flagValues {
		if c.Flags().Lookup(name) != nil {
			errs = append(errs, c.RegisterFlagCompletionFunc(name, complete))
		}
	}
	for _, sub := range c.Commands() {
		errs = append(errs, completeFlags(sub))
	}
	return errors.Join(errs...)
}

// completeFlowFiles completes flow files (.yaml, .yml) and folders.
func completeFlowFiles(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return flows.FlowFileExtensions(), cobra.ShellCompDirectiveFilterFileExt
}

// completeReport completes --report's FORMAT= part.
func completeReport(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if strings.Contains(toComplete, "=") {
		return nil, cobra.ShellCompDirectiveDefault
	}
	var out []cobra.Completion
	for _, f := range reports.Formats() {
		out = append(out, f+"=")
	}
	return out, cobra.ShellCompDirectiveNoSpace | cobra.ShellCompDirectiveNoFileComp
}

// completeWait completes `snapshot --wait`: the default duration, then the
// load states (docs/cli.md "snapshot --wait").
func completeWait(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	out := []cobra.Completion{cobra.CompletionWithDesc(browser.DefaultSettle.String(), "settle for at most this long (any duration)")}
	for _, s := range flows.LoadStates() {
		out = append(out, cobra.CompletionWithDesc(s, "wait for "+s+" only, without settling"))
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeCommands completes the argument of `smokeflow help`.
func completeCommands(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []cobra.Completion
	for _, sub := range c.Root().Commands() {
		if sub.IsAvailableCommand() && strings.HasPrefix(sub.Name(), toComplete) {
			out = append(out, cobra.CompletionWithDesc(sub.Name(), sub.Short))
		}
	}
	if strings.HasPrefix(helpAgents, toComplete) {
		out = append(out, cobra.CompletionWithDesc(helpAgents, "how an agent works with a session"))
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeSessions completes --session: the live sessions' names.
func completeSessions(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	list, err := daemon.List("")
	if err != nil && len(list) == 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []cobra.Completion
	for _, s := range list {
		out = append(out, cobra.CompletionWithDesc(s.Name, s.URL))
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeFilesAfter completes files from the nth argument on (upload's
// FILE..., export's FILE).
func completeFilesAfter(n int) cobra.CompletionFunc {
	return func(_ *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) >= n {
			return nil, cobra.ShellCompDirectiveDefault
		}
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
}
