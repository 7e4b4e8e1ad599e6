package daemon

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/smokeflow/smokeflow/agent"
	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
)

// ServeCommand is the hidden command of smokeflow that serves a session;
// a client starts `smokeflow session-serve ARGS` (docs/agent-session.md
// "The process"). Its arguments are this package's: serveArgs writes
// them, RunServe reads them.
const ServeCommand = "session-serve"

// readyFD is the file descriptor on which a started process tells its
// client that it serves, or why it could not start.
const readyFD = 3

// serveArgs are the arguments of ServeCommand for a resolved Config.
// Secrets are passed by name: their values are in the environment.
func serveArgs(c Config) []string {
	args := []string{"--session", c.Name, "--dir", c.Dir, "--idle-timeout", c.IdleTimeout.String(),
		"--ready-fd", fmt.Sprint(readyFD)}
	for _, f := range []struct{ name, value string }{
		{"--browser", c.Browser}, {"--cdp", c.CDP}, {"--state", c.State}, {"--artifacts", c.ArtifactsDir},
		{"--allowed-domains", c.AllowedDomains.String()}, {"--policy", c.Policy},
		{"--base-url", c.BaseURL},
	} {
		if f.value != "" {
			args = append(args, f.name, f.value)
		}
	}
	if c.Headed {
		args = append(args, "--headed")
	}
	if c.StepTimeout > 0 {
		args = append(args, "--step-timeout", c.StepTimeout.String())
	}
	if c.MaxOutput > 0 {
		args = append(args, "--max-output", fmt.Sprint(c.MaxOutput))
	}
	if c.ContentBoundaries {
		args = append(args, "--content-boundaries")
	}
	names := make([]string, 0, len(c.Secrets))
	for name := range c.Secrets {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		args = append(args, "--secret", name)
	}
	return args
}

// parseServeArgs reads the arguments serveArgs wrote; a secret's value is
// the environment variable so named.
func parseServeArgs(args []string) (Config, int, error) {
	var c Config
	var secrets []string
	ready := 0
	fs := flag.NewFlagSet(ServeCommand, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&c.Name, "session", "", "")
	fs.StringVar(&c.Dir, "dir", "", "")
	fs.DurationVar(&c.IdleTimeout, "idle-timeout", 0, "")
	fs.IntVar(&ready, "ready-fd", 0, "")
	fs.StringVar(&c.Browser, "browser", "", "")
	fs.StringVar(&c.CDP, "cdp", "", "")
	fs.StringVar(&c.State, "state", "", "")
	fs.StringVar(&c.ArtifactsDir, "artifacts", "", "")
	fs.BoolVar(&c.Headed, "headed", false, "")
	fs.StringVar(&c.Policy, "policy", "", "")
	fs.StringVar(&c.BaseURL, "base-url", "", "")
	fs.DurationVar(&c.StepTimeout, "step-timeout", 0, "")
	fs.IntVar(&c.MaxOutput, "max-output", 0, "")
	fs.BoolVar(&c.ContentBoundaries, "content-boundaries", false, "")
	fs.Func("allowed-domains", "", func(list string) error {
		d, err := flows.SplitDomains(list)
		c.AllowedDomains = d
		return err
	})
	fs.Func("secret", "", func(name string) error { secrets = append(secrets, name); return nil })
	if err := fs.Parse(args); err != nil {
		return c, 0, kinded(ErrBadConfig, fmt.Errorf("%s: %w", ServeCommand, err))
	}
	if fs.NArg() > 0 {
		return c, 0, kinded(ErrBadConfig, fmt.Errorf("%s takes no arguments, got %q", ServeCommand, fs.Args()))
	}
	for _, name := range secrets {
		v, ok := os.LookupEnv(name)
		if !ok {
			return c, 0, kinded(ErrBadConfig, fmt.Errorf("the secret %s is not in the environment", name))
		}
		if c.Secrets == nil {
			c.Secrets = map[string]string{}
		}
		c.Secrets[name] = v
	}
	return c, ready, nil
}

// ready is what a started process says on its ready descriptor: one JSON
// line.
type ready struct {
	OK    bool   `json:"ok,omitempty"`
	Error string `json:"error,omitempty"`
	Code  int    `json:"code,omitempty"` // the exit code for the command that started it
}

// RunServe serves the session that args (ServeCommand's arguments) name:
// the hidden command. newEngine nil is agent.New.
func RunServe(ctx context.Context, args []string, newEngine NewEngine) error {
	cfg, fd, err := parseServeArgs(args)
	so := ServeOptions{NewEngine: newEngine}
	if fd > 0 {
		closeOnExec(fd) // the browser must not hold it open
		f := os.NewFile(uintptr(fd), "ready")
		so.Ready = func(err error) { tellReady(f, err) }
		if err != nil {
			so.Ready(err)
			return err
		}
	}
	if err != nil {
		return err
	}
	return Serve(ctx, cfg, so)
}

// tellReady writes the outcome of the start on the ready descriptor and
// closes it. A client that no longer reads learns nothing either way.
func tellReady(f *os.File, err error) {
	r := ready{OK: true}
	if err != nil {
		r = ready{Error: err.Error(), Code: startCode(err)}
	}
	if b, err := json.Marshal(r); err == nil {
		_, _ = f.Write(append(b, '\n')) // a client gone learns nothing either way
	}
	_ = f.Close() // written or not, the client's read ends
}

// startCode is the exit code of a command whose session could not start
// (docs/agent-session.md "Exit codes").
func startCode(err error) int {
	var be *browser.BrowserError
	switch {
	case errors.As(err, &be):
		return agent.ExitBrowser
	case errors.Is(err, ErrBadConfig), errors.Is(err, agent.ErrBadOptions):
		return agent.ExitUsage
	}
	return agent.ExitFailed
}
