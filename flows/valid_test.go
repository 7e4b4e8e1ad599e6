package flows_test

import (
	"path/filepath"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
)

func ph(s string) *flows.Target { return &flows.Target{Phrase: s} }
func sp(s string) *string       { return &s }
func ip(i int) *int             { return &i }
func ex(src string) *flows.Expr { return &flows.Expr{Source: src} }

// normalize clears what expectations do not spell out: positions,
// compiled programs and regexes, loaded sub-flows.
func normalize(steps []*flows.Step) []*flows.Step {
	for _, s := range steps {
		s.Pos, s.EndLine = flows.Pos{}, 0
		normExpr(s.If)
		for _, t := range []*flows.Target{s.Target(), s.Check} {
			normTarget(t)
		}
		switch {
		case s.Pointer != nil:
			normTarget(s.Pointer.Target)
		case s.Press != nil:
			normTarget(s.Press.Target)
		case s.Wait != nil:
			normTarget(s.Wait.Target)
			normTarget(s.Wait.Gone)
			normMatch(s.Wait.URL)
		case s.Expect != nil:
			normTarget(s.Expect.Target)
			normMatch(s.Expect.Match)
		case s.Assert != nil:
			normExpr(s.Assert.That)
		case s.Extract != nil:
			normTarget(s.Extract.From)
			normExpr(s.Extract.Expr)
		case s.Tab != nil:
			normMatch(s.Tab.URL)
		case s.Run != nil:
			s.Run.Loaded = nil
			for i := range s.Run.With {
				s.Run.With[i].Pos = flows.Pos{}
			}
		case s.Group != nil:
			normalize(s.Group.Steps)
		case s.Repeat != nil:
			normExpr(s.Repeat.While)
			normExpr(s.Repeat.Until)
			normalize(s.Repeat.Steps)
		}
	}
	return steps
}

func normTarget(t *flows.Target) {
	for ; t != nil; t = t.Within {
		t.Pos = flows.Pos{}
	}
}

func normExpr(e *flows.Expr) {
	if e != nil {
		Expect(e.Program).NotTo(BeNil(), "expression %q is compiled", e.Source)
		e.Program, e.Pos = nil, flows.Pos{}
	}
}

func normMatch(m *flows.Match) {
	if m != nil && m.Matches != nil {
		Expect(m.Matches.Re).NotTo(BeNil(), "regex %q is compiled", m.Matches.Source)
		m.Matches.Re = nil
	}
}

func loadValid(name string) *flows.Flow {
	GinkgoHelper()
	f, err := flows.Load(filepath.Join(validDir, name), testOpts())
	Expect(err).NotTo(HaveOccurred())
	return f
}

func validSteps(name string) []*flows.Step {
	GinkgoHelper()
	return normalize(loadValid(name).Steps)
}

var _ = Describe("valid flows", func() {
	It("all load without errors", func() {
		files := corpusFiles(validDir)
		Expect(len(files)).To(BeNumerically(">=", 20))
		for _, f := range files {
			_, err := flows.Load(f, testOpts())
			Expect(err).NotTo(HaveOccurred(), f)
		}
	})

	It("use every action at least once", func() {
		seen := map[string]bool{}
		var walk func([]*flows.Step)
		walk = func(steps []*flows.Step) {
			for _, s := range steps {
				seen[s.Action] = true
				if s.Group != nil {
					walk(s.Group.Steps)
				}
				if s.Repeat != nil {
					walk(s.Repeat.Steps)
				}
			}
		}
		for _, file := range corpusFiles(validDir) {
			f, err := flows.Load(file, testOpts())
			Expect(err).NotTo(HaveOccurred())
			walk(f.AllSteps())
		}
		for _, a := range flows.Actions() {
			Expect(seen).To(HaveKey(a))
		}
	})

	It("reads every flow-level field", func() {
		f := loadValid("full.yaml")
		Expect(f.Name).To(Equal("Checkout as a returning customer"))
		Expect(f.Pos).To(Equal(flows.Pos{File: filepath.Join(validDir, "full.yaml"), Line: 2, Col: 1}))
		Expect(f.Description).To(Equal("Signs in, adds an item and checks out.\n"))
		Expect(f.Tags).To(Equal([]string{"smoke", "checkout"}))
		Expect(f.BaseURL).To(Equal("${env.BASE_URL}"))
		for i := range f.Vars {
			f.Vars[i].Pos = flows.Pos{}
		}
		Expect(f.Vars).To(Equal([]flows.Var{
			{Name: "email", Value: "qa@example.com"},
			{Name: "qty", Value: 2},
			{Name: "ratio", Value: 1.5},
			{Name: "admin", Value: false},
			{Name: "nothing", Value: nil},
			{Name: "greeting", Value: "hello ${vars.email}"},
			{Name: "list", Value: []any{"a", 1}},
			{Name: "user", Value: map[string]any{"first": "Ada", "id": 7}},
		}))
		Expect(f.Secrets).To(Equal([]string{"SHOP_PASSWORD"}))
		Expect(f.Timeout).To(Equal(2 * time.Minute))
		Expect(f.StepTimeout).To(Equal(15 * time.Second))
		Expect(f.Viewport).To(Equal(&flows.Viewport{Width: 1280, Height: 800}))
		Expect(normalize(f.Setup)).To(Equal([]*flows.Step{{Action: "open", Open: &flows.OpenArgs{URL: "/"}}}))
		Expect(normalize(f.Steps)).To(Equal([]*flows.Step{
			{Action: "fill", Fill: &flows.FillArgs{Target: ph("Password"), Value: "${secrets.SHOP_PASSWORD}"}},
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "text", Target: ph("Greeting"), Match: &flows.Match{Contains: sp("${user.first} ${vars.list.1}")}}},
		}))
		Expect(normalize(f.Teardown)).To(Equal([]*flows.Step{{Action: "screenshot", Screenshot: &flows.ScreenshotArgs{Name: "final"}}}))
		Expect(f.Source[1]).To(Equal("name: Checkout as a returning customer"))
	})

	It("defaults timeouts", func() {
		f := loadValid("open.yaml")
		Expect(f.Timeout).To(Equal(flows.DefaultTimeout))
		Expect(f.StepTimeout).To(Equal(flows.DefaultStepTimeout))
		Expect(f.Viewport).To(BeNil())
	})

	It("sets Pos to the action key and EndLine to the step's last line", func() {
		f := loadValid("group_repeat.yaml")
		g := f.Steps[0]
		Expect(g.Pos.Line).To(Equal(3))
		Expect(g.Pos.Col).To(Equal(5))
		Expect(g.EndLine).To(Equal(9))
		Expect(g.Group.Steps[1].Pos.Line).To(Equal(6))
		Expect(g.Group.Steps[1].EndLine).To(Equal(6))
		Expect(f.Steps[3].EndLine).To(Equal(22))

		e := loadValid("eval.yaml")
		Expect(e.Steps[1].Pos.Line).To(Equal(5))
		Expect(e.Steps[1].EndLine).To(Equal(7))

		s := loadValid("snapshot.yaml")
		Expect(s.Steps[0].Pos).To(Equal(flows.Pos{File: s.File, Line: 3, Col: 5}))

		a := loadValid("anchors.yaml")
		Expect(a.Steps[1].Pos.Line).To(Equal(8), "an alias step is placed at the alias")
	})

	DescribeTable("parse each step form",
		func(file string, want []*flows.Step) {
			Expect(validSteps(file)).To(Equal(want))
		},
		Entry("open", "open.yaml", []*flows.Step{
			{Action: "open", Open: &flows.OpenArgs{URL: "/login"}},
			{Action: "open", Open: &flows.OpenArgs{URL: "https://example.com/a?b=c"}},
			{Action: "open", Open: &flows.OpenArgs{URL: "/cart", Wait: "networkidle"}},
			{Action: "open", Open: &flows.OpenArgs{URL: "about:blank"}},
		}),
		Entry("snapshot", "snapshot.yaml", []*flows.Step{
			{Action: "snapshot", Snapshot: &flows.SnapshotArgs{}},
			{Action: "snapshot", Snapshot: &flows.SnapshotArgs{}},
			{Action: "snapshot", Snapshot: &flows.SnapshotArgs{Name: "login-page"}},
			{Action: "snapshot", Snapshot: &flows.SnapshotArgs{Name: "full-page", Full: true}},
		}),
		Entry("click, dblclick, hover", "pointer.yaml", []*flows.Step{
			{Action: "click", Pointer: &flows.PointerArgs{Target: ph("Sign in")}},
			{Action: "click", Pointer: &flows.PointerArgs{Target: &flows.Target{Ref: "e6"}}},
			{Action: "click", Pointer: &flows.PointerArgs{Target: &flows.Target{Name: "/sign (in|up)/i"}}},
			{Action: "click", Pointer: &flows.PointerArgs{Target: &flows.Target{Role: "button", Name: "Place order", Exact: true}}},
			{Action: "click", Pointer: &flows.PointerArgs{Target: ph("Sign in"), Button: "right", Modifiers: []string{"Shift"}}},
			{Action: "click", Pointer: &flows.PointerArgs{Target: &flows.Target{Role: "link", Name: "Help"}, Modifiers: []string{"Control"}}},
			{Action: "dblclick", Pointer: &flows.PointerArgs{Target: ph("Row 1")}},
			{Action: "hover", Pointer: &flows.PointerArgs{Target: ph("Menu"), Button: "middle"}},
		}),
		Entry("fill and type", "fill_type.yaml", []*flows.Step{
			{Action: "fill", Fill: &flows.FillArgs{Target: ph("Email"), Value: "qa@example.com"}},
			{Action: "fill", Fill: &flows.FillArgs{Target: &flows.Target{Label: "Quantity"}, Value: "2"}},
			{Action: "fill", Fill: &flows.FillArgs{Target: ph("Notes"), Value: ""}},
			{Action: "type", Type: &flows.TypeArgs{Target: ph("Search"), Text: "shoes"}},
			{Action: "type", Type: &flows.TypeArgs{Target: ph("Search"), Text: "boots", Delay: 50 * time.Millisecond}},
		}),
		Entry("press", "press.yaml", []*flows.Step{
			{Action: "press", Press: &flows.PressArgs{Key: "Enter"}},
			{Action: "press", Press: &flows.PressArgs{Key: "Control+A"}},
			{Action: "press", Press: &flows.PressArgs{Key: "Control+Shift+ArrowDown"}},
			{Action: "press", Press: &flows.PressArgs{Key: "a"}},
			{Action: "press", Press: &flows.PressArgs{Key: "Shift++"}},
			{Action: "press", Press: &flows.PressArgs{Target: ph("Search"), Key: "Escape"}},
		}),
		Entry("select", "select.yaml", []*flows.Step{
			{Action: "select", Select: &flows.SelectArgs{Target: ph("Country"), Options: []string{"France"}}},
			{Action: "select", Select: &flows.SelectArgs{Target: ph("Sizes"), Options: []string{"S", "M", "42"}}},
		}),
		Entry("check and uncheck", "check.yaml", []*flows.Step{
			{Action: "check", Check: ph("Remember me")},
			{Action: "uncheck", Check: &flows.Target{Role: "checkbox", Name: "Newsletter"}},
			{Action: "check", Check: &flows.Target{Ref: "e4"}},
		}),
		Entry("upload", "upload.yaml", []*flows.Step{
			{Action: "upload", Upload: &flows.UploadArgs{Target: ph("Avatar"), Files: []string{"files/avatar.png"}}},
			{Action: "upload", Upload: &flows.UploadArgs{Target: &flows.Target{Label: "Attachments"}, Files: []string{"files/avatar.png", "files/data.csv"}}},
			{Action: "upload", Upload: &flows.UploadArgs{Target: ph("Avatar"), Files: []string{"files/data.csv"}}},
		}),
		Entry("scroll", "scroll.yaml", []*flows.Step{
			{Action: "scroll", Scroll: &flows.ScrollArgs{To: "bottom"}},
			{Action: "scroll", Scroll: &flows.ScrollArgs{To: "top"}},
			{Action: "scroll", Scroll: &flows.ScrollArgs{By: 300}},
			{Action: "scroll", Scroll: &flows.ScrollArgs{By: -120}},
			{Action: "scroll", Scroll: &flows.ScrollArgs{Target: ph("Footer")}},
			{Action: "scroll", Scroll: &flows.ScrollArgs{Target: ph("Footer links")}},
			{Action: "scroll", Scroll: &flows.ScrollArgs{To: "bottom"}},
			{Action: "scroll", Scroll: &flows.ScrollArgs{Target: &flows.Target{CSS: "#reviews"}}},
		}),
		Entry("wait", "wait.yaml", []*flows.Step{
			{Action: "wait", Wait: &flows.WaitArgs{Duration: 500 * time.Millisecond}},
			{Action: "wait", Wait: &flows.WaitArgs{Duration: 250 * time.Millisecond}},
			{Action: "wait", Wait: &flows.WaitArgs{Duration: 90 * time.Second}},
			{Action: "wait", Wait: &flows.WaitArgs{Text: "Order placed"}},
			{Action: "wait", Wait: &flows.WaitArgs{Target: ph("Continue")}},
			{Action: "wait", Wait: &flows.WaitArgs{Gone: &flows.Target{Role: "progressbar"}}},
			{Action: "wait", Wait: &flows.WaitArgs{URL: &flows.Match{Contains: sp("/orders/")}}},
			{Action: "wait", Wait: &flows.WaitArgs{URL: &flows.Match{Matches: &flows.Regex{Source: `/orders/\d+$`}}}},
			{Action: "wait", Wait: &flows.WaitArgs{Load: "networkidle"}},
		}),
		Entry("expect", "expect.yaml", []*flows.Step{
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "visible", Target: ph("Welcome back")}},
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "hidden", Target: &flows.Target{Role: "dialog"}}},
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "text", Target: &flows.Target{TestID: "total"}, Match: &flows.Match{Equals: sp("$42.00")}}},
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "text", Target: ph("Greeting"), Match: &flows.Match{Contains: sp("Ada")}}},
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "text", Target: ph("Status"), Match: &flows.Match{Matches: &flows.Regex{Source: "/ship(ped|ping)/i"}}}},
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "value", Target: ph("Email"), Match: &flows.Match{Equals: sp("qa@example.com")}}},
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "url", Match: &flows.Match{Equals: sp("http://shop.test/cart")}}},
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "url", Match: &flows.Match{Contains: sp("/cart")}}},
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "url", Match: &flows.Match{Matches: &flows.Regex{Source: `orders/\d+`}}}},
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "title", Match: &flows.Match{Equals: sp("Cart")}}},
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "count", Target: &flows.Target{Role: "listitem"}, Equals: ip(3)}},
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "count", Target: ph("Item"), Min: ip(1)}},
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "count", Target: ph("Item"), Min: ip(1), Max: ip(5)}},
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "count", Target: ph("Item"), Max: ip(0)}},
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "enabled", Target: ph("Place order")}},
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "disabled", Target: ph("Submit")}},
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "checked", Target: ph("Remember me")}},
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "unchecked", Target: ph("Newsletter")}},
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "no_console_errors"}},
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "no_failed_requests"}},
		}),
		Entry("assert and if", "assert.yaml", []*flows.Step{
			{Action: "assert", Assert: &flows.AssertArgs{That: ex(`url contains "/cart"`)}},
			{Action: "assert", Assert: &flows.AssertArgs{That: ex(`count("Item") >= vars.min`), Message: "at least two items"}},
			{Action: "assert", Assert: &flows.AssertArgs{That: ex(`visible({role: "button", name: "Pay"}) && enabled("Pay")`)}},
			{Action: "assert", Assert: &flows.AssertArgs{That: ex(`len(console_errors()) == 0 && len(failed_requests()) == 0`)}},
			{Action: "assert", Assert: &flows.AssertArgs{That: ex(`attr("Logo", "alt") != "" and status == 200`)}},
			{Action: "assert", Assert: &flows.AssertArgs{That: ex(`text("Total") matches "^\\$"`)}},
			{Action: "assert", Assert: &flows.AssertArgs{That: ex(`true`)}},
			{Action: "click", If: ex(`exists("Cookie banner") && env.BASE_URL != ""`), Pointer: &flows.PointerArgs{Target: ph("Dismiss"), Button: "left"}},
		}),
		Entry("extract", "extract.yaml", []*flows.Step{
			{Action: "extract", Extract: &flows.ExtractArgs{Var: "total", From: &flows.Target{TestID: "total"}}},
			{Action: "extract", Extract: &flows.ExtractArgs{Var: "href", From: ph("Help"), Attr: "href"}},
			{Action: "extract", Extract: &flows.ExtractArgs{Var: "n", Expr: ex(`count("Item") + 1`)}},
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "text", Target: ph("Summary"), Match: &flows.Match{Contains: sp("${vars.total} ${href} ${n}")}}},
			{Action: "assert", Assert: &flows.AssertArgs{That: ex(`vars.total != "" && vars.n > 1`)}},
		}),
		Entry("screenshot", "screenshot.yaml", []*flows.Step{
			{Action: "screenshot", Screenshot: &flows.ScreenshotArgs{Name: "cart"}},
			{Action: "screenshot", Screenshot: &flows.ScreenshotArgs{Name: "whole", FullPage: true}},
			{Action: "screenshot", Screenshot: &flows.ScreenshotArgs{Name: "header", Target: &flows.Target{Role: "banner"}}},
		}),
		Entry("eval", "eval.yaml", []*flows.Step{
			{Action: "eval", Eval: "document.title"},
			{Action: "eval", Eval: "const n = ${vars.id};\nreturn `item $${n}`;\n"},
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "text", Target: ph("Title"), Match: &flows.Match{Equals: sp("${vars.result}")}}},
			{Action: "assert", Assert: &flows.AssertArgs{That: ex(`vars.result != nil`)}},
		}),
		Entry("request", "request.yaml", []*flows.Step{
			{Action: "request", Request: &flows.RequestArgs{Method: "GET", URL: "/api/health"}},
			{Action: "assert", Assert: &flows.AssertArgs{That: ex(`response.status == 200`)}},
			{Action: "request", Request: &flows.RequestArgs{Method: "POST", URL: "/api/items",
				Headers: []flows.Header{{Name: "Authorization", Value: "Bearer ${secrets.SHOP_PASSWORD}"}, {Name: "X-Count", Value: "3"}},
				JSON:    &flows.JSONBody{Value: map[string]any{"name": "shoes", "qty": "${vars.qty}", "tags": []any{"a", "b"}}}}},
			{Action: "extract", Extract: &flows.ExtractArgs{Var: "id", Expr: ex("response.json.id")}},
			{Action: "request", Request: &flows.RequestArgs{Method: "POST", URL: "/api/items/${vars.id}", Body: sp("qty=${vars.qty}")}},
			{Action: "request", Request: &flows.RequestArgs{Method: "DELETE", URL: "https://api.shop.test/items/${response.json.id}"}},
			{Action: "assert", Assert: &flows.AssertArgs{That: ex(`response.headers["content-type"] contains "json" && response.body != "" && response.url != ""`)}},
			{Action: "run", Run: &flows.RunArgs{Flow: "_lib/seed.yaml"}},
			{Action: "assert", Assert: &flows.AssertArgs{That: ex(`response.status == 201`)}},
		}),
		Entry("pages", "pages.yaml", []*flows.Step{
			{Action: "dialog", Dialog: &flows.DialogArgs{Accept: false}},
			{Action: "dialog", Dialog: &flows.DialogArgs{Accept: true, Text: sp("${vars.answer}")}},
			{Action: "dialog", Dialog: &flows.DialogArgs{Accept: true, Text: sp("42")}},
			{Action: "dialog", Dialog: &flows.DialogArgs{Accept: true}},
			{Action: "click", Pointer: &flows.PointerArgs{Target: ph("Delete")}},
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "dialog", Match: &flows.Match{Contains: sp("Are you sure")}}},
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "dialog", Match: &flows.Match{Matches: &flows.Regex{Source: `^Name\?$`}}}},
			{Action: "click", Pointer: &flows.PointerArgs{Target: ph("Open help")}},
			{Action: "tab", Tab: &flows.TabArgs{Previous: true}},
			{Action: "tab", Tab: &flows.TabArgs{Index: ip(0)}},
			{Action: "tab", Tab: &flows.TabArgs{URL: &flows.Match{Contains: sp("/help")}}},
			{Action: "click", Pointer: &flows.PointerArgs{Target: ph("Export CSV")}},
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "download", Match: &flows.Match{Matches: &flows.Regex{Source: `\.csv$`}}}},
			{Action: "upload", Upload: &flows.UploadArgs{Target: ph("Import"), Files: []string{"${vars.download}"}}},
		}),
		Entry("run", "run.yaml", []*flows.Step{
			{Action: "run", Run: &flows.RunArgs{Flow: "_lib/login.yaml"}},
			{Action: "run", Run: &flows.RunArgs{Flow: "_lib/login.yaml", With: []flows.Var{
				{Name: "email", Value: "admin@example.com"},
				{Name: "password", Value: "${secrets.SHOP_PASSWORD}"},
			}}},
			{Action: "expect", Expect: &flows.ExpectArgs{Kind: "text", Target: ph("Account"), Match: &flows.Match{Contains: sp("${vars.user_id}")}}},
			{Action: "run", Run: &flows.RunArgs{Flow: "_lib/search.yaml", With: []flows.Var{{Name: "query", Value: "shoes"}}}},
			{Action: "assert", Assert: &flows.AssertArgs{That: ex(`vars.result > 0`)}},
		}),
		Entry("group and repeat", "group_repeat.yaml", []*flows.Step{
			{Action: "group", Name: "Cookie banner", If: ex(`exists("Cookie banner")`), Optional: true, Group: &flows.GroupArgs{Steps: []*flows.Step{
				{Action: "click", Pointer: &flows.PointerArgs{Target: ph("Accept cookies")}},
				{Action: "expect", Expect: &flows.ExpectArgs{Kind: "hidden", Target: ph("Cookie banner")}},
			}}},
			{Action: "repeat", Repeat: &flows.RepeatArgs{Times: 3, Steps: []*flows.Step{
				{Action: "click", Pointer: &flows.PointerArgs{Target: ph("Add")}},
			}}},
			{Action: "repeat", Repeat: &flows.RepeatArgs{While: ex(`exists("Load more")`), Max: 10, Steps: []*flows.Step{
				{Action: "click", Pointer: &flows.PointerArgs{Target: ph("Load more")}},
			}}},
			{Action: "repeat", Repeat: &flows.RepeatArgs{Until: ex(`count("Row") >= 50`), Max: flows.DefaultRepeatMax, Steps: []*flows.Step{
				{Action: "scroll", Scroll: &flows.ScrollArgs{By: 500}},
			}}},
		}),
		Entry("common keys", "common.yaml", []*flows.Step{
			{Action: "click", Name: "Sign in with ${vars.who}", If: ex(`url contains "/login"`), Timeout: 20 * time.Second, Optional: true, Retry: 2,
				Pointer: &flows.PointerArgs{Target: ph("Sign in")}},
			{Action: "wait", Timeout: 3 * time.Second, Wait: &flows.WaitArgs{Duration: time.Second}},
		}),
		Entry("targets", "targets.yaml", []*flows.Step{
			{Action: "click", Pointer: &flows.PointerArgs{Target: &flows.Target{Ref: "e6"}}},
			{Action: "click", Pointer: &flows.PointerArgs{Target: &flows.Target{Ref: "e7", Role: "button", Name: "Save"}}},
			{Action: "click", Pointer: &flows.PointerArgs{Target: &flows.Target{Label: "Email"}}},
			{Action: "click", Pointer: &flows.PointerArgs{Target: &flows.Target{Placeholder: "Search…"}}},
			{Action: "click", Pointer: &flows.PointerArgs{Target: &flows.Target{Text: "Learn more", Exact: true}}},
			{Action: "click", Pointer: &flows.PointerArgs{Target: &flows.Target{TestID: "submit"}}},
			{Action: "click", Pointer: &flows.PointerArgs{Target: &flows.Target{CSS: "form > button.primary"}}},
			{Action: "click", Pointer: &flows.PointerArgs{Target: &flows.Target{Role: "checkbox", Within: &flows.Target{Role: "listitem", HasText: "buy milk"}}}},
			{Action: "click", Pointer: &flows.PointerArgs{Target: &flows.Target{Role: "link", Name: "/^help$/i", Nth: ip(1)}}},
			{Action: "click", Pointer: &flows.PointerArgs{Target: &flows.Target{Phrase: "Delete", Within: &flows.Target{Role: "row", HasText: "Ada", Within: &flows.Target{CSS: "table#users"}}}}},
			{Action: "click", Pointer: &flows.PointerArgs{Target: &flows.Target{Name: "Close"}}},
			{Action: "click", Pointer: &flows.PointerArgs{Target: ph(`the button labeled "Place order"`)}},
		}),
		Entry("anchors and merge keys", "anchors.yaml", []*flows.Step{
			{Action: "click", Pointer: &flows.PointerArgs{Target: ph("Go")}},
			{Action: "click", Pointer: &flows.PointerArgs{Target: ph("Go")}},
			{Action: "click", Timeout: 30 * time.Second, Retry: 1, Pointer: &flows.PointerArgs{Target: ph("Slow button")}},
		}),
	)

	It("keeps the positions of targets", func() {
		f := loadValid("targets.yaml")
		t := f.Steps[7].Pointer.Target
		Expect(t.Pos.Line).To(Equal(10))
		Expect(t.Within.Pos.Line).To(Equal(10))
		Expect(t.Within.Pos.Col).To(BeNumerically(">", t.Pos.Col))
	})

	It("compiles regexes of matches, with /re/flags", func() {
		f := loadValid("expect.yaml")
		re := f.Steps[4].Expect.Match.Matches.Re
		Expect(re.MatchString("SHIPPED")).To(BeTrue())
	})
})
