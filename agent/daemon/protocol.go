package daemon

import "github.com/smokeflow/smokeflow/agent/wire"

// The protocol is agent/wire's (docs/agent-session.md "Protocol"): a
// connection carries one request line from the client, and the process
// answers with JSON lines.
type (
	request  = wire.Request
	response = wire.Response
	queued   = wire.Queued
	// Info describes a live session, as `sessions` lists them.
	Info = wire.Info
)
