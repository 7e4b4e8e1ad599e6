package flows

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pmezard/go-difflib/difflib"
	"gopkg.in/yaml.v3"
)

// This file builds the patch of a flow file that `run --fix` proposes
// (docs/running.md "Fixes proposed and proven"): one value of one step
// replaced in the file's own text, everything else (comments, layout,
// quoting of the other values) kept byte for byte. The runner finds the
// replacement and proves it; this file only edits text.

// EditKind is what a fix replaces in a step.
type EditKind string

const (
	// EditTarget replaces the step's main target (the value under the
	// key TargetSlot names).
	EditTarget EditKind = "target"
	// EditText replaces the expected text of `expect: {text: …}` (the
	// value of its equals or contains).
	EditText EditKind = "text"
)

// Edit is one replacement in the step whose action key is on Line.
type Edit struct {
	Line   int    // the line of the step's action key
	Action string // the action's key (click, expect, …)
	Kind   EditKind
	// Slot is the key the target is written under (Step.TargetSlot):
	// the action itself for `click: X`, else target, text, visible….
	Slot string
	// New is the replacement: a target as YAML (a string or a flow map,
	// as a failure's suggestion writes it), or the new text.
	New string
}

// PatchSource returns src with the edit made, and the text it replaced
// as the file wrote it. It changes only the bytes of the one value.
func PatchSource(src []byte, e Edit) (out []byte, old string, err error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return nil, "", err
	}
	arg := actionArg(&doc, e.Line, e.Action)
	if arg == nil {
		return nil, "", fmt.Errorf("no %s step at line %d", e.Action, e.Line)
	}
	n, err := editedNode(arg, e)
	if err != nil {
		return nil, "", err
	}
	start, end, err := nodeSpan(src, n)
	if err != nil {
		return nil, "", err
	}
	repl, err := replacement(e, string(src[start:end]))
	if err != nil {
		return nil, "", err
	}
	out = append(append(append([]byte{}, src[:start]...), repl...), src[end:]...)
	return out, string(src[start:end]), nil
}

// actionArg finds, anywhere in the document, the value of the mapping key
// action on line.
func actionArg(n *yaml.Node, line int, action string) *yaml.Node {
	if n.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Line == line && k.Value == action {
				return n.Content[i+1]
			}
		}
	}
	for _, c := range n.Content {
		if a := actionArg(c, line, action); a != nil {
			return a
		}
	}
	return nil
}

// editedNode is the node of arg the edit replaces.
func editedNode(arg *yaml.Node, e Edit) (*yaml.Node, error) {
	switch {
	case e.Kind == EditTarget && e.Slot == e.Action:
		return arg, nil
	case e.Kind == EditTarget:
		if v := mapValue(arg, e.Slot); v != nil {
			return v, nil
		}
		return nil, fmt.Errorf("line %d: no %s: in the step", e.Line, e.Slot)
	}
	for _, k := range []string{"equals", "contains"} {
		if v := mapValue(arg, k); v != nil && v.Kind == yaml.ScalarNode {
			return v, nil
		}
	}
	return nil, fmt.Errorf("line %d: the step expects no text by equals or contains", e.Line)
}

func mapValue(m *yaml.Node, key string) *yaml.Node {
	if m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// nodeSpan is where n is written in src: a scalar on one line (plain or
// quoted), or a flow map or list; a block map or a multi-line scalar is
// refused (a fix replaces one value in place).
func nodeSpan(src []byte, n *yaml.Node) (start, end int, err error) {
	start = lineOffset(src, n.Line, n.Column)
	if start < 0 {
		return 0, 0, fmt.Errorf("line %d: cannot find the value", n.Line)
	}
	rest := src[start:]
	switch {
	case n.Kind == yaml.ScalarNode && n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0:
		end = quotedEnd(rest)
	case n.Kind == yaml.ScalarNode && n.Style == 0 && !strings.Contains(n.Value, "\n") && bytes.HasPrefix(rest, []byte(n.Value)):
		end = len(n.Value)
	case n.Style&yaml.FlowStyle != 0 && (n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode):
		end = flowEnd(rest)
	default:
		return 0, 0, fmt.Errorf("line %d: the value is written over several lines: edit it by hand", n.Line)
	}
	if end <= 0 {
		return 0, 0, fmt.Errorf("line %d: cannot find where the value ends", n.Line)
	}
	return start, start + end, nil
}

// lineOffset is the byte offset of line and column (1-based, the column
// in characters), or -1.
func lineOffset(src []byte, line, col int) int {
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			return -1
		}
		off += i + 1
	}
	for c := 1; c < col && off < len(src); c++ {
		_, w := utf8.DecodeRune(src[off:])
		off += w
	}
	return off
}

// quotedEnd is the length of the quoted scalar b starts with, 0 when it
// does not end.
func quotedEnd(b []byte) int {
	q := b[0]
	for i := 1; i < len(b); i++ {
		switch {
		case q == '"' && b[i] == '\\':
			i++
		case b[i] == q && q == '\'' && i+1 < len(b) && b[i+1] == '\'':
			i++
		case b[i] == q:
			return i + 1
		}
	}
	return 0
}

// flowEnd is the length of the flow map or list b starts with, quoted
// strings skipped; 0 when it does not end.
func flowEnd(b []byte) int {
	depth := 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '"', '\'':
			n := quotedEnd(b[i:])
			if n == 0 {
				return 0
			}
			i += n - 1
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return 0
}

// replacement writes e.New in the place of old: a target map in the flow
// style, a string quoted as old was (or double quotes where a plain one
// would not read back inside a flow map).
func replacement(e Edit, old string) (string, error) {
	if e.Kind == EditTarget {
		t, err := ParseTargetYAML(e.New)
		if err != nil {
			return "", fmt.Errorf("the replacement target %q: %w", e.New, err)
		}
		n := t.yamlNode()
		if n.Kind == yaml.MappingNode {
			n.Style = yaml.FlowStyle
			return yamlLine(n)
		}
		return scalarLike(n.Value, old)
	}
	return scalarLike(e.New, old)
}

// scalarLike writes s as a one-line scalar, in old's quoting.
func scalarLike(s, old string) (string, error) {
	n := strNode(s)
	switch {
	case strings.HasPrefix(old, "'"):
		n.Style = yaml.SingleQuotedStyle
	case strings.HasPrefix(old, `"`), strings.ContainsAny(s, ",[]{}#:\"'"):
		n.Style = yaml.DoubleQuotedStyle
	}
	line, err := yamlLine(n)
	if err != nil {
		return "", err
	}
	if strings.Contains(line, "\n") {
		return "", fmt.Errorf("the replacement %q does not fit on one line", s)
	}
	return line, nil
}

// UnifiedDiff is the patch from old to new of file, as `patch` and
// `git apply` read it: a relative path under a/ and b/ (patch -p1), an
// absolute one as it is.
func UnifiedDiff(file string, old, new []byte) (string, error) {
	from, to := "a/"+file, "b/"+file
	if strings.HasPrefix(file, "/") {
		from, to = file, file
	}
	return difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
		A: difflib.SplitLines(string(old)), B: difflib.SplitLines(string(new)),
		FromFile: from, ToFile: to, Context: 3,
	})
}

// NumbersChanged reports whether old and new differ in their digits (a
// price, a count, a date): then the change is the app's, not the test's,
// and no fix is offered (docs/running.md "Fixes proposed and proven").
func NumbersChanged(old, new string) bool {
	digits := func(s string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsDigit(r) {
				return r
			}
			return -1
		}, s)
	}
	return digits(old) != digits(new)
}
