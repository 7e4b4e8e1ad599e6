package agent_test

import (
	"os"
	"path/filepath"
	"regexp"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
)

// The verbs of what a page lives through besides its elements: console,
// network, tabs, cookies, storage, dialogs, find (docs/agents.md
// "Verbs").
var _ = Describe(`the page's life (docs/agents.md "console", "network", "tab", "cookies", "storage", "dialog", "find")`, func() {
	var e *agent.Engine
	var page string
	BeforeEach(func() {
		e = newEngine(agent.Options{})
		page = site.URL + "/pagelife.html"
		Expect(must(e, cmd(agent.VerbOpen, page))).To(Equal("ok\n"))
	})
	flag := func(c agent.Command, set func(*agent.Command)) agent.Command { set(&c); return c }

	It("console: the messages since the last call, with level, text, script and line", func() {
		Expect(must(e, cmd(agent.VerbConsole))).To(Equal("[log] page loaded (" + page + ":18)\n"))
		Expect(must(e, cmd(agent.VerbConsole))).To(Equal("no console messages since the last console\n"))
		must(e, cmd(agent.VerbClick, "Log"))
		Expect(must(e, flag(cmd(agent.VerbConsole), func(c *agent.Command) { c.Errors = true }))).To(Equal("[error] something broke (" + page + ":21)\n"))
		must(e, cmd(agent.VerbClick, "Log"))
		Expect(must(e, flag(cmd(agent.VerbConsole), func(c *agent.Command) { c.Clear = true }))).To(Equal("cleared 2 console messages\n"))
		must(e, cmd(agent.VerbClick, "Log"))
		_, m := asJSON(e, cmd(agent.VerbConsole))
		Expect(m["messages"]).To(Equal([]any{
			map[string]any{"level": "info", "text": "clicked Log", "url": page, "line": 20.0, "tab": 0.0},
			map[string]any{"level": "error", "text": "something broke", "url": page, "line": 21.0, "tab": 0.0},
		}))
		r := fails(e, cmd(agent.VerbConsole, "errors"), agent.ExitUsage)
		Expect(r.Stderr).To(ContainSubstring("console takes no argument: console [--errors] [--clear]"))
	})

	It("network: the requests since the last call, with method, status, type and time; --failed and --filter", func() {
		Expect(must(e, cmd(agent.VerbNetwork))).To(MatchRegexp(`^GET ` + regexp.QuoteMeta(page) + ` → 200 document \d+ms\n$`))
		must(e, cmd(agent.VerbClick, "Fetch"))
		must(e, cmd(agent.VerbExpect, "{visible: fetched 200 404 (1)}"))
		Expect(must(e, flag(cmd(agent.VerbNetwork), func(c *agent.Command) { c.Failed = true }))).To(MatchRegexp(`^GET ` + regexp.QuoteMeta(site.URL) + `/missing.json → 404 fetch( \d+ms)?\n$`))
		Expect(must(e, cmd(agent.VerbNetwork))).To(Equal("no requests since the last network\n"))
		must(e, cmd(agent.VerbClick, "Fetch"))
		// the second round's own text: the first's is still on the page
		must(e, cmd(agent.VerbExpect, "{visible: fetched 200 404 (2)}"))
		_, m := asJSON(e, flag(cmd(agent.VerbNetwork), func(c *agent.Command) { c.Filter = "**/pagelife.html?api=*" }))
		Expect(m["requests"]).To(HaveLen(1))
		req := m["requests"].([]any)[0].(map[string]any)
		Expect(req).To(HaveKeyWithValue("method", "GET"))
		Expect(req).To(HaveKeyWithValue("status", 200.0))
		Expect(req).To(HaveKeyWithValue("type", "fetch"))
		Expect(req).To(HaveKey("duration_ms"))
		r := fails(e, flag(cmd(agent.VerbNetwork), func(c *agent.Command) { c.Filter = "missing.json" }), agent.ExitUsage)
		Expect(r.Stderr).To(ContainSubstring(`network: --filter: the glob "missing.json" is matched against the whole URL, so it can never match one; write "**missing.json**"`))
		Expect(must(e, flag(cmd(agent.VerbNetwork), func(c *agent.Command) { c.Clear = true }))).To(Equal("cleared 0 requests\n"))
	})

	It("tab: list, new, switch and close; exported as the flow's eval of window.open and tab step", func() {
		Expect(must(e, cmd(agent.VerbTab, "list"))).To(Equal("* 0 " + page + " \"Page life\"\n"))
		Expect(must(e, cmd(agent.VerbTab, "new", "pagelife.html?tab=2"))).To(Equal("  0 " + page + " \"Page life\"\n* 1 " + page + "?tab=2 \"Page life\"\n"))
		Expect(must(e, cmd(agent.VerbGet, "url"))).To(Equal(page + "?tab=2\n"))
		Expect(must(e, cmd(agent.VerbTab, "switch", "0"))).To(HavePrefix("* 0 "))
		r := fails(e, cmd(agent.VerbTab, "switch", "5"), agent.ExitFailed)
		Expect(r.Stdout).To(ContainSubstring("there is no tab 5 (tabs count from 0); open tabs: 0 " + page + ", 1 " + page + "?tab=2"))
		r = fails(e, cmd(agent.VerbTab, "close", "9"), agent.ExitFailed)
		Expect(r.Stdout).To(ContainSubstring("tab close: there is no tab 9; the open tabs are 0 to 1 (tab list)"))
		Expect(must(e, cmd(agent.VerbTab, "close", "1"))).To(Equal("* 0 " + page + " \"Page life\"\n"))
		r = fails(e, cmd(agent.VerbTab, "close"), agent.ExitFailed)
		Expect(r.Stdout).To(ContainSubstring("tab 0 is the session's last open tab; close ends the session"))
		r = fails(e, cmd(agent.VerbTab, "switch", "next"), agent.ExitUsage)
		Expect(r.Stderr).To(ContainSubstring(`tab: "next" is not a tab's number (0, 1, …); tab [list], tab new URL, tab switch N, tab close [N] (tabs count from 0, as tab list shows them)`))
		file := filepath.Join(GinkgoT().TempDir(), "tabs.yaml")
		must(e, cmd(agent.VerbExport, file))
		src, err := os.ReadFile(file)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(src)).To(ContainSubstring(`  - eval: void window.open("` + page + `?tab=2")` + "\n  - tab: 0\n"))
	})

	It("tab list: a tab whose first page has not come shows as still opening, not as a blank URL", func() {
		// /hang never answers: tab 1 stays on its initial about:blank
		must(e, cmd(agent.VerbEval, `window.open("/hang"); void window.open("pagelife.html?tab=2")`))
		Expect(must(e, cmd(agent.VerbTab, "list"))).To(Equal("  0 " + page + " \"Page life\"\n  1 (still opening: its first page has not loaded)\n* 2 " + page + "?tab=2 \"Page life\"\n"))
		_, m := asJSON(e, cmd(agent.VerbTab))
		Expect(m["tabs"]).To(ContainElement(map[string]any{"index": 1.0, "url": "", "title": "", "opening": true}))
	})

	It("cookies: set, get, clear; a missing name and misplaced flags say the fix", func() {
		Expect(must(e, cmd(agent.VerbCookies))).To(Equal("no cookies\n"))
		Expect(must(e, cmd(agent.VerbCookies, "set", "theme", "dark"))).To(Equal("ok\n"))
		Expect(must(e, flag(cmd(agent.VerbCookies, "set", "lang", "en"), func(c *agent.Command) { c.Path = "/docs" }))).To(Equal("ok\n"))
		Expect(must(e, cmd(agent.VerbCookies, "get", "theme"))).To(Equal("theme=dark (domain 127.0.0.1, path /, session)\n"))
		_, m := asJSON(e, cmd(agent.VerbCookies, "get"))
		Expect(m["cookies"]).To(HaveLen(2))
		Expect(must(e, cmd(agent.VerbEval, "document.cookie"))).To(Equal("\"theme=dark\"\n"))
		r := fails(e, cmd(agent.VerbCookies, "get", "session_id"), agent.ExitFailed)
		Expect(r.Stdout).To(ContainSubstring(`the session has no cookie named "session_id"; its cookies are: `))
		Expect(must(e, cmd(agent.VerbCookies, "clear"))).To(Equal("ok\n"))
		Expect(must(e, cmd(agent.VerbCookies))).To(Equal("no cookies\n"))
		r = fails(e, cmd(agent.VerbCookies, "set", "theme"), agent.ExitUsage)
		Expect(r.Stderr).To(ContainSubstring("cookies set NAME VALUE [--domain D] [--path P]"))
		r = fails(e, flag(cmd(agent.VerbCookies, "get"), func(c *agent.Command) { c.Domain = "example.com" }), agent.ExitUsage)
		Expect(r.Stderr).To(ContainSubstring("--domain and --path go with cookies set"))
	})

	It("storage: set, get and clear a tab's local and session storage; set and clear exported as eval steps", func() {
		Expect(must(e, cmd(agent.VerbStorage, "local"))).To(Equal("localStorage is empty\n"))
		Expect(must(e, cmd(agent.VerbStorage, "local", "set", "cart", `{"items":2}`))).To(Equal("ok\n"))
		Expect(must(e, cmd(agent.VerbStorage, "session", "set", "step", "2"))).To(Equal("ok\n"))
		Expect(must(e, cmd(agent.VerbStorage, "local", "get", "cart"))).To(Equal(`{"items":2}` + "\n"))
		Expect(must(e, cmd(agent.VerbStorage, "session"))).To(Equal("step=2\n"))
		r := fails(e, cmd(agent.VerbStorage, "local", "get", "token"), agent.ExitFailed)
		Expect(r.Stdout).To(ContainSubstring(`localStorage has no key "token"; its keys are: cart`))
		Expect(must(e, cmd(agent.VerbStorage, "local", "clear"))).To(Equal("ok\n"))
		Expect(must(e, cmd(agent.VerbStorage, "local", "get"))).To(Equal("localStorage is empty\n"))
		r = fails(e, cmd(agent.VerbStorage, "cart"), agent.ExitUsage)
		Expect(r.Stderr).To(ContainSubstring(`storage: "cart" is not one of local, session; storage local|session [get [KEY]], storage local|session set KEY VALUE, storage local|session clear`))
		file := filepath.Join(GinkgoT().TempDir(), "storage.yaml")
		must(e, cmd(agent.VerbExport, file))
		src, err := os.ReadFile(file)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(src)).To(ContainSubstring(`  - eval: localStorage.setItem("cart", "{\"items\":2}")` + "\n"))
		Expect(string(src)).To(ContainSubstring("  - eval: localStorage.clear()\n"))
	})

	It("dialog: answers the next native dialog, exported as the flow's dialog step", func() {
		Expect(must(e, cmd(agent.VerbDialog, "accept", "Ada"))).To(Equal("ok\n"))
		must(e, cmd(agent.VerbClick, "Rename"))
		Expect(status(e)).To(Equal("named Ada"))
		Expect(must(e, cmd(agent.VerbDialog, "accept"))).To(Equal("ok\n"))
		must(e, cmd(agent.VerbClick, "Delete"))
		Expect(status(e)).To(Equal("deleted"))
		Expect(must(e, cmd(agent.VerbDialog, "dismiss"))).To(Equal("ok\n"))
		must(e, cmd(agent.VerbClick, "Delete"))
		Expect(status(e)).To(Equal("kept"))
		r := fails(e, cmd(agent.VerbDialog, "dismiss", "Ada"), agent.ExitUsage)
		Expect(r.Stderr).To(ContainSubstring("dialog: dismiss takes nothing after it; dialog accept [TEXT], dialog dismiss: how to answer the next native dialog"))
		file := filepath.Join(GinkgoT().TempDir(), "dialogs.yaml")
		must(e, cmd(agent.VerbExport, file))
		src, err := os.ReadFile(file)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(src)).To(ContainSubstring("  - dialog: {text: Ada}\n  - click: Rename\n"))
		Expect(string(src)).To(ContainSubstring("  - dialog: {accept: false}\n  - click: Delete\n"))
	})

	It("find: the one element with its snapshot line and ref, the ties, or a clear not-found", func() {
		out := must(e, cmd(agent.VerbFind, "Rename"))
		Expect(out).To(MatchRegexp(`^- button "Rename" \[ref=e\d+\]\n$`))
		ref := refOf(out, "Rename")
		must(e, cmd(agent.VerbDialog, "accept", "Bo"))
		must(e, cmd(agent.VerbClick, ref))
		Expect(status(e)).To(Equal("named Bo"))
		out = must(e, cmd(agent.VerbFind, "Sign in"))
		Expect(out).To(MatchRegexp(`^2 elements match Sign in; act on one by its ref:\n- link "Sign in" \[ref=e\d+\] \(in navigation\)\n- link "Sign in" \[ref=e\d+\] \(in contentinfo\)\n$`))
		_, m := asJSON(e, cmd(agent.VerbFind, "{role: button, name: Fetch}"))
		Expect(m["matches"]).To(HaveLen(1))
		r := fails(e, flag(cmd(agent.VerbFind, "Checkout"), func(c *agent.Command) { c.Timeout = time.Second }), agent.ExitFailed)
		Expect(r.Stdout).To(ContainSubstring(`failed: find Checkout: no element matches "Checkout"`))
		Expect(r.Stdout).To(ContainSubstring("reason: not_found"))
		r = fails(e, cmd(agent.VerbFind), agent.ExitUsage)
		Expect(r.Stderr).To(ContainSubstring("find: give the target: a ref (@e3)"))
	})

	It("gives tab, storage, dialog and drag as one JSON object each, and their failures with the reason", func() {
		_, m := asJSON(e, cmd(agent.VerbTab))
		Expect(m).To(HaveKeyWithValue("verb", "tab"))
		Expect(m["tabs"]).To(Equal([]any{map[string]any{"index": 0.0, "url": page, "title": "Page life", "current": true}}))
		must(e, cmd(agent.VerbStorage, "local", "set", "cart", "2"))
		_, m = asJSON(e, cmd(agent.VerbStorage, "local"))
		Expect(m).To(HaveKeyWithValue("value", map[string]any{"cart": "2"}))
		_, m = asJSON(e, cmd(agent.VerbStorage, "local", "get", "cart"))
		Expect(m).To(HaveKeyWithValue("value", "2"))
		r, m := asJSON(e, cmd(agent.VerbStorage, "local", "get", "token"))
		Expect(r.Code).To(Equal(agent.ExitFailed))
		Expect(m).To(HaveKeyWithValue("reason", "not_found"))
		_, m = asJSON(e, cmd(agent.VerbDialog, "accept", "Ada", "Lovelace"))
		Expect(m).To(HaveKeyWithValue("ok", true))
		must(e, cmd(agent.VerbClick, "Rename"))
		Expect(status(e)).To(Equal("named Ada Lovelace"), "accept takes the rest of the line")
		r, m = asJSON(e, cmd(agent.VerbTab, "close", "4"))
		Expect(r.Code).To(Equal(agent.ExitFailed))
		Expect(m).To(HaveKeyWithValue("reason", "not_found"))
		r, m = asJSON(e, cmd(agent.VerbDialog, "maybe"))
		Expect(r.Code).To(Equal(agent.ExitUsage))
		Expect(m["error"]).To(Equal(`dialog: "maybe" is not one of accept, dismiss; dialog accept [TEXT], dialog dismiss: how to answer the next native dialog (alert, confirm, prompt, beforeunload); TEXT is what a prompt gets`))
		Expect(must(e, cmd(agent.VerbGet, "text", "Page", "life"))).To(Equal("Page life\n"), "get text takes the rest of the line")
	})

	It("puts what console, network, tab, cookies and find read between the session's content boundaries", func() {
		e := newEngine(agent.Options{ContentBoundaries: true})
		must(e, cmd(agent.VerbOpen, page))
		for _, c := range []struct {
			cmd    agent.Command
			source string
		}{
			{cmd(agent.VerbConsole), "console"}, {cmd(agent.VerbNetwork), "network"}, {cmd(agent.VerbTab), "tabs"},
			{cmd(agent.VerbCookies), "cookies"}, {cmd(agent.VerbFind, "Rename"), "snapshot"},
		} {
			Expect(must(e, c.cmd)).To(MatchRegexp(`^\[page content \w+ begin: `+c.source+`\]\n(?s:.+)\[page content \w+ end\]\n$`), string(c.cmd.Verb))
		}
	})
})
