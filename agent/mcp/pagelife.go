package mcp

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/smokeflow/smokeflow/agent"
)

// The tools of what a page lives through besides its elements
// (docs/mcp.md "Tools"; docs/agents.md "console", "network", "tab",
// "dialog", "cookies", "storage", "find"): one tool per verb, its words
// as an action.

const findDoc = `Find what a target picks without reading the whole page: the one element, with its snapshot line and ref, or the elements it ties between, each with its ref; fails when nothing matches. target is what a flow takes.`

var findExamples = []findIn{{Target: "Sign in"}, {Target: "{role: textbox, name: Email}"}}

type findIn struct {
	Target string `json:"target" jsonschema:"a ref (@e3), a phrase, /regex/i or a flow-style map"`
}

func (t tools) find(ctx context.Context, _ *sdk.CallToolRequest, in findIn) (*sdk.CallToolResult, any, error) {
	if in.Target == "" {
		return usage("find: give a target: a phrase such as Sign in, or a map such as {role: button, name: Save}")
	}
	return t.run(ctx, agent.Command{Verb: agent.VerbFind, Args: []string{in.Target}})
}

const consoleDoc = `The console messages of the session's tabs since the last call: level, text, script and line. errors: only errors and uncaught exceptions. clear: drop them unprinted.`

var consoleExamples = []consoleIn{{}, {Errors: true}, {Clear: true}}

type consoleIn struct {
	Errors bool `json:"errors,omitempty" jsonschema:"only errors and uncaught exceptions"`
	Clear  bool `json:"clear,omitempty" jsonschema:"drop the messages since the last call, unprinted"`
}

func (t tools) console(ctx context.Context, _ *sdk.CallToolRequest, in consoleIn) (*sdk.CallToolResult, any, error) {
	return t.run(ctx, agent.Command{Verb: agent.VerbConsole, Errors: in.Errors, Clear: in.Clear})
}

const networkDoc = `The requests of the session's tabs since the last call: method, URL, status, resource type, duration. failed: only network errors, 4xx and 5xx. filter: only URLs that match a glob (** any characters, * any but /) or a /regex/. clear: drop them unprinted.`

var networkExamples = []networkIn{{}, {Failed: true}, {Filter: "**/api/**"}}

type networkIn struct {
	Failed bool   `json:"failed,omitempty" jsonschema:"only the failed requests"`
	Filter string `json:"filter,omitempty" jsonschema:"a URL glob such as **/api/** or a /regex/"`
	Clear  bool   `json:"clear,omitempty" jsonschema:"drop the requests since the last call, unprinted"`
}

func (t tools) network(ctx context.Context, _ *sdk.CallToolRequest, in networkIn) (*sdk.CallToolResult, any, error) {
	return t.run(ctx, agent.Command{Verb: agent.VerbNetwork, Failed: in.Failed, Filter: in.Filter, Clear: in.Clear})
}

const tabDoc = `The session's tabs, counted from 0: list them, open url in a new one (the steps go on there), switch to index, or close index (the current tab without one). Prints the open tabs, the current one marked *.`

var tabExamples = []tabIn{{Action: string(agent.TabList)}, {Action: string(agent.TabNew), URL: "/help"}, {Action: string(agent.TabSwitch), Index: ptr(0)}, {Action: string(agent.TabClose), Index: ptr(1)}}

type tabIn struct {
	Action string `json:"action" jsonschema:"what to do with the tabs"`
	URL    string `json:"url,omitempty" jsonschema:"new: the URL to open"`
	Index  *int   `json:"index,omitempty" jsonschema:"switch and close: the tab, from 0"`
}

func ptr(n int) *int { return &n }

func (t tools) tab(ctx context.Context, _ *sdk.CallToolRequest, in tabIn) (*sdk.CallToolResult, any, error) {
	args, w := []string{in.Action}, agent.Word(in.Action)
	switch {
	case w == agent.TabList:
	case w == agent.TabNew && in.URL != "":
		args = append(args, in.URL)
	case w == agent.TabSwitch && in.Index != nil, w == agent.TabClose:
		if in.Index != nil {
			args = append(args, strconv.Itoa(*in.Index))
		}
	case w == agent.TabNew:
		return usage("tab new: give the url to open")
	case w == agent.TabSwitch:
		return usage("tab switch: give the index of the tab, from 0 (tab list shows them)")
	default:
		return usage(fmt.Sprintf("tab: unknown action %q; use %s", in.Action, oneOf(agent.TabGrammar.Words())))
	}
	return t.run(ctx, agent.Command{Verb: agent.VerbTab, Args: args})
}

const dialogDoc = `Say how to answer the next native dialog (alert, confirm, prompt, beforeunload) of any tab: accept (with text, a prompt's answer) or dismiss. Without it, an alert is accepted and the others dismissed.`

var dialogExamples = []dialogIn{{Action: string(agent.DialogAccept)}, {Action: string(agent.DialogAccept), Text: "Ada"}, {Action: string(agent.DialogDismiss)}}

type dialogIn struct {
	Action string `json:"action" jsonschema:"how to answer the next dialog"`
	Text   string `json:"text,omitempty" jsonschema:"accept: what a prompt gets"`
}

func (t tools) dialog(ctx context.Context, _ *sdk.CallToolRequest, in dialogIn) (*sdk.CallToolResult, any, error) {
	switch w := agent.Word(in.Action); {
	case w == agent.DialogAccept && in.Text != "":
		return t.run(ctx, agent.Command{Verb: agent.VerbDialog, Args: []string{in.Action, in.Text}})
	case w == agent.DialogAccept, w == agent.DialogDismiss && in.Text == "":
		return t.run(ctx, agent.Command{Verb: agent.VerbDialog, Args: []string{in.Action}})
	case w == agent.DialogDismiss:
		return usage("dialog dismiss takes no text: a prompt's text goes with accept")
	}
	return usage(fmt.Sprintf("dialog: unknown action %q; use %s", in.Action, oneOf(agent.DialogGrammar.Words())))
}

const cookiesDoc = `The session's cookies: get them all or by name, set name=value (of domain and path when given, else of the page's host, path /), or clear them.`

var cookiesExamples = []cookiesIn{{Action: string(agent.StoreSet), Name: "theme", Value: "dark"}, {Action: string(agent.StoreGet)}, {Action: string(agent.StoreGet), Name: "theme"}, {Action: string(agent.StoreClear)}}

type cookiesIn struct {
	Action string `json:"action" jsonschema:"what to do with the cookies"`
	Name   string `json:"name,omitempty" jsonschema:"get: only this cookie; set: its name"`
	Value  string `json:"value,omitempty" jsonschema:"set: its value"`
	Domain string `json:"domain,omitempty" jsonschema:"set: the cookie's domain, and its subdomains"`
	Path   string `json:"path,omitempty" jsonschema:"set: the cookie's path"`
}

func (t tools) cookies(ctx context.Context, _ *sdk.CallToolRequest, in cookiesIn) (*sdk.CallToolResult, any, error) {
	c := agent.Command{Verb: agent.VerbCookies, Args: []string{in.Action}, Domain: in.Domain, Path: in.Path}
	switch agent.Word(in.Action) {
	case agent.StoreGet:
		if in.Name != "" {
			c.Args = append(c.Args, in.Name)
		}
	case agent.StoreSet:
		if in.Name == "" {
			return usage("cookies set: give the cookie's name and value")
		}
		c.Args = append(c.Args, in.Name, in.Value)
	case agent.StoreClear:
	default:
		return usage(fmt.Sprintf("cookies: unknown action %q; use %s", in.Action, oneOf(agent.CookiesGrammar.Words())))
	}
	return t.run(ctx, c)
}

const storageDoc = `The current tab's localStorage (area local) or sessionStorage (area session): get every key or one, set key to value, or clear it.`

var storageExamples = []storageIn{
	{Area: string(agent.StorageLocal), Action: string(agent.StoreSet), Key: "cart", Value: "2"},
	{Area: string(agent.StorageLocal), Action: string(agent.StoreGet)},
	{Area: string(agent.StorageSession), Action: string(agent.StoreClear)},
}

type storageIn struct {
	Area   string `json:"area" jsonschema:"which storage: localStorage or sessionStorage"`
	Action string `json:"action,omitempty" jsonschema:"what to do with it; get when left out"`
	Key    string `json:"key,omitempty" jsonschema:"get: only this key; set: the key"`
	Value  string `json:"value,omitempty" jsonschema:"set: the value"`
}

func (t tools) storage(ctx context.Context, _ *sdk.CallToolRequest, in storageIn) (*sdk.CallToolResult, any, error) {
	g := agent.StorageGrammar
	if !slices.Contains(g.AreaWords(), in.Area) {
		return usage(fmt.Sprintf("storage: unknown area %q; use %s", in.Area, oneOf(g.AreaWords())))
	}
	w := agent.Word(in.Action)
	if w == "" {
		w = g.Default
	}
	args := []string{in.Area, string(w)}
	switch w {
	case agent.StoreGet:
		if in.Key != "" {
			args = append(args, in.Key)
		}
	case agent.StoreSet:
		if in.Key == "" {
			return usage("storage set: give the key and its value")
		}
		args = append(args, in.Key, in.Value)
	case agent.StoreClear:
	default:
		return usage(fmt.Sprintf("storage: unknown action %q; use %s", in.Action, oneOf(g.Words())))
	}
	return t.run(ctx, agent.Command{Verb: agent.VerbStorage, Args: args})
}
