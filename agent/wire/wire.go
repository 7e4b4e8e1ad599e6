// Package wire is what a client of an agent session needs and no more:
// the command and its result, the socket's protocol, where a session's
// files are, and one exchange on a connection (docs/agent-session.md
// "Protocol", "Files"). It imports the standard library alone, so that
// the small `smokeflow` front starts in a few milliseconds and answers a
// session verb by itself (docs/agent-session.md "The front"); agent and
// agent/daemon build on it.
package wire

import (
	"bufio"
	"context"
	"debug/buildinfo"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"time"
)

// Verb is a command's verb: the first word after `smokeflow` (docs/agents.md
// "Verbs"). The verbs are agent's.
type Verb string

// Command is one command to a session, as the command line or an MCP
// tool call gave it. Paths in Args are relative to Dir.
type Command struct {
	Verb Verb     `json:"verb"`
	Args []string `json:"args,omitempty"` // the positional arguments after the verb
	// Flags of the verbs that take them (docs/agents.md "Verbs").
	Full     bool   `json:"full,omitempty"`      // snapshot --full
	Diff     bool   `json:"diff,omitempty"`      // snapshot --diff; an action's --diff (agent.ShowsChange)
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

// ExitInterrupted is the exit code of a command stopped by SIGINT or
// SIGTERM (docs/cli.md "Exit codes").
const ExitInterrupted = 130

// ExitOf is the process's exit code for a result's code
// (docs/agent-session.md "Exit codes"): a code the engine does not define
// is a failure.
func ExitOf(code int) int {
	switch code {
	case ExitOK, ExitUsage, ExitBrowser:
		return code
	}
	return ExitFailed
}

// Result is what a command printed and how it ended.
type Result struct {
	Stdout string `json:"stdout"` // text, or one JSON object and a newline
	Stderr string `json:"stderr,omitempty"`
	Code   int    `json:"code"`
	// Closed: the session ended with this command; its process exits.
	Closed bool `json:"closed,omitempty"`
}

// Print prints what a command printed in the session, as a client prints
// it: its stdout, then its stderr.
func Print(stdout, stderr io.Writer, res Result) error {
	if _, err := io.WriteString(stdout, res.Stdout); err != nil {
		return err
	}
	_, err := io.WriteString(stderr, res.Stderr)
	return err
}

// The protocol (docs/agent-session.md "Protocol"): a connection carries
// one request, one JSON object on a line, from the client; the process
// answers with JSON lines: for a command, an acknowledgement once it is
// queued, then its result; for a status request, the status.

// Request is what a client sends: a command, or a status request.
type Request struct {
	Command *Command `json:"command,omitempty"`
	Status  bool     `json:"status,omitempty"`
}

// Response is one line the process sends back. Exactly one field is set.
type Response struct {
	// Queued acknowledges a command: it is in the queue, behind Ahead
	// others. A client that loses the connection before this line may send
	// the command again: it was not received.
	Queued *Queued `json:"queued,omitempty"`
	// Result is the command's result.
	Result *Result `json:"result,omitempty"`
	// NotRun: the session ended before the command ran; it may be sent
	// again, to a new session.
	NotRun string `json:"not_run,omitempty"`
	// Refused: the connection was refused, and why (another user).
	Refused string `json:"refused,omitempty"`
	// Status answers a status request.
	Status *Info `json:"status,omitempty"`
}

// Queued is the acknowledgement of a command.
type Queued struct {
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

// ErrUnreachable is a session's process that could not be started or
// reached, or that ended before it answered (docs/agent-session.md "Exit
// codes").
var ErrUnreachable = errors.New("the session's process is unreachable")

// ErrBadConfig is a session's name, folder or idle timeout that cannot be
// used.
var ErrBadConfig = errors.New("bad session settings")

// kindError is an error of a kind (ErrUnreachable, ErrBadConfig): it
// says its cause's message alone, and is both.
type kindError struct{ kind, err error }

func (e *kindError) Error() string   { return e.err.Error() }
func (e *kindError) Unwrap() []error { return []error{e.kind, e.err} }

// Kinded makes err an error of the kind.
func Kinded(kind, err error) error { return &kindError{kind: kind, err: err} }

// DefaultSession is the session's name when none is given.
const DefaultSession = "default"

// The environment variables that say which session, and where
// (docs/agent-session.md "Environment").
const (
	EnvSession     = "SMOKEFLOW_SESSION"      // the session's name
	EnvRuntimeDir  = "SMOKEFLOW_RUNTIME_DIR"  // the folder of the sessions
	EnvIdleTimeout = "SMOKEFLOW_IDLE_TIMEOUT" // the idle timeout, as a Go duration, read when a session starts
)

// nameOK says whether name can name a folder (docs/agent-session.md
// "Session names"): 1 to 64 of ASCII letters, digits, '_', '.' and '-',
// the first neither '.' nor '-'. Written out, not a regexp: the front
// links this package, and compiling `{0,63}` at its start, with package
// regexp's pages, cost every session command about a millisecond and a
// half (docs/benchmarks.md "The front's start").
func nameOK(name string) bool {
	if name == "" || len(name) > 64 || name[0] == '.' || name[0] == '-' {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '.' || c == '-') {
			return false
		}
	}
	return true
}

// CheckName says whether name can name a session.
func CheckName(name string) error {
	if !nameOK(name) {
		return Kinded(ErrBadConfig, fmt.Errorf("session name %q: want letters, digits, '_', '.' or '-', at most 64, not starting with '.' or '-'", name))
	}
	return nil
}

// Name is the session's name: name, else $SMOKEFLOW_SESSION, else
// DefaultSession.
func Name(name string) string {
	if name == "" {
		name = os.Getenv(EnvSession)
	}
	if name == "" {
		name = DefaultSession
	}
	return name
}

// DefaultDir is the folder of this user's sessions: $SMOKEFLOW_RUNTIME_DIR,
// else $XDG_RUNTIME_DIR/smokeflow, else smokeflow-UID in the temporary
// folder (docs/agent-session.md "Files").
func DefaultDir() (string, error) {
	if d := os.Getenv(EnvRuntimeDir); d != "" {
		return filepath.Abs(d)
	}
	if d := os.Getenv("XDG_RUNTIME_DIR"); d != "" {
		return filepath.Join(d, "smokeflow"), nil
	}
	return filepath.Join(os.TempDir(), fmt.Sprintf("smokeflow-%d", os.Getuid())), nil
}

// Folder is the folder of the session name in dir, the sessions' folder.
func Folder(dir, name string) string { return filepath.Join(dir, name) }

// Socket is the Unix socket in a session's folder.
func Socket(folder string) string { return filepath.Join(folder, "socket") }

// Log is the serving process's log in a session's folder.
func Log(folder string) string { return filepath.Join(folder, "log") }

// SameBuild reports whether the Go program at path is the program pkg of
// this program's module and build: the same module version, Go version
// and build settings (the commit, its time, whether the tree was
// modified, the flags). A program left from another build might not
// speak this one's protocol, or take its command lines.
func SameBuild(path, pkg string) bool {
	mine, ok := debug.ReadBuildInfo()
	if !ok {
		return false
	}
	theirs, err := buildinfo.ReadFile(path)
	if err != nil {
		return false
	}
	return theirs.Path == mine.Main.Path+"/"+pkg && theirs.Main.Path == mine.Main.Path &&
		mine.Main.Version == theirs.Main.Version && mine.GoVersion == theirs.GoVersion &&
		slices.Equal(mine.Settings, theirs.Settings)
}

// Dial connects to a session's socket.
func Dial(socket string) (*net.UnixConn, error) {
	return net.DialUnix("unix", nil, &net.UnixAddr{Name: socket, Net: "unix"})
}

// WriteLine writes v as one JSON line.
func WriteLine(conn *net.UnixConn, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = conn.Write(append(b, '\n'))
	return err
}

// ReadLine reads one JSON line into v.
func ReadLine(r *bufio.Reader, v any) error {
	line, err := r.ReadBytes('\n')
	if err != nil {
		return err
	}
	return json.Unmarshal(line, v)
}

// Outcome says how an exchange ended.
type Outcome int

const (
	// Answered: the result is the command's.
	Answered Outcome = iota
	// NotTaken: the process did not take the command (it closed the
	// connection first, or its session ended before the command ran); it
	// may be sent again.
	NotTaken
	// Refused: the process refused the connection (another user).
	Refused
	// Lost: the process took the command and ended before it answered,
	// or ctx ended the wait, or its answer could not be read.
	Lost
)

// Exchange sends cmd on conn, a connection to the process whose log is
// log, and reads its answer until ctx ends; it closes nothing.
func Exchange(ctx context.Context, conn *net.UnixConn, log string, cmd Command) (Result, Outcome, error) {
	stop := context.AfterFunc(ctx, func() { _ = conn.Close() }) // the read below ends: ctx's error is returned
	defer stop()
	r := bufio.NewReader(conn)
	// a write that fails may still have an answer to read: a refusal
	werr := WriteLine(conn, Request{Command: &cmd})
	for acked := false; ; acked = true {
		var resp Response
		if err := ReadLine(r, &resp); err != nil {
			if !acked && ctx.Err() == nil {
				return Result{}, NotTaken, lost(ctx, log, errors.Join(werr, err), acked)
			}
			return Result{}, Lost, lost(ctx, log, errors.Join(werr, err), acked)
		}
		switch {
		case resp.Refused != "":
			return Result{}, Refused, Kinded(ErrUnreachable, errors.New(resp.Refused))
		case resp.NotRun != "":
			return Result{}, NotTaken, Kinded(ErrUnreachable, errors.New(resp.NotRun))
		case resp.Result != nil:
			return *resp.Result, Answered, nil
		case resp.Queued == nil || acked:
			return Result{}, Lost, Kinded(ErrUnreachable, fmt.Errorf("an answer this client does not understand; its log: %s", log))
		}
	}
}

// lost is the error of a connection that ended before its answer: ctx's
// when ctx ended it, else the process's end.
func lost(ctx context.Context, log string, err error, acked bool) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if !acked {
		return Kinded(ErrUnreachable, fmt.Errorf("the session's process closed the connection before it took the command (%w); its log: %s", err, log))
	}
	return Kinded(ErrUnreachable, fmt.Errorf("the session's process ended before it answered (%w); its log: %s", err, log))
}

// Failure is the result of a command that failed before it reached the
// session's engine, printed as the engine prints a failure: one JSON
// object on stdout with the command's JSON, else "smokeflow: MSG" on
// stderr (docs/agents.md "JSON").
func Failure(c Command, code int, msg string) Result {
	if c.JSON {
		b, err := json.Marshal(JSONResult{OK: false, Verb: c.Verb, Code: code, Error: msg})
		if err == nil {
			return Result{Stdout: string(b) + "\n", Code: code}
		}
	}
	return Result{Stderr: "smokeflow: " + msg + "\n", Code: code}
}

// JSONResult is the JSON of a result made outside the engine, with the
// keys the engine's results have (docs/agents.md "JSON").
type JSONResult struct {
	OK    bool     `json:"ok"`
	Verb  Verb     `json:"verb"`
	Code  int      `json:"code"`
	Error string   `json:"error,omitempty"`
	Notes []string `json:"notes,omitempty"`
}
