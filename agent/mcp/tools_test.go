package mcp_test

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
)

// listed is the tools the client lists, by name.
func listed(cs *sdk.ClientSession) map[string]*sdk.Tool {
	GinkgoHelper()
	out := map[string]*sdk.Tool{}
	for t, err := range cs.Tools(context.Background(), nil) {
		Expect(err).NotTo(HaveOccurred())
		out[t.Name] = t
	}
	return out
}

func ptrTo[T any](v T) *T { return &v }

var _ = Describe("the tools", func() {
	It("lists a handful of tools that mirror the verbs", func() {
		cs := connect(&recorder{})
		var names []string
		for t, err := range cs.Tools(context.Background(), nil) {
			Expect(err).NotTo(HaveOccurred())
			names = append(names, t.Name)
		}
		Expect(names).To(ConsistOf("snapshot", "act", "expect", "wait", "navigate", "get", "find", "console", "network", "tab", "dialog", "cookies", "storage",
			"eval", "screenshot", "export", "confirm", "state", "close"))
	})

	// docs/mcp.md "Annotations"
	DescribeTable("tells the client what each tool does to its world",
		func(tool string, want sdk.ToolAnnotations) {
			got := listed(connect(&recorder{}))[tool]
			Expect(got).NotTo(BeNil())
			Expect(got.Annotations).NotTo(BeNil())
			Expect(*got.Annotations).To(Equal(want))
		},
		Entry("snapshot only reads", "snapshot", sdk.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, DestructiveHint: ptrTo(false), OpenWorldHint: ptrTo(false)}),
		Entry("console only reads", "console", sdk.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, DestructiveHint: ptrTo(false), OpenWorldHint: ptrTo(false)}),
		Entry("close ends the session, once", "close", sdk.ToolAnnotations{DestructiveHint: ptrTo(true), IdempotentHint: true, OpenWorldHint: ptrTo(false)}),
		Entry("act may do anything the page does", "act", sdk.ToolAnnotations{DestructiveHint: ptrTo(true), OpenWorldHint: ptrTo(true)}),
		Entry("navigate only adds to the history", "navigate", sdk.ToolAnnotations{DestructiveHint: ptrTo(false), OpenWorldHint: ptrTo(true)}),
	)

	// docs/mcp.md "Enums"
	DescribeTable("lists the words a fixed-word field takes",
		func(tool, field string, want ...any) {
			got := listed(connect(&recorder{}))[tool]
			Expect(got).NotTo(BeNil())
			schema, ok := got.InputSchema.(map[string]any)
			Expect(ok).To(BeTrue())
			prop, ok := schema["properties"].(map[string]any)[field].(map[string]any)
			Expect(ok).To(BeTrue())
			Expect(prop["enum"]).To(Equal(want))
		},
		Entry("act's action: the verbs", "act", "action", "check", "click", "dblclick", "drag", "fill", "hover", "press", "scroll", "select", "type", "uncheck", "upload"),
		Entry("navigate's to", "navigate", "to", "back", "forward", "open", "reload"),
		Entry("get's what", "get", "what", "text", "value", "url", "title", "attr"),
		Entry("tab's action", "tab", "action", "list", "new", "switch", "close"),
		Entry("dialog's action", "dialog", "action", "accept", "dismiss"),
		Entry("storage's area", "storage", "area", "local", "session"),
		Entry("storage's action", "storage", "action", "get", "set", "clear"),
		Entry("cookies' action", "cookies", "action", "get", "set", "clear"),
		Entry("state's action", "state", "action", "save", "load"),
	)

	DescribeTable("turns a tool call into the command a shell verb gives",
		func(tool string, args map[string]any, want agent.Command) {
			r := &recorder{with: agent.Result{Stdout: "ok\n"}}
			text, isErr := call(connect(r), tool, args)
			Expect(isErr).To(BeFalse())
			Expect(text).To(Equal("ok"))
			Expect(r.got).To(Equal([]agent.Command{want}))
		},
		Entry("snapshot --diff", "snapshot", map[string]any{"diff": true}, agent.Command{Verb: agent.VerbSnapshot, Diff: true}),
		Entry("click a ref", "act", map[string]any{"action": "click", "target": "@e3"}, agent.Command{Verb: agent.VerbClick, Args: []string{"@e3"}}),
		Entry("click, showing what it changed", "act", map[string]any{"action": "click", "target": "@e3", "diff": true}, agent.Command{Verb: agent.VerbClick, Args: []string{"@e3"}, Diff: true}),
		Entry("fill", "act", map[string]any{"action": "fill", "target": "Email", "value": "qa@example.com"}, agent.Command{Verb: agent.VerbFill, Args: []string{"Email", "qa@example.com"}}),
		Entry("press a key on the page", "act", map[string]any{"action": "press", "value": "Enter"}, agent.Command{Verb: agent.VerbPress, Args: []string{"Enter"}}),
		Entry("press a key on a target", "act", map[string]any{"action": "press", "value": "Tab", "target": "@e2"}, agent.Command{Verb: agent.VerbPress, Args: []string{"Tab", "@e2"}}),
		Entry("select options", "act", map[string]any{"action": "select", "target": "Size", "values": []string{"M", "L"}}, agent.Command{Verb: agent.VerbSelect, Args: []string{"Size", "M", "L"}}),
		Entry("scroll to the bottom", "act", map[string]any{"action": "scroll", "value": "bottom"}, agent.Command{Verb: agent.VerbScroll, Args: []string{"bottom"}}),
		Entry("expect", "expect", map[string]any{"expect": "{visible: Order placed}"}, agent.Command{Verb: agent.VerbExpect, Args: []string{"{visible: Order placed}"}}),
		Entry("wait for text", "wait", map[string]any{"wait": "{text: Saved}"}, agent.Command{Verb: agent.VerbWait, Args: []string{"{text: Saved}"}}),
		Entry("wait for a time", "wait", map[string]any{"wait": "2s"}, agent.Command{Verb: agent.VerbWait, Args: []string{"2s"}}),
		Entry("navigate to a URL", "navigate", map[string]any{"url": "http://127.0.0.1:1/"}, agent.Command{Verb: agent.VerbOpen, Args: []string{"http://127.0.0.1:1/"}}),
		Entry("go back", "navigate", map[string]any{"to": "back"}, agent.Command{Verb: agent.VerbBack}),
		Entry("get an attribute", "get", map[string]any{"what": "attr", "target": "@e4", "name": "href"}, agent.Command{Verb: agent.VerbGet, Args: []string{"attr", "@e4", "href"}}),
		Entry("get the title", "get", map[string]any{"what": "title"}, agent.Command{Verb: agent.VerbGet, Args: []string{"title"}}),
		Entry("eval", "eval", map[string]any{"js": "1+1"}, agent.Command{Verb: agent.VerbEval, Args: []string{"1+1"}}),
		Entry("export", "export", map[string]any{"file": "flows/x.yaml"}, agent.Command{Verb: agent.VerbExport, Args: []string{"flows/x.yaml"}}),
		Entry("confirm a held-back step", "confirm", map[string]any{"token": "3f9a1c0e7b2d4a61"}, agent.Command{Verb: agent.VerbConfirm, Args: []string{"3f9a1c0e7b2d4a61"}}),
		Entry("save the state", "state", map[string]any{"action": "save", "file": "state.json"}, agent.Command{Verb: agent.VerbState, Args: []string{"save", "state.json"}}),
		Entry("load a state", "state", map[string]any{"action": "load", "file": "state.json"}, agent.Command{Verb: agent.VerbState, Args: []string{"load", "state.json"}}),
		Entry("close", "close", map[string]any{}, agent.Command{Verb: agent.VerbClose}),
		Entry("drag a ref onto another", "act", map[string]any{"action": "drag", "target": "@e3", "value": "@e7"}, agent.Command{Verb: agent.VerbDrag, Args: []string{"@e3", "@e7"}}),
		Entry("find", "find", map[string]any{"target": "Sign in"}, agent.Command{Verb: agent.VerbFind, Args: []string{"Sign in"}}),
		Entry("console errors", "console", map[string]any{"errors": true}, agent.Command{Verb: agent.VerbConsole, Errors: true}),
		Entry("console, cleared", "console", map[string]any{"clear": true}, agent.Command{Verb: agent.VerbConsole, Clear: true}),
		Entry("failed requests of a URL pattern", "network", map[string]any{"failed": true, "filter": "**/api/**"}, agent.Command{Verb: agent.VerbNetwork, Failed: true, Filter: "**/api/**"}),
		Entry("list the tabs", "tab", map[string]any{"action": "list"}, agent.Command{Verb: agent.VerbTab, Args: []string{"list"}}),
		Entry("open a tab", "tab", map[string]any{"action": "new", "url": "/help"}, agent.Command{Verb: agent.VerbTab, Args: []string{"new", "/help"}}),
		Entry("switch to tab 0", "tab", map[string]any{"action": "switch", "index": 0}, agent.Command{Verb: agent.VerbTab, Args: []string{"switch", "0"}}),
		Entry("close the current tab", "tab", map[string]any{"action": "close"}, agent.Command{Verb: agent.VerbTab, Args: []string{"close"}}),
		Entry("answer a prompt", "dialog", map[string]any{"action": "accept", "text": "Ada"}, agent.Command{Verb: agent.VerbDialog, Args: []string{"accept", "Ada"}}),
		Entry("dismiss the next dialog", "dialog", map[string]any{"action": "dismiss"}, agent.Command{Verb: agent.VerbDialog, Args: []string{"dismiss"}}),
		Entry("set a cookie of a domain", "cookies", map[string]any{"action": "set", "name": "theme", "value": "dark", "domain": "shop.test"}, agent.Command{Verb: agent.VerbCookies, Args: []string{"set", "theme", "dark"}, Domain: "shop.test"}),
		Entry("get a cookie", "cookies", map[string]any{"action": "get", "name": "theme"}, agent.Command{Verb: agent.VerbCookies, Args: []string{"get", "theme"}}),
		Entry("set a localStorage key", "storage", map[string]any{"area": "local", "action": "set", "key": "cart", "value": "2"}, agent.Command{Verb: agent.VerbStorage, Args: []string{"local", "set", "cart", "2"}}),
		Entry("read sessionStorage", "storage", map[string]any{"area": "session"}, agent.Command{Verb: agent.VerbStorage, Args: []string{"session", "get"}}),
	)

	// docs/mcp.md "Tools": screenshot (the picture itself: examples_test.go)
	It("runs screenshot --full-page, and says when the picture cannot be attached", func() {
		r := &recorder{with: agent.Result{Stdout: "/nonexistent/shot.png\n"}}
		text, isErr := call(connect(r), "screenshot", map[string]any{"full_page": true})
		Expect(isErr).To(BeFalse())
		Expect(r.got).To(Equal([]agent.Command{{Verb: agent.VerbScreenshot, FullPage: true}}))
		Expect(text).To(HavePrefix("/nonexistent/shot.png\nthe picture is not attached: "))
		Expect(text).To(HaveSuffix("; open the file instead"))
	})

	It("gives a failed command as an error result with its diagnostics", func() {
		r := &recorder{with: agent.Result{Stdout: "click @e9: nothing matches\n", Code: agent.ExitFailed}}
		text, isErr := call(connect(r), "act", map[string]any{"action": "click", "target": "@e9"})
		Expect(isErr).To(BeTrue())
		Expect(text).To(Equal("click @e9: nothing matches"))
	})

	DescribeTable("refuses a malformed call with its fix, running nothing",
		func(tool string, args map[string]any, says string) {
			r := &recorder{}
			text, isErr := call(connect(r), tool, args)
			Expect(isErr).To(BeTrue())
			Expect(text).To(ContainSubstring(says))
			Expect(r.got).To(BeEmpty())
		},
		Entry("an unknown action", "act", map[string]any{"action": "tap", "target": "@e1"}, "/properties/action: enum: tap does not equal any of: [check click dblclick drag fill hover press scroll select type uncheck upload]"),
		Entry("a click without a target", "act", map[string]any{"action": "click"}, "give a target"),
		Entry("navigate without a URL", "navigate", map[string]any{}, "give the url"),
		Entry("navigate to nowhere known", "navigate", map[string]any{"to": "up"}, "/properties/to: enum: up does not equal any of: [back forward open reload]"),
		Entry("export to an empty file name", "export", map[string]any{"file": ""}, "give the file"),
		Entry("confirm without a token", "confirm", map[string]any{"token": ""}, "give the token"),
		Entry("state with an unknown action", "state", map[string]any{"action": "keep", "file": "s.json"}, "/properties/action: enum: keep does not equal any of: [save load]"),
		Entry("state without a file", "state", map[string]any{"action": "save", "file": ""}, "give the file"),
		Entry("export without a file (the SDK checks the schema)", "export", map[string]any{}, `missing properties: ["file"]`),
		Entry("wait for nothing", "wait", map[string]any{"wait": ""}, "wait: give a duration"),
		Entry("find without a target", "find", map[string]any{"target": ""}, "find: give a target"),
		Entry("a tab action that is none", "tab", map[string]any{"action": "open"}, "/properties/action: enum: open does not equal any of: [list new switch close]"),
		Entry("a new tab without a URL", "tab", map[string]any{"action": "new"}, "tab new: give the url"),
		Entry("a switch without an index", "tab", map[string]any{"action": "switch"}, "tab switch: give the index"),
		Entry("a dialog answer that is none", "dialog", map[string]any{"action": "ok"}, "/properties/action: enum: ok does not equal any of: [accept dismiss]"),
		Entry("a dismiss with text", "dialog", map[string]any{"action": "dismiss", "text": "x"}, "a prompt's text goes with accept"),
		Entry("a cookie set without a name", "cookies", map[string]any{"action": "set"}, "cookies set: give the cookie's name and value"),
		Entry("a storage area that is none", "storage", map[string]any{"area": "cookie"}, "/properties/area: enum: cookie does not equal any of: [local session]"),
		Entry("a get of a thing that is none", "get", map[string]any{"what": "href", "target": "@e1"}, "/properties/what: enum: href does not equal any of: [text value url title attr]"),
		Entry("a storage set without a key", "storage", map[string]any{"area": "local", "action": "set"}, "storage set: give the key and its value"),
		Entry("a drag without a target", "act", map[string]any{"action": "drag", "value": "@e7"}, "act drag: give a target"),
		Entry("a cookie action that is none", "cookies", map[string]any{"action": "delete"}, "/properties/action: enum: delete does not equal any of: [get set clear]"),
	)
})
