package mcp_test

import (
	"errors"
	"slices"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
)

// enumOf is the words the schema of a listed tool's field takes, as the
// SDK's client reads them.
func enumOf(tool, field string) []string {
	GinkgoHelper()
	t := listed(connect(&recorder{}))[tool]
	Expect(t).NotTo(BeNil())
	props := t.InputSchema.(map[string]any)["properties"].(map[string]any)
	var out []string
	for _, w := range props[field].(map[string]any)["enum"].([]any) {
		out = append(out, w.(string))
	}
	return out
}

// candidates are words a parser might take: every word of every grammar,
// the enum's, and words of neither.
func candidates(enum []string) []string {
	out := append([]string{"open", "delete", "href", "ok", "cookie"}, enum...)
	for _, g := range agent.Grammars() {
		out = append(out, g.AreaWords()...)
		out = append(out, g.Words()...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// docs/mcp.md "Enums": an enum the parser disagrees with would refuse a
// word the shell takes, or send one the engine refuses.
var _ = DescribeTable("each enum is exactly the words the engine's parser takes there",
	func(tool, field string, v agent.Verb, before ...string) {
		enum := enumOf(tool, field)
		Expect(enum).NotTo(BeEmpty())
		g, ok := agent.Grammars()[v]
		Expect(ok).To(BeTrue(), "%s has a grammar", v)
		for _, w := range candidates(enum) {
			_, err := g.Parse(append(slices.Clone(before), w))
			var we *agent.WordError
			takes := !errors.As(err, &we) || we.Before != len(before)
			Expect(takes).To(Equal(slices.Contains(enum, w)),
				"%s's %s: the enum %v and the parser of %s disagree on %q (parser: %v)", tool, field, enum, v, w, err)
		}
	},
	Entry("get's what", "get", "what", agent.VerbGet),
	Entry("tab's action", "tab", "action", agent.VerbTab),
	Entry("dialog's action", "dialog", "action", agent.VerbDialog),
	Entry("cookies' action", "cookies", "action", agent.VerbCookies),
	Entry("storage's area", "storage", "area", agent.VerbStorage),
	Entry("storage's action", "storage", "action", agent.VerbStorage, string(agent.StorageLocal)),
	Entry("state's action", "state", "action", agent.VerbState),
)
