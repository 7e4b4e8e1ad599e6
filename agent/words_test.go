package agent_test

import (
	"errors"
	"os"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
)

// docs/agents.md "One grammar"
var _ = Describe(`the verbs' words, said once (docs/agents.md "One grammar")`, func() {
	It("derives each verb's usage and synopsis from its grammar", func() {
		Expect(agent.GetGrammar.Usage()).To(Equal("get text|value TARGET, get url|title, get attr TARGET NAME"))
		Expect(agent.GetGrammar.Synopsis()).To(Equal("text|value TARGET|url|title|attr TARGET NAME"))
		Expect(agent.TabGrammar.Usage()).To(Equal("tab [list], tab new URL, tab switch N, tab close [N]"))
		Expect(agent.TabGrammar.Synopsis()).To(Equal("[list|new URL|switch N|close [N]]"))
		Expect(agent.DialogGrammar.Synopsis()).To(Equal("accept [TEXT]|dismiss"))
		Expect(agent.CookiesGrammar.Usage()).To(Equal("cookies [get [NAME]], cookies set NAME VALUE [--domain D] [--path P], cookies clear"))
		Expect(agent.StorageGrammar.Synopsis()).To(Equal("local|session [get [KEY]|set KEY VALUE|clear]"))
		Expect(agent.StateGrammar.Usage()).To(Equal("state save|load FILE"))
	})

	DescribeTable("parses a command's words, the rest of the line for a form that takes it",
		func(g agent.Grammar, args []string, area, word agent.Word, rest ...string) {
			p, err := g.Parse(args)
			Expect(err).NotTo(HaveOccurred())
			Expect(p.Area).To(Equal(area))
			Expect(p.Form.Word).To(Equal(word))
			if len(rest) == 0 {
				Expect(p.Args).To(BeEmpty())
				return
			}
			Expect(p.Args).To(Equal(rest))
		},
		Entry("get text, a phrase unquoted", agent.GetGrammar, []string{"text", "Sign", "in"}, agent.Word(""), agent.GetText, "Sign in"),
		Entry("get attr", agent.GetGrammar, []string{"attr", "@e3", "href"}, agent.Word(""), agent.GetAttr, "@e3", "href"),
		Entry("tab alone lists", agent.TabGrammar, nil, agent.Word(""), agent.TabList),
		Entry("dialog accept, a prompt's answer unquoted", agent.DialogGrammar, []string{"accept", "Ada", "Lovelace"}, agent.Word(""), agent.DialogAccept, "Ada Lovelace"),
		Entry("storage local alone gets", agent.StorageGrammar, []string{"local"}, agent.StorageLocal, agent.StoreGet),
		Entry("storage session set", agent.StorageGrammar, []string{"session", "set", "k", "v"}, agent.StorageSession, agent.StoreSet, "k", "v"),
	)

	DescribeTable("refuses a word it does not take, or the wrong number of arguments, naming the usage",
		func(g agent.Grammar, args []string, wordErr bool, says string) {
			_, err := g.Parse(args)
			var we *agent.WordError
			var ae *agent.ArgsError
			if wordErr {
				Expect(errors.As(err, &we)).To(BeTrue(), "%v", err)
			} else {
				Expect(errors.As(err, &ae)).To(BeTrue(), "%v", err)
			}
			Expect(err.Error()).To(Equal(says))
		},
		Entry("get, no word", agent.GetGrammar, nil, true, "say which: text, value, url, title, attr; get text|value TARGET, get url|title, get attr TARGET NAME"),
		Entry("tab, an unknown word", agent.TabGrammar, []string{"open", "/x"}, true, `"open" is not one of list, new, switch, close; tab [list], tab new URL, tab switch N, tab close [N]`),
		Entry("storage, no area", agent.StorageGrammar, []string{"cart"}, true, `"cart" is not one of local, session; storage local|session [get [KEY]], storage local|session set KEY VALUE, storage local|session clear`),
		Entry("cookies set, no value", agent.CookiesGrammar, []string{"set", "theme"}, false, "set takes NAME VALUE; cookies [get [NAME]], cookies set NAME VALUE [--domain D] [--path P], cookies clear"),
		Entry("dialog dismiss, a text", agent.DialogGrammar, []string{"dismiss", "x"}, false, "dismiss takes nothing after it; dialog accept [TEXT], dialog dismiss"),
	)

	It("is what docs/agents.md's table of the verbs shows, form by form", func() {
		doc, err := os.ReadFile("../docs/agents.md")
		Expect(err).NotTo(HaveOccurred())
		for _, g := range agent.Grammars() {
			for _, u := range g.Usages() {
				Expect(string(doc)).To(ContainSubstring("`"+strings.ReplaceAll(u, "|", `\|`)+"`"), "docs/agents.md \"Verbs\" shows each form of %s as its grammar says it", g.Verb)
			}
		}
	})
})
