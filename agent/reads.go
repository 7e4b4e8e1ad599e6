package agent

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/session"
)

// pageFailed is a failure of the page itself, outside a step: a read that
// did not answer in time, a browser that went away.
func pageFailed(ctx context.Context, what string, err error) *Output {
	reason := diagnostics.ReasonBrowser
	if ctx.Err() != nil || browser.IsContextErr(err) {
		reason = diagnostics.ReasonTimeout
	}
	return &Output{Code: ExitFailed, Error: fmt.Sprintf("%s: %v", what, err), Reason: reason}
}

// settle waits for the page to settle before a read when an action ran
// since it last did (docs/agents.md "Reads after an action"), within
// timeout, by the session's policy (settlePolicy); the note says what
// kept it busy.
func (e *Engine) settle(ctx context.Context, timeout time.Duration) ([]string, error) {
	if !e.acted {
		return nil, nil
	}
	sctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	s, err := e.ss.SettleAfterAction(sctx)
	if err != nil {
		return nil, err
	}
	e.acted = false
	return settleNotes(s), nil
}

// settleNotes is the note of a settle that reached its bound.
func settleNotes(s browser.Settled) []string {
	if note := s.Note(); note != "" {
		return []string{note + "; read as it was then"}
	}
	return nil
}

// settleFor settles the page before a read; a failure is the read's.
func (e *Engine) settleFor(ctx context.Context, timeout time.Duration) *Output {
	if _, err := e.settle(ctx, timeout); err != nil {
		return pageFailed(ctx, "waiting for the page to settle", err)
	}
	return nil
}

// snapshot prints the page's snapshot, or what changed since the last one
// (docs/agents.md "snapshot"); it becomes the ref map refs resolve
// against.
func (e *Engine) snapshot(ctx context.Context, c Command, timeout time.Duration) *Output {
	switch {
	case len(c.Args) > 0:
		return usage(c.Verb, "snapshot takes no argument: it reads the session's page (open a URL first)")
	case c.Full && c.Compact:
		return usage(c.Verb, "a snapshot is full (every node) or compact (the visible text too), not both")
	}
	tctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	// read, then shown: as much of it as the output hands the reader
	// (docs/targets.md "Resolution", 1)
	// the page's latest read when nothing has changed since: a read a
	// command or the idle session took (docs/agents.md "Reads after an
	// action")
	ro := session.ReadOptions{Reuse: true}
	if e.acted {
		ro.Settle = session.ReadAfterAction
	}
	r, err := e.ss.Read(tctx, ro)
	if re := (*session.ReadError)(nil); errors.As(err, &re) && re.Stage == session.ReadSettling {
		return pageFailed(tctx, "waiting for the page to settle", re.Err)
	}
	e.acted = false
	if err != nil {
		return pageFailed(tctx, "reading the page", err)
	}
	snap, notes := r.Snapshot, settleNotes(r.Settled)
	// the body: no header, but for an HTTP error; the header goes first
	// when the page is not where the reader knows it to be
	// (docs/targets.md "The header")
	body := snap.Render(locate.RenderOptions{Full: c.Full, Compact: c.Compact, Mask: e.mask.Mask, NoHeader: true, KnownURL: snap.URL, Idle: true})
	head := ""
	if snap.Status < 400 && !locate.KnownURL(snap.URL, e.known) {
		head = e.mask.Mask(snap.Header())
	}
	text := head + body
	o := ok()
	o.Snapshot, o.URL, o.Title, o.Notes, o.text, o.source = text, snap.URL, snap.Title, notes, text, "snapshot"
	shown := []*locate.Node(nil) // nil: the whole snapshot
	if c.Diff {
		why := "" // the last snapshot is of this page
		switch {
		case e.snapped == session.Tab{}:
			why = "no earlier snapshot in this session"
		case e.snapped != e.ss.Tab():
			// its table has handed nothing of the last one: the diff hands all
			why = "the last snapshot was of another page"
		}
		d, sd, whole := diff(e.last, body, why)
		o.Diff = head + d
		o.text, o.source = o.Diff, "diff"
		if !whole && !c.JSON { // the JSON carries the whole snapshot too
			shown = e.diffRefs(snap, sd)
		}
	}
	e.ss.Show(snap, shown)
	e.last, e.snapped, e.known = body, e.ss.Tab(), snap.URL
	return o
}

// showChange adds to an action's result what it changed: the snapshot
// diff against the session's last snapshot, after `ok` (an action's
// --diff). A read that fails says so in a note; the action stands.
func (e *Engine) showChange(ctx context.Context, o *Output, timeout time.Duration) {
	d := e.snapshot(ctx, Command{Verb: VerbSnapshot, Diff: true}, timeout)
	if d.Code != ExitOK {
		o.Notes = append(o.Notes, "reading what it changed: "+d.Error)
		return
	}
	o.Diff, o.text, o.source = d.Diff, "ok\n"+d.Diff, d.source
}

// getVar is the variable get reads a target's text or attribute into.
const getVar = "smokeflow_get"

// get prints the text, value or an attribute of a target's element, or
// the page's URL or title (docs/agents.md "get").
func (e *Engine) get(ctx context.Context, c Command, timeout time.Duration) *Output {
	p, err := GetGrammar.Parse(c.Args)
	if err != nil {
		return usage(c.Verb, "%v", err)
	}
	what, rest := p.Form.Word, p.Args
	if what == GetURL || what == GetTitle {
		return e.getPage(ctx, what, timeout)
	}
	t, err := target(rest[0])
	if err != nil {
		return usage(c.Verb, "%v", err)
	}
	if o := e.settleFor(ctx, timeout); o != nil {
		return o
	}
	arg := mapOf("var", str(getVar), "from", t)
	if what == GetAttr {
		arg = mapOf("var", str(getVar), "from", t, "attr", str(rest[1]))
	}
	st, err := e.parseStep(flows.ActionExtract, arg)
	if err != nil {
		return usage(c.Verb, "%v", err)
	}
	if _, o := e.act(ctx, c, st, timeout, false); o.Code != ExitOK {
		return o
	}
	v := fmt.Sprint(e.ss.Scope().Vars[getVar])
	if what == GetValue {
		// a field's value, even empty (extract reads a field's label then)
		res, err := e.ss.ResolveLive(ctx, st.Target())
		if err == nil && res.Err != nil {
			err = res.Err
		}
		if err != nil {
			return pageFailed(ctx, "reading the value", err)
		}
		v = res.Node.Value
	}
	return value(string(what), v)
}

// getPage prints the page's URL or title.
func (e *Engine) getPage(ctx context.Context, what Word, timeout time.Duration) *Output {
	tctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if o := e.settleFor(tctx, timeout); o != nil {
		return o
	}
	u, title, err := e.ss.URLAndTitleNow(tctx)
	if err != nil {
		return pageFailed(tctx, "reading the page's "+string(what), err)
	}
	if what == GetURL {
		return value(string(what), u)
	}
	return value(string(what), title)
}

// value is a read of the page that printed v; source says what it read.
func value(source, v string) *Output {
	o := ok()
	o.text, o.isRead, o.source = v, true, source
	if b, err := marshal(v); err == nil {
		o.Value = b
	}
	return o
}

// marshal is v as JSON, with <, > and & as they are.
func marshal(v any) (json.RawMessage, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// eval runs JS in the page, as the flow's eval step (docs/flows.md
// "eval"), and prints its result as JSON.
func (e *Engine) eval(ctx context.Context, c Command, timeout time.Duration) *Output {
	if len(c.Args) == 0 {
		return usage(c.Verb, "eval takes JavaScript, quoted: eval 'document.title'")
	}
	st, err := e.parseStep(flows.ActionEval, str(joinArgs(c.Args)))
	if err != nil {
		return usage(c.Verb, "%v", err)
	}
	_, o := e.act(ctx, c, st, timeout, true)
	if o.Code != ExitOK {
		return o
	}
	b, err := marshal(e.ss.Scope().Vars["result"])
	if err != nil {
		return pageFailed(ctx, "writing the result", err)
	}
	o.Value, o.text, o.source = b, string(b), "eval"
	return o
}

// screenshot saves a screenshot of the page (or of a target's element) to
// FILE, or in the session's artifacts, and prints its path.
func (e *Engine) screenshot(ctx context.Context, c Command, timeout time.Duration) *Output {
	if len(c.Args) > 1 {
		return usage(c.Verb, "screenshot takes at most one file: screenshot page.png")
	}
	name, file := "screenshot", ""
	if len(c.Args) == 1 {
		p, err := path(c, c.Args[0])
		if err != nil {
			return usage(c.Verb, "%v", err)
		}
		file = p
		name = strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
	}
	var t *yaml.Node
	if c.Target != "" {
		var err error
		if t, err = target(c.Target); err != nil {
			return usage(c.Verb, "%v", err)
		}
	}
	st, err := e.parseStep(flows.ActionScreenshot, mapOf("name", str(name), "full_page", boolNode(c.FullPage), "target", t))
	if err != nil {
		return usage(c.Verb, "%v", err)
	}
	if o := e.settleFor(ctx, timeout); o != nil {
		return o
	}
	if _, o := e.act(ctx, c, st, timeout, false); o.Code != ExitOK {
		return o
	}
	shot := e.lastArtifact(results.ArtifactScreenshot)
	if file == "" {
		file = shot
	} else if err := copyFile(shot, file); err != nil {
		return &Output{Code: ExitFailed, Error: err.Error(), Reason: diagnostics.ReasonFile}
	}
	o := ok()
	o.File, o.text = file, file
	return o
}

// lastArtifact is the path of the session's last artifact of a kind.
func (e *Engine) lastArtifact(kind string) string {
	arts := e.ss.Artifacts()
	for i := len(arts) - 1; i >= 0; i-- {
		if arts[i].Kind == kind {
			return filepath.Join(e.opts.ArtifactsDir, filepath.FromSlash(arts[i].Path))
		}
	}
	return ""
}

func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return fmt.Errorf("reading the screenshot: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return fmt.Errorf("writing the screenshot: %w", err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		return fmt.Errorf("writing the screenshot: %w", err)
	}
	return nil
}

// history runs back, forward and reload, and waits for the page to
// settle; the step recorded is an open of the page they led to
// (docs/agents.md "Export").
func (e *Engine) history(ctx context.Context, c Command, timeout time.Duration) *Output {
	if len(c.Args) > 0 {
		return usage(c.Verb, "%s takes no argument", c.Verb)
	}
	tctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	// what the last action started goes first: a link just clicked has
	// asked for its page, and history moves from there
	if o := e.settleFor(tctx, timeout); o != nil {
		return o
	}
	from := e.pageURL()
	var err error
	switch c.Verb {
	case VerbBack:
		err = e.ss.History(tctx, -1)
	case VerbForward:
		err = e.ss.History(tctx, 1)
	default:
		err = e.ss.Reload(tctx)
	}
	if errors.Is(err, browser.ErrNoHistory) {
		return &Output{Code: ExitFailed, Error: fmt.Sprintf("%s: there is no page to go %s to", c.Verb, c.Verb), Reason: diagnostics.ReasonNavigation}
	}
	if err != nil {
		return pageFailed(tctx, string(c.Verb), err)
	}
	notes, err := e.settle(tctx, timeout)
	if err != nil {
		return pageFailed(tctx, "waiting for the page to settle", err)
	}
	to := e.pageURL()
	e.steps = append(e.steps, flows.Recorded{Step: &flows.Step{Action: &flows.Open{URL: to}}, From: from, To: to})
	o := ok()
	o.Notes = notes
	return o
}
