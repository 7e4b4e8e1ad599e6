package agent

import (
	"context"
	"errors"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/session"
)

// targetHelp is how to write a TARGET, for usage messages.
const targetHelp = "a ref (@e3), a phrase, /regex/ or a map such as '{role: button, name: Sign in}'"

// runStep parses the command's step `{action: arg}` and runs it (act);
// argErr is an argument that could not be read.
func (e *Engine) runStep(ctx context.Context, c Command, timeout time.Duration, action flows.ActionName, arg *yaml.Node, argErr error) *Output {
	if argErr != nil {
		return usage(c.Verb, "%v", argErr)
	}
	st, err := e.parseStep(action, arg)
	if err != nil {
		return usage(c.Verb, "%v", err)
	}
	_, o := e.act(ctx, c, st, timeout, true)
	return o
}

// act runs a step on the session's page, bounded by timeout, and, when
// record, records it for export once it passed, with a ref target turned
// into the target a person would write, found on the page the step acts
// on before it acts (docs/agents.md "Export").
func (e *Engine) act(ctx context.Context, c Command, st *flows.Step, timeout time.Duration, record bool) (*results.Step, *Output) {
	return e.actWith(ctx, c, st, timeout, record, func(ctx context.Context) (*results.Step, error) { return e.ss.Do(ctx, st) })
}

// actWith is act, with the step run by do: Session.Do, or
// Session.Confirm for a step a confirm rule held back. A step a confirm
// rule holds back is kept for `confirm TOKEN` (docs/agents.md "Guard
// rails").
func (e *Engine) actWith(ctx context.Context, c Command, st *flows.Step, timeout time.Duration, record bool, do func(context.Context) (*results.Step, error)) (*results.Step, *Output) {
	st.Timeout = timeout
	var human *flows.Target
	_, t := st.TargetSlot()
	if record && hasRef(t) {
		human = e.humanTarget(ctx, t)
	}
	from := e.pageURL()
	asked := e.ss.NavigationsAsked()
	rec, err := do(ctx)
	var log []string
	if rec != nil {
		log = rec.Log
	}
	var cr *session.ConfirmRequired
	if errors.As(err, &cr) {
		return rec, e.hold(c, st, record, cr)
	}
	if err != nil {
		var se *session.StepError
		if errors.As(err, &se) && se.Failure != nil {
			return rec, failed(se.Failure, e.opts.ArtifactsDir, log)
		}
		return rec, &Output{Code: ExitFailed, Error: err.Error(), Reason: diagnostics.ReasonInternal, Log: log}
	}
	if st.ActsOnPage() {
		// what the action started a moment later is waited for by the
		// next read (docs/agents.md "Reads after an action"); a page the
		// action asked for at once, now: its URL is where the action led
		e.acted = true
		if e.ss.NavigationsAsked() != asked {
			if _, err := e.settle(ctx, timeout); err != nil {
				log = append(log, "waiting for the page it led to: "+err.Error())
			}
		}
	}
	if record {
		if hasRef(t) {
			if human == nil {
				human = e.refTarget(t)
			}
			if human != nil {
				*t = *human
			}
		}
		st.Timeout = 0
		if c.Timeout > 0 {
			st.Timeout = c.Timeout
		}
		e.steps = append(e.steps, flows.Recorded{Step: st, From: from, To: e.pageURL()})
	}
	o := ok()
	o.Log = log
	return rec, o
}

// hasRef reports a target that names a ref, itself or in its within.
func hasRef(t *flows.Target) bool {
	for ; t != nil; t = t.Within {
		if t.Ref != "" {
			return true
		}
	}
	return false
}

// humanTarget is the shortest target that picks, alone, the element t
// resolves to on the page as it is when the step acts (locate.TargetFor):
// over the page's latest read when nothing has changed since, read for
// nothing, else over a read of the page now, so that the target the
// export writes is unique on that page (docs/agents.md "Export"); nil
// when t does not resolve, and the caller takes the ref map's
// (refTarget).
func (e *Engine) humanTarget(ctx context.Context, t *flows.Target) *flows.Target {
	res, snap := e.ss.ResolveReused(ctx, t)
	if res == nil {
		var err error
		if res, snap, err = e.ss.Resolve(ctx, t); err != nil {
			return nil
		}
	}
	if res.Err != nil || res.Node == nil {
		return nil
	}
	ht, err := locate.TargetFor(snap, res.Node)
	if err != nil {
		return roleName(res.Node)
	}
	return ht
}

// refTarget is the target of a ref's element as the ref map recorded it,
// for a step whose element was not there yet before it acted.
func (e *Engine) refTarget(t *flows.Target) *flows.Target {
	refs := e.ss.Refs()
	if refs == nil {
		return nil
	}
	for ; t != nil; t = t.Within {
		if n := refs.Refs[strings.TrimPrefix(t.Ref, "@")]; n != nil {
			if ht, err := locate.TargetFor(refs, n); err == nil {
				return ht
			}
			return roleName(n)
		}
	}
	return nil
}

// roleName is a node's role and name as a target, when TargetFor finds
// none that is unique (the node is hidden).
func roleName(n *locate.Node) *flows.Target {
	if n.Name == "" {
		return &flows.Target{Role: n.Role}
	}
	return &flows.Target{Role: n.Role, Name: n.Name}
}

// pageURL is the URL the current tab's main frame last navigated to.
func (e *Engine) pageURL() string {
	navs := e.ss.TabNavigations()
	if len(navs) == 0 {
		return ""
	}
	return navs[len(navs)-1].URL
}

// joinArgs is the rest of the arguments as one, for a verb that takes one
// phrase: `click Sign in` is `click "Sign in"`.
func joinArgs(args []string) string { return strings.Join(args, " ") }

// pointer runs click, dblclick, hover, check and uncheck.
func (e *Engine) pointer(ctx context.Context, c Command, timeout time.Duration) *Output {
	if len(c.Args) == 0 {
		return usage(c.Verb, "give the target: %s", targetHelp)
	}
	t, err := target(joinArgs(c.Args))
	return e.runStep(ctx, c, timeout, flows.ActionName(c.Verb), t, err)
}

// drag runs drag FROM TO; TO may be '{target: TARGET, x: N, y: N}'. A
// ref in TO is recorded as the target a person would write, as the
// main target's is (docs/agents.md "Export").
func (e *Engine) drag(ctx context.Context, c Command, timeout time.Duration) *Output {
	if len(c.Args) != 2 {
		return usage(c.Verb, "drag takes the element to drag and where to drop it: drag @e3 @e7, drag 'Write the docs' Done, drag Handle '{target: Track, x: 40, y: 4}'")
	}
	from, err := target(c.Args[0])
	if err != nil {
		return usage(c.Verb, "%v", err)
	}
	to, err := target(c.Args[1])
	if err != nil {
		return usage(c.Verb, "%v", err)
	}
	st, err := e.parseStep(flows.ActionDrag, mapOf("from", from, "to", to))
	if err != nil {
		return usage(c.Verb, "%v", err)
	}
	drop := st.Action.(*flows.Drag).To
	var human *flows.Target
	if hasRef(drop) {
		human = e.humanTarget(ctx, drop)
	}
	_, o := e.act(ctx, c, st, timeout, true)
	if o.Code == ExitOK && hasRef(drop) {
		if human == nil {
			human = e.refTarget(drop)
		}
		if human != nil {
			*drop = *human
		}
	}
	return o
}

// input runs fill TARGET VALUE and type TARGET TEXT.
func (e *Engine) input(ctx context.Context, c Command, timeout time.Duration) *Output {
	key := "value"
	if c.Verb == VerbType {
		key = "text"
	}
	if len(c.Args) != 2 {
		return usage(c.Verb, "%s takes a target and a %s: %s TARGET %s (quote a %s with spaces)",
			c.Verb, key, c.Verb, strings.ToUpper(key), key)
	}
	t, err := target(c.Args[0])
	return e.runStep(ctx, c, timeout, flows.ActionName(c.Verb), mapOf("target", t, key, str(c.Args[1])), err)
}

// press runs press KEY [TARGET].
func (e *Engine) press(ctx context.Context, c Command, timeout time.Duration) *Output {
	switch len(c.Args) {
	case 1:
		return e.runStep(ctx, c, timeout, flows.ActionPress, str(c.Args[0]), nil)
	case 2:
		t, err := target(c.Args[1])
		return e.runStep(ctx, c, timeout, flows.ActionPress, mapOf("target", t, "key", str(c.Args[0])), err)
	}
	return usage(c.Verb, "press takes a key and maybe a target: press Enter, press Control+A '{label: Notes}'")
}

// selectOptions runs select TARGET OPTION...
func (e *Engine) selectOptions(ctx context.Context, c Command, timeout time.Duration) *Output {
	if len(c.Args) < 2 {
		return usage(c.Verb, "select takes a target and the options to choose: select Country France")
	}
	t, err := target(c.Args[0])
	arg := mapOf("target", t, "option", str(c.Args[1]))
	if len(c.Args) > 2 {
		arg = mapOf("target", t, "options", listOf(c.Args[1:]))
	}
	return e.runStep(ctx, c, timeout, flows.ActionSelect, arg, err)
}

// scroll runs scroll TARGET|top|bottom.
func (e *Engine) scroll(ctx context.Context, c Command, timeout time.Duration) *Output {
	if len(c.Args) == 0 {
		return usage(c.Verb, "scroll takes top, bottom or a target: %s", targetHelp)
	}
	arg := joinArgs(c.Args)
	if arg == "top" || arg == "bottom" {
		return e.runStep(ctx, c, timeout, flows.ActionScroll, mapOf("to", str(arg)), nil)
	}
	t, err := target(arg)
	return e.runStep(ctx, c, timeout, flows.ActionScroll, mapOf("target", t), err)
}

// upload runs upload TARGET FILE...; the files are relative to the
// command's folder.
func (e *Engine) upload(ctx context.Context, c Command, timeout time.Duration) *Output {
	if len(c.Args) < 2 {
		return usage(c.Verb, "upload takes a target and one or more files: upload Avatar me.png")
	}
	var files []string
	for _, f := range c.Args[1:] {
		p, err := path(c, f)
		if err != nil {
			return usage(c.Verb, "%s: %v", f, err)
		}
		files = append(files, p)
	}
	t, err := target(c.Args[0])
	return e.runStep(ctx, c, timeout, flows.ActionUpload, mapOf("target", t, "files", listOf(files)), err)
}

// expect runs expect 'EXPECT', the flow's form of the step.
func (e *Engine) expect(ctx context.Context, c Command, timeout time.Duration) *Output {
	arg := strings.TrimSpace(joinArgs(c.Args))
	if !strings.HasPrefix(arg, "{") {
		return usage(c.Verb, "expect takes the flow form, quoted: '{visible: Order placed}', '{text: \"@e3\", equals: Done}', '{url: {contains: /cart}}'")
	}
	n, err := yamlValue(arg)
	return e.runStep(ctx, c, timeout, flows.ActionExpect, n, err)
}

// wait runs wait ..., as the flow's wait step takes it: a duration, or
// '{text: Saved}', '{gone: …}', '{url: …}', '{load: networkidle}'. A
// duration's default timeout is the duration and the step timeout.
func (e *Engine) wait(ctx context.Context, c Command, timeout time.Duration) *Output {
	if len(c.Args) == 0 {
		return usage(c.Verb, "wait takes a duration (2s) or the flow form: '{text: Saved}', '{gone: {role: progressbar}}', '{url: {contains: /orders}}'")
	}
	n, err := yamlValue(joinArgs(c.Args))
	if err != nil {
		return usage(c.Verb, "%v", err)
	}
	st, err := e.parseStep(flows.ActionWait, n)
	if err != nil {
		return usage(c.Verb, "%v", err)
	}
	if w, isWait := st.Action.(*flows.Wait); isWait && w.Duration > 0 && c.Timeout == 0 {
		timeout = w.Duration + e.opts.StepTimeout
	}
	_, o := e.act(ctx, c, st, timeout, true)
	return o
}

// open runs open URL. Without a base URL, a relative URL joins the page's
// own.
func (e *Engine) open(ctx context.Context, c Command, timeout time.Duration) *Output {
	if len(c.Args) != 1 {
		return usage(c.Verb, "open takes one URL: open https://shop.test/login")
	}
	u := c.Args[0]
	if e.opts.BaseURL == "" {
		whole, o := e.wholeURL(c.Verb, u)
		if o != nil {
			return o
		}
		u = whole
	}
	o := e.runStep(ctx, c, timeout, flows.ActionOpen, str(u), nil)
	if o.Code == ExitOK {
		if asked, err := flows.JoinURL(e.opts.BaseURL, u); err == nil {
			e.known = asked
		}
	}
	return o
}
