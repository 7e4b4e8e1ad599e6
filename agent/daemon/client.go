package daemon

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"time"

	"github.com/smokeflow/smokeflow/agent"
	"github.com/smokeflow/smokeflow/agent/wire"
)

// DefaultStartTimeout bounds the start of a session's process.
const DefaultStartTimeout = 30 * time.Second

// Client runs commands on a session's process, starting the process when
// none serves the session. It is an agent.Runner.
type Client struct {
	// Config names the session; its Options apply when the client starts
	// the session's process, and are ignored while one runs.
	Config
	// Exe is the command that serves a session, before ServeCommand's
	// arguments: nil is this program and ServeCommand.
	Exe []string
	// StartTimeout bounds the start of the process; 0 is
	// DefaultStartTimeout.
	StartTimeout time.Duration
}

// attempts is how many times a command that was not run (the session
// ended just before it) is sent, to a new session.
const attempts = 3

// Do sends one command to the session and returns its result. The error
// is the session's process that could not be started or reached, or died
// before it answered (ErrUnreachable), ctx's, or bad settings
// (ErrBadConfig). A process that could not start its engine makes a
// Result, with the exit code of the failure.
func (c *Client) Do(ctx context.Context, cmd agent.Command) (agent.Result, error) {
	cfg, err := c.Config.resolve()
	if err != nil {
		return agent.Result{}, err
	}
	p := pathsOf(cfg)
	if cmd.Verb == agent.VerbClose && !answers(p) {
		return noSession(cmd, cfg.Name), nil
	}
	for i := 1; ; i++ {
		res, retry, err := c.once(ctx, cfg, p, cmd)
		if !retry || i == attempts {
			return res, err
		}
	}
}

// Run is Do with its error as a Result: exit 3 for a session that cannot
// be reached, 2 for bad settings.
func (c *Client) Run(ctx context.Context, cmd agent.Command) agent.Result {
	res, err := c.Do(ctx, cmd)
	if err == nil {
		return res
	}
	code := agent.ExitBrowser
	if errors.Is(err, ErrBadConfig) {
		code = agent.ExitUsage
	}
	return Failure(cmd, code, err.Error())
}

// noSession is the result of close when no session runs: done, nothing
// to do (docs/agent-session.md "Ending a session").
func noSession(c agent.Command, name string) agent.Result {
	note := fmt.Sprintf("no session %q was running", name)
	if c.JSON {
		b, err := json.Marshal(wire.JSONResult{OK: true, Verb: c.Verb, Notes: []string{note}})
		if err == nil {
			return agent.Result{Stdout: string(b) + "\n"}
		}
	}
	return agent.Result{Stdout: "ok\n", Stderr: "note: " + note + "\n"}
}

// once sends the command on one connection. retry: the command was not
// run and may be sent again.
func (c *Client) once(ctx context.Context, cfg Config, p paths, cmd agent.Command) (agent.Result, bool, error) {
	conn, res, err := c.connect(ctx, cfg, p, cmd)
	if err != nil || res != nil {
		return derefResult(res), false, err
	}
	defer conn.Close()
	r, outcome, err := wire.Exchange(ctx, conn, p.log, cmd)
	return r, outcome == wire.NotTaken, err
}

func derefResult(r *agent.Result) agent.Result {
	if r == nil {
		return agent.Result{}
	}
	return *r
}

// Status is the status of the session, or nil when no process serves it.
func (c *Client) Status() (*Info, error) {
	cfg, err := c.Config.resolve()
	if err != nil {
		return nil, err
	}
	return status(pathsOf(cfg).socket)
}

// statusTimeout bounds a status request: a process answers it at once,
// whatever it runs.
const statusTimeout = 5 * time.Second

// status asks the process on socket for its status; nil when none
// answers.
func status(socket string) (*Info, error) {
	conn, err := dial(socket)
	if err != nil {
		return nil, nil
	}
	defer conn.Close()
	if err := conn.SetDeadline(time.Now().Add(statusTimeout)); err != nil {
		return nil, err
	}
	werr := wire.WriteLine(conn, request{Status: true}) // a refusal may be read still
	var resp response
	if err := wire.ReadLine(bufio.NewReader(conn), &resp); err != nil {
		return nil, kinded(ErrUnreachable, errors.Join(werr, err))
	}
	if resp.Refused != "" {
		return nil, kinded(ErrUnreachable, errors.New(resp.Refused))
	}
	return resp.Status, nil
}

// answers says whether a process serves the session on its socket.
func answers(p paths) bool {
	conn, err := wire.Dial(p.socket)
	if err != nil {
		return false
	}
	return conn.Close() == nil
}

// dial connects to a session's socket.
func dial(socket string) (*net.UnixConn, error) { return wire.Dial(socket) }

// List lists the sessions that a process serves in dir ("" is
// DefaultDir()), by name. A folder whose process is gone is left out.
func List(dir string) ([]Info, error) {
	if dir == "" {
		d, err := DefaultDir()
		if err != nil {
			return nil, err
		}
		dir = d
	}
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Info
	var errs []error
	for _, e := range entries {
		if !e.IsDir() || CheckName(e.Name()) != nil {
			continue
		}
		info, err := status(pathsOf(Config{Dir: dir, Options: agent.Options{Name: e.Name()}}).socket)
		if err != nil {
			errs = append(errs, fmt.Errorf("session %q: %w", e.Name(), err))
		} else if info != nil {
			out = append(out, *info)
		}
	}
	return out, errors.Join(errs...)
}

// Failure is the result of a command that failed before it reached the
// session's engine (wire.Failure).
func Failure(c agent.Command, code int, msg string) agent.Result { return wire.Failure(c, code, msg) }
