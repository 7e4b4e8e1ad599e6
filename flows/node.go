package flows

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// nodeBudget bounds the nodes visited through aliases, so that an alias
// bomb ends in an error instead of exhausting memory or time.
const nodeBudget = 200_000

// obj is a YAML mapping read into keys, with merge keys (`<<`) applied.
type obj struct {
	node *yaml.Node
	m    map[string]entry
	keys []string // in file order
}

type entry struct{ k, v *yaml.Node }

func (o *obj) has(k string) bool {
	if o == nil {
		return false
	}
	_, ok := o.m[k]
	return ok
}

func (o *obj) get(k string) (entry, bool) {
	if o == nil {
		return entry{}, false
	}
	e, ok := o.m[k]
	return e, ok
}

// val is the value node of key k, or nil.
func (o *obj) val(k string) *yaml.Node {
	e, ok := o.get(k)
	if !ok {
		return nil
	}
	return e.v
}

// present lists the keys of o that are in ks, in file order.
func (o *obj) present(ks []string) []string {
	var out []string
	for _, k := range o.keys {
		for _, c := range ks {
			if k == c {
				out = append(out, k)
				break
			}
		}
	}
	return out
}

func (p *parser) pos(n *yaml.Node) Pos {
	if n == nil {
		return Pos{File: p.file}
	}
	return Pos{File: p.file, Line: n.Line, Col: n.Column}
}

// maxErrors bounds the errors of one load.
const maxErrors = 200

func (p *parser) errorAt(pos Pos, format string, args ...any) {
	p.addError(&Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// needAt records an error about what the run needs (Error.Need).
func (p *parser) needAt(pos Pos, need Need, format string, args ...any) {
	p.addError(&Error{Pos: pos, Msg: fmt.Sprintf(format, args...), Need: need})
}

func (p *parser) addError(e *Error) {
	switch n := len(p.ld.errs); {
	case n > maxErrors:
		return
	case n == maxErrors:
		p.ld.errs = append(p.ld.errs, &Error{Pos: e.Pos, Msg: fmt.Sprintf("too many errors; stopping after %d", maxErrors)})
		return
	}
	p.ld.errs = append(p.ld.errs, e)
}

func (p *parser) errorf(n *yaml.Node, format string, args ...any) {
	p.errorAt(p.pos(n), format, args...)
}

// resolve follows aliases; it returns nil when the node budget is spent.
func (p *parser) resolve(n *yaml.Node) *yaml.Node {
	for depth := 0; n != nil && n.Kind == yaml.AliasNode; depth++ {
		if depth > 100 {
			return nil
		}
		n = n.Alias
	}
	if n == nil {
		return nil
	}
	p.budget--
	if p.budget < 0 {
		if !p.budgetReported {
			p.budgetReported = true
			p.errorf(n, "the document is too large or nests too many aliases")
		}
		return nil
	}
	return n
}

func isNull(n *yaml.Node) bool {
	return n == nil || (n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null")
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a map"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!null":
			return "empty"
		case "!!bool":
			return n.Value
		case "!!int", "!!float":
			return "the number " + n.Value
		}
		return strconv.Quote(n.Value)
	}
	return "something else"
}

// mapping reads a mapping node. It reports an error (naming what) and
// returns nil when n is not a mapping.
func (p *parser) mapping(n *yaml.Node, what string) *obj {
	n = p.resolve(n)
	if n == nil {
		return nil
	}
	if n.Kind != yaml.MappingNode {
		p.errorf(n, "%s must be a map, not %s", what, kindName(n))
		return nil
	}
	o := &obj{node: n, m: map[string]entry{}}
	var merges []*yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := p.resolve(n.Content[i]), n.Content[i+1]
		if k == nil {
			return o
		}
		if k.Kind == yaml.ScalarNode && k.ShortTag() == "!!merge" {
			merges = append(merges, v)
			continue
		}
		if k.Kind != yaml.ScalarNode {
			p.errorf(k, "a key must be a plain word, not %s", kindName(k))
			continue
		}
		if prev, dup := o.m[k.Value]; dup {
			p.errorf(k, "duplicate key %q (first on line %d)", k.Value, prev.k.Line)
			continue
		}
		o.m[k.Value] = entry{k, v}
		o.keys = append(o.keys, k.Value)
	}
	// Merge keys: explicit keys win, then earlier merged maps.
	for _, mv := range merges {
		mv = p.resolve(mv)
		if mv == nil {
			continue
		}
		var srcs []*yaml.Node
		switch mv.Kind {
		case yaml.MappingNode:
			srcs = []*yaml.Node{mv}
		case yaml.SequenceNode:
			srcs = mv.Content
		default:
			p.errorf(mv, "<< must merge a map or a list of maps")
			continue
		}
		for _, s := range srcs {
			so := p.mapping(s, "<<")
			if so == nil {
				continue
			}
			for _, k := range so.keys {
				if _, ok := o.m[k]; !ok {
					o.m[k] = so.m[k]
					o.keys = append(o.keys, k)
				}
			}
		}
	}
	return o
}

// unknownKeys reports every key of o that is not allowed. in names the map
// for the message ("" for the flow itself); skip leaves some keys out.
func (p *parser) unknownKeys(o *obj, in string, allowed []string, skip func(string) bool) (found bool) {
	if o == nil {
		return false
	}
	for _, k := range o.keys {
		if contains(allowed, k) || (skip != nil && skip(k)) {
			continue
		}
		found = true
		e := o.m[k]
		where := ""
		if in != "" {
			where = " in " + in
		}
		if dym := didYouMean(k, allowed); dym != "" {
			p.errorf(e.k, "unknown key %q%s%s", k, where, dym)
		} else {
			p.errorf(e.k, "unknown key %q%s; expected %s", k, where, orList(allowed))
		}
	}
	return found
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// orList renders "a, b or c".
func orList(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

// scalar returns the text of a scalar node (null is ""). It reports an
// error for maps and lists.
func (p *parser) scalar(n *yaml.Node, what string) (string, bool) {
	n = p.resolve(n)
	if n == nil {
		return "", false
	}
	if n.Kind != yaml.ScalarNode {
		p.errorf(n, "%s must be a string, not %s", what, kindName(n))
		return "", false
	}
	if isNull(n) {
		return "", true
	}
	return n.Value, true
}

// text is a literal (non-interpolated) string.
func (p *parser) text(n *yaml.Node, what string) string {
	s, _ := p.scalar(n, what)
	return s
}

// istr is a string that is interpolated at run time: its ${...} names are
// checked now.
func (p *parser) istr(n *yaml.Node, what string) string {
	s, ok := p.scalar(n, what)
	if ok {
		p.checkInterp(s, p.resolve(n))
	}
	return s
}

// nonEmpty is istr that must not be empty.
func (p *parser) nonEmpty(n *yaml.Node, what string) string {
	s, ok := p.scalar(n, what)
	if !ok {
		return ""
	}
	if strings.TrimSpace(s) == "" {
		p.errorf(p.resolve(n), "%s must not be empty", what)
		return s
	}
	p.checkInterp(s, p.resolve(n))
	return s
}

func (p *parser) boolean(n *yaml.Node, what string) bool {
	n = p.resolve(n)
	if n == nil {
		return false
	}
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!bool" {
		p.errorf(n, "%s must be true or false, not %s", what, kindName(n))
		return false
	}
	var b bool
	if err := n.Decode(&b); err != nil {
		p.errorf(n, "%s must be true or false, not %s", what, kindName(n))
	}
	return b
}

// integer reads a whole number not below lo.
func (p *parser) integer(n *yaml.Node, what string, lo int) (int, bool) {
	n = p.resolve(n)
	if n == nil {
		return 0, false
	}
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" {
		p.errorf(n, "%s must be a whole number, not %s", what, kindName(n))
		return 0, false
	}
	var i int64
	if err := n.Decode(&i); err != nil || i > math.MaxInt32 || i < math.MinInt32 {
		p.errorf(n, "%s: %s is out of range", what, n.Value)
		return 0, false
	}
	if int(i) < lo {
		p.errorf(n, "%s must be at least %d, not %d", what, lo, i)
		return int(i), false
	}
	return int(i), true
}

var digitsRE = regexp.MustCompile(`^[0-9]+$`)

// ParseDuration reads a duration as flow files write it: Go syntax
// ("500ms", "1m30s") or a whole number of milliseconds ("500"). Negative
// durations are refused.
func ParseDuration(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if digitsRE.MatchString(s) {
		ms, err := strconv.ParseInt(s, 10, 64)
		if err != nil || ms > int64(math.MaxInt64/time.Millisecond) {
			return 0, fmt.Errorf("bad duration %q: too long", s)
		}
		return time.Duration(ms) * time.Millisecond, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("bad duration %q: write 500ms, 10s, 1m30s or a whole number of milliseconds", s)
	}
	if d < 0 {
		return 0, fmt.Errorf("bad duration %q: must not be negative", s)
	}
	return d, nil
}

// duration reads a duration; positive demands more than zero.
func (p *parser) duration(n *yaml.Node, what string, positive bool) (time.Duration, bool) {
	n = p.resolve(n)
	if n == nil {
		return 0, false
	}
	if n.Kind != yaml.ScalarNode || isNull(n) || (n.ShortTag() != "!!int" && n.ShortTag() != "!!str" && n.ShortTag() != "!!float") {
		p.errorf(n, "%s must be a duration such as 500ms or 10s, not %s", what, kindName(n))
		return 0, false
	}
	d, err := ParseDuration(n.Value)
	if err != nil {
		p.errorf(n, "%s: %v", what, err)
		return 0, false
	}
	if positive && d <= 0 {
		p.errorf(n, "%s must be more than zero", what)
		return 0, false
	}
	return d, true
}

// enum reads one of the allowed words.
func (p *parser) enum(n *yaml.Node, what string, allowed []string) string {
	s, ok := p.scalar(n, what)
	if !ok {
		return ""
	}
	for _, a := range allowed {
		if s == a {
			return s
		}
	}
	p.errorf(p.resolve(n), "%s must be %s, not %q%s", what, orList(allowed), s, didYouMean(s, allowed))
	return ""
}

// strings reads a list of strings, or one string as a list of one.
func (p *parser) strList(n *yaml.Node, what string, interp bool) ([]string, []*yaml.Node) {
	n = p.resolve(n)
	if n == nil {
		return nil, nil
	}
	var items []*yaml.Node
	switch n.Kind {
	case yaml.SequenceNode:
		items = n.Content
	case yaml.ScalarNode:
		if isNull(n) {
			p.errorf(n, "%s must not be empty", what)
			return nil, nil
		}
		items = []*yaml.Node{n}
	default:
		p.errorf(n, "%s must be a list of strings, not %s", what, kindName(n))
		return nil, nil
	}
	out := make([]string, 0, len(items))
	nodes := make([]*yaml.Node, 0, len(items))
	for _, it := range items {
		it = p.resolve(it)
		if it == nil {
			continue
		}
		if it.Kind != yaml.ScalarNode || isNull(it) {
			p.errorf(it, "%s must hold strings, not %s", what, kindName(it))
			continue
		}
		if interp {
			p.checkInterp(it.Value, it)
		}
		out = append(out, it.Value)
		nodes = append(nodes, it)
	}
	return out, nodes
}

// value decodes a YAML value (scalar, list or map) into plain Go values,
// checking the ${...} names of its strings.
func (p *parser) value(n *yaml.Node, depth int) any {
	n = p.resolve(n)
	if n == nil || depth > 50 {
		return nil
	}
	switch n.Kind {
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!null":
			return nil
		case "!!bool":
			var b bool
			if n.Decode(&b) == nil {
				return b
			}
		case "!!int":
			var i int
			if n.Decode(&i) == nil {
				return i
			}
		case "!!float":
			var f float64
			if n.Decode(&f) == nil {
				return f
			}
		}
		p.checkInterp(n.Value, n)
		return n.Value
	case yaml.SequenceNode:
		out := make([]any, 0, len(n.Content))
		for _, c := range n.Content {
			out = append(out, p.value(c, depth+1))
		}
		return out
	case yaml.MappingNode:
		o := p.mapping(n, "value")
		out := map[string]any{}
		if o != nil {
			for _, k := range o.keys {
				out[k] = p.value(o.m[k].v, depth+1)
			}
		}
		return out
	}
	return nil
}

// locate finds needle in the source from node n on, for an error column
// inside a string; it falls back to n's position.
func (p *parser) locate(n *yaml.Node, needle string, extraRunes int) Pos {
	pos := p.pos(n)
	if n == nil || needle == "" || n.Line < 1 || n.Line > len(p.lines) {
		return pos
	}
	last := min(len(p.lines), n.Line+strings.Count(n.Value, "\n")+2)
	for l := n.Line; l <= last; l++ {
		line := p.lines[l-1]
		from := 0
		if l == n.Line {
			from = runeOffsetToByte(line, n.Column-1)
		}
		if from > len(line) {
			continue
		}
		if i := strings.Index(line[from:], needle); i >= 0 {
			return Pos{File: p.file, Line: l, Col: utf8.RuneCountInString(line[:from+i]) + 1 + extraRunes}
		}
	}
	return pos
}

func runeOffsetToByte(s string, runes int) int {
	i := 0
	for ; runes > 0 && i < len(s); runes-- {
		_, w := utf8.DecodeRuneInString(s[i:])
		i += w
	}
	return i
}

// endLine is the last line of the item starting at node n: the lines after
// it that are indented deeper than its first key, or its deepest node.
func (p *parser) endLine(n *yaml.Node) int {
	end := p.maxLine(n, 0)
	indent := n.Column - 1
	for l := n.Line + 1; l <= len(p.lines); l++ {
		line := p.lines[l-1]
		t := strings.TrimLeft(line, " ")
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if len(line)-len(t) < indent || (n.Kind != yaml.MappingNode && len(line)-len(t) <= indent) {
			break
		}
		end = max(end, l)
	}
	return end
}

func (p *parser) maxLine(n *yaml.Node, depth int) int {
	if n == nil || depth > 100 {
		return 0
	}
	m := n.Line
	if n.Kind == yaml.AliasNode {
		return m
	}
	for _, c := range n.Content {
		m = max(m, p.maxLine(c, depth+1))
	}
	return m
}
