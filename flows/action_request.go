package flows

import (
	"net/http"
	"strings"

	"gopkg.in/yaml.v3"
)

// Request is `request`: an HTTP call made outside the page
// (docs/flows.md "request"). Method is decided at load time: as written,
// else POST when there is a body or json, else GET.
type Request struct {
	Method  string
	URL     string   // interpolated; a /path joins the base URL
	Headers []Header // in file order; values interpolated
	Body    *string  // body: text, interpolated
	JSON    *JSONBody
}

// Header is one request header as written.
type Header struct {
	Name  string
	Value string // interpolated
}

// JSONBody is the `json:` of a request: a YAML value (see Var) whose
// strings are interpolated when the step runs.
type JSONBody struct {
	Value any
}

func (*Request) Name() ActionName  { return ActionRequest }
func (a *Request) subject() string { return a.Method + " " + a.URL }

// parse reads `request: URL` or `request: {method, url, headers, body,
// json}`. After it, `response` is known.
func (a *Request) parse(p *parser, spec *actionSpec, k, v *yaml.Node) {
	// known even when the step has errors, so later steps add none
	defer func() { p.known[responseVar] = true }()
	r := p.resolve(v)
	if r == nil {
		return
	}
	var at *yaml.Node
	switch {
	case isNull(r):
		p.errorf(k, "request needs a URL or %s", argsShape(spec))
		return
	case r.Kind == yaml.ScalarNode:
		a.URL, at = p.nonEmpty(r, "request"), r
	case r.Kind == yaml.MappingNode:
		o := p.mapping(r, "request")
		p.checkArgs(o, spec, k)
		at = p.requestMap(a, o)
	default:
		p.errorf(r, "request needs a URL or %s, not %s", argsShape(spec), kindName(r))
		return
	}
	if a.Method == "" {
		a.Method = a.defaultMethod()
	}
	if at != nil {
		p.needsBase("request", a.URL, at)
	}
}

// requestMap reads the map form into a; it returns the url's node.
func (p *parser) requestMap(a *Request, o *obj) (at *yaml.Node) {
	if o == nil {
		return nil
	}
	if n := o.val("method"); n != nil {
		a.Method = p.method(n)
	}
	if n := o.val("url"); n != nil {
		a.URL, at = p.nonEmpty(n, "url"), p.resolve(n)
	}
	if n := o.val("headers"); n != nil {
		a.Headers = p.headers(n)
	}
	if o.has("body") && o.has("json") {
		p.errorf(o.m["json"].k, "request takes body or json, not both: json is sent as JSON, body as text")
	}
	if n := o.val("body"); n != nil {
		if r := p.resolve(n); r != nil && (r.Kind == yaml.MappingNode || r.Kind == yaml.SequenceNode) {
			p.errorf(r, "body must be text, not %s; to send a map or a list as JSON use json:", kindName(r))
		} else {
			s := p.istr(n, "body")
			a.Body = &s
		}
	}
	if n := o.val("json"); n != nil {
		a.JSON = &JSONBody{Value: p.value(n, 0)}
	}
	return at
}

// method reads an HTTP method, upper-case as the schema has it.
func (p *parser) method(n *yaml.Node) string {
	s, ok := p.scalar(n, "method")
	if !ok || contains(httpMethods, s) {
		return s
	}
	hint := didYouMean(s, httpMethods)
	if up := strings.ToUpper(s); contains(httpMethods, up) {
		hint = "; write it in capitals: " + up
	}
	p.errorf(p.resolve(n), "method must be %s, not %q%s", orList(httpMethods), s, hint)
	return ""
}

// headers reads {Name: value}; names are checked, values interpolated.
func (p *parser) headers(n *yaml.Node) []Header {
	o := p.mapping(n, "headers")
	if o == nil {
		return nil
	}
	var out []Header
	seen := map[string]string{}
	for _, name := range o.keys {
		e := o.m[name]
		switch lower := strings.ToLower(name); {
		case !headerNameRE.MatchString(name):
			p.errorf(e.k, "header name %q must be letters, digits and - (no spaces or colons)", name)
			continue
		case seen[lower] != "":
			p.errorf(e.k, "header %q is given twice (as %q too): header names ignore case", name, seen[lower])
			continue
		default:
			seen[lower] = name
		}
		if r := p.resolve(e.v); r != nil && r.Kind == yaml.ScalarNode && strings.ContainsAny(r.Value, "\r\n") {
			p.errorf(r, "header %s: the value must be one line", name)
			continue
		}
		out = append(out, Header{Name: name, Value: p.istr(e.v, "header "+name)})
	}
	return out
}

// defaultMethod is the method a request without method: gets.
func (a *Request) defaultMethod() string {
	if a.Body != nil || a.JSON != nil {
		return http.MethodPost
	}
	return http.MethodGet
}

func (a *Request) arg() *yaml.Node {
	if a.Method == http.MethodGet && len(a.Headers) == 0 && a.Body == nil && a.JSON == nil {
		return strNodeOf(a.URL)
	}
	w := &mapWriter{}
	if a.Method != a.defaultMethod() {
		w.add("method", strNode(a.Method))
	}
	w.add("url", strNodeOf(a.URL))
	if len(a.Headers) > 0 {
		h := &mapWriter{}
		for _, x := range a.Headers {
			h.add(x.Name, strNodeOf(x.Value))
		}
		w.add("headers", h.node())
	}
	if a.Body != nil {
		w.add("body", strNodeOf(*a.Body))
	}
	if a.JSON != nil {
		w.add("json", valueNode(a.JSON.Value))
	}
	return w.node()
}

// The policy's patterns look at the URL requested (docs/security.md
// "Action policy").
func (a *Request) policySubject() (string, string) { return a.URL, "" }
