package flows

import (
	"fmt"
	"os"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// Mocked and recorded network: the flow fields `routes:` and `har:` and
// the step `route:` (docs/flows.md "Routes").

// Route is one rule of `routes:` or of a `route:` step: the requests it
// matches and how it answers them. With no json, body, file, status or
// abort, a matched request goes on to the network (after Delay).
type Route struct {
	Pos     Pos
	URL     URLPattern
	Method  string // "" matches every method
	Status  int    // 0: 200 when the rule answers
	JSON    *JSONBody
	Body    *string // interpolated when the rule is registered
	File    *RouteFile
	Headers []Header // values interpolated when the rule is registered
	Delay   time.Duration
	Abort   bool
}

// RouteFile is a rule's `file:`: as written, and joined to the flow's
// folder.
type RouteFile struct {
	Written string
	Path    string
}

// Answers reports whether the rule answers the request itself (rather
// than let it go on to the network).
func (r *Route) Answers() bool {
	return r.Abort || r.Status != 0 || r.JSON != nil || r.Body != nil || r.File != nil
}

// Match reports whether the rule takes a request (after CompileURLPattern).
func (r *Route) Match(u URLPattern, method, url string) bool {
	return u.Match(url) && (r.Method == "" || r.Method == method)
}

// HARReplay is `routes: {har: PATH, unmatched: fail|pass}`: answers from
// a recorded HAR.
type HARReplay struct {
	Written string // the path as written
	Path    string // joined to the flow's folder
	Pos     Pos
	// FailUnmatched: a request the HAR has no entry for fails (else it
	// goes on to the network).
	FailUnmatched bool
	Archive       *HAR
}

// HARRecord is `har: {record: PATH}`: the run's traffic written as HAR.
type HARRecord struct {
	Written string
	Path    string
	Pos     Pos
}

var routeUnmatched = []string{"fail", "pass"}

// routesField reads the flow field `routes:`: a list of rules, or a HAR
// to replay.
func (p *parser) routesField(n *yaml.Node) {
	r := p.resolve(n)
	if r == nil {
		return
	}
	if r.Kind == yaml.MappingNode {
		p.flow.RoutesHAR = p.harReplay(r)
		return
	}
	p.flow.Routes = p.routeList(r, "routes")
}

// routeList reads a list of rules (or one rule, for a `route:` step).
func (p *parser) routeList(r *yaml.Node, what string) []*Route {
	var items []*yaml.Node
	switch r.Kind {
	case yaml.SequenceNode:
		items = r.Content
	case yaml.MappingNode:
		items = []*yaml.Node{r}
	default:
		p.errorf(r, "%s must be a list of rules {url: GLOB|/regex/, json|body|file|status|abort: ...}, not %s", what, kindName(r))
		return nil
	}
	if len(items) == 0 {
		p.errorf(r, "%s must not be empty: give at least one rule {url: ..., json: ...}", what)
	}
	var out []*Route
	for _, it := range items {
		if rt := p.route(it, what); rt != nil {
			out = append(out, rt)
		}
	}
	return out
}

// route reads one rule.
func (p *parser) route(n *yaml.Node, what string) *Route {
	o := p.mapping(n, what+" rule")
	if o == nil {
		return nil
	}
	p.unknownKeys(o, what+" rule", keysOf(routeFields), nil)
	rt := &Route{Pos: p.pos(o.node)}
	if n := o.val("url"); n != nil {
		rt.URL = p.routeURL(n)
	} else {
		p.errorf(o.node, "a %s rule needs url: a glob (**/api/items) or /regex/", what)
	}
	if n := o.val("method"); n != nil {
		rt.Method = p.method(n)
	}
	if n := o.val("status"); n != nil {
		if st, ok := p.integer(n, "status", 100); ok && st > 599 {
			p.errorf(p.resolve(n), "status must be an HTTP status from 100 to 599, not %d", st)
		} else {
			rt.Status = st
		}
	}
	p.routeBody(o, rt)
	if n := o.val("headers"); n != nil {
		rt.Headers = p.headers(n)
	}
	if n := o.val("delay"); n != nil {
		rt.Delay, _ = p.duration(n, "delay", false)
	}
	if n := o.val("abort"); n != nil {
		rt.Abort = p.boolean(n, "abort")
		for _, k := range []string{"status", "json", "body", "file", "headers"} {
			if rt.Abort && o.has(k) {
				p.errorf(o.m[k].k, "an aborted request gets no response: abort: true goes without %s; remove one of them", k)
			}
		}
	}
	return rt
}

// routeURL reads a rule's url: its glob or regex is checked here unless
// it holds ${...}.
func (p *parser) routeURL(n *yaml.Node) URLPattern {
	s := p.nonEmpty(n, "url")
	u := URLPattern{Source: s}
	if s == "" || HasInterpolation(s) {
		p.checkInterp(s, p.resolve(n))
		return u
	}
	u, err := CompileURLPattern(s)
	if err != nil {
		p.errorf(p.resolve(n), "url: %s; a glob is written without the slashes around it (**/api/items)", err)
	}
	if strings.HasPrefix(s, "/") && !u.IsRegex() {
		p.needsBase("route url", s, n)
	}
	return u
}

// routeBody reads a rule's json, body or file (one of them).
func (p *parser) routeBody(o *obj, rt *Route) {
	given := o.present([]string{"json", "body", "file"})
	if len(given) > 1 {
		p.errorf(o.m[given[1]].k, "a rule answers with one of json, body or file, not %s and %s; keep one", given[0], given[1])
		return
	}
	if n := o.val("json"); n != nil {
		rt.JSON = &JSONBody{Value: p.value(n, 0)}
	}
	if n := o.val("body"); n != nil {
		if r := p.resolve(n); r != nil && (r.Kind == yaml.MappingNode || r.Kind == yaml.SequenceNode) {
			p.errorf(r, "body must be text, not %s; to answer a map or a list as JSON use json:", kindName(r))
		} else {
			s := p.istr(n, "body")
			rt.Body = &s
		}
	}
	if n := o.val("file"); n != nil {
		if s := p.nonEmpty(n, "file"); s != "" {
			rt.File = &RouteFile{Written: s, Path: p.join(s)}
			if st, err := os.Stat(rt.File.Path); err != nil || st.IsDir() {
				p.errorf(p.resolve(n), "file %q not found (paths are relative to the flow file)", s)
			}
		}
	}
}

// harReplay reads `routes: {har: PATH, unmatched: fail|pass}`; the HAR
// is read and parsed here.
func (p *parser) harReplay(r *yaml.Node) *HARReplay {
	o := p.mapping(r, "routes")
	if o == nil {
		return nil
	}
	p.unknownKeys(o, "routes", keysOf(harReplayFields), nil)
	h := &HARReplay{Pos: p.pos(r), FailUnmatched: true}
	if n := o.val("unmatched"); n != nil {
		s, _ := p.scalar(n, "unmatched")
		if !contains(routeUnmatched, s) {
			p.errorf(p.resolve(n), "unmatched must be fail or pass, not %q%s", s, didYouMean(s, routeUnmatched))
		}
		h.FailUnmatched = s != "pass"
	}
	n := o.val("har")
	if n == nil {
		p.errorf(r, "routes as a map replays a HAR: {har: PATH, unmatched: fail|pass}; for rules write a list: routes: [{url: ..., json: ...}]")
		return h
	}
	h.Written = p.nonEmpty(n, "har")
	if h.Written == "" {
		return h
	}
	h.Path, h.Pos = p.join(h.Written), p.pos(p.resolve(n))
	b, err := os.ReadFile(h.Path)
	if err != nil {
		p.errorf(p.resolve(n), "har: cannot read %s: %s (paths are relative to the flow file; record one with har: {record: PATH} or smokeflow run --har DIR)", h.Written, unwrapPathError(err))
		return h
	}
	if h.Archive, err = ParseHAR(b); err != nil {
		p.errorf(p.resolve(n), "har: %s is not a HAR file: %s", h.Written, err)
	}
	return h
}

// harRecordField reads `har: {record: PATH}`.
func (p *parser) harRecordField(n *yaml.Node) {
	o := p.mapping(n, "har")
	if o == nil {
		return
	}
	p.unknownKeys(o, "har", keysOf(harRecordFields), nil)
	v := o.val("record")
	if v == nil {
		p.errorf(o.node, "har needs record: the file the run's traffic is written to, {record: traffic.har}")
		return
	}
	if s := p.nonEmpty(v, "record"); s != "" {
		p.flow.HARRecord = &HARRecord{Written: s, Path: p.join(s), Pos: p.pos(p.resolve(v))}
	}
}

// RouteStep is the `route:` step: rules added for the rest of the flow,
// before the ones already there (docs/flows.md "Routes").
type RouteStep struct {
	Rules []*Route
}

func (*RouteStep) Name() ActionName { return ActionRoute }

func (a *RouteStep) subject() string {
	if len(a.Rules) == 1 {
		return a.Rules[0].URL.Source
	}
	return fmt.Sprintf("%d rules", len(a.Rules))
}

func (a *RouteStep) parse(p *parser, spec *actionSpec, k, v *yaml.Node) {
	r := p.resolve(v)
	if r == nil || isNull(r) {
		p.errorf(k, "route needs a rule {url: GLOB|/regex/, json|body|file|status|abort: ...} or a list of them")
		return
	}
	a.Rules = p.routeList(r, "route")
}

func (a *RouteStep) arg() *yaml.Node {
	if len(a.Rules) == 1 {
		return a.Rules[0].node()
	}
	l := &yaml.Node{Kind: yaml.SequenceNode}
	for _, r := range a.Rules {
		l.Content = append(l.Content, r.node())
	}
	return l
}

// node writes a rule back as YAML.
func (r *Route) node() *yaml.Node {
	w := &mapWriter{}
	w.add("url", strNodeOf(r.URL.Source))
	if r.Method != "" {
		w.add("method", strNode(r.Method))
	}
	if r.Status != 0 {
		w.add("status", intNode(r.Status))
	}
	switch {
	case r.JSON != nil:
		w.add("json", valueNode(r.JSON.Value))
	case r.Body != nil:
		w.add("body", strNodeOf(*r.Body))
	case r.File != nil:
		w.add("file", strNodeOf(r.File.Written))
	}
	if len(r.Headers) > 0 {
		h := &mapWriter{}
		for _, x := range r.Headers {
			h.add(x.Name, strNodeOf(x.Value))
		}
		w.add("headers", h.node())
	}
	if r.Delay > 0 {
		w.add("delay", durationNode(r.Delay))
	}
	if r.Abort {
		w.add("abort", boolNode(true))
	}
	return w.node()
}

// Intercepts reports whether the flow needs the browser to pause its
// requests for routes: it has routes, a HAR to replay, or a route step
// anywhere, its sub-flows' included.
func (f *Flow) Intercepts() bool {
	if f == nil {
		return false
	}
	if len(f.Routes) > 0 || f.RoutesHAR != nil {
		return true
	}
	for _, list := range [][]*Step{f.Setup, f.Steps, f.Teardown} {
		if stepsRoute(list) {
			return true
		}
	}
	return false
}

func stepsRoute(steps []*Step) bool {
	for _, s := range steps {
		if _, ok := s.Action.(*RouteStep); ok {
			return true
		}
		switch a := s.Action.(type) {
		case *Group:
			if stepsRoute(a.Steps) {
				return true
			}
		case *Repeat:
			if stepsRoute(a.Steps) {
				return true
			}
		case *Run:
			if a.Loaded.Intercepts() {
				return true
			}
		}
	}
	return false
}
