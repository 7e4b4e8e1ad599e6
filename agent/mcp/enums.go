package mcp

import (
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/smokeflow/smokeflow/agent"
)

// enum is a field of a tool's arguments that takes one of a fixed set of
// words: its schema lists them, so a client shows them and the SDK
// refuses any other word before the tool runs (docs/mcp.md "Enums").
type enum struct {
	field string
	words []string
}

// enumerated is an argument type with such fields.
type enumerated interface{ enums() []enum }

// schemaFor is In's inferred schema with its enums, or nil when In has
// none (the SDK then infers the schema itself).
func schemaFor[In any]() (*jsonschema.Schema, error) {
	var in In
	e, ok := any(in).(enumerated)
	if !ok {
		return nil, nil
	}
	s, err := jsonschema.For[In](nil)
	if err != nil {
		return nil, err
	}
	for _, f := range e.enums() {
		p := s.Properties[f.field]
		p.Enum = nil
		for _, w := range f.words {
			p.Enum = append(p.Enum, w)
		}
	}
	return s, nil
}

// verbWords are the names of verbs, sorted: a field whose words are
// verbs takes them from the agent's verbs, never a copy.
func verbWords[V any](vs map[agent.Verb]V) []string {
	var out []string
	for v := range vs {
		out = append(out, string(v))
	}
	slices.Sort(out)
	return out
}

// oneOf says the words a field takes, for a message: "a, b or c".
func oneOf(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// The tools' fixed-word fields take the words of the verbs' grammars
// (agent.Grammar), never a copy: the enums and the tools' own checks read
// them there (docs/agents.md "One grammar").

func (actIn) enums() []enum      { return []enum{{"action", verbWords(actVerbs)}} }
func (navigateIn) enums() []enum { return []enum{{"to", verbWords(navigateVerbs)}} }
func (getIn) enums() []enum      { return []enum{{"what", agent.GetGrammar.Words()}} }
func (tabIn) enums() []enum      { return []enum{{"action", agent.TabGrammar.Words()}} }
func (dialogIn) enums() []enum   { return []enum{{"action", agent.DialogGrammar.Words()}} }
func (cookiesIn) enums() []enum  { return []enum{{"action", agent.CookiesGrammar.Words()}} }
func (storageIn) enums() []enum {
	return []enum{{"area", agent.StorageGrammar.AreaWords()}, {"action", agent.StorageGrammar.Words()}}
}
func (stateIn) enums() []enum { return []enum{{"action", agent.StateGrammar.Words()}} }
