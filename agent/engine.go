package agent

import (
	"context"
	"errors"
)

// Runner runs commands to one session, one at a time: the in-process
// Engine, or a client of a session's background process.
type Runner interface {
	Run(ctx context.Context, c Command) Result
}

// Options start an Engine. Fields left at their zero value get their
// defaults (docs/agents.md "Starting a session").
type Options struct {
	Name    string // the session's name; "default"
	Browser string // the browser binary; found as `smokeflow run` finds it
	CDP     string // attach to a running browser (host:port or ws://…) instead
	Headed  bool   // show the window
	State   string // a saved state file to start from, once it exists
	// Secrets are values masked in every output, by name; typed, they are
	// exported as ${secrets.NAME}.
	Secrets map[string]string
	// ArtifactsDir holds the session's screenshots and snapshots.
	ArtifactsDir string
}

// Engine is one session's page and everything kept between commands: the
// browser, the ref map, the event logs and the recorded steps.
type Engine struct {
	opts Options
}

// errNotBuilt stands in until the engine is built.
var errNotBuilt = errors.New("the agent engine is not built yet")

// New starts an Engine. The browser starts with the first command that
// needs it.
func New(ctx context.Context, opts Options) (*Engine, error) {
	return &Engine{opts: opts}, nil
}

// Run runs one command.
func (e *Engine) Run(ctx context.Context, c Command) Result {
	return Result{Stderr: errNotBuilt.Error(), Code: ExitFailed}
}

// Close ends the session and its browser.
func (e *Engine) Close() error { return nil }
