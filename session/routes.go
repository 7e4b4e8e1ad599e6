package session

import (
	"context"
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
)

// The flow's routes (docs/flows.md "Routes"): its `routes:` registered
// when the session opens, each `route:` step's rules put before them, and
// the context's Router answering from the lot: the rules of the latest
// step first, in their written order within a list; then the HAR of
// `routes: {har}`.

// routeTable is what answers the context's requests.
type routeTable struct {
	mu    sync.Mutex
	rules []*routeRule // latest registered first
	har   *flows.HARReplay
	// unmatched are the requests the HAR had no entry for, failed
	// (unmatched: fail), in order.
	unmatched []string
}

// routeRule is a rule ready to answer: interpolated, its URL compiled,
// its body read.
type routeRule struct {
	r       *flows.Route
	url     flows.URLPattern
	headers []browser.Header
	body    []byte
	at      string // FILE:LINE:COL of the rule
}

// startRoutes registers the flow's routes: and HAR on the context.
func (ss *Session) startRoutes() error {
	f := ss.flow
	if len(f.Routes) == 0 && f.RoutesHAR == nil {
		return nil
	}
	if err := ss.addRoutes(f.Routes, ss.scope); err != nil {
		return &ConfigError{Err: err, msg: ss.mask.Mask(err.Error())}
	}
	ss.routes.har = f.RoutesHAR
	return nil
}

// addRoutes puts rules before the ones registered so far, and makes the
// context answer from the table (docs/flows.md "Routes").
func (ss *Session) addRoutes(rules []*flows.Route, sc *flows.Scope) error {
	ready := make([]*routeRule, 0, len(rules))
	for _, r := range rules {
		rr, err := ss.readyRule(r, sc)
		if err != nil {
			return fmt.Errorf("route %s (%s): %w", r.URL.Source, r.Pos, err)
		}
		ready = append(ready, rr)
	}
	t := &ss.routes
	t.mu.Lock()
	t.rules = append(ready, t.rules...)
	t.mu.Unlock()
	if err := ss.bctx.SetRouter(t.answer); err != nil {
		return fmt.Errorf("%w (routes work in smokeflow run and the Go session with such a context; the agent and explore do not route)", err)
	}
	return nil
}

// nearRoute says, for a request that failed, which glob rule of the
// flow takes its URL but for the query: a glob matches the whole URL,
// query included (docs/flows.md "URL patterns"), so a rule written for
// the path (`**/api/items`) misses `/api/items?page=2` and the request
// goes to the network. "" when a rule takes the request, or none would.
func (t *routeTable) nearRoute(method, url string) string {
	path, _, ok := strings.Cut(url, "?")
	if !ok {
		return ""
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	near := ""
	for _, rr := range t.rules {
		switch {
		case rr.r.Match(rr.url, method, url):
			return ""
		case near == "" && !rr.url.IsRegex() && rr.r.Match(rr.url, method, path):
			src := rr.r.URL.Source
			near = fmt.Sprintf("the route %s (%s) does not take it: a glob matches the query too; write %s*", src, rr.at, src)
		}
	}
	return near
}

// readyRule interpolates a rule's strings, compiles its URL (a glob
// starting with / joined to the base URL) and reads its body.
func (ss *Session) readyRule(r *flows.Route, sc *flows.Scope) (*routeRule, error) {
	rr := &routeRule{r: r, at: r.Pos.String()}
	src, err := flows.Interpolate(r.URL.Source, sc)
	if err != nil {
		return nil, err
	}
	if rr.url, err = flows.CompileURLPattern(src); err != nil {
		return nil, err
	}
	if strings.HasPrefix(src, "/") && !rr.url.IsRegex() {
		if ss.base == "" {
			return nil, fmt.Errorf("url %s: a glob starting with / needs base_url in the flow or a base URL for the run", src)
		}
		rr.url, _ = flows.CompileURLPattern(strings.TrimSuffix(ss.base, "/") + src)
	}
	ctype := ""
	switch {
	case r.JSON != nil:
		v, err := flows.InterpolateJSON(r.JSON.Value, sc)
		if err != nil {
			return nil, err
		}
		if rr.body, err = json.Marshal(v); err != nil {
			return nil, fmt.Errorf("json: %w", err)
		}
		ctype = "application/json"
	case r.Body != nil:
		s, err := flows.Interpolate(*r.Body, sc)
		if err != nil {
			return nil, err
		}
		rr.body, ctype = []byte(s), "text/plain; charset=utf-8"
	case r.File != nil:
		if rr.body, err = os.ReadFile(r.File.Path); err != nil {
			return nil, fmt.Errorf("file: %w", err)
		}
		ctype = mime.TypeByExtension(filepath.Ext(r.File.Path))
		if ctype == "" {
			ctype = http.DetectContentType(rr.body)
		}
	}
	for _, h := range r.Headers {
		v, err := flows.Interpolate(h.Value, sc)
		if err != nil {
			return nil, err
		}
		rr.headers = append(rr.headers, browser.Header{Name: h.Name, Value: v})
		if strings.EqualFold(h.Name, "Content-Type") {
			ctype = ""
		}
	}
	if ctype != "" {
		rr.headers = append(rr.headers, browser.Header{Name: "Content-Type", Value: ctype})
	}
	return rr, nil
}

// answer is the context's Router: the first rule that takes the request,
// else the HAR's entry, else nil (to the network).
func (t *routeTable) answer(req browser.RoutedRequest) *browser.Answer {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, rr := range t.rules {
		if rr.r.Match(rr.url, req.Method, req.URL) {
			return rr.answer()
		}
	}
	if t.har == nil || t.har.Archive == nil {
		return nil
	}
	return t.harAnswer(req)
}

// answer is what a rule answers.
func (rr *routeRule) answer() *browser.Answer {
	r := rr.r
	a := &browser.Answer{Delay: r.Delay}
	note := "rule " + rr.at
	if r.Delay > 0 {
		note += fmt.Sprintf(", after %s", r.Delay)
	}
	switch {
	case r.Abort:
		a.Abort, a.Note = true, "aborted ("+note+")"
	case !r.Answers():
		a.Continue, a.Note = true, "went on to the network ("+note+")"
	default:
		a.Status, a.Headers, a.Body = r.Status, rr.headers, rr.body
		if a.Status == 0 {
			a.Status = http.StatusOK
		}
		a.Note = fmt.Sprintf("answered %d %s, %d bytes (%s)", a.Status, contentType(a.Headers), len(a.Body), note)
	}
	return a
}

// harAnswer answers from the HAR (t.mu held).
func (t *routeTable) harAnswer(req browser.RoutedRequest) *browser.Answer {
	h := t.har
	e := flows.FindHAREntry(h.Archive, req.Method, req.URL, req.Body)
	if e == nil {
		if !flows.HAROrigin(h.Archive, req.URL) {
			return nil // another origin than the HAR's: the network's
		}
		if !h.FailUnmatched {
			return &browser.Answer{Continue: true, Note: fmt.Sprintf("no entry in the HAR %s: went on to the network (unmatched: pass)", h.Written)}
		}
		t.unmatched = append(t.unmatched, req.Method+" "+req.URL)
		return &browser.Answer{Abort: true, Note: fmt.Sprintf("failed: the HAR %s has no entry for it (unmatched: fail)", h.Written)}
	}
	a := &browser.Answer{Status: int(e.Response.Status)}
	for _, hd := range e.Response.Headers {
		switch strings.ToLower(hd.Name) {
		case "content-length", "content-encoding", "transfer-encoding":
			continue // the body is given whole and decoded
		}
		a.Headers = append(a.Headers, browser.Header{Name: hd.Name, Value: hd.Value})
	}
	if e.Response.Content != nil {
		a.Body = e.Response.Content.Text
	}
	a.Note = fmt.Sprintf("answered %d %s, %d bytes (the HAR %s)", a.Status, contentType(a.Headers), len(a.Body), h.Written)
	return a
}

func contentType(hs []browser.Header) string {
	for _, h := range hs {
		if strings.EqualFold(h.Name, "Content-Type") {
			return h.Value
		}
	}
	return "(no Content-Type)"
}

// execRoute is the `route:` step: its rules go before the ones
// registered so far, for the rest of the flow.
func (ss *Session) execRoute(c *stepCall, a *flows.RouteStep) error {
	if err := ss.addRoutes(a.Rules, c.sc); err != nil {
		return failWith(diagnostics.ReasonConfig, err)
	}
	for _, r := range a.Rules {
		c.rec.Log = append(c.rec.Log, ss.mask.Mask(fmt.Sprintf("route %s added (%s), before the rules already there", r.URL.Source, r.Pos)))
	}
	return nil
}

// logRouted puts what the routes answered since the last look in the
// step's log.
func (ss *Session) logRouted(rec *results.Step) {
	all := ss.bctx.Routed()
	for _, r := range all[min(ss.routedSeen, len(all)):] {
		rec.Log = append(rec.Log, ss.mask.Mask(r.String()))
	}
	ss.routedSeen = len(all)
}

// unmatchedHAR adds to a failure's diagnostics the requests the HAR had
// no entry for, failed by unmatched: fail: a page's error state then
// names its cause.
func (ss *Session) unmatchedHAR(d *diagnostics.Diagnostics) {
	t := &ss.routes
	t.mu.Lock()
	list := append([]string(nil), t.unmatched...)
	t.mu.Unlock()
	if len(list) == 0 {
		return
	}
	shown := list[:min(len(list), 5)]
	hint := fmt.Sprintf("the HAR %s has no entry for %s, so it failed (routes: unmatched: fail): record the HAR again (har: {record: PATH} or smokeflow run --har DIR), or write unmatched: pass to let such requests go to the network",
		t.har.Written, strings.Join(shown, ", "))
	if len(list) > len(shown) {
		hint += fmt.Sprintf(" (and %d more)", len(list)-len(shown))
	}
	d.Hints = append(d.Hints, ss.mask.Mask(hint))
}

// Routed are the requests the flow's routes answered, in order.
func (ss *Session) Routed() []results.Routed {
	var out []results.Routed
	for _, r := range ss.bctx.Routed() {
		out = append(out, results.Routed{Method: r.Method, URL: ss.mask.Mask(r.URL), Type: r.Type, Answer: ss.mask.Mask(r.Note), Time: r.Time})
	}
	return out
}

// WriteHAR writes the context's traffic so far, as HAR 1.2, to each path
// (docs/flows.md "Routes"); nothing when there is none.
func (ss *Session) WriteHAR(ctx context.Context, paths ...string) error {
	if len(paths) == 0 {
		return nil
	}
	h, err := ss.bctx.HAR(ctx)
	if err != nil {
		return err
	}
	b, err := json.MarshalIndent(h, "", "  ")
	if err != nil {
		return fmt.Errorf("writing the HAR: %w", err)
	}
	for _, p := range paths {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("writing the HAR: %w", err)
		}
		if err := os.WriteFile(p, append(b, '\n'), 0o644); err != nil {
			return fmt.Errorf("writing the HAR: %w", err)
		}
	}
	return nil
}
