// Package agent drives one session one command at a time, as an agent or
// a person at a shell does (docs/agents.md). A Command is one verb with
// its arguments; Engine.Run runs it on the session's page and returns a
// Result: terse text for a model to read, or one JSON object. The
// background process (agent/daemon) carries Commands and Results over its
// socket; the MCP server (agent/mcp) builds Commands from tool calls.
package agent

import (
	"github.com/smokeflow/smokeflow/agent/wire"
	"github.com/smokeflow/smokeflow/flows"
)

// Verb is a command's verb: the first word after `smokeflow` (docs/agents.md
// "Verbs").
type Verb = wire.Verb

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
// tool call gave it; Result is what it printed and how it ended. Both
// travel over the session's socket (agent/wire).
type (
	Command = wire.Command
	Result  = wire.Result
)

// Exit codes of a command (docs/agents.md "Exit codes").
const (
	ExitOK      = wire.ExitOK      // done
	ExitFailed  = wire.ExitFailed  // the action or expectation failed
	ExitUsage   = wire.ExitUsage   // the command was malformed
	ExitBrowser = wire.ExitBrowser // no browser could be started or reached
)
