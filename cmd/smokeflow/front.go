package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/agent/wire"
)

// frontVerbs are the session verbs the front sends by itself when their
// session runs (docs/agent-session.md "The front"): those whose command
// line says the whole command, verb, arguments and the flags below. The
// others (open, export, screenshot, console, network, cookies, state,
// storage, confirm, close) go to smokeflow-cli, as does every other
// command.
var frontVerbs = map[wire.Verb]bool{
	"click": true, "dblclick": true, "hover": true, "drag": true, "check": true, "uncheck": true,
	"fill": true, "type": true, "press": true, "select": true, "scroll": true, "upload": true,
	"get": true, "find": true, "expect": true, "wait": true, "eval": true, "snapshot": true,
	"back": true, "forward": true, "reload": true, "tab": true, "dialog": true,
}

// parse reads args as one session command the front can send: a verb of
// frontVerbs, its positional arguments, and only the flags --session,
// --timeout, --json, --diff, --full and --compact, as smokeflow-cli reads
// them. ok is false for anything else (a help flag, a start flag, a
// flag's value it does not take, `--`, a snapshot of a URL), which
// smokeflow-cli then reads.
func parse(args []string) (cmd wire.Command, session string, ok bool) {
	if len(args) == 0 || !frontVerbs[wire.Verb(args[0])] {
		return cmd, "", false
	}
	cmd.Verb = wire.Verb(args[0])
	for i := 1; i < len(args); i++ {
		a := args[i]
		if a == "-" || !strings.HasPrefix(a, "-") {
			cmd.Args = append(cmd.Args, a)
			continue
		}
		if !strings.HasPrefix(a, "--") || a == "--" {
			return cmd, "", false
		}
		name, value, given := strings.Cut(a[2:], "=")
		if b := boolFlag(&cmd, name); b != nil {
			if given {
				return cmd, "", false
			}
			*b = true
			continue
		}
		if name != "session" && name != "timeout" {
			return cmd, "", false
		}
		if !given && i+1 < len(args) {
			i++
			value, given = args[i], true
		}
		if !given || value == "" || strings.HasPrefix(value, "-") {
			return cmd, "", false
		}
		if name == "session" {
			session = value
			continue
		}
		d, err := time.ParseDuration(value)
		if err != nil || d < 0 {
			return cmd, "", false
		}
		cmd.Timeout = d
	}
	if cmd.Verb == "snapshot" && len(cmd.Args) > 0 {
		return cmd, "", false // a URL, read once without a session
	}
	return cmd, session, true
}

// boolFlag is the field of cmd that the flag --name sets, or nil.
func boolFlag(cmd *wire.Command, name string) *bool {
	switch name {
	case "json":
		return &cmd.JSON
	case "diff":
		return &cmd.Diff
	case "full":
		return &cmd.Full
	case "compact":
		return &cmd.Compact
	}
	return nil
}

// answer runs args as a session command when parse reads it as one and
// its session's process answers on its socket, and prints the result as
// smokeflow-cli would (docs/agent-session.md "The front"). answered is
// false when the front left the command to smokeflow-cli: no session
// runs, the process did not take the command, or the command was
// malformed, which smokeflow-cli says as the command line's usage.
func answer(ctx context.Context, args []string, stdout, stderr io.Writer) (code int, answered bool) {
	cmd, name, ok := parse(args)
	// $SMOKEFLOW_IDLE_TIMEOUT is checked by smokeflow-cli, which says when
	// it is wrong
	if !ok || !sessions || os.Getenv(wire.EnvIdleTimeout) != "" {
		return 0, false
	}
	name = wire.Name(name)
	dir, err := wire.DefaultDir()
	if err != nil || wire.CheckName(name) != nil {
		return 0, false
	}
	folder := wire.Folder(dir, name)
	conn, err := wire.Dial(wire.Socket(folder))
	if err != nil {
		return 0, false
	}
	defer conn.Close()
	if cmd.Dir, err = os.Getwd(); err != nil {
		return 0, false
	}
	res, outcome, err := wire.Exchange(ctx, conn, wire.Log(folder), cmd)
	switch {
	case outcome == wire.NotTaken, outcome == wire.Refused:
		return 0, false
	case outcome == wire.Answered && res.Code == wire.ExitUsage:
		return 0, false
	case outcome == wire.Answered:
		_ = wire.Print(stdout, stderr, res)
		return wire.ExitOf(res.Code), true
	case ctx.Err() != nil:
		return wire.ExitInterrupted, true
	case cmd.JSON:
		_ = wire.Print(stdout, stderr, wire.Failure(cmd, wire.ExitBrowser, err.Error()))
		return wire.ExitBrowser, true
	}
	fmt.Fprintln(stderr, "smokeflow: "+strings.ReplaceAll(err.Error(), "\n", "\n  "))
	return wire.ExitBrowser, true
}
