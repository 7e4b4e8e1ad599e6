package main

import (
	"errors"
	"strings"

	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// grammarCmd is the command of a verb that takes words (agent.Grammar:
// get, tab, dialog, cookies, storage, state): its usage, its argument
// check and its completion read the verb's grammar, which the engine
// parses with (docs/agents.md "One grammar").
func grammarCmd(g agent.Grammar, short string, set func(*agent.Command)) *cobra.Command {
	c := verbCmd(g.Verb, string(g.Verb)+" "+g.Synopsis(), short, grammarArgs(g), set)
	c.ValidArgsFunction = completeWords(g)
	return c
}

// grammarArgs checks a command's words and how many arguments follow
// them, before any process starts.
func grammarArgs(g agent.Grammar) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		_, err := g.Parse(args)
		var we *agent.WordError
		var ae *agent.ArgsError
		switch {
		case errors.As(err, &we) && we.Got == "":
			return usagef("%s needs one of %s; usage: smokeflow %s", c.Name(), strings.Join(we.Want, ", "), c.Use)
		case errors.As(err, &we):
			return usagef("%s %s: want one of %s; usage: smokeflow %s", c.Name(), strings.Join(args[:we.Before+1], " "), strings.Join(we.Want, ", "), c.Use)
		case errors.As(err, &ae):
			max := ae.Max
			if max >= 0 {
				max += ae.Before
			}
			return argsBetween(ae.Before+ae.Min, max)(c, args)
		}
		return err
	}
}

// completeWords completes a verb's words: storage's area first, then the
// form's word; files where the form's next argument is a FILE (state).
func completeWords(g agent.Grammar) cobra.CompletionFunc {
	return func(c *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
		switch {
		case len(g.Areas) > 0 && len(args) == 0:
			return g.AreaWords(), cobra.ShellCompDirectiveNoFileComp
		case len(g.Areas) > 0 && len(args) == 1, len(g.Areas) == 0 && len(args) == 0:
			return g.Words(), cobra.ShellCompDirectiveNoFileComp
		case fileNext(g, args):
			return nil, cobra.ShellCompDirectiveDefault
		}
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
}

// fileNext says whether the argument after args is a file: the usage of
// the form args chose names it FILE.
func fileNext(g agent.Grammar, args []string) bool {
	at := len(args) - 1 // args holds an area, if any, and the form's word
	if len(g.Areas) > 0 {
		at--
	}
	word := args[len(args)-1-at]
	for _, f := range g.Forms {
		if string(f.Word) == word && at < len(f.Args) {
			return strings.Trim(f.Args[at], "[]") == "FILE"
		}
	}
	return false
}
