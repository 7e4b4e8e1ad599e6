package flows

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/file"
	exprparser "github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"
	"gopkg.in/yaml.v3"
)

// CompileExpr compiles a condition (`if`, `assert`, `while`, `until`)
// against ExprEnv; it must yield a bool.
func CompileExpr(src string) (*vm.Program, error) {
	return compileExpr(src, true)
}

// CompileValueExpr compiles an expression of any type (`extract: {expr}`).
func CompileValueExpr(src string) (*vm.Program, error) {
	return compileExpr(src, false)
}

func compileExpr(src string, asBool bool) (prog *vm.Program, err error) {
	defer func() {
		if r := recover(); r != nil {
			prog, err = nil, fmt.Errorf("cannot compile the expression: %v", r)
		}
	}()
	opts := []expr.Option{expr.Env(ExprEnv{})}
	if asBool {
		opts = append(opts, expr.AsBool())
	}
	return expr.Compile(src, opts...)
}

// Eval runs a compiled expression in env.
func (e *Expr) Eval(env *ExprEnv) (any, error) {
	if e == nil || e.Program == nil {
		return nil, fmt.Errorf("expression is not compiled")
	}
	if env == nil {
		env = &ExprEnv{}
	}
	return expr.Run(e.Program, *env)
}

// EvalBool runs a compiled condition in env.
func (e *Expr) EvalBool(env *ExprEnv) (bool, error) {
	v, err := e.Eval(env)
	if err != nil {
		return false, err
	}
	b, ok := v.(bool)
	if !ok {
		return false, fmt.Errorf("expression %q gave %T, not a bool", e.Source, v)
	}
	return b, nil
}

// exprNames are the names of ExprEnv, from its expr tags.
var exprNames = func() []string {
	t := reflect.TypeOf(ExprEnv{})
	var out []string
	for i := 0; i < t.NumField(); i++ {
		if n := t.Field(i).Tag.Get("expr"); n != "" {
			out = append(out, n)
		}
	}
	return out
}()

// ExprNames lists the values and functions expressions can use.
func ExprNames() []string { return append([]string(nil), exprNames...) }

func parseTree(src string) (tree *exprparser.Tree, err error) {
	defer func() {
		if r := recover(); r != nil {
			tree, err = nil, fmt.Errorf("cannot parse the expression: %v", r)
		}
	}()
	c := conf.CreateNew()
	expr.Env(ExprEnv{})(c)
	return exprparser.ParseWithConfig(src, c)
}

// expr compiles the expression of node n (a condition when cond), reporting
// errors at their place in the file.
func (p *parser) expr(n *yaml.Node, what string, cond bool) *Expr {
	src, ok := p.scalar(n, what)
	n = p.resolve(n)
	if !ok || n == nil {
		return nil
	}
	e := &Expr{Source: src, Pos: p.pos(n)}
	if strings.TrimSpace(src) == "" {
		p.errorf(n, "%s: the expression is empty", what)
		return e
	}
	if refs, _ := scanRefs(src); len(refs) > 0 {
		r := refs[0]
		inExpr := r.NS + "." + r.Name
		if r.NS == nsFlow {
			inExpr = "a literal"
		}
		p.errorAt(p.locate(n, src[r.Start:r.End], 0), "%s: expressions are not interpolated; write %s instead of ${%s}", what, inExpr, r.Raw)
		return e
	}
	prog, err := compileExpr(src, cond)
	if err != nil {
		p.exprError(n, src, what, err)
		return e
	}
	e.Program = prog
	p.checkExprNames(n, src, what)
	return e
}

func (p *parser) exprError(n *yaml.Node, src, what string, err error) {
	var fe *file.Error
	if !errors.As(err, &fe) {
		msg := err.Error()
		if strings.HasPrefix(msg, "expected bool") {
			msg = "the expression must give true or false, " + strings.TrimPrefix(msg, "expected bool, ")
		}
		p.errorf(n, "%s: %s", what, msg)
		return
	}
	msg := fe.Message
	if name, ok := strings.CutPrefix(msg, "unknown name "); ok {
		msg = fmt.Sprintf("unknown name %q in expression%s", name, didYouMean(name, exprNames))
	} else {
		msg = what + ": " + responseFieldMsg(msg)
	}
	p.errorAt(p.exprPos(n, src, fe.Line, fe.Column), "%s", msg)
}

// exprPos maps a (line, 0-based column) of an expression's source to the
// flow file.
func (p *parser) exprPos(n *yaml.Node, src string, line, col int) Pos {
	lines := strings.Split(src, "\n")
	if line < 1 || line > len(lines) {
		return p.pos(n)
	}
	l := lines[line-1]
	rs := []rune(l)
	if col < 0 || col > len(rs) {
		return p.pos(n)
	}
	if col == len(rs) {
		// At the end of the line: find the line, then step past it.
		if strings.TrimSpace(l) == "" {
			return p.pos(n)
		}
		return p.locate(n, l, len(rs))
	}
	needle := string(rs[col:min(len(rs), col+30)])
	if pos := p.locate(n, needle, 0); pos != p.pos(n) || (line == 1 && col == 0) {
		return pos
	}
	return p.pos(n)
}

// checkExprNames checks vars.NAME and env.NAME in an expression like
// ${...} names.
func (p *parser) checkExprNames(n *yaml.Node, src, what string) {
	tree, err := parseTree(src)
	if err != nil {
		return
	}
	p.checkResponseUse(n, &tree.Node)
	var members []*ast.MemberNode
	ast.Walk(&tree.Node, visitor(func(node *ast.Node) {
		if m, ok := (*node).(*ast.MemberNode); ok {
			members = append(members, m)
		}
	}))
	sort.SliceStable(members, func(i, j int) bool { return members[i].Location().From < members[j].Location().From })
	for _, m := range members {
		id, ok := m.Node.(*ast.IdentifierNode)
		if !ok {
			continue
		}
		prop, ok := m.Property.(*ast.StringNode)
		if !ok {
			continue
		}
		var ns string
		switch id.Value {
		case "vars":
			ns = nsVars
		case "env":
			ns = nsEnv
		case nsRow:
			ns = nsRow
		default:
			continue
		}
		if m.Optional {
			continue
		}
		if msg, fix := p.checkName(ns, prop.Value, id.Value+"."+prop.Value); msg != "" {
			pos := p.pos(n)
			if lp := p.locate(n, id.Value+"."+prop.Value, 0); lp.Line != 0 {
				pos = lp
			}
			p.nameErrorAt(pos, ns, msg, fix)
		}
	}
}

type visitor func(*ast.Node)

func (v visitor) Visit(n *ast.Node) { v(n) }

// TargetFromValue converts an expression's target argument (a string or a
// map with the keys of a target) to a Target.
func TargetFromValue(v any) (*Target, error) {
	switch x := v.(type) {
	case *Target:
		if x == nil {
			return nil, fmt.Errorf("empty target")
		}
		c := *x
		return &c, nil
	case Target:
		return &x, nil
	case string:
		return parseTargetString(x)
	case map[string]any:
		return targetFromMap(x, 0)
	case nil:
		return nil, fmt.Errorf("missing target")
	}
	return nil, fmt.Errorf("a target must be a string or a map, not %T", v)
}

func targetFromMap(m map[string]any, depth int) (*Target, error) {
	if depth > 20 {
		return nil, fmt.Errorf("target: within nests too deep")
	}
	t := &Target{}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := m[k]
		if s := targetStringField(t, k); s != nil {
			str, ok := v.(string)
			if !ok {
				return nil, fmt.Errorf("target: %s must be a string, not %T", k, v)
			}
			*s = str
			continue
		}
		switch k {
		case "nth":
			n, ok := toInt(v)
			if !ok || n < 0 {
				return nil, fmt.Errorf("target: nth must be a whole number from 0, not %v", v)
			}
			t.Nth = &n
		case "exact":
			b, ok := v.(bool)
			if !ok {
				return nil, fmt.Errorf("target: exact must be true or false, not %v", v)
			}
			t.Exact = b
		case "within":
			var w *Target
			var err error
			switch wv := v.(type) {
			case string:
				w, err = parseTargetString(wv)
			case map[string]any:
				w, err = targetFromMap(wv, depth+1)
			default:
				err = fmt.Errorf("target: within must be a string or a map, not %T", v)
			}
			if err != nil {
				return nil, err
			}
			t.Within = w
		default:
			return nil, fmt.Errorf("unknown key %q in target%s", k, didYouMean(k, keysOf(targetFields)))
		}
	}
	t.Ref = strings.TrimPrefix(t.Ref, "@")
	if t.Name != "" {
		if _, _, err := NameRegex(t.Name); err != nil {
			return nil, err
		}
	}
	if err := checkTargetShape(t); err != nil {
		return nil, err
	}
	return t, nil
}

func toInt(v any) (int, bool) {
	switch x := v.(type) {
	case int:
		return x, true
	case int64:
		if x > math.MaxInt32 || x < math.MinInt32 {
			return 0, false
		}
		return int(x), true
	case float64:
		if x != math.Trunc(x) || x > math.MaxInt32 || x < math.MinInt32 {
			return 0, false
		}
		return int(x), true
	}
	return 0, false
}

// Settled reports an expression whose value no change of the page can
// move while a step waits (docs/targets.md "When waiting ends"): it reads
// only vars, env, response and status, and status once the page's
// document has answered (env.Status set).
func (e *Expr) Settled(env *ExprEnv) bool {
	names, ok := e.Names()
	if !ok {
		return false
	}
	for _, n := range names {
		switch n {
		case "vars", "env", "response":
		case "status":
			if env == nil || env.Status == 0 {
				return false // the document has not answered yet
			}
		default:
			return false
		}
	}
	return true
}

// Names lists the names of ExprEnv the expression reads (`url`,
// `status`, `visible`, …), each once, in order; ok is false when it
// cannot be parsed. The session tells by them whether waiting can change
// the expression's value (docs/targets.md "When waiting ends").
func (e *Expr) Names() (names []string, ok bool) {
	if e == nil {
		return nil, false
	}
	tree, err := parseTree(e.Source)
	if err != nil {
		return nil, false
	}
	var out []string
	ast.Walk(&tree.Node, visitor(func(node *ast.Node) {
		var name string
		switch n := (*node).(type) {
		case *ast.IdentifierNode:
			name = n.Value
		case *ast.BuiltinNode:
			name = n.Name
		}
		if contains(exprNames, name) && !contains(out, name) {
			out = append(out, name)
		}
	}))
	return out, true
}

// ExprParts renders the values of the identifiers, variables and calls of
// an expression in env, for a failure message: `url = "http://…/cart"`,
// `count("Item") = 2`. It is best effort: parts that fail show their error.
func ExprParts(p *Expr, env *ExprEnv) []string {
	if p == nil {
		return nil
	}
	if env == nil {
		env = &ExprEnv{}
	}
	tree, err := parseTree(p.Source)
	if err != nil {
		return nil
	}
	type part struct {
		from int
		src  string
	}
	var parts []part
	seen := map[string]bool{}
	add := func(n ast.Node) {
		s := n.String()
		if !seen[s] {
			seen[s] = true
			parts = append(parts, part{n.Location().From, s})
		}
	}
	callees := map[ast.Node]bool{}
	ast.Walk(&tree.Node, visitor(func(node *ast.Node) {
		switch n := (*node).(type) {
		case *ast.CallNode:
			callees[n.Callee] = true
			if id, ok := n.Callee.(*ast.IdentifierNode); ok && contains(exprNames, id.Value) {
				add(n)
			}
		case *ast.BuiltinNode:
			if contains(exprNames, n.Name) {
				add(n)
			}
		case *ast.MemberNode:
			if id, ok := n.Node.(*ast.IdentifierNode); ok && (id.Value == "vars" || id.Value == "env") {
				if _, ok := n.Property.(*ast.StringNode); ok {
					add(n)
				}
			}
		}
	}))
	for _, n := range responseParts(&tree.Node) {
		add(n)
	}
	ast.Walk(&tree.Node, visitor(func(node *ast.Node) {
		if id, ok := (*node).(*ast.IdentifierNode); ok && !callees[*node] {
			switch id.Value {
			case "url", "title", "status":
				add(id)
			}
		}
	}))
	sort.SliceStable(parts, func(i, j int) bool { return parts[i].from < parts[j].from })
	var out []string
	for _, pt := range parts {
		out = append(out, pt.src+" = "+evalPart(pt.src, env))
	}
	return out
}

func evalPart(src string, env *ExprEnv) (out string) {
	defer func() {
		if r := recover(); r != nil {
			out = fmt.Sprintf("error: %v", r)
		}
	}()
	prog, err := CompileValueExpr(src)
	if err != nil {
		return "error: " + firstLine(err.Error())
	}
	v, err := expr.Run(prog, *env)
	if err != nil {
		return "error: " + firstLine(err.Error())
	}
	var s string
	switch x := v.(type) {
	case string:
		s = fmt.Sprintf("%q", x)
	case []string:
		q := make([]string, len(x))
		for i, e := range x {
			q[i] = fmt.Sprintf("%q", e)
		}
		s = "[" + strings.Join(q, ", ") + "]"
	default:
		s = render(v)
		if v == nil {
			s = "nil"
		}
	}
	if r := []rune(s); len(r) > 200 {
		s = string(r[:200]) + "…"
	}
	return s
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
