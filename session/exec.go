package session

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/expr-lang/expr"
	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/results"
)

// stepFailure is a step that failed, with what it gathered.
type stepFailure struct {
	err  error
	diag *diagnostics.Diagnostics
}

func (e *stepFailure) Error() string { return e.err.Error() }
func (e *stepFailure) Unwrap() error { return e.err }

// failWith gives err its reason (docs/results.md "Reasons").
func failWith(r diagnostics.Reason, err error) error {
	return &stepFailure{err: err, diag: &diagnostics.Diagnostics{Reason: r, Message: err.Error()}}
}

func (ss *Session) runSteps(ctx context.Context, phase string, steps []*flows.Step, prefix string, sc *flows.Scope) error {
	for i, s := range steps {
		idx := prefix + strconv.Itoa(i+1)
		if _, err := ss.runStep(ctx, phase, s, idx, sc); err != nil {
			// the rest of this list is skipped
			for j := i + 1; j < len(steps); j++ {
				ss.steps = append(ss.steps, ss.stepRecord(phase, steps[j], prefix+strconv.Itoa(j+1), results.Skipped))
			}
			return err
		}
	}
	return nil
}

// actionName is the name of a step's action as records show it; "" for a
// step without one (a Go caller's), which then fails as an unknown action.
func actionName(s *flows.Step) string {
	if s.Action == nil {
		return ""
	}
	return string(s.Action.Name())
}

// stepRecord is a step's record, its target masked.
func (ss *Session) stepRecord(phase string, s *flows.Step, idx string, st results.Status) *results.Step {
	return &results.Step{Index: idx, Phase: phase, Action: actionName(s), Name: s.Name, Target: ss.mask.Mask(s.Subject()),
		File: s.Pos.File, Line: s.Pos.Line, Status: st}
}

// runStep runs one step with its common keys (if, timeout, retry,
// optional) and records it, under the artifact key it claims
// (docs/session.md "Artifact names").
func (ss *Session) runStep(ctx context.Context, phase string, s *flows.Step, idx string, sc *flows.Scope) (*results.Step, error) {
	rec := ss.stepRecord(phase, s, idx, results.Passed)
	key := ss.names.claim(stepKey(s))
	ss.key = key
	if s.If != nil {
		ok, err := ss.evalBool(ctx, s.If, sc)
		if err != nil {
			// never taken as false (docs/flows.md "Expressions")
			err = failWith(diagnostics.ReasonExpression, fmt.Errorf("if: %w", err))
			rec.Status = results.Failed
			rec.Error = err.Error()
			ss.steps = append(ss.steps, ss.maskStep(rec))
			ss.fail(s, idx, err, nil)
			return rec, err
		}
		if !ok {
			rec.Status = results.Skipped
			rec.Log = append(rec.Log, "skipped: if "+s.If.Source+" is false")
			ss.steps = append(ss.steps, ss.maskStep(rec))
			return rec, nil
		}
	}
	ss.emit(results.Event{Kind: results.StepStarted, Step: rec})
	ss.steps = append(ss.steps, rec)
	start := time.Now()
	// The steps inside a group, repeat or run record their own failure; a
	// retry that passes, or an optional step, takes it back.
	before := ss.failure
	var err error
	for try := 0; try <= s.Retry; try++ {
		if try > 0 {
			rec.Log = append(rec.Log, fmt.Sprintf("retry %d/%d after: %v", try, s.Retry, err))
			ss.failure = before
		}
		err = ss.execWatched(ctx, s, idx, sc, rec)
		ss.key = key // the steps of a container claimed their own
		if err == nil || ctx.Err() != nil {
			break
		}
	}
	rec.Duration = time.Since(start)
	if err == nil {
		ss.failure = before
		ss.finish(rec)
		return rec, nil
	}
	return rec, ss.stepFailed(ctx, s, idx, rec, before, err)
}

// stepFailed records the failure of a step that did not pass: the
// browser's when it crashed, an interrupt's when the run was stopped; an
// optional step only warns.
func (ss *Session) stepFailed(ctx context.Context, s *flows.Step, idx string, rec *results.Step, before *results.Failure, err error) error {
	switch {
	case ss.crashed(err):
		err = &stepFailure{err: fmt.Errorf("browser crashed: %w", err),
			diag: &diagnostics.Diagnostics{Reason: diagnostics.ReasonBrowser, Message: "the browser crashed or was killed mid-flow; it is relaunched for the next flow"}}
	case errors.Is(ctx.Err(), context.Canceled):
		err = failWith(diagnostics.ReasonInterrupted, fmt.Errorf("interrupted: %w", err))
	}
	rec.Error = err.Error()
	if s.Optional {
		ss.failure = before
		rec.Status = results.Warned
		rec.Log = append(rec.Log, "optional step failed; going on")
		ss.finish(rec)
		return nil
	}
	rec.Status = results.Failed
	// A step inside a container recorded its failure first (the innermost
	// wins); a container's own failure (repeat max) is recorded here.
	var sf *stepFailure
	var d *diagnostics.Diagnostics
	if errors.As(err, &sf) {
		d = sf.diag
	}
	ss.fail(s, idx, err, d)
	if s.Soft && ctx.Err() == nil && (d == nil || d.Reason != diagnostics.ReasonBrowser) {
		// a soft check: recorded, and the flow goes on (docs/flows.md "Soft checks")
		ss.soft = append(ss.soft, ss.failure)
		ss.failure = before
		rec.Log = append(rec.Log, "soft check failed; going on, the flow fails at its end")
		ss.finish(rec)
		return nil
	}
	ss.finish(rec)
	return err
}

// crashed reports, for a step's error, whether the browser is gone. An
// error that comes from the page itself (a target not found, an
// expectation that did not hold) cannot be a crash; any other may come a
// moment before the browser's exit is seen, so that one waits up to a
// second for it.
func (ss *Session) crashed(err error) bool {
	grace := time.Second
	var sf *stepFailure
	if locate.ReasonOf(err) != "" || errors.As(err, &sf) && sf.diag != nil && sf.diag.Reason != diagnostics.ReasonNavigation && sf.diag.Reason != diagnostics.ReasonTimeout {
		grace = 0
	}
	exited := ss.bctx.Browser().Exited()
	if grace <= 0 {
		select {
		case <-exited:
			return true
		default:
			return false
		}
	}
	t := time.NewTimer(grace)
	defer t.Stop()
	select {
	case <-exited:
		return true
	case <-t.C:
		return false
	}
}

// finish masks a step's record and reports it finished.
func (ss *Session) finish(rec *results.Step) {
	ss.emit(results.Event{Kind: results.StepFinished, Step: ss.maskStep(rec)})
}

// isContainer: the step holds steps (group, repeat, run), which run and
// are watched one by one.
func isContainer(s *flows.Step) bool { return s.Holds() }

// emit gives the listener a step event, with the flow's name.
func (ss *Session) emit(e results.Event) {
	if ss.opts.Listener == nil {
		return
	}
	e.Flow = ss.flow.Name
	ss.opts.Listener.Event(e)
}

// fail records the failure of the step Do runs (the first one wins), with
// its typed reason (docs/results.md "Reasons") and the step's place,
// masked.
func (ss *Session) fail(s *flows.Step, idx string, err error, d *diagnostics.Diagnostics) {
	if ss.failure != nil {
		return
	}
	if d == nil || d.Reason == "" {
		d = &diagnostics.Diagnostics{Reason: reasonOf(err), Message: err.Error()}
	}
	ss.pageErrors(d)
	f := &results.Failure{Reason: d.Reason, Diagnostics: d}
	reason := err.Error()
	if s != nil {
		f.StepIndex, f.Action, f.Target, f.File, f.Line = idx, actionName(s), s.Subject(), s.Pos.File, s.Pos.Line
		f.Message = "step " + idx
		// a step made in Go has no place in a file (docs/session.md "Failures")
		if s.Pos.File != "" {
			f.Message += fmt.Sprintf(" (%s:%d)", s.Pos.File, s.Pos.Line)
		}
		for _, w := range []string{f.Action, f.Target} {
			if w != "" {
				f.Message += " " + w
			}
		}
		f.Message += ": " + reason
		f.Source = quote(ss.flowOf(s), s)
	} else {
		f.Message = reason
	}
	ss.failure = ss.maskFailure(f)
}

// pageErrors adds to a failure's diagnostics what went wrong with the
// page itself, whatever the step was after: its document's HTTP error
// and where, and its failed requests (docs/results.md "Diagnostics"): a
// page served 404, or whose script bundle 404s, fails its next step with
// the cause in sight.
func (ss *Session) pageErrors(d *diagnostics.Diagnostics) {
	ss.unmatchedHAR(d)
	p := ss.page
	if p == nil || p.Closed() {
		return
	}
	if st := p.Status(); st >= 400 {
		d.HTTPStatus = st
		if d.URL == "" {
			for _, n := range p.Navigations() {
				if !n.SameDocument {
					d.URL = n.URL
				}
			}
		}
	}
	// what the flow's ignore_requests matches is no cause (docs/flows.md
	// "Failed requests")
	var fails []browser.FailedRequest
	ignored := 0
	for _, r := range p.DocumentFailures() {
		if _, ok := ss.flow.IgnoreRequests.Match(r.URL); ok {
			ignored++
			continue
		}
		fails = append(fails, r)
	}
	defer func() {
		if ignored > 0 {
			d.FailedRequests = append(d.FailedRequests, fmt.Sprintf("(%d more that ignore_requests matches)", ignored))
		}
	}()
	for i, r := range fails {
		if i == diagnostics.MaxFailedRequests-1 && len(fails) > diagnostics.MaxFailedRequests {
			d.FailedRequests = append(d.FailedRequests, fmt.Sprintf("… %d more (network.log in the artifacts)", len(fails)-i))
			break
		}
		line := r.String()
		if near := ss.routes.nearRoute(r.Method, r.URL); near != "" {
			line += " (" + near + ")"
		}
		d.FailedRequests = append(d.FailedRequests, line)
	}
}

// reasonOf is the reason of an error that does not say its own: a locate
// error's, a timeout, or else the browser's (what is left are errors of
// the DevTools calls).
func reasonOf(err error) diagnostics.Reason {
	var sf *stepFailure
	switch {
	case errors.As(err, &sf) && sf.diag != nil && sf.diag.Reason != "":
		return sf.diag.Reason
	case locate.ReasonOf(err) != "":
		return locate.ReasonOf(err)
	case errors.Is(err, context.Canceled):
		return diagnostics.ReasonInterrupted
	case browser.IsContextErr(err):
		return diagnostics.ReasonTimeout
	}
	return diagnostics.ReasonBrowser
}

// flowOf finds the flow a step was loaded from (a sub-flow's steps quote
// the sub-flow's file).
func (ss *Session) flowOf(s *flows.Step) *flows.Flow {
	var find func(f *flows.Flow, depth int) *flows.Flow
	find = func(f *flows.Flow, depth int) *flows.Flow {
		if f == nil || depth > 20 {
			return nil
		}
		if f.File == s.Pos.File {
			return f
		}
		var walk func(steps []*flows.Step) *flows.Flow
		walk = func(steps []*flows.Step) *flows.Flow {
			for _, st := range steps {
				inner, sub := st.Held()
				if r := find(sub, depth+1); r != nil {
					return r
				}
				if r := walk(inner); r != nil {
					return r
				}
			}
			return nil
		}
		for _, l := range [][]*flows.Step{f.Setup, f.Steps, f.Teardown} {
			if r := walk(l); r != nil {
				return r
			}
		}
		return nil
	}
	if f := find(ss.flow, 0); f != nil || ss.top == nil {
		return f
	}
	// a step given without its flow: the sub-flows it runs
	return find(&flows.Flow{File: ss.flow.File, Steps: []*flows.Step{ss.top}}, 0)
}

// quote returns a step's YAML lines with their numbers.
func quote(f *flows.Flow, s *flows.Step) []results.SourceLine {
	if f == nil || s.Pos.Line == 0 {
		return nil
	}
	end := s.EndLine
	if end < s.Pos.Line {
		end = s.Pos.Line
	}
	if end-s.Pos.Line > 12 {
		end = s.Pos.Line + 12
	}
	var out []results.SourceLine
	for l := s.Pos.Line; l <= end && l-1 < len(f.Source); l++ {
		out = append(out, results.SourceLine{Line: l, Text: f.Source[l-1]})
	}
	return out
}

// stepTimeout is the deadline of one step.
func (ss *Session) stepTimeout(s *flows.Step) time.Duration {
	if s.Timeout > 0 {
		return s.Timeout
	}
	if ss.opts.StepTimeout > 0 {
		return ss.opts.StepTimeout
	}
	if ss.flow.StepTimeout > 0 {
		return ss.flow.StepTimeout
	}
	return flows.DefaultStepTimeout
}

func (ss *Session) target(t *flows.Target, sc *flows.Scope) (*flows.Target, error) {
	if t == nil {
		return nil, nil
	}
	it, err := flows.InterpolateTarget(t, sc)
	if err != nil {
		return nil, failWith(diagnostics.ReasonExpression, err)
	}
	return it, nil
}

func (ss *Session) str(s string, sc *flows.Scope) (string, error) {
	v, err := flows.Interpolate(s, sc)
	if err != nil {
		return "", failWith(diagnostics.ReasonExpression, err)
	}
	return v, nil
}

// exec runs the action of one step.
func (ss *Session) exec(ctx context.Context, s *flows.Step, idx string, sc *flows.Scope, rec *results.Step) error {
	run, container := runnerOf(s.Action), isContainer(s)
	switch {
	case s.Action == nil:
		return failWith(diagnostics.ReasonInternal, errors.New("the step has no action"))
	case run == nil:
		return failWith(diagnostics.ReasonInternal, fmt.Errorf("unknown action %T", s.Action))
	}
	c := &stepCall{s: s, idx: idx, sc: sc, rec: rec}
	if container {
		if s.Timeout > 0 {
			// a container's timeout bounds all the steps inside it
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, s.Timeout)
			defer cancel()
		}
		c.ctx = ctx
		return run(ss, c)
	}
	sctx, cancel := context.WithTimeout(ctx, ss.stepTimeout(s))
	defer cancel()
	rest := ss.restBound(s)
	if rest != nil {
		sctx = browser.WithRestBound(sctx, rest)
	}
	t, err := ss.target(s.Target(), sc)
	if err != nil {
		return err
	}
	c.ctx, c.sctx, c.t = ctx, sctx, t
	if c.sctx, err = ss.checkPolicy(c); err != nil {
		return err
	}
	err = run(ss, c)
	if err != nil && rest.GaveUp() {
		rec.Log = append(rec.Log, fmt.Sprintf("the page was at rest for %s (no request in flight, no DOM change): failed without waiting out the %s timeout",
			rest.After, ss.stepTimeout(s)))
	}
	return err
}

// restBound is the front end's rest bound for step s (Options.FailAtRest),
// nil when there is none or s waits its whole timeout (a wait)
// (docs/targets.md "When waiting ends").
func (ss *Session) restBound(s *flows.Step) *browser.RestBound {
	if s.WaitsWholeTimeout() || ss.opts.FailAtRest <= 0 {
		return nil
	}
	return &browser.RestBound{After: ss.opts.FailAtRest}
}

// stepCall is what an action's run gets: the context Do runs in (ctx),
// the one bounded by the step's timeout (sctx; nil for a container), the
// step and its index, its resolved target (nil when it has none), the
// scope and the step's record.
type stepCall struct {
	ctx, sctx context.Context
	s         *flows.Step
	idx       string
	t         *flows.Target
	sc        *flows.Scope
	rec       *results.Step
}

// runnerOf is how each step action runs: the one dispatch on the type of
// a flows action (docs/architecture-notes.md "Step actions"), each case
// calling its handler of one signature (docs/architecture-notes.md "Step
// handlers"); nil for a type without a run. Whether a step holds steps
// of its own is a fact of its type (flows.Step.Holds).
func runnerOf(a flows.Action) (run func(*Session, *stepCall) error) {
	switch a := a.(type) {
	case *flows.Group:
		return func(ss *Session, c *stepCall) error { return ss.execGroup(c, a) }
	case *flows.Run:
		return func(ss *Session, c *stepCall) error { return ss.execRun(c, a) }
	case *flows.Repeat:
		return func(ss *Session, c *stepCall) error { return ss.execRepeat(c, a) }
	case *flows.Open:
		return func(ss *Session, c *stepCall) error { return ss.execOpen(c, a) }
	case *flows.Snapshot:
		return func(ss *Session, c *stepCall) error { return ss.execSnapshot(c, a) }
	case *flows.Pointer:
		return func(ss *Session, c *stepCall) error { return ss.execPointer(c, a) }
	case *flows.Drag:
		return func(ss *Session, c *stepCall) error { return ss.execDrag(c, a) }
	case *flows.Fill:
		return func(ss *Session, c *stepCall) error { return ss.execFill(c, a) }
	case *flows.TypeText:
		return func(ss *Session, c *stepCall) error { return ss.execType(c, a) }
	case *flows.Press:
		return func(ss *Session, c *stepCall) error { return ss.execPress(c, a) }
	case *flows.Select:
		return func(ss *Session, c *stepCall) error { return ss.execSelect(c, a) }
	case *flows.Check:
		return func(ss *Session, c *stepCall) error { return ss.execCheck(c, a) }
	case *flows.Upload:
		return func(ss *Session, c *stepCall) error { return ss.execUpload(c, a) }
	case *flows.Scroll:
		return func(ss *Session, c *stepCall) error { return ss.execScroll(c, a) }
	case *flows.Wait:
		return func(ss *Session, c *stepCall) error { return ss.execWait(c, a) }
	case *flows.Expect:
		return func(ss *Session, c *stepCall) error { return ss.execExpect(c, a) }
	case *flows.Assert:
		return func(ss *Session, c *stepCall) error { return ss.execAssert(c, a) }
	case *flows.Extract:
		return func(ss *Session, c *stepCall) error { return ss.execExtract(c, a) }
	case *flows.Screenshot:
		return func(ss *Session, c *stepCall) error { return ss.execScreenshot(c, a) }
	case *flows.Eval:
		return func(ss *Session, c *stepCall) error { return ss.execEval(c, a) }
	case *flows.Request:
		return func(ss *Session, c *stepCall) error { return ss.execRequest(c, a) }
	case *flows.RouteStep:
		return func(ss *Session, c *stepCall) error { return ss.execRoute(c, a) }
	case *flows.Dialog:
		return func(ss *Session, c *stepCall) error { return ss.execDialog(c, a) }
	case *flows.Tab:
		return func(ss *Session, c *stepCall) error { return ss.execTab(c, a) }
	case *flows.Network:
		return func(ss *Session, c *stepCall) error { return ss.execNetwork(c, a) }
	}
	return nil
}

// logOutcome keeps the log of an engine action and diagnoses its error.
func (ss *Session) logOutcome(c *stepCall, o *browser.Outcome, err error) error {
	if o != nil {
		for _, l := range o.Log {
			c.rec.Log = append(c.rec.Log, ss.mask.Mask(l)) // a line may quote what a field shows
		}
	}
	if err != nil && policyFailure(err) {
		return err
	}
	if err != nil {
		return ss.diagnose(c.ctx, c.s, c.t, err)
	}
	return nil
}

func (ss *Session) execOpen(c *stepCall, a *flows.Open) error {
	sc := c.sc
	u, err := ss.str(a.URL, sc)
	if err != nil {
		return err
	}
	u, err = flows.JoinURL(ss.base, u)
	if err != nil {
		return failWith(diagnostics.ReasonConfig, err)
	}
	navs := len(ss.page.Navigations())
	status, err := ss.page.Navigate(c.sctx, u, a.Wait)
	if err != nil {
		var ne *browser.NavigateError
		if errors.As(err, &ne) {
			if blocked := ss.blockedOpen(ne); blocked != nil {
				return blocked
			}
			return &stepFailure{err: err, diag: &diagnostics.Diagnostics{Reason: diagnostics.ReasonNavigation, Message: err.Error(),
				Hints: []string{"check that the server is up and the URL (and the base URL) are right"}}}
		}
		return ss.timeoutErr(c.sctx, err, "opening "+u)
	}
	c.rec.Log = append(c.rec.Log, fmt.Sprintf("opened %s (%d)", u, status))
	if a.Wait == "" {
		if status, err = ss.settle(c, navs); err != nil {
			return ss.timeoutErr(c.sctx, err, "waiting for "+u+" to settle")
		}
	}
	sc.Vars["status"] = status
	return nil
}

// settle waits for the page an open step opened to settle, by the open
// step's rule, openStepSettle (docs/targets.md "Settling"). The log says
// where the page went on to after the document the step opened (the main
// frame's navigations from the navs-th), and when it did not settle. It
// returns the status of the page's document then.
func (ss *Session) settle(c *stepCall, navs int) (int, error) {
	if bound := openStepSettle.Bound(c.sctx); bound > 0 {
		s, err := ss.page.Settle(c.sctx, browser.SettleWait{Bound: bound})
		if err != nil {
			return ss.page.Status(), err
		}
		if note := s.Note(); note != "" {
			c.rec.Log = append(c.rec.Log, note+"; the flow goes on")
		}
	} else {
		c.rec.Log = append(c.rec.Log, "no time left in the step to wait for the page to settle")
	}
	var docs []string
	for _, n := range ss.page.Navigations()[navs:] {
		if !n.SameDocument {
			docs = append(docs, n.URL)
		}
	}
	if len(docs) > 1 && docs[len(docs)-1] != docs[0] {
		c.rec.Log = append(c.rec.Log, fmt.Sprintf("the page went on to %s (%d)", docs[len(docs)-1], ss.page.Status()))
	}
	return ss.page.Status(), nil
}

func (ss *Session) execSnapshot(c *stepCall, a *flows.Snapshot) error {
	snap, err := ss.page.TakeSnapshot(c.sctx)
	if err != nil {
		return ss.timeoutErr(c.sctx, err, "taking the snapshot")
	}
	o := locate.RenderOptions{Mask: ss.mask.Mask, Idle: true}
	if a != nil {
		o.Full, o.Compact = a.Full, a.Compact
	}
	text := snap.Render(o)
	path, err := ss.artifact(results.ArtifactSnapshot, ss.key+".txt", []byte(text))
	if err != nil {
		return err
	}
	c.rec.Log = append(c.rec.Log, fmt.Sprintf("snapshot: %d refs → %s", len(snap.Refs), path))
	return nil
}

// execPointer runs click, dblclick and hover.
func (ss *Session) execPointer(c *stepCall, a *flows.Pointer) error {
	o := browser.ClickOptions{Button: a.Button, Modifiers: a.Modifiers}
	switch a.Act {
	case flows.ActionDblClick:
		o.Count = 2
	case flows.ActionHover:
		o.HoverOnly = true
	}
	out, err := ss.page.Click(c.sctx, c.t, o)
	return ss.logOutcome(c, out, err)
}

// execDrag runs drag: c.t is its from end, resolved as every step's main
// target is; its to end is resolved here. A failure of the to end is
// diagnosed as that end's (docs/flows.md "drag").
func (ss *Session) execDrag(c *stepCall, a *flows.Drag) error {
	to, err := ss.target(a.To, c.sc)
	if err != nil {
		return err
	}
	out, err := ss.page.Drag(c.sctx, c.t, to, a.At)
	var end *browser.DragEndError
	if errors.As(err, &end) && end.End == "to" {
		st := *c.s
		st.Action = a.ToEnd()
		return ss.logOutcome(&stepCall{ctx: c.ctx, sctx: c.sctx, s: &st, idx: c.idx, t: to, sc: c.sc, rec: c.rec}, out, err)
	}
	return ss.logOutcome(c, out, err)
}

func (ss *Session) execFill(c *stepCall, a *flows.Fill) error {
	v, err := ss.str(a.Value, c.sc)
	if err != nil {
		return err
	}
	out, err := ss.page.Fill(c.sctx, c.t, v)
	return ss.logOutcome(c, out, err)
}

func (ss *Session) execType(c *stepCall, a *flows.TypeText) error {
	v, err := ss.str(a.Text, c.sc)
	if err != nil {
		return err
	}
	out, err := ss.page.Type(c.sctx, c.t, v, a.Delay)
	return ss.logOutcome(c, out, err)
}

func (ss *Session) execPress(c *stepCall, a *flows.Press) error {
	k, err := ss.str(a.Key, c.sc)
	if err != nil {
		return err
	}
	out, err := ss.page.Press(c.sctx, c.t, k)
	return ss.logOutcome(c, out, err)
}

func (ss *Session) execSelect(c *stepCall, a *flows.Select) error {
	var opts []string
	for _, o := range a.Options {
		v, err := ss.str(o, c.sc)
		if err != nil {
			return err
		}
		opts = append(opts, v)
	}
	out, err := ss.page.Select(c.sctx, c.t, opts)
	return ss.logOutcome(c, out, err)
}

// execCheck runs check and uncheck.
func (ss *Session) execCheck(c *stepCall, a *flows.Check) error {
	out, err := ss.page.SetChecked(c.sctx, c.t, a.Name() == flows.ActionCheck)
	return ss.logOutcome(c, out, err)
}

// execUpload resolves the files against the flow file's folder; each must
// exist.
func (ss *Session) execUpload(c *stepCall, a *flows.Upload) error {
	s := c.s
	var files []string
	for _, f := range a.Files {
		v, err := ss.str(f, c.sc)
		if err != nil {
			return err
		}
		if !filepath.IsAbs(v) {
			v = filepath.Join(filepath.Dir(s.Pos.File), v)
		}
		abs, err := filepath.Abs(v)
		if err != nil {
			return failWith(diagnostics.ReasonFile, err)
		}
		if _, err := os.Stat(abs); err != nil {
			return failWith(diagnostics.ReasonFile, fmt.Errorf("upload: %w", err))
		}
		files = append(files, abs)
	}
	out, err := ss.page.Upload(c.sctx, c.t, files)
	return ss.logOutcome(c, out, err)
}

func (ss *Session) execScroll(c *stepCall, a *flows.Scroll) error {
	if c.t != nil {
		out, err := ss.page.ScrollTo(c.sctx, c.t)
		return ss.logOutcome(c, out, err)
	}
	return ss.page.ScrollPage(c.sctx, a.To, a.By)
}

func (ss *Session) execScreenshot(c *stepCall, a *flows.Screenshot) error {
	s, p := c.s, ss.page
	var clip *locate.Box
	full := a.FullPage
	if c.t != nil {
		b, err := p.ElementBox(c.sctx, c.t)
		if err != nil {
			return ss.diagnose(c.ctx, s, c.t, err)
		}
		clip = b
	}
	png, err := p.Screenshot(c.sctx, full, clip)
	if err != nil {
		return ss.timeoutErr(c.sctx, err, "taking the screenshot")
	}
	path, err := ss.artifact(results.ArtifactScreenshot, ss.key+".png", png)
	if err != nil {
		return err
	}
	c.rec.Log = append(c.rec.Log, "screenshot → "+path)
	return nil
}

// execEval runs the step's JavaScript and keeps its result as vars.result; an
// exception fails the step with reason script.
func (ss *Session) execEval(c *stepCall, e *flows.Eval) error {
	ctx, sc := c.sctx, c.sc
	js, err := ss.str(e.JS, sc)
	if err != nil {
		return err
	}
	v, err := ss.page.RunScript(ctx, js)
	var se *browser.ScriptError
	if errors.As(err, &se) {
		return failWith(diagnostics.ReasonScript, err)
	}
	if err != nil {
		return ss.timeoutErr(ctx, err, "running the script")
	}
	sc.Vars["result"] = v
	return nil
}

func (ss *Session) timeoutErr(ctx context.Context, err error, what string) error {
	if ctx.Err() != nil {
		return &stepFailure{err: fmt.Errorf("timed out %s", what), diag: &diagnostics.Diagnostics{Reason: diagnostics.ReasonTimeout, Message: "timed out " + what}}
	}
	return err
}

// execGroup runs a group's steps, numbered below the group's.
func (ss *Session) execGroup(c *stepCall, g *flows.Group) error {
	return ss.runSteps(c.ctx, c.rec.Phase, g.Steps, c.idx+".", c.sc)
}

// execRun runs a sub-flow's setup and steps in its own scope.
func (ss *Session) execRun(c *stepCall, run *flows.Run) error {
	ctx, idx, sc, rec := c.ctx, c.idx, c.sc, c.rec
	sub := run.Loaded
	if sub == nil {
		return failWith(diagnostics.ReasonInternal, fmt.Errorf("run: %s was not loaded", run.Flow))
	}
	child, err := sc.SubScope(run, ss.opts.Vars)
	if err != nil {
		return failWith(diagnostics.ReasonExpression, err)
	}
	base, err := ss.baseURL(sub, child, ss.base)
	if err != nil {
		return failWith(diagnostics.ReasonConfig, err)
	}
	callerBase := ss.base
	ss.base = base
	err = ss.runSteps(ctx, rec.Phase, append(append([]*flows.Step{}, sub.Setup...), sub.Steps...), idx+".", child)
	ss.base = callerBase
	// what the sub-flow extracts comes back to the caller
	sc.Export(child, sub.Exports())
	return err
}

// execRepeat runs a repeat's rounds. A while or until that still goes on
// at max fails the step with reason repeat_max, the condition and the
// values of its parts; one that cannot be evaluated fails it with reason
// expression (docs/flows.md "repeat").
func (ss *Session) execRepeat(c *stepCall, r *flows.Repeat) error {
	ctx, idx, sc, rec := c.ctx, c.idx, c.sc, c.rec
	max := r.Max
	if max <= 0 {
		max = flows.DefaultRepeatMax
	}
	cond := func(e *flows.Expr, key string) (bool, error) {
		ok, err := ss.evalBool(ctx, e, sc)
		if err != nil {
			return false, failWith(diagnostics.ReasonExpression, fmt.Errorf("%s: %w", key, err))
		}
		return ok, nil
	}
	for i := 0; ; i++ {
		if r.Times > 0 && i >= r.Times {
			return nil
		}
		if r.Times == 0 && i >= max {
			return ss.repeatMax(r, max, sc)
		}
		if r.While != nil {
			if ok, err := cond(r.While, "while"); err != nil || !ok {
				return err
			}
		}
		sc.Vars["index"] = i
		if err := ss.runSteps(ctx, rec.Phase, r.Steps, fmt.Sprintf("%s.%d.", idx, i+1), sc); err != nil {
			return err
		}
		if r.Until != nil {
			if ok, err := cond(r.Until, "until"); err != nil || ok {
				return err
			}
		}
	}
}

// repeatMax is the failure of a repeat that still went on at max:
// "still going after max 3 rounds: until vars.n >= 10 is still false;
// vars.n = 3".
func (ss *Session) repeatMax(r *flows.Repeat, max int, sc *flows.Scope) error {
	e, key, still := r.Until, "until", "false"
	if r.While != nil {
		e, key, still = r.While, "while", "true"
	}
	text := fmt.Sprintf("still going after max %d rounds: %s %s is still %s", max, key, e.Source, still)
	return failWith(diagnostics.ReasonRepeatMax, errors.New(text+ss.exprParts(e, sc)))
}

// baseURL is what a flow's relative `open:` joins: Options.BaseURL when set,
// else the flow's own base_url, else inherited (a sub-flow's caller's).
func (ss *Session) baseURL(f *flows.Flow, sc *flows.Scope, inherited string) (string, error) {
	switch {
	case ss.opts.BaseURL != "":
		return ss.opts.BaseURL, checkBase(ss.opts.BaseURL, "the base URL", "")
	case f.BaseURL != "":
		u, err := flows.Interpolate(f.BaseURL, sc)
		if err != nil {
			return "", fmt.Errorf("%s: base_url: %w", f.File, err)
		}
		return u, checkBase(u, f.File+": base_url", f.BaseURL)
	}
	return inherited, nil
}

// checkBase checks a base URL once interpolated (docs/flows.md "URLs"):
// what names it, and the source it came from.
func checkBase(u, what, source string) error {
	err := flows.CheckBaseURL(u)
	var ue *flows.URLError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &ue) && source != "" && source != u:
		return fmt.Errorf("%s %q is %q, which %s", what, source, ue.URL, ue.Why)
	}
	return fmt.Errorf("%s %w", what, err)
}

// evalBool evaluates a compiled condition against the page now.
func (ss *Session) evalBool(ctx context.Context, e *flows.Expr, sc *flows.Scope) (bool, error) {
	v, err := ss.evalExpr(ctx, e, sc)
	if err != nil {
		return false, err
	}
	b, ok := v.(bool)
	if !ok {
		return false, fmt.Errorf("%s is %T, not a bool", e.Source, v)
	}
	return b, nil
}

func (ss *Session) evalExpr(ctx context.Context, e *flows.Expr, sc *flows.Scope) (any, error) {
	env, err := ss.exprEnv(ctx, sc)
	if err != nil {
		return nil, &shortError{prefix: e.Source + ": the page could not be read: ", err: err}
	}
	v, err := expr.Run(e.Program, env)
	if err != nil {
		return nil, &shortError{prefix: e.Source + ": ", err: err}
	}
	return v, nil
}

// secretValues are the values of the secrets of a flow and of every
// sub-flow it runs, for masking.
func secretValues(f *flows.Flow, lookup func(string) (string, bool)) []string {
	var out []string
	seen := map[*flows.Flow]bool{}
	var walk func(f *flows.Flow)
	walk = func(f *flows.Flow) {
		if f == nil || seen[f] {
			return
		}
		seen[f] = true
		for _, name := range f.Secrets {
			if v, ok := lookup(name); ok && v != "" {
				out = append(out, v)
			}
		}
		for _, st := range f.AllSteps() {
			_, sub := st.Held()
			walk(sub)
		}
	}
	walk(f)
	return out
}
