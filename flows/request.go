package flows

import (
	"fmt"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"github.com/expr-lang/expr/ast"
	"gopkg.in/yaml.v3"
)

// The `request` step: its parsing, the response it leaves for the steps
// after it, and the interpolation of its json (docs/flows.md "request").

// responseVar is where the last response is kept among the variables: so
// `${response.status}` interpolates, a sub-flow's response comes back to
// its caller like `result`, and `response` is known only after a request.
const responseVar = "response"

// headerNameRE is an HTTP header name: a token (RFC 9110, 5.1).
var headerNameRE = regexp.MustCompile("^[!#$%&'*+.^_`|~0-9A-Za-z-]+$")

// Response is the last `request` step's response, `response` in
// expressions and `${response.…}` in strings.
type Response struct {
	Status  int               `expr:"status" json:"status"`
	JSON    any               `expr:"json" json:"json"`       // the body decoded as JSON; nil when it is not JSON
	Headers map[string]string `expr:"headers" json:"headers"` // lower-case names; repeated headers joined with ", "
	Body    string            `expr:"body" json:"body"`       // the body as text, at most MaxResponseBody bytes
	URL     string            `expr:"url" json:"url"`         // the final URL, after redirects
}

// MaxResponseBody is how much of a response body is kept (1 MiB).
const MaxResponseBody = 1 << 20

// responseFields are the names of a response's members in expressions,
// from the expr tags of Response.
var responseFields = func() []string {
	t := reflect.TypeOf(Response{})
	out := make([]string, t.NumField())
	for i := range out {
		out[i] = t.Field(i).Tag.Get("expr")
	}
	return out
}()

// field is a member of the response by its name in expressions, for the
// path of `${response.NAME...}`.
func (r *Response) field(name string) (any, bool) {
	i := slices.Index(responseFields, name)
	if i < 0 {
		return nil, false
	}
	return reflect.ValueOf(r).Elem().Field(i).Interface(), true
}

// noResponseField says that a response has no such member.
func noResponseField(name string) string {
	return fmt.Sprintf("response has no %q: use %s%s", name, orList(responseFields), didYouMean(name, responseFields))
}

// responseFieldMsg rewrites expr-lang's message for a response member
// that does not exist.
func responseFieldMsg(msg string) string {
	if f, ok := strings.CutPrefix(msg, "type flows.Response has no field "); ok {
		return noResponseField(f)
	}
	return msg
}

// SetResponse keeps the response of a request step for the steps after it.
func (sc *Scope) SetResponse(r *Response) { sc.Vars[responseVar] = r }

// Response is the last request step's response, nil before any.
func (sc *Scope) Response() *Response {
	r, _ := sc.Vars[responseVar].(*Response)
	return r
}

// InterpolateJSON interpolates the strings of a request's json value. A
// string that is one reference and nothing else (`"${vars.id}"`) takes the
// value with its type — a number stays a number, a map a map; other
// strings are interpolated as text.
func InterpolateJSON(v any, sc *Scope) (any, error) {
	return mapStrings(v, func(x string) (any, error) {
		refs, rerr := scanRefs(x)
		if rerr == nil && len(refs) == 1 && refs[0].Start == 0 && refs[0].End == len(x) {
			return sc.refValue(refs[0])
		}
		return Interpolate(x, sc)
	})
}

// request parses `request: URL` or `request: {method, url, headers, body,
// json}`. After it, `response` is known.
func (p *parser) request(spec *actionSpec, k, v *yaml.Node) *RequestArgs {
	a := &RequestArgs{}
	// known even when the step has errors, so later steps add none
	defer func() { p.known[responseVar] = true }()
	r := p.resolve(v)
	if r == nil {
		return a
	}
	var at *yaml.Node
	switch {
	case isNull(r):
		p.errorf(k, "request needs a URL or %s", argsShape(spec))
		return a
	case r.Kind == yaml.ScalarNode:
		a.URL, at = p.nonEmpty(r, "request"), r
	case r.Kind == yaml.MappingNode:
		o := p.mapping(r, "request")
		p.checkArgs(o, spec, k)
		at = p.requestMap(a, o)
	default:
		p.errorf(r, "request needs a URL or %s, not %s", argsShape(spec), kindName(r))
		return a
	}
	if a.Method == "" {
		a.Method = http.MethodGet
		if a.Body != nil || a.JSON != nil {
			a.Method = http.MethodPost
		}
	}
	if at != nil {
		p.needsBase("request", a.URL, at)
	}
	return a
}

// requestMap reads the map form into a; it returns the url's node.
func (p *parser) requestMap(a *RequestArgs, o *obj) (at *yaml.Node) {
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

// checkResponseUse reports `response` in an expression before any request
// step (n is the expression's node).
func (p *parser) checkResponseUse(n *yaml.Node, tree *ast.Node) {
	if p.known[responseVar] {
		return
	}
	found := false
	ast.Walk(tree, visitor(func(node *ast.Node) {
		if id, ok := (*node).(*ast.IdentifierNode); ok && id.Value == responseVar {
			found = true
		}
	}))
	if found {
		p.errorAt(p.locate(n, responseVar, 0), "%s", noResponseMsg(""))
	}
}

// noResponseMsg says that `response` is read (as shown) before any
// request step.
func noResponseMsg(shown string) string {
	msg := "response is set by a request step, and there is none before this step"
	if shown != "" {
		msg = shown + ": " + msg
	}
	return msg
}

// responseParts are the longest member chains on `response` in an
// expression (`response.status`, `response.json.items[0].id`), whose
// values a failed assert shows.
func responseParts(tree *ast.Node) []ast.Node {
	var chains []*ast.MemberNode
	inner := map[ast.Node]bool{}
	ast.Walk(tree, visitor(func(node *ast.Node) {
		m, ok := (*node).(*ast.MemberNode)
		if !ok {
			return
		}
		inner[m.Node] = true
		root := m.Node
		for {
			mm, ok := root.(*ast.MemberNode)
			if !ok {
				break
			}
			root = mm.Node
		}
		if id, ok := root.(*ast.IdentifierNode); ok && id.Value == responseVar {
			chains = append(chains, m)
		}
	}))
	var out []ast.Node
	for _, m := range chains {
		if !inner[m] {
			out = append(out, m)
		}
	}
	return out
}

// checkResponseRef checks the member of `${response.NAME…}`.
func checkResponseRef(r ref) string {
	if r.NS != nsVars || r.Name != responseVar || len(r.Path) == 0 || slices.Contains(responseFields, r.Path[0]) {
		return ""
	}
	return "${" + r.Raw + "}: " + noResponseField(r.Path[0])
}
