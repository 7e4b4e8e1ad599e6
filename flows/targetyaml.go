package flows

import (
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// This file writes targets back as flow-file YAML, for the hints of
// failure diagnostics that are ready to paste (docs/targets.md "Failure
// diagnostics"), and reads them again: a hint is checked in the form it
// is shown in.

// YAML writes the target as it would be written in a flow file, on one
// line: the string form for a phrase, a ref or a name regex alone, else a
// flow map, its keys in the order of targetFields.
func (t *Target) YAML() (string, error) {
	return yamlLine(t.yamlNode())
}

// Line writes `key: TARGET` on one line, the target as YAML writes it.
func (t *Target) Line(key string) (string, error) {
	return yamlLine(&yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{strNode(key), t.yamlNode()}})
}

// ParseTargetYAML reads a target written in YAML (a string or a map), with
// the checks every target of a flow file gets.
func ParseTargetYAML(s string) (*Target, error) {
	var v any
	if err := yaml.Unmarshal([]byte(s), &v); err != nil {
		return nil, err
	}
	return TargetFromValue(v)
}

// ScalarYAML writes the string s as a YAML scalar on one line, quoted
// when YAML needs it ("15", "Yes", "a: b"), for a hint ready to paste.
func ScalarYAML(s string) string {
	if line, err := yamlLine(strNode(s)); err == nil && !strings.Contains(line, "\n") {
		return line
	}
	return strconv.Quote(s)
}

func yamlLine(n *yaml.Node) (string, error) {
	b, err := yaml.Marshal(n)
	if err != nil {
		return "", err
	}
	return strings.TrimSuffix(string(b), "\n"), nil
}

func strNode(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
}

func (t *Target) yamlNode() *yaml.Node {
	if s, ok := t.stringForm(); ok {
		return strNode(s)
	}
	m := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
	for _, f := range targetFields {
		var v *yaml.Node
		switch f.Kind {
		case kString:
			if p := targetStringField(t, f.Key); p != nil && *p != "" {
				v = strNode(*p)
			}
		case kInt:
			if t.Nth != nil {
				v = &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(*t.Nth)}
			}
		case kBool:
			if t.Exact {
				v = &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "true"}
			}
		case kTarget:
			if t.Within != nil {
				v = t.Within.yamlNode()
			}
		}
		if v != nil {
			m.Content = append(m.Content, strNode(f.Key), v)
		}
	}
	return m
}

// stringForm is the target's string form, when it has one that reads back
// as the same target.
func (t *Target) stringForm() (string, bool) {
	switch {
	case t.Phrase != "" && *t == Target{Pos: t.Pos, Phrase: t.Phrase}:
		p, err := parseTargetString(t.Phrase)
		return t.Phrase, err == nil && p.Phrase == t.Phrase
	case t.Ref != "" && *t == Target{Pos: t.Pos, Ref: t.Ref}:
		return "@" + t.Ref, true
	case t.Name != "" && *t == Target{Pos: t.Pos, Name: t.Name}:
		_, ok, err := NameRegex(t.Name)
		return t.Name, ok && err == nil
	}
	return "", false
}
