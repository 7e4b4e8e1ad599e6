package agent

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/smokeflow/smokeflow/flows"
)

// This file turns a command's arguments into the flow step it means, with
// the flows package's own parser and checks (docs/agents.md "Targets and
// values"): the command is written as one step of a flow file, which is
// parsed as `smokeflow run` parses it.

// stepFile names the flow a command's step is parsed in; it never shows
// in a message.
const stepFile = "command.yaml"

// errUsage marks an argument the command cannot take.
type errUsage struct{ msg string }

func (e *errUsage) Error() string { return e.msg }

func usageErr(format string, args ...any) error {
	return &errUsage{msg: fmt.Sprintf(format, args...)}
}

// str is a YAML string, written as it was typed.
func str(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

// mapOf is a YAML map of keys and values, in order; nil values are left
// out.
func mapOf(kv ...any) *yaml.Node {
	m := &yaml.Node{Kind: yaml.MappingNode}
	for i := 0; i+1 < len(kv); i += 2 {
		k, isKey := kv[i].(string)
		v, isNode := kv[i+1].(*yaml.Node)
		if !isKey || !isNode || v == nil {
			continue
		}
		m.Content = append(m.Content, str(k), v)
	}
	return m
}

// boolNode is a YAML true, or nil (left out) for false.
func boolNode(b bool) *yaml.Node {
	if !b {
		return nil
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "true"}
}

// listOf is a YAML list of strings.
func listOf(items []string) *yaml.Node {
	l := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	for _, s := range items {
		l.Content = append(l.Content, str(s))
	}
	return l
}

// yamlValue reads an argument written in YAML: a flow map such as
// `{visible: Order placed}`, or a scalar.
func yamlValue(s string) (*yaml.Node, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(s), &doc); err != nil {
		return nil, usageErr("%q is not YAML: %s", s, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return nil, usageErr("%q is empty", s)
	}
	return doc.Content[0], nil
}

// target is a TARGET as typed: a flow map (`{role: button, name: Sign
// in}`) when it starts with `{`, else the string form of a flow target:
// `@e3`, `/regex/i` or a phrase (docs/targets.md).
func target(s string) (*yaml.Node, error) {
	t := strings.TrimSpace(s)
	switch {
	case t == "":
		return nil, usageErr("the target is empty: give a ref (@e3), a phrase, /regex/ or a map such as '{role: button, name: Sign in}'")
	case strings.HasPrefix(t, "{"):
		n, err := yamlValue(t)
		if err != nil {
			return nil, err
		}
		if n.Kind != yaml.MappingNode {
			return nil, usageErr("the target %s is not a map such as '{role: button, name: Sign in}'", t)
		}
		return n, nil
	}
	return str(s), nil
}

// parseStep parses one step `{action: arg}` as a flow file's step, with
// the session's secrets and variables known; the step has no place in a
// file (so its failures quote none).
func (e *Engine) parseStep(action flows.ActionName, arg *yaml.Node) (*flows.Step, error) {
	doc := mapOf("name", str("session "+e.opts.Name),
		"secrets", listOf(e.secrets),
		"steps", &yaml.Node{Kind: yaml.SequenceNode, Content: []*yaml.Node{mapOf(string(action), arg)}})
	src, err := yaml.Marshal(doc)
	if err != nil {
		return nil, fmt.Errorf("writing the step: %w", err)
	}
	vars := map[string]string{}
	if e.ss != nil {
		for name := range e.ss.Scope().Vars {
			vars[name] = ""
		}
	}
	f, err := flows.Parse(stepFile, src, flows.LoadOptions{LookupEnv: e.lookup, BaseURL: e.opts.BaseURL, Vars: vars})
	var errs flows.Errors
	if errors.As(err, &errs) {
		var msgs []string
		for _, fe := range errs {
			msgs = append(msgs, fe.Msg)
		}
		return nil, usageErr("%s", strings.Join(msgs, "; "))
	}
	if err != nil {
		return nil, err
	}
	if len(f.Steps) != 1 {
		return nil, usageErr("one step, not %d", len(f.Steps))
	}
	st := f.Steps[0]
	st.Pos, st.EndLine = flows.Pos{}, 0
	return st, nil
}

// path is a file argument, relative to the command's folder.
func path(c Command, p string) (string, error) {
	if !filepath.IsAbs(p) {
		dir := c.Dir
		if dir == "" {
			wd, err := os.Getwd()
			if err != nil {
				return "", err
			}
			dir = wd
		}
		p = filepath.Join(dir, p)
	}
	return filepath.Clean(p), nil
}
