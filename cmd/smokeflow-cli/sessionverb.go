package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
	"github.com/smokeflow/smokeflow/agent/daemon"
	"github.com/smokeflow/smokeflow/agent/wire"
	"github.com/smokeflow/smokeflow/flows"
)

// groupSession is the group of the session commands in `smokeflow help`
// (docs/agent-session.md).
const groupSession = "session"

// sessionFlags are the flags every session command takes
// (docs/agent-session.md "Flags"). The browser's and the idle timeout
// apply when the command starts the session.
type sessionFlags struct {
	session, browser, cdp, state string
	allowedDomains, policy       string
	baseURL                      string
	stepTimeout                  time.Duration
	headed, asJSON, boundaries   bool
	maxOutput                    int
	secrets                      []string
	timeout, idle                time.Duration
}

// startFlags are the flags that apply only when a command starts the
// session.
var startFlags = []string{"browser", "cdp", "headed", "state", "secret", "idle-timeout",
	"allowed-domains", "policy", "max-output", "content-boundaries", "base-url", "step-timeout"}

// addSessionFlags registers the session flags on c.
func addSessionFlags(c *cobra.Command, sf *sessionFlags) {
	fs := c.Flags()
	fs.StringVar(&sf.session, "session", "", "the session's `NAME` (default $"+daemon.EnvSession+", else "+daemon.DefaultSession+")")
	fs.DurationVar(&sf.timeout, "timeout", 0, "bound the command (default: the verb's own)")
	fs.BoolVar(&sf.asJSON, "json", false, "print the result as one JSON object")
	fs.StringVar(&sf.browser, "browser", "", "the `PATH` of Chromium or Chrome, when the command starts the session")
	fs.StringVar(&sf.cdp, "cdp", "", "attach to a running browser (`host:port` or ws://…), when the command starts the session")
	fs.BoolVar(&sf.headed, "headed", false, "show the browser's window, when the command starts the session")
	fs.StringVar(&sf.state, "state", "", "start the session from a saved state `FILE`, when the command starts it")
	fs.StringArrayVar(&sf.secrets, "secret", nil, "mask the value of the environment variable `NAME` in every output (repeatable), when the command starts the session")
	fs.StringVar(&sf.allowedDomains, "allowed-domains", "", "load only from these hosts: `LIST`, such as example.com,*.example.com, when the command starts the session (docs/security.md)")
	fs.StringVar(&sf.policy, "policy", "", "check every step against this action policy `FILE`; a confirm rule holds a step back for 'smokeflow confirm TOKEN', when the command starts the session (docs/security.md)")
	fs.IntVar(&sf.maxOutput, "max-output", 0, "cut each command's output to at most `N` bytes, when the command starts the session (default: no cap)")
	fs.BoolVar(&sf.boundaries, "content-boundaries", false, "wrap the page's text between markers with the session's nonce, when the command starts the session (docs/agents.md \"Guard rails\")")
	fs.StringVar(&sf.baseURL, "base-url", "", "join relative `URL`s of open to this one, when the command starts the session")
	fs.DurationVar(&sf.stepTimeout, "step-timeout", 0, "bound each action, expect, wait and get, when the command starts the session (default "+flows.DefaultStepTimeout.String()+")")
	fs.DurationVar(&sf.idle, "idle-timeout", 0, "end the session after this long without a command, when the command starts it (default $"+daemon.EnvIdleTimeout+", else "+daemon.DefaultIdleTimeout.String()+")")
}

// verbCmd is the command of a session verb: it sends agent.Command{Verb,
// Args} to the session, set further by set (the verb's own flags).
func verbCmd(verb agent.Verb, use, short string, args cobra.PositionalArgs, set func(*agent.Command)) *cobra.Command {
	var sf sessionFlags
	var showDiff bool
	c := &cobra.Command{
		Use:     use,
		Short:   short,
		Long:    short + ", in the session (docs/agent-session.md; `smokeflow help agents`).",
		GroupID: groupSession,
		Args:    args,
		RunE: func(c *cobra.Command, pos []string) error {
			cmd := agent.Command{Verb: verb, Args: pos, Diff: showDiff}
			if set != nil {
				set(&cmd)
			}
			return runVerb(c, &sf, cmd)
		},
	}
	addSessionFlags(c, &sf)
	if agent.ShowsChange(verb) {
		c.Flags().BoolVar(&showDiff, "diff", false, "after ok, print what the action changed since the session's last snapshot")
	}
	return c
}

// runVerb sends a command to the session and prints its result; the exit
// code is the result's (exitcode.go).
func runVerb(c *cobra.Command, sf *sessionFlags, cmd agent.Command) error {
	client, err := sessionClient(sf)
	if err != nil {
		return err
	}
	noteIgnoredStartFlags(c, client, sf)
	res, err := send(c, client, sf, &cmd)
	if errors.Is(err, errInterrupted) {
		return err
	}
	if err != nil {
		if !sf.asJSON {
			return err // printed once by Main
		}
		res = daemon.Failure(cmd, exitCode(err), err.Error())
		err = &printedError{err: err}
	} else if res.Code != agent.ExitOK {
		err = &resultError{code: res.Code}
	}
	if werr := printResult(c.OutOrStdout(), c.ErrOrStderr(), res); werr != nil {
		return werr
	}
	return err
}

// send sends cmd to the session through client, with the caller's folder
// and the flags every verb takes (--json, --timeout), which it sets in
// cmd; a command cut short by SIGINT or SIGTERM is errInterrupted.
func send(c *cobra.Command, client *daemon.Client, sf *sessionFlags, cmd *agent.Command) (agent.Result, error) {
	dir, err := os.Getwd()
	if err != nil {
		return agent.Result{}, err
	}
	cmd.Dir, cmd.JSON, cmd.Timeout = dir, sf.asJSON, sf.timeout
	res, err := client.Do(c.Context(), *cmd)
	if err != nil && c.Context().Err() != nil {
		return res, errInterrupted
	}
	return res, err
}

// printResult prints what the command printed in the session (wire.Print).
func printResult(stdout, stderr io.Writer, res agent.Result) error {
	return wire.Print(stdout, stderr, res)
}

// sessionClient is the client of the session the flags name.
func sessionClient(sf *sessionFlags) (*daemon.Client, error) {
	secrets := map[string]string{}
	for _, name := range sf.secrets {
		v, ok := os.LookupEnv(name)
		if !ok {
			return nil, usagef("--secret %s: the environment has no variable %s", name, name)
		}
		secrets[name] = v
	}
	if sf.idle < 0 {
		return nil, usagef("--idle-timeout must be positive, got %s", sf.idle)
	}
	if sf.timeout < 0 {
		return nil, usagef("--timeout must be positive, got %s", sf.timeout)
	}
	if sf.stepTimeout < 0 {
		return nil, usagef("--step-timeout must be positive, got %s", sf.stepTimeout)
	}
	if err := checkBaseURLFlag(sf.baseURL); err != nil {
		return nil, err
	}
	if sf.maxOutput < 0 {
		return nil, usagef("--max-output must be 0 (no cap) or more, got %d", sf.maxOutput)
	}
	domains, err := allowedDomainsFlag(sf.allowedDomains)
	if err != nil {
		return nil, err
	}
	if sf.policy != "" {
		if _, err := flows.LoadPolicy(sf.policy); err != nil {
			return nil, err
		}
	}
	return &daemon.Client{Config: daemon.Config{
		Options: agent.Options{Name: sf.session, Browser: sf.browser, CDP: sf.cdp, Headed: sf.headed,
			State: sf.state, Secrets: secrets, AllowedDomains: domains, Policy: sf.policy,
			MaxOutput: sf.maxOutput, ContentBoundaries: sf.boundaries,
			BaseURL: sf.baseURL, StepTimeout: sf.stepTimeout},
		IdleTimeout: sf.idle,
	}}, nil
}

// noteIgnoredStartFlags says on stderr when a flag that applies at the
// start of a session was given to a session that runs already.
func noteIgnoredStartFlags(c *cobra.Command, client *daemon.Client, sf *sessionFlags) {
	var given []string
	for _, name := range startFlags {
		if f := c.Flags().Lookup(name); f != nil && f.Changed {
			given = append(given, "--"+name)
		}
	}
	if len(given) == 0 || sf.asJSON {
		return
	}
	if st, err := client.Status(); err == nil && st != nil {
		verb := "applies"
		if len(given) > 1 {
			verb = "apply"
		}
		fmt.Fprintf(c.ErrOrStderr(), "smokeflow: note: session %q runs already and keeps its settings: %s %s when a session starts ('smokeflow close' ends this one)\n",
			st.Name, strings.Join(given, ", "), verb)
	}
}

// Argument checks of the session verbs, as usage errors that show the
// verb's usage.

// argsBetween takes from min to max arguments (max < 0: no limit).
func argsBetween(min, max int) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		switch {
		case len(args) < min:
			return usagef("%s needs %s; usage: smokeflow %s", c.Name(), arguments(min), c.Use)
		case max >= 0 && len(args) > max && max == 0:
			return usagef("%s takes no arguments, got %q", c.Name(), args)
		case max >= 0 && len(args) > max:
			return usagef("%s takes at most %s, got %d; quote an argument that holds spaces; usage: smokeflow %s", c.Name(), arguments(max), len(args), c.Use)
		}
		return nil
	}
}

func arguments(n int) string {
	if n == 1 {
		return "1 argument"
	}
	return fmt.Sprintf("%d arguments", n)
}
