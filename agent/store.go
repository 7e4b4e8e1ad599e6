package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

// cookies, storage and find (docs/agents.md "cookies", "storage",
// "find"). `storage … set` and `clear` run the flow's `eval` step, and
// are exported as it; cookies are not exported: a flow starts from a
// state file (`state save`, the flow's `state:`).

// cookie is a cookie as `cookies --json` gives it.
type cookie struct {
	Name     string  `json:"name"`
	Value    string  `json:"value"`
	Domain   string  `json:"domain"`
	Path     string  `json:"path"`
	Expires  float64 `json:"expires"` // seconds since the epoch; -1 for a session cookie
	HTTPOnly bool    `json:"http_only,omitempty"`
	Secure   bool    `json:"secure,omitempty"`
	SameSite string  `json:"same_site,omitempty"`
}

// cookies reads, sets or clears the cookies of the session's browser
// context (CookiesGrammar).
func (e *Engine) cookies(ctx context.Context, c Command, timeout time.Duration) *Output {
	p, err := CookiesGrammar.Parse(c.Args)
	if err != nil {
		return usage(c.Verb, "%v", err)
	}
	if p.Form.Word != StoreSet && (c.Domain != "" || c.Path != "") {
		return usage(c.Verb, "--domain and --path go with cookies set: cookies set NAME VALUE --domain example.com")
	}
	tctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	switch p.Form.Word {
	case StoreSet:
		if p.Args[0] == "" {
			return usage(c.Verb, "a cookie has a name; %s", CookiesGrammar.Usage())
		}
		k := browser.Cookie{Name: p.Args[0], Value: p.Args[1], Domain: c.Domain, Path: c.Path}
		if err := e.ss.SetCookie(tctx, k); err != nil {
			return &Output{Code: ExitFailed, Reason: diagnostics.ReasonBrowser, Error: "cookies set: " + err.Error()}
		}
		return ok()
	case StoreClear:
		if err := e.ss.ClearCookies(tctx); err != nil {
			return pageFailed(tctx, "cookies clear", err)
		}
		return ok()
	}
	return e.cookiesGet(tctx, p.Args)
}

// cookiesGet prints every cookie, or those named name[0], one a line.
func (e *Engine) cookiesGet(ctx context.Context, name []string) *Output {
	all, err := e.ss.Cookies(ctx)
	if err != nil {
		return pageFailed(ctx, "reading the cookies", err)
	}
	o := ok()
	var b strings.Builder
	var names []string
	for _, k := range all {
		names = append(names, k.Name)
		if len(name) == 1 && k.Name != name[0] {
			continue
		}
		o.Cookies = append(o.Cookies, cookie{Name: k.Name, Value: k.Value, Domain: k.Domain, Path: k.Path,
			Expires: k.Expires, HTTPOnly: k.HTTPOnly, Secure: k.Secure, SameSite: k.SameSite})
		attrs := []string{"domain " + k.Domain, "path " + k.Path}
		if k.HTTPOnly {
			attrs = append(attrs, "httpOnly")
		}
		if k.Secure {
			attrs = append(attrs, "secure")
		}
		if k.Expires < 0 {
			attrs = append(attrs, "session")
		} else {
			attrs = append(attrs, "expires "+time.Unix(int64(k.Expires), 0).UTC().Format(time.RFC3339))
		}
		fmt.Fprintf(&b, "%s=%s (%s)\n", k.Name, k.Value, strings.Join(attrs, ", "))
	}
	if len(name) == 1 && len(o.Cookies) == 0 {
		return &Output{Code: ExitFailed, Reason: diagnostics.ReasonNotFound,
			Error: fmt.Sprintf("cookies get %s: the session has no cookie named %q; its cookies are: %s (cookies get lists them)", name[0], name[0], orNone(names))}
	}
	if b.Len() == 0 {
		b.WriteString("no cookies\n")
	}
	o.text, o.source = b.String(), "cookies"
	return o
}

func orNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// storage reads the current tab's localStorage or sessionStorage, or
// sets a key or clears it with the flow's `eval` step (StorageGrammar).
func (e *Engine) storage(ctx context.Context, c Command, timeout time.Duration) *Output {
	p, err := StorageGrammar.Parse(c.Args)
	if err != nil {
		return usage(c.Verb, "%v", err)
	}
	area := string(p.Area) + "Storage"
	q := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	switch p.Form.Word {
	case StoreSet:
		return e.runStep(ctx, c, timeout, flows.ActionEval, str(fmt.Sprintf("%s.setItem(%s, %s)", area, q(p.Args[0]), q(p.Args[1]))), nil)
	case StoreClear:
		return e.runStep(ctx, c, timeout, flows.ActionEval, str(area+".clear()"), nil)
	}
	return e.storageGet(ctx, area, p.Args, timeout)
}

// storageGet prints every key of area with its value, or the value of
// key[0].
func (e *Engine) storageGet(ctx context.Context, area string, key []string, timeout time.Duration) *Output {
	tctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if o := e.settleFor(tctx, timeout); o != nil {
		return o
	}
	raw, err := e.ss.EvalOwn(tctx, fmt.Sprintf("(() => { const s = %s; return Array.from({length: s.length}, (_, i) => [s.key(i), s.getItem(s.key(i))]) })()", area))
	if err != nil {
		return pageFailed(tctx, "reading "+area, err)
	}
	var items [][2]string
	if err := json.Unmarshal(raw, &items); err != nil {
		return pageFailed(tctx, "reading "+area, err)
	}
	all := map[string]string{}
	var b strings.Builder
	var keys []string
	for _, kv := range items {
		all[kv[0]] = kv[1]
		keys = append(keys, kv[0])
		fmt.Fprintf(&b, "%s=%s\n", kv[0], kv[1])
	}
	if len(key) == 1 {
		v, found := all[key[0]]
		if !found {
			return &Output{Code: ExitFailed, Reason: diagnostics.ReasonNotFound,
				Error: fmt.Sprintf("storage: %s has no key %q; its keys are: %s", area, key[0], orNone(keys))}
		}
		return value("value", v)
	}
	if b.Len() == 0 {
		b.WriteString(area + " is empty\n")
	}
	o := ok()
	o.text, o.source = b.String(), "value"
	if v, err := marshal(all); err == nil {
		o.Value = v
	}
	return o
}

// match is an element `find` resolved a target to.
type match struct {
	Ref    string `json:"ref,omitempty"`
	Line   string `json:"line"` // its snapshot line
	Region string `json:"region,omitempty"`
}

// find prints the element a target resolves to, with its snapshot line
// and ref, or the elements it ties between; it hands their refs, as a
// snapshot does, without printing a whole snapshot.
func (e *Engine) find(ctx context.Context, c Command, timeout time.Duration) *Output {
	if len(c.Args) == 0 {
		return usage(c.Verb, "give the target: %s", targetHelp)
	}
	arg := joinArgs(c.Args)
	t, err := target(arg)
	if err != nil {
		return usage(c.Verb, "%v", err)
	}
	st, err := e.parseStep(flows.ActionHover, t)
	if err != nil {
		return usage(c.Verb, "%v", err)
	}
	tctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if o := e.settleFor(tctx, timeout); o != nil {
		return o
	}
	res, snap, err := e.ss.Resolve(tctx, st.Target())
	if err != nil {
		return pageFailed(tctx, "reading the page", err)
	}
	nodes := res.Matches
	if res.Node != nil {
		nodes = []*locate.Node{res.Node}
	}
	if res.Node == nil && len(nodes) < 2 {
		return &Output{Code: ExitFailed, Reason: locate.ReasonOf(res.Err),
			Error: fmt.Sprintf("find %s: %v; take a snapshot to see what the page holds", arg, res.Err)}
	}
	if snap != nil {
		e.ss.Show(snap, nodes)
	}
	o := ok()
	var b strings.Builder
	if len(nodes) > 1 {
		fmt.Fprintf(&b, "%d elements match %s; act on one by its ref:\n", len(nodes), arg)
	}
	for _, n := range nodes {
		m := match{Ref: n.Ref, Line: e.mask.Mask(locate.Line(n)), Region: n.Region}
		o.Matches = append(o.Matches, m)
		b.WriteString(m.Line)
		if len(nodes) > 1 && m.Region != "" {
			b.WriteString(" (in " + m.Region + ")")
		}
		b.WriteString("\n")
	}
	o.text, o.source = b.String(), "snapshot"
	return o
}
