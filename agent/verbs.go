package agent

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/session"
)

// LongTimeout is the default timeout of the commands that load or read a
// whole page, or run a script: open, back, forward, reload, eval,
// snapshot, screenshot (docs/agents.md "Timeouts"). The others take the
// step timeout.
const LongTimeout = 30 * time.Second

// grace is what a command gets past its timeout to gather the failure's
// diagnostics, and to find a page busy in a script.
const grace = 5 * time.Second

// verb is how a verb runs: its function, whether it needs the page
// (the browser starts for it), whether its default timeout is
// LongTimeout rather than the step timeout, and whether it acts on the
// page, so that --diff may show what it changed.
type verb struct {
	run  func(e *Engine, ctx context.Context, c Command, timeout time.Duration) *Output
	page bool
	long bool
	acts bool
}

// verbs are the verbs (docs/agents.md "Verbs").
var verbs = map[Verb]verb{
	VerbOpen:       {run: (*Engine).open, page: true, long: true, acts: true},
	VerbSnapshot:   {run: (*Engine).snapshot, page: true, long: true},
	VerbClick:      {run: (*Engine).pointer, page: true, acts: true},
	VerbDblclick:   {run: (*Engine).pointer, page: true, acts: true},
	VerbHover:      {run: (*Engine).pointer, page: true, acts: true},
	VerbDrag:       {run: (*Engine).drag, page: true, acts: true},
	VerbCheck:      {run: (*Engine).pointer, page: true, acts: true},
	VerbUncheck:    {run: (*Engine).pointer, page: true, acts: true},
	VerbFill:       {run: (*Engine).input, page: true, acts: true},
	VerbType:       {run: (*Engine).input, page: true, acts: true},
	VerbPress:      {run: (*Engine).press, page: true, acts: true},
	VerbSelect:     {run: (*Engine).selectOptions, page: true, acts: true},
	VerbScroll:     {run: (*Engine).scroll, page: true, acts: true},
	VerbUpload:     {run: (*Engine).upload, page: true, acts: true},
	VerbExpect:     {run: (*Engine).expect, page: true},
	VerbWait:       {run: (*Engine).wait, page: true},
	VerbGet:        {run: (*Engine).get, page: true},
	VerbScreenshot: {run: (*Engine).screenshot, page: true, long: true},
	VerbBack:       {run: (*Engine).history, page: true, long: true, acts: true},
	VerbForward:    {run: (*Engine).history, page: true, long: true, acts: true},
	VerbReload:     {run: (*Engine).history, page: true, long: true, acts: true},
	VerbEval:       {run: (*Engine).eval, page: true, long: true, acts: true},
	VerbExport:     {run: (*Engine).export},
	VerbState:      {run: (*Engine).state, page: true},
	VerbConfirm:    {run: (*Engine).confirm, page: true, acts: true},
	VerbClose:      {run: (*Engine).closeVerb},
	VerbConsole:    {run: (*Engine).console, page: true},
	VerbNetwork:    {run: (*Engine).network, page: true},
	VerbTab:        {run: (*Engine).tab, page: true, long: true, acts: true},
	VerbCookies:    {run: (*Engine).cookies, page: true},
	VerbStorage:    {run: (*Engine).storage, page: true, acts: true},
	VerbDialog:     {run: (*Engine).dialog, page: true},
	VerbFind:       {run: (*Engine).find, page: true},
}

// ShowsChange reports whether v acts on the page, and so takes --diff:
// what the action changed, after its `ok` (docs/agents.md "Verbs").
func ShowsChange(v Verb) bool { return verbs[v].acts }

// Verbs lists the verbs, sorted.
func Verbs() []Verb { return slices.Sorted(maps.Keys(verbs)) }

// run runs a command: the browser starts for a verb that needs the page;
// the command is bounded by its timeout and grace; a command that timed
// out leaves no page busy in a script behind (docs/agents.md "Timeouts").
func (e *Engine) run(ctx context.Context, c Command) *Output {
	v, ok := verbs[c.Verb]
	switch {
	case !ok:
		return usage(c.Verb, "unknown verb %q; the verbs are %s", c.Verb, verbList())
	case e.closed:
		return usage(c.Verb, "the session is closed; start a new one")
	case c.Timeout < 0:
		return usage(c.Verb, "a timeout is more than zero")
	case c.Diff && !v.acts && c.Verb != VerbSnapshot:
		return usage(c.Verb, "%s takes no --diff: snapshot and the verbs that act on the page do", c.Verb)
	case (c.Full || c.Compact) && c.Verb != VerbSnapshot:
		return usage(c.Verb, "--full and --compact are snapshot's, not %s's", c.Verb)
	}
	timeout := c.Timeout
	if timeout == 0 {
		timeout = e.opts.StepTimeout
		if v.long {
			timeout = LongTimeout
		}
	}
	var notes []string
	if v.page {
		if o := e.checkEnded(c); o != nil {
			return o
		}
		if e.ended != "" { // open: a new session, and a note
			notes = append(notes, fmt.Sprintf("the session %q had ended (%s); smokeflow started a new one: the old page, its cookies, storage and refs are gone", e.opts.Name, e.ended))
			e.ended = ""
		}
		if err := e.start(ctx); err != nil {
			return startFailed(c.Verb, err)
		}
	}
	cctx, cancel := context.WithTimeout(ctx, timeout+grace)
	defer cancel()
	o := v.run(e, cctx, c, timeout)
	if o.Reason == diagnostics.ReasonBrowser && v.page && c.Verb != VerbOpen && e.diedUnder() {
		// the browser died under the verb: it says so as the next verb
		// would (docs/agent-session.md "A session that died")
		if ended := e.checkEnded(c); ended != nil {
			return ended
		}
	}
	if c.Diff && v.acts && o.Code == ExitOK {
		e.showChange(cctx, o, timeout)
	}
	o.Verb = c.Verb
	o.Notes = append(notes, o.Notes...)
	e.noteBlocked(o)
	if v.page && o.Code == ExitFailed && e.ss != nil && (o.Reason == diagnostics.ReasonTimeout || cctx.Err() != nil) {
		o.Notes = append(o.Notes, e.unfreeze(ctx)...)
	}
	return o
}

// exitSeen bounds the wait of a verb that lost the browser's connection
// for the browser's exit to be seen: the connection ends as the process
// does, and its exit is reaped a moment later.
const exitSeen = time.Second

// diedUnder reports a browser the engine launched that exited, or exits
// within exitSeen: a verb that failed for the browser's reason (its
// connection closed) then fails as the session having ended.
func (e *Engine) diedUnder() bool {
	if e.b == nil {
		return false
	}
	t := time.NewTimer(exitSeen)
	defer t.Stop()
	select {
	case <-e.b.Exited():
		return true
	case <-t.C:
		return false
	}
}

// checkEnded notes a browser that died under the session, and fails a
// verb that needs the old page of a session that ended, saying how to
// start again; nil for `open`, or a session that lives
// (docs/agent-session.md "A session that died").
func (e *Engine) checkEnded(c Command) *Output {
	if e.browserGone() {
		e.ended = fmt.Sprintf("its browser, pid %d, exited: %s", e.b.PID(), e.b.ExitStatus())
		// what is left of a dead browser cannot close cleanly: its
		// connection is gone, which the error would only repeat
		_ = e.stop()
	}
	if e.ended == "" || c.Verb == VerbOpen {
		return nil
	}
	again := "smokeflow open URL"
	if e.opts.Name != DefaultName {
		again += " --session " + e.opts.Name
	}
	return &Output{Verb: c.Verb, Code: ExitBrowser, Reason: diagnostics.ReasonBrowser,
		Error: fmt.Sprintf("%s: the session %q ended (%s): its page, cookies, storage and refs are gone; start a new one: %s", c.Verb, e.opts.Name, e.ended, again)}
}

func verbList() string {
	var names []string
	for _, v := range Verbs() {
		names = append(names, string(v))
	}
	return strings.Join(names, ", ")
}

// startFailed is a browser that could not start (ExitBrowser), or a
// session that could not open.
func startFailed(v Verb, err error) *Output {
	var be *browser.BrowserError
	var ce *session.ConfigError
	switch {
	case errors.As(err, &ce):
		return usage(v, "%v", err)
	case errors.As(err, &be):
		return &Output{Code: ExitBrowser, Error: err.Error(), Reason: diagnostics.ReasonBrowser}
	}
	return &Output{Code: ExitBrowser, Error: fmt.Sprintf("no browser: %v", err), Reason: diagnostics.ReasonBrowser}
}

// usage is a malformed command: its message says the fix.
func usage(v Verb, format string, args ...any) *Output {
	msg := fmt.Sprintf(format, args...)
	if v != "" {
		msg = string(v) + ": " + msg
	}
	return &Output{Code: ExitUsage, Error: msg}
}

// ok is a command that did what it was asked.
func ok() *Output { return &Output{OK: true, Code: ExitOK} }

// closeVerb ends the session and its browser.
func (e *Engine) closeVerb(_ context.Context, c Command, _ time.Duration) *Output {
	if len(c.Args) > 0 {
		return usage(c.Verb, "close takes no argument")
	}
	e.closed = true
	o := ok()
	if err := e.stop(); err != nil {
		o.Notes = append(o.Notes, "closing: "+err.Error())
	}
	o.closed = true
	return o
}
