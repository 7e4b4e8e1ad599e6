package agent

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/internal/agentio"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/session"
)

// The guard rails of a session (docs/agents.md "Guard rails"): its saved
// state, the steps a confirm rule holds back, the requests the allowed
// domains blocked, and the shape of what a command prints.

// held is a step a confirm rule held back: the command that asked for it,
// and whether it is recorded for export once it runs.
type held struct {
	c      Command
	st     *flows.Step
	record bool
}

// state is `state save FILE` and `state load FILE` (docs/agents.md
// "Verbs").
func (e *Engine) state(ctx context.Context, c Command, timeout time.Duration) *Output {
	p, err := StateGrammar.Parse(c.Args)
	if err != nil {
		return usage(c.Verb, "%v", err)
	}
	file, err := path(c, p.Args[0])
	if err != nil {
		return usage(c.Verb, "%v", err)
	}
	tctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	o := ok()
	if p.Form.Word == StateSave {
		saved, err := e.ss.SaveState(tctx, file)
		if err != nil {
			return stateFailed(tctx, "saving the state", err)
		}
		o.File, o.Warning = file, saved.Warning
		return o
	}
	notes, err := e.ss.LoadState(tctx, file)
	if err != nil {
		return stateFailed(tctx, "loading the state", err)
	}
	o.File, o.Notes = file, notes
	return o
}

// stateFailed is a state that could not be saved or loaded: a file that
// cannot be read, written or unsealed is reason file, else the page's.
func stateFailed(ctx context.Context, what string, err error) *Output {
	var se *session.StateError
	if errors.As(err, &se) {
		return &Output{Code: ExitFailed, Error: fmt.Sprintf("%s: %v", what, err), Reason: diagnostics.ReasonFile}
	}
	return pageFailed(ctx, what, err)
}

// hold keeps a step a confirm rule held back, and is the command's
// output: its token and how to confirm it.
func (e *Engine) hold(c Command, st *flows.Step, record bool, cr *session.ConfirmRequired) *Output {
	e.pending[cr.Token] = held{c: c, st: st, record: record}
	run := "smokeflow confirm " + cr.Token
	if e.opts.Name != DefaultName {
		run += " --session " + e.opts.Name
	}
	return &Output{Code: ExitFailed, Error: cr.Error(), Reason: diagnostics.ReasonPolicy, Token: cr.Token,
		text: fmt.Sprintf("confirm: %s needs confirmation; run: %s", cr.What, run)}
}

// confirm runs the step held back with the token, once (docs/agents.md
// "Guard rails").
func (e *Engine) confirm(ctx context.Context, c Command, timeout time.Duration) *Output {
	if len(c.Args) != 1 {
		return usage(c.Verb, "confirm takes the token a held step printed: confirm TOKEN")
	}
	h, found := e.pending[c.Args[0]]
	if !found {
		return &Output{Code: ExitFailed, Reason: diagnostics.ReasonPolicy,
			Error: fmt.Sprintf("no step waits for a confirmation with the token %q (a token works once)", c.Args[0])}
	}
	delete(e.pending, c.Args[0])
	h.c.Timeout = c.Timeout
	_, o := e.actWith(ctx, h.c, h.st, timeout, h.record, func(ctx context.Context) (*results.Step, error) {
		return e.ss.Confirm(ctx, c.Args[0])
	})
	return o
}

// noteBlocked notes the requests the allowed domains blocked since the
// last command (docs/security.md "Allowed domains").
func (e *Engine) noteBlocked(o *Output) {
	if e.bctx == nil {
		return
	}
	all := e.bctx.Blocked()
	for _, b := range all[min(e.blocked, len(all)):] {
		o.Notes = append(o.Notes, browser.Blocked{URL: b.URL, Type: b.Type, Why: b.Why}.String())
	}
	e.blocked = len(all)
}

// capRoom is what Cap's marker line takes, at most.
const capRoom = 64

// pageText is text read from the page for the text form: between the
// session's boundaries when it has them, cut first so that the whole
// output, with reserve bytes more, keeps within MaxOutput and the end
// marker is never what is cut (docs/agents.md "Guard rails").
func (e *Engine) pageText(source, text string, reserve int) string {
	if e.bounds == nil {
		return text
	}
	budget := 0
	if e.opts.MaxOutput > 0 {
		budget = max(1, e.opts.MaxOutput-reserve-len(e.bounds.Wrap(source, ""))-capRoom)
	}
	return e.bounds.Wrap(source, agentio.Cap(text, budget))
}

// shape caps and wraps what an Output read from the page, for its JSON
// form: the snapshot and the diff (docs/agents.md "Guard rails").
func (e *Engine) shape(o *Output) {
	for _, f := range []struct {
		source string
		text   *string
	}{{"snapshot", &o.Snapshot}, {"diff", &o.Diff}} {
		if *f.text == "" {
			continue
		}
		*f.text = agentio.Cap(*f.text, e.opts.MaxOutput)
		if e.bounds != nil {
			*f.text = e.bounds.Wrap(f.source, *f.text)
		}
	}
}
