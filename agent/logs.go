package agent

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/session"
)

// console and network: what the session's tabs logged and sent since the
// last call of the verb (docs/agents.md "console", "network"). Each verb
// keeps its own mark; --clear moves it without printing.

// message is a console message as `console --json` gives it.
type message struct {
	Level string `json:"level"` // log, info, debug, warning, error, exception, …
	Text  string `json:"text"`
	URL   string `json:"url,omitempty"`  // the script that logged it
	Line  int    `json:"line,omitempty"` // its line, from 1
	Tab   int    `json:"tab"`            // the tab, from 0
}

// request is a request as `network --json` gives it.
type request struct {
	Method   string `json:"method"`
	URL      string `json:"url"`
	Status   int    `json:"status,omitempty"` // none: in flight, or a network error
	Type     string `json:"type,omitempty"`   // the resource type: document, script, fetch, xhr, …
	Duration int64  `json:"duration_ms"`      // how long it took, in milliseconds; 0 in flight
	Error    string `json:"error,omitempty"`  // the network error
	Pending  bool   `json:"pending,omitempty"`
	Tab      int    `json:"tab"`
}

// console prints the console messages of every tab since the last
// `console`: all levels, or with --errors the errors and uncaught
// exceptions; --clear drops them unprinted.
func (e *Engine) console(_ context.Context, c Command, _ time.Duration) *Output {
	if len(c.Args) > 0 {
		return usage(c.Verb, "console takes no argument: console [--errors] [--clear]")
	}
	msgs := e.ss.ConsoleSince(e.consoleMark)
	if c.Clear {
		return cleared(len(msgs), "console message")
	}
	o := ok()
	var b strings.Builder
	for _, m := range msgs {
		if c.Errors && m.Type != "error" && m.Type != "exception" {
			continue
		}
		o.Messages = append(o.Messages, message{Level: m.Type, Text: m.Text, URL: m.URL, Line: m.Line, Tab: m.Tab})
		fmt.Fprintf(&b, "[%s] %s", m.Type, m.Text)
		switch {
		case m.URL != "" && m.Line > 0:
			fmt.Fprintf(&b, " (%s:%d)", m.URL, m.Line)
		case m.URL != "":
			fmt.Fprintf(&b, " (%s)", m.URL)
		}
		if e.ss.TabCount() > 1 {
			fmt.Fprintf(&b, " (tab %d)", m.Tab)
		}
		b.WriteString("\n")
	}
	if b.Len() == 0 {
		what := "console messages"
		if c.Errors {
			what = "console errors"
		}
		b.WriteString("no " + what + " since the last console\n")
	}
	o.text, o.source = b.String(), "console"
	return o
}

// network prints the requests every tab sent since the last `network`,
// with --failed those that failed, with --filter those whose URL matches
// a URL pattern (docs/flows.md "URL patterns"); --clear drops them
// unprinted.
func (e *Engine) network(_ context.Context, c Command, _ time.Duration) *Output {
	if len(c.Args) > 0 {
		return usage(c.Verb, "network takes no argument: network [--failed] [--filter GLOB] [--clear]; a URL pattern goes after --filter: network --filter '**/api/**'")
	}
	var filter *flows.URLPattern
	if c.Filter != "" {
		p, err := flows.ParseURLPattern(c.Filter)
		if err != nil {
			return usage(c.Verb, "--filter: %v", err)
		}
		filter = &p
	}
	sent := e.ss.RequestsSince(e.networkMark)
	if c.Clear {
		return cleared(len(sent), "request")
	}
	o := ok()
	var b strings.Builder
	for _, r := range sent {
		if c.Failed && !r.Failed() || filter != nil && !filter.Match(r.URL) {
			continue
		}
		o.Requests = append(o.Requests, requestOf(r))
		b.WriteString(requestLine(r, e.ss.TabCount() > 1) + "\n")
	}
	if b.Len() == 0 {
		what := "requests"
		if c.Failed {
			what = "failed requests"
		}
		if filter != nil {
			what += " matching " + filter.String()
		}
		b.WriteString("no " + what + " since the last network\n")
	}
	o.text, o.source = b.String(), "network"
	return o
}

func requestOf(r session.Sent) request {
	return request{Method: r.Method, URL: r.URL, Status: r.Status, Type: strings.ToLower(r.Type),
		Duration: r.Duration().Milliseconds(), Error: r.Error, Pending: r.End.IsZero(), Tab: r.Tab}
}

// requestLine is a request on one line: `GET URL → 200 fetch 12ms`.
func requestLine(r session.Sent, tabs bool) string {
	var out string
	switch {
	case r.Error != "":
		out = fmt.Sprintf("%s %s → %s", r.Method, r.URL, r.Error)
	case r.Canceled:
		out = fmt.Sprintf("%s %s → canceled", r.Method, r.URL)
	case r.End.IsZero() && r.Status == 0:
		out = fmt.Sprintf("%s %s → pending", r.Method, r.URL)
	default:
		out = fmt.Sprintf("%s %s → %d", r.Method, r.URL, r.Status)
	}
	if r.Type != "" {
		out += " " + strings.ToLower(r.Type)
	}
	if !r.End.IsZero() {
		out += fmt.Sprintf(" %dms", r.Duration().Milliseconds())
	}
	if tabs {
		out += fmt.Sprintf(" (tab %d)", r.Tab)
	}
	return out
}

// cleared is a --clear that dropped n things unprinted.
func cleared(n int, what string) *Output {
	o := ok()
	if n != 1 {
		what += "s"
	}
	o.text = fmt.Sprintf("cleared %d %s", n, what)
	return o
}
