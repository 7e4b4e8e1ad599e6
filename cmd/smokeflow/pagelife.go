package main

import (
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
)

// The session verbs of what a page lives through besides its elements
// (docs/agent-session.md, docs/agents.md "Verbs"): console, network,
// tab, cookies, storage, dialog, find; and drag.

// newDragCmd is `smokeflow drag FROM TO`.
func newDragCmd() *cobra.Command {
	return verbCmd(agent.VerbDrag, "drag FROM TO", "drag an element onto another, or to a point of one", argsBetween(2, 2), nil)
}

// newConsoleCmd is `smokeflow console [--errors] [--clear]`.
func newConsoleCmd() *cobra.Command {
	var errorsOnly, clear bool
	c := verbCmd(agent.VerbConsole, "console", "print the console messages of the session's tabs since the last console", noArgs,
		func(cmd *agent.Command) { cmd.Errors, cmd.Clear = errorsOnly, clear })
	c.Flags().BoolVar(&errorsOnly, "errors", false, "only the errors and uncaught exceptions")
	c.Flags().BoolVar(&clear, "clear", false, "drop the messages since the last console, unprinted")
	return c
}

// newNetworkCmd is `smokeflow network [--failed] [--filter GLOB] [--clear]`.
func newNetworkCmd() *cobra.Command {
	var failed, clear bool
	var filter string
	c := verbCmd(agent.VerbNetwork, "network", "print the requests of the session's tabs since the last network", noArgs,
		func(cmd *agent.Command) { cmd.Failed, cmd.Filter, cmd.Clear = failed, filter, clear })
	c.Flags().BoolVar(&failed, "failed", false, "only the failed requests (network errors, 4xx, 5xx)")
	c.Flags().StringVar(&filter, "filter", "", "only the requests whose URL matches this `GLOB` or /regex/ (docs/flows.md \"URL patterns\")")
	c.Flags().BoolVar(&clear, "clear", false, "drop the requests since the last network, unprinted")
	return c
}

// orNoWord is oneOf, or no argument at all.
func orNoWord(words map[string]cobra.PositionalArgs) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) == 0 {
			return nil
		}
		return oneOf(words)(c, args)
	}
}

// tabArgs are the arguments `tab` takes after each of its words.
var tabArgs = map[string]cobra.PositionalArgs{
	"list":   argsBetween(1, 1),
	"new":    argsBetween(2, 2),
	"switch": argsBetween(2, 2),
	"close":  argsBetween(1, 2),
}

// newTabCmd is `smokeflow tab list|new URL|switch N|close [N]`.
func newTabCmd() *cobra.Command {
	c := verbCmd(agent.VerbTab, "tab [list|new URL|switch N|close [N]]", "list the tabs, open one, switch to one or close one (tabs count from 0)", orNoWord(tabArgs), nil)
	c.ValidArgsFunction = completeFirstWord(tabArgs)
	return c
}

// cookiesArgs are the arguments `cookies` takes after each of its words.
var cookiesArgs = map[string]cobra.PositionalArgs{
	"get":   argsBetween(1, 2),
	"set":   argsBetween(3, 3),
	"clear": argsBetween(1, 1),
}

// newCookiesCmd is `smokeflow cookies [get [NAME]|set NAME VALUE|clear]`.
func newCookiesCmd() *cobra.Command {
	var domain, path string
	c := verbCmd(agent.VerbCookies, "cookies [get [NAME]|set NAME VALUE|clear]", "print, set or clear the session's cookies", orNoWord(cookiesArgs),
		func(cmd *agent.Command) { cmd.Domain, cmd.Path = domain, path })
	c.Flags().StringVar(&domain, "domain", "", "cookies set: the cookie's `DOMAIN` and its subdomains (default: the page's host alone)")
	c.Flags().StringVar(&path, "path", "", "cookies set: the cookie's `PATH` (default /)")
	c.ValidArgsFunction = completeFirstWord(cookiesArgs)
	return c
}

// storageArgs are the arguments `storage` takes after each of its words.
var storageArgs = map[string]cobra.PositionalArgs{
	"local":   argsBetween(1, 4),
	"session": argsBetween(1, 4),
}

// newStorageCmd is `smokeflow storage local|session [get [KEY]|set KEY VALUE|clear]`.
func newStorageCmd() *cobra.Command {
	c := verbCmd(agent.VerbStorage, "storage local|session [get [KEY]|set KEY VALUE|clear]", "print, set or clear the tab's localStorage or sessionStorage", oneOf(storageArgs), nil)
	c.ValidArgsFunction = completeFirstWord(storageArgs)
	return c
}

// dialogArgs are the arguments `dialog` takes after each of its words.
var dialogArgs = map[string]cobra.PositionalArgs{
	"accept":  argsBetween(1, 2),
	"dismiss": argsBetween(1, 1),
}

// newDialogCmd is `smokeflow dialog accept|dismiss [TEXT]`.
func newDialogCmd() *cobra.Command {
	c := verbCmd(agent.VerbDialog, "dialog accept|dismiss [TEXT]", "say how to answer the next native dialog (TEXT: a prompt's answer)", oneOf(dialogArgs), nil)
	c.ValidArgsFunction = completeFirstWord(dialogArgs)
	return c
}

// newFindCmd is `smokeflow find TARGET`.
func newFindCmd() *cobra.Command {
	return verbCmd(agent.VerbFind, "find TARGET", "print the element a target picks, with its snapshot line and ref, or the ones it ties between", argsBetween(1, -1), nil)
}
