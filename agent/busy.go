package agent

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/flows"
)

// How long a page gets to answer once a command timed out, before and
// after its loading or its script is stopped, and to open again
// (docs/agents.md "Timeouts").
const (
	answerWait = time.Second
	stopWait   = 3 * time.Second
	reopenWait = 30 * time.Second
)

// unfreeze runs after a command that timed out. The requests still in
// flight are named, and blamed on the page's load only when it had not
// finished; a page that does not
// answer would wedge every command after it. So a page that does not
// answer has its loading stopped (as the browser's Stop button), then the
// script it runs stopped (Runtime.terminateExecution), and a page that
// still does not answer is opened again at its URL in a new tab of the
// same browser context: cookies and localStorage are kept. The notes say
// what happened, and what was lost.
func (e *Engine) unfreeze(ctx context.Context) []string {
	ctx = context.WithoutCancel(ctx)
	ss := e.ss
	var notes []string
	loading := ss.Loading()
	switch {
	case len(loading) == 0:
	case !ss.LoadFinished():
		notes = append(notes, "the page's load had not finished when the command timed out: still in flight: "+listed(loading))
	default: // loaded; a long poll, a beacon
		notes = append(notes, "requests still in flight when the command timed out: "+listed(loading))
	}
	if ss.Responsive(ctx, answerWait) {
		return notes
	}
	if len(loading) > 0 {
		sctx, cancel := context.WithTimeout(ctx, stopWait)
		err := ss.StopLoading(sctx)
		cancel()
		if err == nil && ss.Responsive(ctx, stopWait) {
			return append(notes, "smokeflow stopped loading the page (as the browser's Stop button does), and it answers again at "+e.pageURL())
		}
	}
	sctx, cancel := context.WithTimeout(ctx, stopWait)
	defer cancel()
	if err := ss.StopScript(sctx); err == nil && ss.Responsive(ctx, stopWait) {
		return append(notes, "the page was still running a script when the command timed out; smokeflow stopped that script, and the page answers again")
	}
	u := e.pageURL()
	if err := e.reopen(ctx, u); err != nil && e.ss == nil {
		return append(notes, fmt.Sprintf("the page did not answer even once its loading and its script were stopped, and no new tab could be opened (%v); its browser context is closed, and its cookies and storage with it: the session has ended, and the commands that need its page fail until open", err))
	} else if err != nil {
		return append(notes, fmt.Sprintf("the page did not answer even once its loading and its script were stopped; smokeflow closed its tab, but could not open %s again in a new tab of the same browser context (%v): cookies and localStorage are kept; take a new snapshot", u, err))
	}
	return append(notes, fmt.Sprintf("the page did not answer even once its loading and its script were stopped; smokeflow closed its tab and opened %s again in a new tab of the same browser context (cookies and localStorage are kept; that tab's sessionStorage is gone; take a new snapshot)", u))
}

// listed is at most three requests, and how many more.
func listed(reqs []string) string {
	if len(reqs) <= 3 {
		return strings.Join(reqs, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(reqs[:3], ", "), len(reqs)-3)
}

// reopen closes the session's page, and opens u in a new page of the
// same browser context: the context's cookies and storage stay.
func (e *Engine) reopen(ctx context.Context, u string) error {
	// a page that does not close (its renderer is wedged) is left to the
	// context, which closes it with the session
	done := make(chan error, 1)
	go func() { done <- e.ss.Close() }()
	select {
	case <-done:
	case <-time.After(closeTimeout):
	}
	e.ss = nil
	clear(e.pending)
	e.blocked = 0
	rctx, cancel := context.WithTimeout(ctx, reopenWait)
	defer cancel()
	ss, oerr := e.openSession(rctx, e.bctx, nil)
	if oerr != nil {
		// no page left in the context: the session has ended, and the
		// verbs that need its page fail until `open`, never starting
		// afresh on a blank page (docs/agent-session.md "A session that
		// died")
		err := errors.Join(oerr, e.bctx.Close())
		e.bctx = nil
		e.ended = "its page stopped answering and could not be opened again"
		return err
	}
	e.ss = ss
	if u == "" {
		return nil
	}
	_, err := e.ss.Do(rctx, &flows.Step{Action: &flows.Open{URL: u}})
	return err
}
