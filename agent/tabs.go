package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/session"
)

// tab, dialog: the session's tabs and its next native dialog
// (docs/agents.md "tab", "dialog"). `tab switch N` runs the flow's `tab:
// N` step, `tab new URL` an `eval` of window.open (which the session
// follows, as a flow does), and `dialog` the flow's `dialog` step: each
// is exported as that step. `tab close` has no step a flow writes.

// tabLine is an open tab as `tab --json` gives it.
type tabLine struct {
	Index   int    `json:"index"`
	URL     string `json:"url"`
	Title   string `json:"title"`
	Current bool   `json:"current,omitempty"`
	Opening bool   `json:"opening,omitempty"` // its first page has not loaded yet
}

// tabHelp is tab's usage, and how it counts.
var tabHelp = TabGrammar.Usage() + " (tabs count from 0, as tab list shows them)"

// tab runs tab list|new URL|switch N|close [N] (TabGrammar); each prints
// the open tabs after it.
func (e *Engine) tab(ctx context.Context, c Command, timeout time.Duration) *Output {
	p, err := TabGrammar.Parse(c.Args)
	if err != nil {
		return usage(c.Verb, "%v (tabs count from 0, as tab list shows them)", err)
	}
	var o *Output
	switch p.Form.Word {
	case TabList:
		o = ok()
	case TabNew:
		o = e.tabNew(ctx, c, p.Args[0], timeout)
	case TabSwitch:
		n, err := tabIndex(p.Args[0])
		if err != nil {
			return usage(c.Verb, "%v; %s", err, tabHelp)
		}
		o = e.runStep(ctx, c, timeout, flows.ActionTab, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(n)}, nil)
	case TabClose:
		o = e.tabClose(ctx, c, p.Args)
	}
	if o.Code != ExitOK {
		return o
	}
	return e.tabList(ctx, o)
}

func tabIndex(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%q is not a tab's number (0, 1, …)", s)
	}
	return n, nil
}

// tabList puts the open tabs in o, one a line, the current one marked.
func (e *Engine) tabList(ctx context.Context, o *Output) *Output {
	tabs, err := e.ss.Tabs(ctx)
	if err != nil {
		return pageFailed(ctx, "listing the tabs", err)
	}
	var b strings.Builder
	for _, t := range tabs {
		o.Tabs = append(o.Tabs, tabLine{Index: t.Index, URL: t.URL, Title: t.Title, Current: t.Current, Opening: t.Opening})
		mark := " "
		if t.Current {
			mark = "*"
		}
		if t.Opening {
			fmt.Fprintf(&b, "%s %d (still opening: its first page has not loaded)\n", mark, t.Index)
			continue
		}
		fmt.Fprintf(&b, "%s %d %s %q\n", mark, t.Index, t.URL, t.Title)
	}
	o.text, o.source = b.String(), "tabs"
	return o
}

// tabNew opens URL in a new tab, as a page's window.open does, and goes
// on there: the `eval` step a flow would write.
func (e *Engine) tabNew(ctx context.Context, c Command, u string, timeout time.Duration) *Output {
	whole, o := e.wholeURL(c.Verb, u)
	if o != nil {
		return o
	}
	q, err := json.Marshal(whole)
	if err != nil {
		return usage(c.Verb, "%q is not a URL: %v", u, err)
	}
	before := e.ss.TabCount()
	if o := e.runStep(ctx, c, timeout, flows.ActionEval, str("void window.open("+string(q)+")"), nil); o.Code != ExitOK {
		return o
	}
	if e.ss.TabCount() == before {
		return &Output{Code: ExitFailed, Reason: diagnostics.ReasonNavigation,
			Error: fmt.Sprintf("tab new %s: the browser opened no tab (the page refused window.open); open the URL in this tab instead: open %s", u, whole)}
	}
	return ok()
}

// tabClose closes tab N, or the current one.
func (e *Engine) tabClose(ctx context.Context, c Command, rest []string) *Output {
	n := -1
	if len(rest) == 1 {
		var err error
		if n, err = tabIndex(rest[0]); err != nil {
			return usage(c.Verb, "%v; %s", err, tabHelp)
		}
	} else {
		tabs, err := e.ss.Tabs(ctx)
		if err != nil {
			return pageFailed(ctx, "listing the tabs", err)
		}
		for _, t := range tabs {
			if t.Current {
				n = t.Index
			}
		}
	}
	err := e.ss.CloseTab(ctx, n)
	if errors.Is(err, session.ErrNoTab) {
		return &Output{Code: ExitFailed, Reason: diagnostics.ReasonNotFound, Error: "tab close: " + strings.TrimPrefix(err.Error(), session.ErrNoTab.Error()+": ")}
	}
	if err != nil {
		return pageFailed(ctx, "closing the tab", err)
	}
	return ok()
}

// wholeURL is u made whole: joined to the base URL, else to the page's
// own URL; a usage error when there is nothing to join it to.
func (e *Engine) wholeURL(v Verb, u string) (string, *Output) {
	if e.opts.BaseURL != "" {
		j, err := flows.JoinURL(e.opts.BaseURL, u)
		if err != nil {
			return "", usage(v, "%q is not a URL: %v", u, err)
		}
		return j, nil
	}
	if strings.Contains(u, "://") || strings.HasPrefix(u, "about:") || strings.HasPrefix(u, "data:") {
		return u, nil
	}
	cur, err := url.Parse(e.pageURL())
	if err != nil || cur.Scheme != "http" && cur.Scheme != "https" {
		fix := string(v)
		if v == VerbTab {
			fix += " new"
		}
		return "", usage(v, "%q is not a whole URL, and there is no page to join it to: %s http://localhost:8080%s", u, fix, "/"+strings.TrimPrefix(u, "/"))
	}
	ref, err := url.Parse(u)
	if err != nil {
		return "", usage(v, "%q is not a URL: %v", u, err)
	}
	return cur.ResolveReference(ref).String(), nil
}

// dialog runs the flow's `dialog` step (DialogGrammar): how to answer
// the next native dialog (alert, confirm, prompt, beforeunload) of any
// tab; a prompt gets accept's TEXT.
func (e *Engine) dialog(ctx context.Context, c Command, timeout time.Duration) *Output {
	p, err := DialogGrammar.Parse(c.Args)
	if err != nil {
		return usage(c.Verb, "%v: how to answer the next native dialog (alert, confirm, prompt, beforeunload); TEXT is what a prompt gets", err)
	}
	arg := mapOf("accept", boolNode(true))
	switch {
	case p.Form.Word == DialogDismiss:
		arg = mapOf("accept", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "false"})
	case len(p.Args) == 1:
		arg = mapOf("accept", boolNode(true), "text", str(p.Args[0]))
	}
	return e.runStep(ctx, c, timeout, flows.ActionDialog, arg, nil)
}
