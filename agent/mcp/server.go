// Package mcp serves an agent session over the Model Context Protocol, with
// the official Go SDK (docs/mcp.md). Each tool call becomes one
// agent.Command, run by an agent.Runner: the same commands, the same
// terse outputs as the shell verbs (docs/agents.md).
package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/smokeflow/smokeflow/agent"
)

// NewServer builds the MCP server whose tools run on r (docs/mcp.md
// "Tools"). version is smokeflow's.
func NewServer(r agent.Runner, version string) *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "smokeflow", Version: version}, &sdk.ServerOptions{
		Instructions: instructions,
	})
	dir, err := os.Getwd()
	if err != nil {
		dir = "" // relative paths then stay relative to the runner's folder
	}
	t := tools{r: r, dir: dir}
	for _, sp := range t.specs() {
		sp.add(s)
	}
	return s
}

// Run serves the tools on stdin and stdout until the client goes away or
// ctx ends.
func Run(ctx context.Context, r agent.Runner, version string) error {
	return NewServer(r, version).Run(ctx, &sdk.StdioTransport{})
}

// specs are the tools, in the order tools/list gives them.
func (t tools) specs() []toolSpec {
	return []toolSpec{
		spec[snapshotIn]{"snapshot", snapshotDoc, snapshotExamples, t.snapshot, reads},
		spec[actIn]{"act", actDoc, actExamples, t.act, hints{destructive: true, openWorld: true}},
		spec[expectIn]{"expect", expectDoc, expectExamples, t.expect, reads},
		spec[waitIn]{"wait", waitDoc, waitExamples, t.wait, reads},
		spec[navigateIn]{"navigate", navigateDoc, navigateExamples, t.navigate, hints{openWorld: true}},
		spec[getIn]{"get", getDoc, getExamples, t.get, reads},
		spec[findIn]{"find", findDoc, findExamples, t.find, reads},
		spec[consoleIn]{"console", consoleDoc, consoleExamples, t.console, reads},
		spec[networkIn]{"network", networkDoc, networkExamples, t.network, reads},
		spec[tabIn]{"tab", tabDoc, tabExamples, t.tab, hints{destructive: true, openWorld: true}},
		spec[dialogIn]{"dialog", dialogDoc, dialogExamples, t.dialog, hints{idempotent: true}},
		spec[cookiesIn]{"cookies", cookiesDoc, cookiesExamples, t.cookies, hints{destructive: true, idempotent: true}},
		spec[storageIn]{"storage", storageDoc, storageExamples, t.storage, hints{destructive: true, idempotent: true}},
		spec[evalIn]{"eval", evalDoc, evalExamples, t.eval, hints{destructive: true, openWorld: true}},
		spec[screenshotIn]{"screenshot", screenshotDoc, screenshotExamples, t.screenshot, reads},
		spec[exportIn]{"export", exportDoc, exportExamples, t.export, hints{destructive: true, idempotent: true}},
		spec[confirmIn]{"confirm", confirmDoc, confirmExamples, t.confirm, hints{destructive: true, openWorld: true}},
		spec[stateIn]{"state", stateDoc, stateExamples, t.state, hints{destructive: true, idempotent: true}},
		spec[struct{}]{"close", closeDoc, nil, t.close, hints{destructive: true, idempotent: true}},
	}
}

// Example is a call of a tool as the tool's description shows it: the
// tool's name and its arguments as JSON (docs/mcp.md "Tools").
type Example struct {
	Tool string
	Args json.RawMessage
}

// Examples lists every tool's examples, in the order of the tools and of
// each tool's description.
func Examples() []Example {
	var out []Example
	for _, sp := range (tools{}).specs() {
		out = append(out, sp.examples()...)
	}
	return out
}

// toolSpec is a tool of any argument type.
type toolSpec interface {
	add(s *sdk.Server)
	examples() []Example
}

// spec is one tool: its name, what it does, the examples of its
// arguments its description ends with, and its handler. In is its
// arguments' type, and so its JSON schema.
type spec[In any] struct {
	name    string
	doc     string
	calls   []In
	handler sdk.ToolHandlerFor[In, any]
	hints   hints
}

// hints are what a tool does to its world, said once per tool and given
// to clients as the MCP tool annotations (docs/mcp.md "Annotations").
type hints struct {
	readOnly    bool // changes nothing in the page or the session
	destructive bool // may end, clear, overwrite or delete something
	idempotent  bool // the same call again changes nothing more
	openWorld   bool // may make the page reach the web (navigate, act, eval)
}

// reads is a tool that only reads: the page, the session's logs, a
// picture of the page.
var reads = hints{readOnly: true}

// annotations are h as the SDK says them; both pointer hints are set,
// since the protocol's defaults (destructive, open world) are not ours.
func (h hints) annotations() *sdk.ToolAnnotations {
	return &sdk.ToolAnnotations{
		ReadOnlyHint:    h.readOnly,
		DestructiveHint: &h.destructive,
		IdempotentHint:  h.idempotent || h.readOnly,
		OpenWorldHint:   &h.openWorld,
	}
}

// add puts the tool on s, with In's schema and its enums (docs/mcp.md
// "Enums"). It panics only on a schema it cannot infer from these fixed
// types, never on a client's input; the tests build this server.
func (sp spec[In]) add(s *sdk.Server) {
	tool := &sdk.Tool{Name: sp.name, Description: sp.description(), Annotations: sp.hints.annotations()}
	schema, err := schemaFor[In]()
	if err != nil {
		panic(err)
	}
	if schema != nil {
		tool.InputSchema = schema
	}
	sdk.AddTool(s, tool, sp.handler)
}

// description is the tool's doc, then its examples, one call's arguments
// a line, as JSON: what a model sends.
func (sp spec[In]) description() string {
	var b strings.Builder
	b.WriteString(sp.doc)
	for i, e := range sp.examples() {
		if i == 0 {
			b.WriteString("\nExamples (the arguments of a call):")
		}
		b.WriteString("\n" + string(e.Args))
	}
	return b.String()
}

func (sp spec[In]) examples() []Example {
	out := make([]Example, 0, len(sp.calls))
	for _, in := range sp.calls {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(in); err != nil {
			// the arguments are plain structs of strings and booleans
			continue
		}
		out = append(out, Example{Tool: sp.name, Args: bytes.TrimRight(b.Bytes(), "\n")})
	}
	return out
}

const instructions = `smokeflow drives one browser page for you. Read the page with the snapshot tool before you act on a page you have not seen; act by ref (@e3) with the act tool; when an action fails, read the snapshot again instead of rephrasing the target; check outcomes with expect; when done, export the session as a flow file.`

// tools runs each tool call as a command.
type tools struct {
	r   agent.Runner
	dir string // the server's working directory: relative files are in it
}

// run runs c and turns its result into a tool result: the command's text,
// an error result when the command failed.
func (t tools) run(ctx context.Context, c agent.Command) (*sdk.CallToolResult, any, error) {
	c.Dir = t.dir
	res := t.r.Run(ctx, c)
	text := strings.TrimRight(res.Stdout, "\n")
	if e := strings.TrimRight(res.Stderr, "\n"); e != "" {
		if text != "" {
			text += "\n"
		}
		text += e
	}
	if text == "" {
		text = "ok"
	}
	return &sdk.CallToolResult{
		Content: []sdk.Content{&sdk.TextContent{Text: text}},
		IsError: res.Code != agent.ExitOK,
	}, nil, nil
}
