package flows

import (
	"fmt"
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
