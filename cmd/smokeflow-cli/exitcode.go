package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/smokeflow/smokeflow/agent/daemon"
	"github.com/smokeflow/smokeflow/agent/wire"
	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/history"
)

// Exit codes, as docs/cli.md "Exit codes" lists them.
const (
	exitOK          = 0
	exitFailed      = 1
	exitUsage       = 2
	exitBrowser     = 3
	exitInterrupted = wire.ExitInterrupted
)

// usageError is bad flags, arguments or flow files: exit 2. It may wrap
// its cause (a flag parsing error).
type usageError struct {
	msg   string
	cause error
}

func (e *usageError) Error() string { return e.msg }
func (e *usageError) Unwrap() error { return e.cause }

func usagef(format string, a ...any) error { return &usageError{msg: fmt.Sprintf(format, a...)} }

// errFlowsFailed is a run in which a flow failed: exit 1.
var errFlowsFailed = errors.New("a flow failed")

// errDiffers is a `diff` that found a difference: exit 1. Its output says
// what differs.
var errDiffers = errors.New("they differ")

// errInterrupted is a run stopped by SIGINT or SIGTERM.
var errInterrupted = errors.New("interrupted")

// resultError is a session command whose result said it failed: the
// result is printed, and its code is the command's (docs/agent-session.md
// "Exit codes").
type resultError struct{ code int }

func (e *resultError) Error() string { return fmt.Sprintf("the command ended with code %d", e.code) }

// printedError is an error the command printed itself (as JSON): Main
// prints no "smokeflow: " line for it; its code is its cause's.
type printedError struct{ err error }

func (e *printedError) Error() string { return e.err.Error() }
func (e *printedError) Unwrap() error { return e.err }

// exitCode is the one place errors become exit codes (docs/cli.md "Exit
// codes"): every command returns a typed error, and only this function
// maps it. A cancelled context is an interrupt wherever it stopped the
// command, the browser's start included: only SIGINT and SIGTERM cancel
// the command's context (main.go).
func exitCode(err error) int {
	var ue *usageError
	var fe flows.Errors
	var fe1 *flows.Error
	var be *browser.BrowserError
	var re *resultError
	var bf *batchFailed
	var he *history.Error
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errInterrupted), errors.Is(err, context.Canceled):
		return exitInterrupted
	case errors.As(err, &re):
		return sessionCode(re.code)
	case errors.As(err, &bf):
		return bf.code
	case errors.As(err, &be), errors.Is(err, daemon.ErrUnreachable):
		return exitBrowser
	case errors.As(err, &ue), errors.As(err, &fe), errors.As(err, &fe1), errors.Is(err, daemon.ErrBadConfig), errors.As(err, &he):
		return exitUsage
	case errors.Is(err, errFlowsFailed), errors.Is(err, errDiffers):
		return exitFailed
	}
	return exitFailed
}

// sessionCode is the exit code of a session command's result
// (wire.ExitOf).
func sessionCode(code int) int { return wire.ExitOf(code) }

// quiet reports whether err is said by the command's own output already
// (the summary of a run, a session command's result), so Main prints no
// "smokeflow: " line for it.
func quiet(err error) bool {
	var re *resultError
	var pe *printedError
	var bf *batchFailed
	return errors.As(err, &bf) || errors.Is(err, errFlowsFailed) || errors.Is(err, errInterrupted) || errors.Is(err, errDiffers) || errors.As(err, &re) || errors.As(err, &pe)
}
