// Package agent drives one session one command at a time, as an agent or
// a person at a shell does (docs/agents.md). A Command is one verb with
// its arguments; Engine.Run runs it on the session's page and returns a
// Result: terse text for a model to read, or one JSON object. The
// background process (agent/daemon) carries Commands and Results over its
// socket; the MCP server (agent/mcp) builds Commands from tool calls.
package agent

import (
	"time"

	"github.com/smokeflow/smokeflow/flows"
)

// Verb is a command's verb: the first word after `smokeflow` (docs/agents.md
// "Verbs").
type Verb string

// The verbs (docs/agents.md "Verbs"). A verb that runs the flow step of
// its name is that step's name, so that one table says it (the engine
// builds the step from the verb).
const (
	VerbOpen       = Verb(flows.ActionOpen)
	VerbSnapshot   = Verb(flows.ActionSnapshot)
	VerbClick      = Verb(flows.ActionClick)
	VerbDblclick   = Verb(flows.ActionDblClick)
	VerbHover      = Verb(flows.ActionHover)
	VerbDrag       = Verb(flows.ActionDrag)
	VerbCheck      = Verb(flows.ActionCheck)
	VerbUncheck    = Verb(flows.ActionUncheck)
	VerbFill       = Verb(flows.ActionFill)
	VerbType       = Verb(flows.ActionType)
	VerbPress      = Verb(flows.ActionPress)
	VerbSelect     = Verb(flows.ActionSelect)
	VerbScroll     = Verb(flows.ActionScroll)
	VerbUpload     = Verb(flows.ActionUpload)
	VerbExpect     = Verb(flows.ActionExpect)
	VerbScreenshot = Verb(flows.ActionScreenshot)
	VerbWait       = Verb(flows.ActionWait)
	VerbEval       = Verb(flows.ActionEval)
	VerbTab        = Verb(flows.ActionTab)
	VerbDialog     = Verb(flows.ActionDialog)

	VerbGet     Verb = "get"
	VerbBack    Verb = "back"
	VerbForward Verb = "forward"
	VerbReload  Verb = "reload"
	VerbExport  Verb = "export"
	VerbState   Verb = "state"
	VerbConfirm Verb = "confirm"
	VerbClose   Verb = "close"
	VerbConsole Verb = "console"
	VerbNetwork Verb = "network" // the requests sent; not the flow's `network` step
	VerbCookies Verb = "cookies"
	VerbStorage Verb = "storage"
	VerbFind    Verb = "find"
)

// Command is one command to a session, as the command line or an MCP
// tool call gave it. Paths in Args are relative to Dir.
type Command struct {
	Verb Verb     `json:"verb"`
	Args []string `json:"args,omitempty"` // the positional arguments after the verb
	// Flags of the verbs that take them (docs/agents.md "Verbs").
	Full     bool   `json:"full,omitempty"`      // snapshot --full
	Diff     bool   `json:"diff,omitempty"`      // snapshot --diff; an action's --diff (ShowsChange)
	Compact  bool   `json:"compact,omitempty"`   // snapshot --compact
	FullPage bool   `json:"full_page,omitempty"` // screenshot --full-page
	Target   string `json:"target,omitempty"`    // screenshot --target TARGET
	Errors   bool   `json:"errors,omitempty"`    // console --errors
	Failed   bool   `json:"failed,omitempty"`    // network --failed
	Filter   string `json:"filter,omitempty"`    // network --filter GLOB
	Clear    bool   `json:"clear,omitempty"`     // console --clear, network --clear
	Domain   string `json:"domain,omitempty"`    // cookies set --domain D
	Path     string `json:"path,omitempty"`      // cookies set --path P
	// JSON asks for the result as one JSON object (docs/agents.md "JSON").
	JSON bool `json:"json,omitempty"`
	// Dir is the caller's working directory.
	Dir string `json:"dir,omitempty"`
	// Timeout bounds the command; 0 is the default (docs/agents.md
	// "Timeouts").
	Timeout time.Duration `json:"timeout,omitempty"`
}

// Exit codes of a command (docs/agents.md "Exit codes").
const (
	ExitOK      = 0 // done
	ExitFailed  = 1 // the action or expectation failed
	ExitUsage   = 2 // the command was malformed
	ExitBrowser = 3 // no browser could be started or reached
)

// Result is what a command printed and how it ended.
type Result struct {
	Stdout string `json:"stdout"` // text, or one JSON object and a newline
	Stderr string `json:"stderr,omitempty"`
	Code   int    `json:"code"`
	// Closed: the session ended with this command; its process exits.
	Closed bool `json:"closed,omitempty"`
}
