package daemon

import (
	"time"

	"github.com/smokeflow/smokeflow/agent"
)

// The protocol (docs/agent-session.md "Protocol"): a connection carries
// one request, one JSON object on a line, from the client; the process
// answers with JSON lines: for a command, an acknowledgement once it is
// queued, then its result; for a status request, the status.

// request is what a client sends: a command, or a status request.
type request struct {
	Command *agent.Command `json:"command,omitempty"`
	Status  bool           `json:"status,omitempty"`
}

// response is one line the process sends back. Exactly one field is set.
type response struct {
	// Queued acknowledges a command: it is in the queue, behind Ahead
	// others. A client that loses the connection before this line may send
	// the command again: it was not received.
	Queued *queued `json:"queued,omitempty"`
	// Result is the command's result.
	Result *agent.Result `json:"result,omitempty"`
	// NotRun: the session ended before the command ran; it may be sent
	// again, to a new session.
	NotRun string `json:"not_run,omitempty"`
	// Refused: the connection was refused, and why (another user).
	Refused string `json:"refused,omitempty"`
	// Status answers a status request.
	Status *Info `json:"status,omitempty"`
}

// queued is the acknowledgement of a command.
type queued struct {
	Ahead int `json:"ahead"` // commands queued or running before it
}

// Info describes a live session, as `sessions` lists them.
type Info struct {
	Name     string    `json:"name"`
	PID      int       `json:"pid"`
	URL      string    `json:"url,omitempty"` // the page's URL, when the engine tells it
	Busy     bool      `json:"busy"`          // a command runs
	Queued   int       `json:"queued"`        // commands waiting, the running one not counted
	Started  time.Time `json:"started"`       // when its process started
	LastUsed time.Time `json:"last_used"`     // when its last command ended (or it started)
	Socket   string    `json:"socket"`
	Log      string    `json:"log"` // the process's log file
}

// Idle is how long the session has waited for a command, as of now: 0
// while one runs.
func (i Info) Idle(now time.Time) time.Duration {
	if i.Busy || i.Queued > 0 {
		return 0
	}
	return now.Sub(i.LastUsed)
}
