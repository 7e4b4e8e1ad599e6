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

// newTabCmd is `smokeflow tab [list|new URL|switch N|close [N]]`
// (agent.TabGrammar).
func newTabCmd() *cobra.Command {
	return grammarCmd(agent.TabGrammar, "list the tabs, open one, switch to one or close one (tabs count from 0)", nil)
}

// newCookiesCmd is `smokeflow cookies [get [NAME]|set NAME VALUE|clear]`
// (agent.CookiesGrammar).
func newCookiesCmd() *cobra.Command {
	var domain, path string
	c := grammarCmd(agent.CookiesGrammar, "print, set or clear the session's cookies",
		func(cmd *agent.Command) { cmd.Domain, cmd.Path = domain, path })
	c.Flags().StringVar(&domain, "domain", "", "cookies set: the cookie's `DOMAIN` and its subdomains (default: the page's host alone)")
	c.Flags().StringVar(&path, "path", "", "cookies set: the cookie's `PATH` (default /)")
	return c
}

// newStorageCmd is `smokeflow storage local|session [get [KEY]|set KEY
// VALUE|clear]` (agent.StorageGrammar).
func newStorageCmd() *cobra.Command {
	return grammarCmd(agent.StorageGrammar, "print, set or clear the tab's localStorage or sessionStorage", nil)
}

// newDialogCmd is `smokeflow dialog accept [TEXT]|dismiss`
// (agent.DialogGrammar).
func newDialogCmd() *cobra.Command {
	return grammarCmd(agent.DialogGrammar, "say how to answer the next native dialog (TEXT: a prompt's answer)", nil)
}

// newFindCmd is `smokeflow find TARGET`.
func newFindCmd() *cobra.Command {
	return verbCmd(agent.VerbFind, "find TARGET", "print the element a target picks, with its snapshot line and ref, or the ones it ties between", argsBetween(1, -1), nil)
}
