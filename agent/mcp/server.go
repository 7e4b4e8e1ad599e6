// Package mcp serves an agent session over the Model Context Protocol, with
// the official Go SDK (docs/mcp.md). Each tool call becomes one
// agent.Command, run by an agent.Runner: the same commands, the same
// terse outputs as the shell verbs (docs/agents.md).
package mcp

import (
	"context"
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
	// AddTool panics only on a schema it cannot infer from these fixed
	// types, never on a client's input; the tests build this server.
	sdk.AddTool(s, &sdk.Tool{Name: "snapshot", Description: snapshotDoc}, t.snapshot)
	sdk.AddTool(s, &sdk.Tool{Name: "act", Description: actDoc}, t.act)
	sdk.AddTool(s, &sdk.Tool{Name: "expect", Description: expectDoc}, t.expect)
	sdk.AddTool(s, &sdk.Tool{Name: "navigate", Description: navigateDoc}, t.navigate)
	sdk.AddTool(s, &sdk.Tool{Name: "get", Description: getDoc}, t.get)
	sdk.AddTool(s, &sdk.Tool{Name: "eval", Description: evalDoc}, t.eval)
	sdk.AddTool(s, &sdk.Tool{Name: "screenshot", Description: screenshotDoc}, t.screenshot)
	sdk.AddTool(s, &sdk.Tool{Name: "export", Description: exportDoc}, t.export)
	sdk.AddTool(s, &sdk.Tool{Name: "confirm", Description: confirmDoc}, t.confirm)
	sdk.AddTool(s, &sdk.Tool{Name: "state", Description: stateDoc}, t.state)
	sdk.AddTool(s, &sdk.Tool{Name: "close", Description: closeDoc}, t.close)
	return s
}

// Run serves the tools on stdin and stdout until the client goes away or
// ctx ends.
func Run(ctx context.Context, r agent.Runner, version string) error {
	return NewServer(r, version).Run(ctx, &sdk.StdioTransport{})
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
