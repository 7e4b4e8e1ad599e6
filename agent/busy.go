package agent

import (
	"context"
	"fmt"
	"time"

	"github.com/smokeflow/smokeflow/flows"
)

// How long a page gets to answer once a command timed out, before and
// after its script is stopped, and to open again (docs/agents.md
// "Timeouts").
const (
	answerWait = time.Second
	stopWait   = 3 * time.Second
	reopenWait = 30 * time.Second
)

// unfreeze runs after a command that timed out: a page whose script is
// still busy (an endless eval, a page in a loop) would wedge every
// command after it. It asks the page to answer; a page that does not has
// the script it runs stopped (Runtime.terminateExecution), and a page that
// still does not answer is opened again at its URL in a fresh context.
// The notes say which.
func (e *Engine) unfreeze(ctx context.Context) []string {
	ctx = context.WithoutCancel(ctx)
	p := e.ss.Page()
	if p.Responsive(ctx, answerWait) {
		return nil
	}
	sctx, cancel := context.WithTimeout(ctx, stopWait)
	defer cancel()
	if err := p.StopScript(sctx); err == nil && p.Responsive(ctx, stopWait) {
		return []string{"the page was still running a script when the command timed out; smokeflow stopped that script, and the page answers again"}
	}
	u := e.pageURL()
	if err := e.reopen(ctx, u); err != nil {
		return []string{fmt.Sprintf("the page stays busy in a script and could not be opened again (%v); close the session", err)}
	}
	return []string{fmt.Sprintf("the page stayed busy in a script even once it was stopped; smokeflow opened %s again in a fresh browser context (cookies and storage are gone; take a new snapshot)", u)}
}

// reopen drops the session's page and context, and opens u in a fresh
// one.
func (e *Engine) reopen(ctx context.Context, u string) error {
	b, own := e.b, e.own
	e.own = false // keep the browser
	err := e.stop()
	e.b, e.own = b, own
	if err != nil {
		return err
	}
	rctx, cancel := context.WithTimeout(ctx, reopenWait)
	defer cancel()
	if err := e.start(rctx); err != nil {
		return err
	}
	if u == "" {
		return nil
	}
	_, err = e.ss.Do(rctx, &flows.Step{Action: &flows.Open{URL: u}})
	return err
}
