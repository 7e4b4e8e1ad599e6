package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/smokeflow/smokeflow/docs"
	"github.com/smokeflow/smokeflow/internal/textdist"
)

// setUpHelp makes `smokeflow help`, `-h` and `--help` print the overview,
// and `smokeflow help COMMAND` and `smokeflow COMMAND -h` the command's
// help (docs/cli.md "Help").
func setUpHelp(root *cobra.Command) {
	commandHelp := root.HelpFunc() // cobra's, for every command but the root
	root.SetHelpFunc(func(c *cobra.Command, args []string) {
		if c.HasParent() {
			commandHelp(c, args)
			return
		}
		fmt.Fprint(c.OutOrStdout(), overview(c))
	})
	root.SetHelpCommand(&cobra.Command{
		Use:               "help [COMMAND|agents]",
		Short:             "print the help of smokeflow or of a command",
		Args:              cobra.ArbitraryArgs,
		ValidArgsFunction: completeCommands,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 1 && args[0] == helpAgents {
				_, err := fmt.Fprint(c.OutOrStdout(), docs.Agents)
				return err
			}
			root := c.Root()
			target, rest, err := root.Find(args)
			if err != nil || target == root && len(rest) > 0 {
				return unknownCommand(root, args)
			}
			target.InitDefaultHelpFlag()
			target.InitDefaultVersionFlag()
			return target.Help()
		},
	})
}

// helpAgents is the help topic that is no command: `smokeflow help
// agents` prints docs/agents.md.
const helpAgents = "agents"

// sessionTitle heads the session commands in the overview.
const sessionTitle = "Session commands: one browser page kept between commands ('smokeflow help agents'):"

// overview is the help of smokeflow itself: a line per command from its
// Use and Short, in the order of newRoot, the session commands apart,
// then the exit codes.
func overview(root *cobra.Command) string {
	var b strings.Builder
	b.WriteString(root.Long + "\n\nUsage:\n")
	line := func(c *cobra.Command) { fmt.Fprintf(&b, "  %-40s %s\n", root.Name()+" "+c.Use, c.Short) }
	for _, c := range root.Commands() {
		if (c.IsAvailableCommand() || c.Name() == "help") && c.GroupID == "" {
			line(c)
		}
	}
	b.WriteString("\n" + sessionTitle + "\n")
	for _, c := range root.Commands() {
		if c.IsAvailableCommand() && c.GroupID == groupSession {
			line(c)
		}
	}
	b.WriteString(`
Run 'smokeflow help COMMAND' or 'smokeflow COMMAND -h' for a command's flags.
Exit codes: 0 passed, 1 a flow failed, 2 invalid flows or usage, 3 no browser, 130 interrupted.
`)
	return b.String()
}

// unknownCommand is the root's Args: any argument is a command smokeflow
// does not have. It names the nearest command, else `smokeflow help`.
func unknownCommand(root *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	msg := fmt.Sprintf("unknown command %q", strings.Join(args, " "))
	if s := root.SuggestionsFor(args[0]); len(s) > 0 {
		return usagef("%s; did you mean %q?", msg, s[0])
	}
	return usagef("%s; 'smokeflow help' lists the commands", msg)
}

// flagError is a flag cobra could not parse, as a usage error that says
// what to write instead: the flag with two dashes, the nearest flag, or
// where the flags are listed.
func flagError(c *cobra.Command, err error) error {
	var ne *pflag.NotExistError
	if errors.As(err, &ne) {
		typed := ne.GetSpecifiedName()
		if s := ne.GetSpecifiedShortnames(); len(s) > 1 {
			// -workers: package flag's syntax, which smokeflow once accepted
			typed, _, _ = strings.Cut(s, "=")
		}
		if f := c.Flags().Lookup(typed); f != nil && typed != ne.GetSpecifiedName() {
			return &usageError{msg: fmt.Sprintf("%v; long flags take two dashes: --%s", err, f.Name), cause: err}
		}
		var names []string
		c.Flags().VisitAll(func(f *pflag.Flag) { names = append(names, f.Name) })
		if n := textdist.Nearest(typed, names); n != "" {
			return &usageError{msg: fmt.Sprintf("%v; did you mean --%s?", err, n), cause: err}
		}
	}
	return &usageError{msg: fmt.Sprintf("%v; '%s --help' lists the flags", err, c.CommandPath()), cause: err}
}
