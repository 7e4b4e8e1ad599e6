package flows

import (
	"bytes"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// This file writes steps back as flow-file YAML, in the shortest form a
// person would write (`- click: Place order`), for a recorder that emits
// flows: what it writes parses back to the same steps
// (docs/architecture-notes.md "Step actions").

// flowWidth is how wide, roughly, a map or list may be to be written on
// one line (`{target: Email, value: ada@example.com}`).
const flowWidth = 80

// StepsYAML writes steps as a flow file's list of steps, indented by two
// spaces, as `steps:` holds them.
func StepsYAML(steps []*Step) (string, error) {
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(stepsNode(steps)); err != nil {
		return "", err
	}
	if err := enc.Close(); err != nil {
		return "", err
	}
	return b.String(), nil
}

// YAML writes the step as an item of a list of steps: `- click: Place order`.
func (s *Step) YAML() (string, error) { return StepsYAML([]*Step{s}) }

// Node is the step as an item of a list of steps: the action's key and
// argument with the common keys (name first), or the action's name alone
// when it takes no argument and there are no common keys (`- snapshot`).
func (s *Step) Node() *yaml.Node {
	name := string(s.Action.Name())
	arg := s.Action.arg()
	common := s.commonNodes()
	if arg == nil && len(common) == 0 && s.Name == "" {
		return strNode(name)
	}
	if arg == nil {
		arg = &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null"}
	}
	m := &yaml.Node{Kind: yaml.MappingNode}
	if s.Name != "" {
		m.Content = append(m.Content, strNode("name"), strNode(s.Name))
	}
	m.Content = append(m.Content, strNode(name), arg)
	m.Content = append(m.Content, common...)
	return m
}

// commonNodes are the step's common keys other than name, as key and
// value nodes; name is written first by Node.
func (s *Step) commonNodes() []*yaml.Node {
	w := &mapWriter{}
	w.add("if", exprNode(s.If))
	if s.Timeout > 0 {
		w.add("timeout", durationNode(s.Timeout))
	}
	if s.Optional {
		w.add("optional", boolNode(true))
	}
	if s.Retry > 0 {
		w.add("retry", intNode(s.Retry))
	}
	if s.Soft {
		w.add("soft", boolNode(true))
	}
	return w.content
}

func stepsNode(steps []*Step) *yaml.Node {
	n := &yaml.Node{Kind: yaml.SequenceNode}
	for _, s := range steps {
		n.Content = append(n.Content, s.Node())
	}
	return n
}

// mapWriter builds a map node, leaving out the keys without a value.
type mapWriter struct {
	content []*yaml.Node
}

func (w *mapWriter) add(key string, v *yaml.Node) *mapWriter {
	if v != nil {
		w.content = append(w.content, strNode(key), v)
	}
	return w
}

// node is the map, on one line when it is short and holds no block.
func (w *mapWriter) node() *yaml.Node {
	return oneLine(&yaml.Node{Kind: yaml.MappingNode, Content: w.content})
}

// oneLine gives n the flow style when it fits on a line: its scalars are
// one line each, its maps and lists are in the flow style, and it is not
// wider than flowWidth.
func oneLine(n *yaml.Node) *yaml.Node {
	width := 2
	for _, c := range n.Content {
		w, ok := lineWidth(c)
		if !ok {
			return n
		}
		width += w + 2
	}
	if width <= flowWidth {
		n.Style |= yaml.FlowStyle
	}
	return n
}

// lineWidth is about how wide n is on one line; false when it takes
// several.
func lineWidth(n *yaml.Node) (int, bool) {
	if n.Kind == yaml.ScalarNode {
		return len(n.Value) + 2, !strings.Contains(n.Value, "\n")
	}
	if n.Style&yaml.FlowStyle == 0 {
		return 0, false
	}
	width := 2
	for _, c := range n.Content {
		w, ok := lineWidth(c)
		if !ok {
			return 0, false
		}
		width += w + 2
	}
	return width, true
}

// strNodeOf writes a string; one of several lines as a literal block
// (`|`) when the block reads back the same, else in double quotes.
func strNodeOf(s string) *yaml.Node {
	n := strNode(s)
	switch {
	case !strings.Contains(s, "\n"):
	case literalReadsBack(s):
		n.Style = yaml.LiteralStyle
	default:
		n.Style = yaml.DoubleQuotedStyle
	}
	return n
}

// literalReadsBack: yaml.v3 writes some strings as a literal block that
// reads back differently (a first line that is empty, a tab at the start
// of a line).
func literalReadsBack(s string) bool {
	b, err := yaml.Marshal(&yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s, Style: yaml.LiteralStyle})
	var back string
	return err == nil && yaml.Unmarshal(b, &back) == nil && back == s
}

func intNode(i int) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(i)}
}

func intPtrNode(i *int) *yaml.Node {
	if i == nil {
		return nil
	}
	return intNode(*i)
}

func boolNode(b bool) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(b)}
}

func durationNode(d time.Duration) *yaml.Node { return strNode(d.String()) }

func exprNode(e *Expr) *yaml.Node {
	if e == nil {
		return nil
	}
	return strNodeOf(e.Source)
}

// targetNode is nil for no target.
func targetNode(t *Target) *yaml.Node {
	if t == nil {
		return nil
	}
	return t.yamlNode()
}

// stringsNode writes a list of strings, one string alone when there is one.
func stringsNode(list []string) *yaml.Node {
	if len(list) == 1 {
		return strNodeOf(list[0])
	}
	n := &yaml.Node{Kind: yaml.SequenceNode}
	for _, s := range list {
		n.Content = append(n.Content, strNodeOf(s))
	}
	return oneLine(n)
}

// matchNode writes {equals|contains|matches: "..."}.
func matchNode(m *Match) *yaml.Node {
	if m == nil {
		return nil
	}
	w := &mapWriter{}
	m.addTo(w)
	return w.node()
}

// addTo adds the match's key to w (expect text and value write it next to
// the kind).
func (m *Match) addTo(w *mapWriter) {
	switch {
	case m.Equals != nil:
		w.add("equals", strNodeOf(*m.Equals))
	case m.Contains != nil:
		w.add("contains", strNodeOf(*m.Contains))
	case m.Matches != nil:
		w.add("matches", strNodeOf(m.Matches.Source))
	}
}

// varsNode writes variables (with:) in their order.
func varsNode(vars []Var) *yaml.Node {
	w := &mapWriter{}
	for _, v := range vars {
		w.add(v.Name, valueNode(v.Value))
	}
	return w.node()
}

// valueNode writes a value as the parser decodes it (see Var): a scalar,
// or a list or map of values; map keys in sorted order.
func valueNode(v any) *yaml.Node {
	switch x := v.(type) {
	case bool:
		return boolNode(x)
	case int:
		return intNode(x)
	case float64:
		return floatNode(x)
	case string:
		return strNodeOf(x)
	case []any:
		n := &yaml.Node{Kind: yaml.SequenceNode}
		for _, e := range x {
			n.Content = append(n.Content, valueNode(e))
		}
		return oneLine(n)
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		w := &mapWriter{}
		for _, k := range keys {
			w.add(k, valueNode(x[k]))
		}
		return w.node()
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}
}

// floatNode writes a float so that it reads back as a float, not an int.
func floatNode(f float64) *yaml.Node {
	var s string
	switch {
	case math.IsInf(f, 1):
		s = ".inf"
	case math.IsInf(f, -1):
		s = "-.inf"
	case math.IsNaN(f):
		s = ".nan"
	default:
		s = strconv.FormatFloat(f, 'g', -1, 64)
		if !strings.ContainsAny(s, ".eE") {
			s += ".0"
		}
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!float", Value: s}
}
