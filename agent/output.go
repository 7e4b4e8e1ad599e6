package agent

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/internal/agentio"
	"github.com/smokeflow/smokeflow/results"
)

// Output is what a command found or did: the JSON form of its result is
// this object (docs/agents.md "JSON"); the text form is made from it.
type Output struct {
	OK   bool `json:"ok"`   // the command did what it was asked
	Verb Verb `json:"verb"` // the command's verb
	Code int  `json:"code"` // the exit code (docs/agents.md "Exit codes")
	// Error is what went wrong, on one line: the failure's message, or the
	// usage error with its fix.
	Error string `json:"error,omitempty"`
	// Reason is the failure's reason (docs/results.md "Reasons").
	Reason diagnostics.Reason `json:"reason,omitempty"`
	// Diagnostics are what the page held when an action or expectation
	// failed: candidates and near misses with their refs, counts per
	// rung, links, hints.
	Diagnostics *diagnostics.Diagnostics `json:"diagnostics,omitempty"`
	URL         string                   `json:"url,omitempty"`   // the page, after snapshot
	Title       string                   `json:"title,omitempty"` // its title
	// Snapshot is the snapshot's text (snapshot, with or without diff).
	Snapshot string `json:"snapshot,omitempty"`
	// Diff is what changed since the session's last snapshot (snapshot
	// with diff).
	Diff string `json:"diff,omitempty"`
	// Value is what get read (a string) or eval returned (any JSON).
	Value json.RawMessage `json:"value,omitempty"`
	// File is the file written (screenshot, export).
	File string `json:"file,omitempty"`
	// Steps is how many steps export wrote.
	Steps int `json:"steps,omitempty"`
	// Notes say what the engine did on its own: a busy page's script it
	// stopped, a page it opened again.
	Notes []string `json:"notes,omitempty"`
	// Warning is what the command did that the caller should know of: a
	// state file written unsealed. The text form prints it on stderr.
	Warning string `json:"warning,omitempty"`
	// Token is the one-time token of a step a confirm rule held back:
	// `confirm TOKEN` runs it (docs/agents.md "Guard rails").
	Token string `json:"confirm_token,omitempty"`
	// Log is the step's log: what the action did on the way (a stale ref
	// found again, a covered link followed, a tab followed).
	Log []string `json:"log,omitempty"`
	// Messages are the console messages `console` read.
	Messages []message `json:"messages,omitempty"`
	// Requests are the requests `network` read.
	Requests []request `json:"requests,omitempty"`
	// Tabs are the open tabs (`tab list`, and after `tab new`, `switch`,
	// `close`).
	Tabs []tabLine `json:"tabs,omitempty"`
	// Cookies are the cookies `cookies get` read.
	Cookies []cookie `json:"cookies,omitempty"`
	// Matches are the elements `find` resolved the target to.
	Matches []match `json:"matches,omitempty"`

	text   string // the text form of a success ("ok" when empty)
	isRead bool   // text is a value read, printed even when empty
	source string // text was read from the page: where (snapshot, text, eval, …)
	closed bool   // the session ended
}

// result renders an Output as the command's Result: one JSON object, or
// text (docs/agents.md "Output"); secrets masked in either.
func (e *Engine) result(c Command, o *Output) Result {
	e.maskOutput(o)
	r := Result{Code: o.Code, Closed: o.closed}
	if c.JSON {
		e.shape(o)
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(o); err != nil {
			return Result{Stderr: fmt.Sprintf("%s: writing the result as JSON: %v\n", c.Verb, err), Code: ExitFailed}
		}
		r.Stdout = b.String()
		return r
	}
	switch o.Code {
	case ExitOK:
		text := o.text
		if text == "" && !o.isRead {
			text = "ok"
		}
		rest := notesText(o.Notes)
		if o.source != "" {
			text = e.pageText(o.source, text, len(rest))
		}
		r.Stdout = strings.TrimRight(text, "\n") + "\n" + rest
		if o.Warning != "" {
			r.Stderr = "warning: " + o.Warning + "\n"
		}
	case ExitFailed:
		text := o.text
		if o.Token == "" {
			text = e.failureText(o)
		}
		r.Stdout = text + "\n" + notesText(o.Notes)
	default:
		r.Stderr = o.Error + "\n"
	}
	if cut := agentio.Cap(r.Stdout, e.opts.MaxOutput); cut != r.Stdout {
		r.Stdout = cut + "\n"
	}
	return r
}

func notesText(notes []string) string {
	var b strings.Builder
	for _, n := range notes {
		b.WriteString("note: " + n + "\n")
	}
	return b.String()
}

// maskOutput masks the secrets' values in everything an Output says.
func (e *Engine) maskOutput(o *Output) {
	m := e.mask.Mask
	for _, s := range []*string{&o.Error, &o.URL, &o.Title, &o.Snapshot, &o.Diff, &o.File, &o.Warning, &o.text} {
		*s = m(*s)
	}
	for i := range o.Cookies {
		o.Cookies[i].Value = m(o.Cookies[i].Value)
	}
	for _, l := range [][]string{o.Notes, o.Log} {
		for i := range l {
			l[i] = m(l[i])
		}
	}
	if len(o.Value) > 0 {
		masked := json.RawMessage(m(string(o.Value)))
		if !json.Valid(masked) {
			// a secret that cut through the JSON's syntax: the value
			// becomes its masked text
			var err error
			if masked, err = marshal(string(masked)); err != nil {
				masked = json.RawMessage("null")
			}
		}
		o.Value = masked
	}
	if o.Diagnostics != nil {
		// the session masked its own; a copy masked again for the secrets
		// typed in this session
		raw, err := json.Marshal(o.Diagnostics)
		if err == nil {
			var d diagnostics.Diagnostics
			if json.Unmarshal([]byte(m(string(raw))), &d) == nil {
				o.Diagnostics = &d
			}
		}
	}
}

// failed is a step that failed, from its *session.StepError failure; the
// paths of its artifacts are made whole, with the artifacts folder.
func failed(f *results.Failure, artifacts string, log []string) *Output {
	o := &Output{Code: ExitFailed, Error: shortMessage(f), Reason: f.Reason, Log: log}
	if f.Diagnostics != nil {
		d := *f.Diagnostics
		for _, p := range []*string{&d.Screenshot, &d.Snapshot} {
			if *p != "" {
				*p = filepath.Join(artifacts, filepath.FromSlash(*p))
			}
		}
		o.Diagnostics, o.URL, o.Title = &d, d.URL, d.Title
	}
	return o
}

// shortMessage is a failure's message without the session's step number
// ("step 3 click …"): a session has no flow file to count in.
func shortMessage(f *results.Failure) string {
	msg := f.Message
	if rest, ok := strings.CutPrefix(msg, "step "+f.StepIndex+" "); ok {
		msg = rest
	}
	return msg
}

// Caps of the failure text, for a model to read (docs/agents.md
// "Output").
const (
	textCandidates = 8
	textLinks      = 8
)

// failureText is a failure for a model to read: what failed and why,
// what the page holds with the refs the next command can use (between the
// session's boundaries, when it has them), and what to try; the
// artifacts' paths are in the JSON.
func (e *Engine) failureText(o *Output) string {
	var b strings.Builder
	fmt.Fprintf(&b, "failed: %s", o.Error)
	d := o.Diagnostics
	if d == nil {
		if o.Reason != "" {
			fmt.Fprintf(&b, "\nreason: %s", o.Reason)
		}
		return b.String()
	}
	fmt.Fprintf(&b, "\nreason: %s", d.Reason)
	if d.Verdict != "" && !strings.Contains(o.Error, d.Verdict) {
		fmt.Fprintf(&b, "\n%s", d.Verdict)
	}
	if page := pagePart(d); page != "" {
		b.WriteString("\n" + strings.TrimRight(e.pageText("diagnostics", page, b.Len()), "\n"))
	}
	for _, h := range d.Hints {
		fmt.Fprintf(&b, "\ntry: %s", h)
	}
	return b.String()
}

// pagePart is what a failure's diagnostics read on the page, one line
// each: the page, its HTTP error and failed requests, the matches per rung, the candidates, the near misses
// and the links.
func pagePart(d *diagnostics.Diagnostics) string {
	var b strings.Builder
	if d.URL != "" {
		fmt.Fprintf(&b, "\npage: %s %q", d.URL, d.Title)
	}
	for _, l := range d.PageErrors() {
		b.WriteString("\n" + l)
	}
	if len(d.Rungs) > 0 {
		var parts []string
		for _, r := range d.Rungs {
			parts = append(parts, fmt.Sprintf("%s %d", r.Rung, r.Matches))
		}
		fmt.Fprintf(&b, "\nmatches: %s", strings.Join(parts, ", "))
	}
	for i, c := range d.Candidates {
		if i == 0 {
			b.WriteString("\ncandidates:")
		}
		if i == textCandidates {
			fmt.Fprintf(&b, "\n  … %d more", len(d.Candidates)-i)
			break
		}
		fmt.Fprintf(&b, "\n  %s", c.Line())
	}
	if len(d.NearMisses) > 0 {
		var parts []string
		for _, n := range d.NearMisses {
			ref := "" // a near miss with no ref (a container's) prints none, as a candidate's line does
			if n.Ref != "" {
				ref = "@" + n.Ref + " "
			}
			parts = append(parts, fmt.Sprintf("%s%s %q", ref, n.Role, n.Name))
		}
		fmt.Fprintf(&b, "\nnear misses: %s", strings.Join(parts, ", "))
	}
	if d.Reason == diagnostics.ReasonNotFound && len(d.NearMisses) == 0 && len(d.Links) > 0 {
		var parts []string
		for i, l := range d.Links {
			if i == textLinks {
				parts = append(parts, "…")
				break
			}
			parts = append(parts, fmt.Sprintf("%q → %s", l.Text, l.Href))
		}
		fmt.Fprintf(&b, "\nlinks: %s", strings.Join(parts, ", "))
	}
	return strings.TrimPrefix(b.String(), "\n")
}
