package explore

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/session"
)

// observeWindow is how long the walk watches for the first sign that an
// action did something before it calls the action dead (docs/explore.md
// "Findings"); a sign ends the watch at once.
const observeWindow = 400 * time.Millisecond

// counters are what an action may move: the page's DOM changes, requests
// and navigations, the session's dialogs and tabs.
type counters struct {
	tab           session.Tab
	dom, req      uint64
	navs, dialogs int
	tabs          int
	url           string
	cpu           cpuMark
}

func measure(ctx context.Context, s *session.Session) counters {
	return counters{tab: s.Tab(), dom: s.DOMChanges(), req: s.Requests(), navs: len(s.TabNavigations()),
		dialogs: len(s.Dialogs()), tabs: s.TabCount(), url: s.URL(ctx), cpu: markCPU(ctx, s)}
}

// moved reports whether anything moved since c was measured. A
// navigation within the document counts unless it only adds an empty
// `#` to the address.
func (c counters) moved(s *session.Session) bool {
	if s.Tab() != c.tab || s.TabCount() != c.tabs || len(s.Dialogs()) != c.dialogs ||
		s.DOMChanges() != c.dom || s.Requests() != c.req {
		return true
	}
	for _, n := range s.TabNavigations()[c.navs:] {
		if !n.SameDocument || strings.TrimSuffix(n.URL, "#") != strings.TrimSuffix(c.url, "#") {
			return true
		}
	}
	return false
}

// effects is what an action did.
type effects struct {
	changed   bool
	requested bool   // the page sent a request
	newDoc    string // the URL of another document the main frame went to
	console   []results.Console
	failed    []results.Request
	took      timing        // from the action until the page settled
	last      time.Duration // from the action until its last console error, failed request or navigation
}

// observe watches what an action begun at t0 does: until something moves
// or observeWindow passes, then until the page settles. The console
// errors and failed requests are those from t0 until the main frame went
// to another document, whose own are that page's.
func (w *walker) observe(ctx context.Context, s *session.Session, c counters, t0 time.Time) (effects, error) {
	deadline := time.Now().Add(observeWindow)
	for !c.moved(s) {
		rest := time.Until(deadline)
		if rest <= 0 {
			break
		}
		ch := s.Changed()
		if c.moved(s) {
			break
		}
		t := time.NewTimer(rest)
		select {
		case <-ch:
		case <-t.C:
		case <-ctx.Done():
		}
		t.Stop()
		if ctx.Err() != nil {
			return effects{}, ctx.Err()
		}
	}
	if err := settleAfter(ctx, s, t0); err != nil {
		return effects{}, err
	}
	e := effects{changed: c.moved(s), took: c.cpu.since(ctx, s, time.Since(t0)),
		requested: s.Tab() != c.tab || s.Requests() != c.req}
	from := c.navs
	if s.Tab() != c.tab {
		from = 0
	}
	var navAt time.Time
	for _, n := range s.TabNavigations()[from:] {
		if !n.SameDocument {
			e.newDoc, navAt = n.URL, n.Time
			e.last = n.Time.Sub(t0)
			break
		}
	}
	in := func(t time.Time) bool {
		ok := !t.Before(t0) && (navAt.IsZero() || t.Before(navAt))
		if ok && t.Sub(t0) > e.last {
			e.last = t.Sub(t0)
		}
		return ok
	}
	for _, x := range s.Console() {
		if results.IsConsoleError(x.Type) && in(x.Time) {
			e.console = append(e.console, x)
		}
	}
	for _, r := range s.FailedRequests() {
		if in(r.Time) {
			e.failed = append(e.failed, r)
		}
	}
	return e, nil
}

// settlePolicy is how long the walk waits for a page to settle, once
// opened and after an action: browser.DefaultSettle, whatever the time
// left (docs/architecture.md "The session is the only door").
var settlePolicy = session.SettlePolicy{Max: browser.DefaultSettle}

// actionWait bounds how long the walk waits for the requests an action
// started to be answered.
const actionWait = 15 * time.Second

// settleAfter waits for the page to settle after an action begun at t0
// (docs/targets.md "Settling"); then, as settling stops waiting for a
// request after 2 s, for the requests the action started to be answered,
// for at most actionWait from t0, and for the page to settle again.
func settleAfter(ctx context.Context, s *session.Session, t0 time.Time) error {
	if _, err := s.Settle(ctx); err != nil {
		return err
	}
	if s.InFlightSince(t0) == 0 {
		return nil
	}
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for s.InFlightSince(t0) > 0 && time.Since(t0) < actionWait {
		select {
		case <-s.Changed():
		case <-tick.C:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	_, err := s.Settle(ctx)
	return err
}

// act tries an action once in the walk.
func (w *walker) act(ctx context.Context, v *visit, a *action) error {
	if w.tried[a.key] {
		return nil
	}
	w.tried[a.key] = true
	if a.form != nil {
		return w.submitForm(ctx, v, a)
	}
	return w.click(ctx, v, a)
}

// begin gives the session to act on, counting the action; nil when the
// page could not be opened again (logged).
func (w *walker) begin(ctx context.Context, v *visit, a *action, doing string) (*session.Session, error) {
	s, err := w.fresh(ctx, v)
	if err != nil {
		if fatal(ctx, err) {
			return nil, err
		}
		w.skip(v.url, a.label, "the page could not be opened again: "+firstLine(err.Error()))
		return nil, nil
	}
	w.actions++
	v.action++
	w.progress(doing + " the " + a.label + " on " + relative(w.start, v.url))
	return s, nil
}

// click clicks a control on the page as it opened and reports what went
// wrong (docs/explore.md "Actions").
func (w *walker) click(ctx context.Context, v *visit, a *action) error {
	s, err := w.begin(ctx, v, a, "click")
	if s == nil {
		return err
	}
	armed := armProbe(ctx, s)
	if fatal(ctx, armed) {
		return armed
	}
	c, downloads := measure(ctx, s), len(w.downloads(v))
	t0 := time.Now()
	if _, err := s.Do(ctx, &flows.Step{Action: &flows.Pointer{Target: a.target}}); err != nil {
		v.dirty = true
		if fatal(ctx, err) {
			return err
		}
		return w.clickFailed(ctx, v, s, a, err)
	}
	e, err := w.observe(ctx, s, c, t0)
	if err != nil {
		return err
	}
	if !e.changed {
		if e.changed, err = w.quietChanged(ctx, v, s, armed == nil, downloads); err != nil {
			return err
		}
	}
	v.dirty = e.changed || s.TabCount() > 1
	where := relative(w.start, v.url)
	repro := []*reproStep{openStep(w.start, v.url), clickStep(a.target, a.label)}
	fs := w.judge(ctx, v, s, a, e, repro, "after clicking the "+a.label+" on "+where)
	switch {
	case e.changed || len(e.console) > 0:
	case a.node.Pressed || a.node.Selected:
		// a view switcher's current view: pressing it again is no change
		w.skip(v.url, a.label, "it is pressed or selected already, and clicking it again changed nothing")
	case w.resets(ctx, s, a):
		w.skip(v.url, a.label, "it resets, clears or undoes, and the page as it opened has nothing to reset")
	case v.cause != nil:
		// one root cause, one finding (docs/explore.md "One root cause, one finding")
		w.blame(v, a)
	case a.node.Role == "link":
		// a link is clicked only when its address leads nowhere (plan.go)
		fs = w.keep(fs, w.deadLink(v, a))
	default:
		fs = w.keep(fs, w.deadFinding(v, a))
	}
	if e.newDoc != "" {
		if u := urlOf(e.newDoc); w.scope.in(u) && !isDownload(u) {
			w.enqueue(u, nil)
		}
	}
	w.shoot(ctx, s, fmt.Sprintf("p%02d-a%02d", v.n, v.action), fs)
	return nil
}

// keep adds f to the walk's findings and to fs when it is new.
func (w *walker) keep(fs []*Finding, f *Finding) []*Finding {
	if f != nil && w.add(f) {
		return append(fs, f)
	}
	return fs
}

// covered reports whether a click failed because another element covers
// its control.
func covered(err error) bool {
	var se *session.StepError
	return errors.As(err, &se) && se.Reason() == diagnostics.ReasonCovered
}

// clickFailed reports a control another element covers; any other
// failure to click is logged.
func (w *walker) clickFailed(ctx context.Context, v *visit, s *session.Session, a *action, err error) error {
	if !covered(err) {
		w.skip(v.url, a.label, "could not be clicked: "+firstLine(err.Error()))
		return nil
	}
	var se *session.StepError
	errors.As(err, &se)
	msg := se.Failure.Message
	if i := strings.Index(msg, ": "); i >= 0 {
		msg = msg[i+2:]
	}
	f := newFinding(KindCovered, a.key, fmt.Sprintf("The %s on %s cannot be clicked: another element covers it",
		a.label, relative(w.start, v.url)), v.url)
	f.Expected, f.Actual = "the "+a.label+" receives the click", msg
	f.repro = []*reproStep{openStep(w.start, v.url), {step: &flows.Step{Action: &flows.Pointer{Target: a.target},
		Timeout: checkTimeout}, say: "Click the " + a.label}}
	w.shoot(ctx, s, fmt.Sprintf("p%02d-a%02d", v.n, v.action), w.keep(nil, f))
	return nil
}

// judge reports the console errors, failed requests and slowness of an
// action whose repro steps are repro; cause says when they came.
func (w *walker) judge(ctx context.Context, v *visit, s *session.Session, a *action, e effects,
	repro []*reproStep, cause string) []*Finding {
	var fs []*Finding
	wait := evidenceWait(e.last)
	for _, c := range e.console {
		fs = w.keep(fs, consoleFinding(c, v.url, cause, repro, wait))
	}
	for _, f := range requestFindings(w.start, e.failed, v.url, cause, repro, wait) {
		fs = w.keep(fs, f)
	}
	if e.took.own() > w.o.SlowAction {
		fs = w.keep(fs, w.slowAction(ctx, v, s, a, e, repro))
	}
	return fs
}

// slowAction is an action slower to settle than the threshold. Its repro
// expects what the action shows within the threshold; without a new text
// to expect, it is logged instead.
func (w *walker) slowAction(ctx context.Context, v *visit, s *session.Session, a *action, e effects,
	repro []*reproStep) *Finding {
	after, err := s.Snapshot(ctx)
	text := ""
	if err == nil {
		text = newText(v.snap, after)
	}
	if text == "" {
		w.skip(v.url, a.label, fmt.Sprintf("took %s to settle, but shows no new text to expect", e.took))
		return nil
	}
	f := newFinding(KindSlowAction, a.key, fmt.Sprintf("The %s on %s is slow to answer (more than %s)",
		a.label, relative(w.start, v.url), w.o.SlowAction), v.url)
	f.TookMS = e.took.own().Milliseconds()
	f.Expected = fmt.Sprintf("%q shows within %s", text, w.o.SlowAction)
	f.Actual = "the page settled after " + e.took.String()
	f.repro = steps(repro, []*reproStep{{step: &flows.Step{Action: &flows.Expect{Kind: flows.ExpectVisible,
		Target: &flows.Target{Text: text}}, Timeout: w.o.SlowAction}}})
	return f
}

// newText is the first text of after that before did not show: a
// heading's, else any visible text of four characters or more.
func newText(before, after *locate.Snapshot) string {
	had := map[string]bool{}
	for _, n := range before.All {
		had[locate.Normalize(n.Name)] = true
	}
	var first string
	for _, n := range after.All {
		t := locate.Normalize(n.Name)
		if !n.Visible || had[t] || len([]rune(t)) < 4 || (n.Role != "heading" && n.Role != "StaticText") {
			continue
		}
		if n.Role == "heading" {
			return t
		}
		if first == "" {
			first = t
		}
	}
	return first
}

// deadFinding is a click that changed nothing. Its repro watches the page
// in the page's own world before the click and fails when, half a second
// after it, nothing changed.
func (w *walker) deadFinding(v *visit, a *action) *Finding {
	where := relative(w.start, v.url)
	f := newFinding(KindDeadControl, controlKey(a.node), fmt.Sprintf("Clicking the %s on %s does nothing", a.label, where), v.url)
	f.primary = primaryAction(a.node)
	f.Expected = "the click changes the page, goes somewhere or asks the server for something"
	f.Actual = fmt.Sprintf("within %s, no change of the page's accessible state (checked, selected, expanded, pressed, value, "+
		"the visible elements), its DOM, focus, scroll position, canvases, media or clipboard; no navigation, history entry, request, "+
		"dialog, download, new tab or console error", observeWindow)
	msg := jsString("clicking the " + a.label + " changed nothing: no DOM change, navigation, request, focus, value, scroll, canvas, media or clipboard change")
	f.repro = []*reproStep{
		openStep(w.start, v.url),
		{step: &flows.Step{Name: "watch the page for changes", Action: &flows.Eval{JS: probeArmJS}}},
		clickStep(a.target, a.label),
		{step: &flows.Step{Name: "the click changed the page", Action: &flows.Eval{JS: strings.Replace(deadCheckJS, "MESSAGE", msg, 1)}}},
	}
	return f
}

// deadLink lists a link that leads nowhere by its address ("#", none,
// javascript:) and does nothing under the one finding of its page's
// pattern, which the first such link makes and whose repro clicks it: a
// template's placeholders are one finding, not one a link. The same link
// on a page of another pattern lists that page on the finding it is in
// (docs/explore.md "One root cause, one finding").
func (w *walker) deadLink(v *visit, a *action) *Finding {
	ck := controlKey(a.node)
	if had, ok := w.deadLinks[ck]; ok {
		// the same link on a page of another pattern (a layout's breadcrumb)
		if !had.seenOn(v.url) {
			had.Pages = append(had.Pages, v.url)
		}
		return nil
	}
	key := "dead-links|" + pattern(urlOf(v.url))
	dc := DeadControl{Page: v.url, Control: a.label}
	if had, ok := w.found[key]; ok {
		had.DeadControls = append(had.DeadControls, dc)
		w.deadLinks[ck] = had
		return nil
	}
	f := w.deadFinding(v, a)
	f.Kind, f.key, f.DeadControls = KindDeadLinks, key, []DeadControl{dc}
	w.deadLinks[ck] = f
	return f
}

// deadCheckJS is the repro's check: half a second after the click, the
// probe's read (probeReadJS) found nothing changed.
const deadCheckJS = `await new Promise(r => setTimeout(r, 500));
const changed = (() => {
` + probeReadJS + `
})();
if (!changed.length) throw new Error(MESSAGE);`
