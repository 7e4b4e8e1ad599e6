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
// compiled programs and regexes, loaded sub-flows (see scrub).
func normalize(steps []*flows.Step) []*flows.Step {
	scrub(steps, true)
	return steps
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
		seen := map[flows.ActionName]bool{}
		var walk func([]*flows.Step)
		walk = func(steps []*flows.Step) {
			for _, s := range steps {
				seen[s.Action.Name()] = true
				switch a := s.Action.(type) {
				case *flows.Group:
					walk(a.Steps)
				case *flows.Repeat:
					walk(a.Steps)
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
		Expect(normalize(f.Setup)).To(Equal([]*flows.Step{{Action: &flows.Open{URL: "/"}}}))
		Expect(normalize(f.Steps)).To(Equal([]*flows.Step{
			{Action: &flows.Fill{Target: ph("Password"), Value: "${secrets.SHOP_PASSWORD}"}},
			{Action: &flows.Expect{Kind: "text", Target: ph("Greeting"), Match: &flows.Match{Contains: sp("${user.first} ${vars.list.1}")}}},
		}))
		Expect(normalize(f.Teardown)).To(Equal([]*flows.Step{{Action: &flows.Screenshot{Artifact: "final"}}}))
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
		inner := g.Action.(*flows.Group).Steps[1]
		Expect(inner.Pos.Line).To(Equal(6))
		Expect(inner.EndLine).To(Equal(6))
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
			{Action: &flows.Open{URL: "/login"}},
			{Action: &flows.Open{URL: "https://example.com/a?b=c"}},
			{Action: &flows.Open{URL: "/cart", Wait: "networkidle"}},
			{Action: &flows.Open{URL: "about:blank"}},
		}),
		Entry("snapshot", "snapshot.yaml", []*flows.Step{
			{Action: &flows.Snapshot{}},
			{Action: &flows.Snapshot{}},
			{Action: &flows.Snapshot{Artifact: "login-page"}},
			{Action: &flows.Snapshot{Artifact: "full-page", Full: true}},
			{Action: &flows.Snapshot{Artifact: "cart", Compact: true}},
		}),
		Entry("click, dblclick, hover, drag", "pointer.yaml", []*flows.Step{
			{Action: &flows.Pointer{Act: flows.ActionClick, Target: ph("Sign in")}},
			{Action: &flows.Pointer{Act: flows.ActionClick, Target: &flows.Target{Ref: "e6"}}},
			{Action: &flows.Pointer{Act: flows.ActionClick, Target: &flows.Target{Name: "/sign (in|up)/i"}}},
			{Action: &flows.Pointer{Act: flows.ActionClick, Target: &flows.Target{Role: "button", Name: "Place order", Exact: true}}},
			{Action: &flows.Pointer{Act: flows.ActionClick, Target: ph("Sign in"), Button: "right", Modifiers: []string{"Shift"}}},
			{Action: &flows.Pointer{Act: flows.ActionClick, Target: &flows.Target{Role: "link", Name: "Help"}, Modifiers: []string{"Control"}}},
			{Action: &flows.Pointer{Act: flows.ActionDblClick, Target: ph("Row 1")}},
			{Action: &flows.Pointer{Act: flows.ActionHover, Target: ph("Menu"), Button: "middle"}},
			{Action: &flows.Drag{From: ph("Card A"), To: ph("Done")}},
			{Action: &flows.Drag{From: &flows.Target{CSS: ".handle"}, To: &flows.Target{Role: "slider"}, At: &flows.Offset{X: 40, Y: 2.5}}},
		}),
		Entry("fill and type", "fill_type.yaml", []*flows.Step{
			{Action: &flows.Fill{Target: ph("Email"), Value: "qa@example.com"}},
			{Action: &flows.Fill{Target: &flows.Target{Label: "Quantity"}, Value: "2"}},
			{Action: &flows.Fill{Target: ph("Notes"), Value: ""}},
			{Action: &flows.TypeText{Target: ph("Search"), Text: "shoes"}},
			{Action: &flows.TypeText{Target: ph("Search"), Text: "boots", Delay: 50 * time.Millisecond}},
		}),
		Entry("press", "press.yaml", []*flows.Step{
			{Action: &flows.Press{Key: "Enter"}},
			{Action: &flows.Press{Key: "Control+A"}},
			{Action: &flows.Press{Key: "Control+Shift+ArrowDown"}},
			{Action: &flows.Press{Key: "a"}},
			{Action: &flows.Press{Key: "Shift++"}},
			{Action: &flows.Press{Target: ph("Search"), Key: "Escape"}},
		}),
		Entry("select", "select.yaml", []*flows.Step{
			{Action: &flows.Select{Target: ph("Country"), Options: []string{"France"}}},
			{Action: &flows.Select{Target: ph("Sizes"), Options: []string{"S", "M", "42"}}},
		}),
		Entry("check and uncheck", "check.yaml", []*flows.Step{
			{Action: &flows.Check{Act: flows.ActionCheck, Target: ph("Remember me")}},
			{Action: &flows.Check{Act: flows.ActionUncheck, Target: &flows.Target{Role: "checkbox", Name: "Newsletter"}}},
			{Action: &flows.Check{Act: flows.ActionCheck, Target: &flows.Target{Ref: "e4"}}},
		}),
		Entry("upload", "upload.yaml", []*flows.Step{
			{Action: &flows.Upload{Target: ph("Avatar"), Files: []string{"files/avatar.png"}}},
			{Action: &flows.Upload{Target: &flows.Target{Label: "Attachments"}, Files: []string{"files/avatar.png", "files/data.csv"}}},
			{Action: &flows.Upload{Target: ph("Avatar"), Files: []string{"files/data.csv"}}},
		}),
		Entry("scroll", "scroll.yaml", []*flows.Step{
			{Action: &flows.Scroll{To: "bottom"}},
			{Action: &flows.Scroll{To: "top"}},
			{Action: &flows.Scroll{By: 300}},
			{Action: &flows.Scroll{By: -120}},
			{Action: &flows.Scroll{Target: ph("Footer")}},
			{Action: &flows.Scroll{Target: ph("Footer links")}},
			{Action: &flows.Scroll{To: "bottom"}},
			{Action: &flows.Scroll{Target: &flows.Target{CSS: "#reviews"}}},
		}),
		Entry("wait", "wait.yaml", []*flows.Step{
			{Action: &flows.Wait{Duration: 500 * time.Millisecond}},
			{Action: &flows.Wait{Duration: 250 * time.Millisecond}},
			{Action: &flows.Wait{Duration: 90 * time.Second}},
			{Action: &flows.Wait{Text: "Order placed"}},
			{Action: &flows.Wait{Target: ph("Continue")}},
			{Action: &flows.Wait{Gone: &flows.Target{Role: "progressbar"}}},
			{Action: &flows.Wait{URL: &flows.Match{Contains: sp("/orders/")}}},
			{Action: &flows.Wait{URL: &flows.Match{Matches: &flows.Regex{Source: `/orders/\d+$`}}}},
			{Action: &flows.Wait{Load: "networkidle"}},
		}),
		Entry("expect", "expect.yaml", []*flows.Step{
			{Action: &flows.Expect{Kind: "visible", Target: ph("Welcome back")}},
			{Action: &flows.Expect{Kind: "hidden", Target: &flows.Target{Role: "dialog"}}},
			{Action: &flows.Expect{Kind: "text", Target: &flows.Target{TestID: "total"}, Match: &flows.Match{Equals: sp("$42.00")}}},
			{Action: &flows.Expect{Kind: "text", Target: ph("Greeting"), Match: &flows.Match{Contains: sp("Ada")}}},
			{Action: &flows.Expect{Kind: "text", Target: ph("Status"), Match: &flows.Match{Matches: &flows.Regex{Source: "/ship(ped|ping)/i"}}}},
			{Action: &flows.Expect{Kind: "value", Target: ph("Email"), Match: &flows.Match{Equals: sp("qa@example.com")}}},
			{Action: &flows.Expect{Kind: "url", Match: &flows.Match{Equals: sp("http://shop.test/cart")}}},
			{Action: &flows.Expect{Kind: "url", Match: &flows.Match{Contains: sp("/cart")}}},
			{Action: &flows.Expect{Kind: "url", Match: &flows.Match{Matches: &flows.Regex{Source: `orders/\d+`}}}},
			{Action: &flows.Expect{Kind: "title", Match: &flows.Match{Equals: sp("Cart")}}},
			{Action: &flows.Expect{Kind: "count", Target: &flows.Target{Role: "listitem"}, Equals: ip(3)}},
			{Action: &flows.Expect{Kind: "count", Target: ph("Item"), Min: ip(1)}},
			{Action: &flows.Expect{Kind: "count", Target: ph("Item"), Min: ip(1), Max: ip(5)}},
			{Action: &flows.Expect{Kind: "count", Target: ph("Item"), Max: ip(0)}},
			{Action: &flows.Expect{Kind: "enabled", Target: ph("Place order")}},
			{Action: &flows.Expect{Kind: "disabled", Target: ph("Submit")}},
			{Action: &flows.Expect{Kind: "checked", Target: ph("Remember me")}},
			{Action: &flows.Expect{Kind: "unchecked", Target: ph("Newsletter")}},
			{Action: &flows.Expect{Kind: "no_console_errors"}},
			{Action: &flows.Expect{Kind: "no_failed_requests"}},
			{Action: &flows.Expect{Kind: "screenshot", Baseline: "checkout-page"}},
			{Action: &flows.Expect{Kind: "screenshot", Baseline: "checkout-page-2", MaxDiffRatio: 0.01,
				Mask: []*flows.Target{ph("Today's date"), {TestID: "ad"}}}},
			{Action: &flows.Expect{Kind: "screenshot", Baseline: "header", Target: &flows.Target{Role: "banner"}, Mask: []*flows.Target{ph("Clock")}}},
			{Action: &flows.Expect{Kind: "screenshot", Baseline: "whole", FullPage: true}},
			{Action: &flows.Expect{Kind: "snapshot", Baseline: "checkout-page"}},
			{Action: &flows.Expect{Kind: "a11y", A11y: &flows.A11y{}}},
			{Action: &flows.Expect{Kind: "a11y", Target: &flows.Target{Role: "form", Name: "Checkout"},
				A11y: &flows.A11y{Impact: "critical", Rules: []string{"image-alt", "label"}}}},
			{Action: &flows.Expect{Kind: "a11y", Baseline: "known-issues", A11y: &flows.A11y{Disable: []string{"color-contrast"}}}},
		}),
		Entry("assert and if", "assert.yaml", []*flows.Step{
			{Action: &flows.Assert{That: ex(`url contains "/cart"`)}},
			{Action: &flows.Assert{That: ex(`count("Item") >= vars.min`), Message: "at least two items"}},
			{Action: &flows.Assert{That: ex(`visible({role: "button", name: "Pay"}) && enabled("Pay")`)}},
			{Action: &flows.Assert{That: ex(`len(console_errors()) == 0 && len(failed_requests()) == 0`)}},
			{Action: &flows.Assert{That: ex(`attr("Logo", "alt") != "" and status == 200`)}},
			{Action: &flows.Assert{That: ex(`text("Total") matches "^\\$"`)}},
			{Action: &flows.Assert{That: ex(`true`)}},
			{If: ex(`exists("Cookie banner") && env.BASE_URL != ""`), Action: &flows.Pointer{Act: flows.ActionClick, Target: ph("Dismiss"), Button: "left"}},
		}),
		Entry("extract", "extract.yaml", []*flows.Step{
			{Action: &flows.Extract{Var: "total", From: &flows.Target{TestID: "total"}}},
			{Action: &flows.Extract{Var: "href", From: ph("Help"), Attr: "href"}},
			{Action: &flows.Extract{Var: "n", Expr: ex(`count("Item") + 1`)}},
			{Action: &flows.Expect{Kind: "text", Target: ph("Summary"), Match: &flows.Match{Contains: sp("${vars.total} ${href} ${n}")}}},
			{Action: &flows.Assert{That: ex(`vars.total != "" && vars.n > 1`)}},
		}),
		Entry("screenshot", "screenshot.yaml", []*flows.Step{
			{Action: &flows.Screenshot{Artifact: "cart"}},
			{Action: &flows.Screenshot{Artifact: "whole", FullPage: true}},
			{Action: &flows.Screenshot{Artifact: "header", Target: &flows.Target{Role: "banner"}}},
		}),
		Entry("eval", "eval.yaml", []*flows.Step{
			{Action: &flows.Eval{JS: "document.title"}},
			{Action: &flows.Eval{JS: "const n = ${vars.id};\nreturn `item $${n}`;\n"}},
			{Action: &flows.Expect{Kind: "text", Target: ph("Title"), Match: &flows.Match{Equals: sp("${vars.result}")}}},
			{Action: &flows.Assert{That: ex(`vars.result != nil`)}},
		}),
		Entry("request", "request.yaml", []*flows.Step{
			{Action: &flows.Request{Method: "GET", URL: "/api/health"}},
			{Action: &flows.Assert{That: ex(`response.status == 200`)}},
			{Action: &flows.Request{Method: "POST", URL: "/api/items",
				Headers: []flows.Header{{Name: "Authorization", Value: "Bearer ${secrets.SHOP_PASSWORD}"}, {Name: "X-Count", Value: "3"}},
				JSON:    &flows.JSONBody{Value: map[string]any{"name": "shoes", "qty": "${vars.qty}", "tags": []any{"a", "b"}}}}},
			{Action: &flows.Extract{Var: "id", Expr: ex("response.json.id")}},
			{Action: &flows.Request{Method: "POST", URL: "/api/items/${vars.id}", Body: sp("qty=${vars.qty}")}},
			{Action: &flows.Request{Method: "DELETE", URL: "https://api.shop.test/items/${response.json.id}"}},
			{Action: &flows.Assert{That: ex(`response.headers["content-type"] contains "json" && response.body != "" && response.url != ""`)}},
			{Action: &flows.Run{Flow: "_lib/seed.yaml"}},
			{Action: &flows.Assert{That: ex(`response.status == 201`)}},
		}),
		Entry("pages", "pages.yaml", []*flows.Step{
			{Action: &flows.Dialog{Accept: false}},
			{Action: &flows.Dialog{Accept: true, Text: sp("${vars.answer}")}},
			{Action: &flows.Dialog{Accept: true, Text: sp("42")}},
			{Action: &flows.Dialog{Accept: true}},
			{Action: &flows.Pointer{Act: flows.ActionClick, Target: ph("Delete")}},
			{Action: &flows.Expect{Kind: "dialog", Match: &flows.Match{Contains: sp("Are you sure")}}},
			{Action: &flows.Expect{Kind: "dialog", Match: &flows.Match{Matches: &flows.Regex{Source: `^Name\?$`}}}},
			{Action: &flows.Pointer{Act: flows.ActionClick, Target: ph("Open help")}},
			{Action: &flows.Tab{Previous: true}},
			{Action: &flows.Tab{Index: ip(0)}},
			{Action: &flows.Tab{URL: &flows.Match{Contains: sp("/help")}}},
			{Action: &flows.Pointer{Act: flows.ActionClick, Target: ph("Export CSV")}},
			{Action: &flows.Expect{Kind: "download", Match: &flows.Match{Matches: &flows.Regex{Source: `\.csv$`}}}},
			{Action: &flows.Upload{Target: ph("Import"), Files: []string{"${vars.download}"}}},
		}),
		Entry("run", "run.yaml", []*flows.Step{
			{Action: &flows.Run{Flow: "_lib/login.yaml"}},
			{Action: &flows.Run{Flow: "_lib/login.yaml", With: []flows.Var{
				{Name: "email", Value: "admin@example.com"},
				{Name: "password", Value: "${secrets.SHOP_PASSWORD}"},
			}}},
			{Action: &flows.Expect{Kind: "text", Target: ph("Account"), Match: &flows.Match{Contains: sp("${vars.user_id}")}}},
			{Action: &flows.Run{Flow: "_lib/search.yaml", With: []flows.Var{{Name: "query", Value: "shoes"}}}},
			{Action: &flows.Assert{That: ex(`vars.result > 0`)}},
		}),
		Entry("group and repeat", "group_repeat.yaml", []*flows.Step{
			{Name: "Cookie banner", If: ex(`exists("Cookie banner")`), Optional: true, Action: &flows.Group{Steps: []*flows.Step{
				{Action: &flows.Pointer{Act: flows.ActionClick, Target: ph("Accept cookies")}},
				{Action: &flows.Expect{Kind: "hidden", Target: ph("Cookie banner")}},
			}}},
			{Action: &flows.Repeat{Times: 3, Steps: []*flows.Step{
				{Action: &flows.Pointer{Act: flows.ActionClick, Target: ph("Add")}},
			}}},
			{Action: &flows.Repeat{While: ex(`exists("Load more")`), Max: 10, Steps: []*flows.Step{
				{Action: &flows.Pointer{Act: flows.ActionClick, Target: ph("Load more")}},
			}}},
			{Action: &flows.Repeat{Until: ex(`count("Row") >= 50`), Max: flows.DefaultRepeatMax, Steps: []*flows.Step{
				{Action: &flows.Scroll{By: 500}},
			}}},
		}),
		Entry("common keys", "common.yaml", []*flows.Step{
			{Name: "Sign in with ${vars.who}", If: ex(`url contains "/login"`), Timeout: 20 * time.Second, Optional: true, Retry: 2,
				Action: &flows.Pointer{Act: flows.ActionClick, Target: ph("Sign in")}},
			{Timeout: 3 * time.Second, Action: &flows.Wait{Duration: time.Second}},
		}),
		Entry("targets", "targets.yaml", []*flows.Step{
			{Action: &flows.Pointer{Act: flows.ActionClick, Target: &flows.Target{Ref: "e6"}}},
			{Action: &flows.Pointer{Act: flows.ActionClick, Target: &flows.Target{Ref: "e7", Role: "button", Name: "Save"}}},
			{Action: &flows.Pointer{Act: flows.ActionClick, Target: &flows.Target{Label: "Email"}}},
			{Action: &flows.Pointer{Act: flows.ActionClick, Target: &flows.Target{Placeholder: "Search…"}}},
			{Action: &flows.Pointer{Act: flows.ActionClick, Target: &flows.Target{Text: "Learn more", Exact: true}}},
			{Action: &flows.Pointer{Act: flows.ActionClick, Target: &flows.Target{TestID: "submit"}}},
			{Action: &flows.Pointer{Act: flows.ActionClick, Target: &flows.Target{CSS: "form > button.primary"}}},
			{Action: &flows.Pointer{Act: flows.ActionClick, Target: &flows.Target{Role: "checkbox", Within: &flows.Target{Role: "listitem", HasText: "buy milk"}}}},
			{Action: &flows.Pointer{Act: flows.ActionClick, Target: &flows.Target{Role: "link", Name: "/^help$/i", Nth: ip(1)}}},
			{Action: &flows.Pointer{Act: flows.ActionClick, Target: &flows.Target{Phrase: "Delete", Within: &flows.Target{Role: "row", HasText: "Ada", Within: &flows.Target{CSS: "table#users"}}}}},
			{Action: &flows.Pointer{Act: flows.ActionClick, Target: &flows.Target{Name: "Close"}}},
			{Action: &flows.Pointer{Act: flows.ActionClick, Target: ph(`the button labeled "Place order"`)}},
		}),
		Entry("anchors and merge keys", "anchors.yaml", []*flows.Step{
			{Action: &flows.Pointer{Act: flows.ActionClick, Target: ph("Go")}},
			{Action: &flows.Pointer{Act: flows.ActionClick, Target: ph("Go")}},
			{Timeout: 30 * time.Second, Retry: 1, Action: &flows.Pointer{Act: flows.ActionClick, Target: ph("Slow button")}},
		}),
	)

	It("keeps the positions of targets", func() {
		f := loadValid("targets.yaml")
		t := f.Steps[7].Target()
		Expect(t.Pos.Line).To(Equal(10))
		Expect(t.Within.Pos.Line).To(Equal(10))
		Expect(t.Within.Pos.Col).To(BeNumerically(">", t.Pos.Col))
	})

	It("compiles regexes of matches, with /re/flags", func() {
		f := loadValid("expect.yaml")
		re := f.Steps[4].Action.(*flows.Expect).Match.Matches.Re
		Expect(re.MatchString("SHIPPED")).To(BeTrue())
	})
})
