package session

import (
	"context"
	"errors"
	"fmt"

	"github.com/smokeflow/smokeflow/browser"
)

// The session's saved state (docs/security.md "Saved state"): what it
// reads and writes of its browser context's cookies and localStorage.

// State is the session's browser state now: the cookies of every domain
// and the localStorage of every origin its pages visited.
func (ss *Session) State(ctx context.Context) (*browser.State, error) {
	return ss.bctx.State(ctx)
}

// StateSaved is what SaveState wrote.
type StateSaved struct {
	Path    string
	Cookies int // how many cookies
	Origins int // how many origins with localStorage
	Sealed  bool
	// Warning is set when the file was written plain (no key in the
	// environment): a front end prints it.
	Warning string
}

// SaveState writes the session's state to path (mode 0600), sealed with
// the key of the environment when there is one (StateKeyEnv).
func (ss *Session) SaveState(ctx context.Context, path string) (*StateSaved, error) {
	st, err := ss.State(ctx)
	if err != nil {
		return nil, err
	}
	warn, err := WriteState(path, st, ss.opts.LookupEnv)
	if err != nil {
		return nil, err
	}
	return &StateSaved{Path: path, Cookies: len(st.Cookies), Origins: len(st.Origins), Sealed: warn == "", Warning: warn}, nil
}

// LoadState reads a state file (sealed or plain, as ReadState) and puts
// its cookies and localStorage in the session's browser context, on top
// of what it holds. The origins the allowed domains block are left out
// and named in the returned notes.
func (ss *Session) LoadState(ctx context.Context, path string) (notes []string, err error) {
	st, err := ReadState(path, ss.opts.LookupEnv)
	if err != nil {
		return nil, err
	}
	return ss.applyState(ctx, st)
}

// applyState puts a state in the session's context.
func (ss *Session) applyState(ctx context.Context, st *browser.State) ([]string, error) {
	skipped, err := ss.bctx.SetState(ctx, st)
	if err != nil {
		return nil, err
	}
	var notes []string
	for _, o := range skipped {
		notes = append(notes, fmt.Sprintf("the saved localStorage of %s was left out: not in the allowed domains", o))
	}
	return notes, nil
}

// startState loads the flow's state file, then the states of
// Options.States, before the first step. A state file that cannot be
// used is a *ConfigError that names the flow's state key.
func (ss *Session) startState(ctx context.Context) error {
	if ss.flow.State != "" {
		st, err := ReadState(ss.flow.State, ss.opts.LookupEnv)
		var se *StateError
		if errors.As(err, &se) {
			msg := fmt.Sprintf("%s: state: %s", ss.flow.StatePos, se.Error())
			return &ConfigError{Err: err, msg: ss.mask.Mask(msg)}
		}
		if err != nil {
			return err
		}
		if _, err := ss.applyState(ctx, st); err != nil {
			return err
		}
	}
	for _, st := range ss.opts.States {
		if _, err := ss.applyState(ctx, st); err != nil {
			return err
		}
	}
	return nil
}
