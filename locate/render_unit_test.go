package locate

import (
	"fmt"
	"strings"
	"testing"
)

// page makes a snapshot of hand-made nodes under a root, as Build would
// link them (docs/targets.md "The snapshot").
func page(url, title string, status int, kids ...*Node) *Snapshot {
	root := &Node{Role: "RootWebArea", Name: title}
	var link func(p *Node, ns []*Node)
	link = func(p *Node, ns []*Node) {
		p.Children = ns
		for _, n := range ns {
			n.Parent = p
			link(n, n.Children)
		}
	}
	link(root, kids)
	finish(root, "")
	return &Snapshot{URL: url, Title: title, Status: status, Root: root}
}

func text(s string) *Node {
	return &Node{Role: "StaticText", Name: s, runs: s, inline: true, Visible: true}
}

func TestHeader(t *testing.T) {
	for _, c := range []struct {
		snap *Snapshot
		want string
	}{
		{&Snapshot{URL: "http://127.0.0.1:4000/cart", Title: "Cart", Status: 200}, "# http://127.0.0.1:4000/cart \"Cart\"\n"},
		{&Snapshot{URL: "http://x/nope", Title: "Oops", Status: 404}, "# http://x/nope \"Oops\" — HTTP 404 Not Found\n"},
		{&Snapshot{URL: "http://x/boom", Status: 500}, "# http://x/boom — HTTP 500 Internal Server Error\n"},
		{&Snapshot{URL: "http://x/odd", Status: 599}, "# http://x/odd — HTTP 599\n"},
		{&Snapshot{URL: "about:blank"}, "# about:blank\n"},
		{&Snapshot{Title: `Say "hi"`}, "# \"Say \\\"hi\\\"\"\n"},
		{&Snapshot{}, ""},
	} {
		if got := c.snap.Header(); got != c.want {
			t.Errorf("Header of %+v = %q, want %q", c.snap, got, c.want)
		}
	}
	long := "http://x/" + strings.Repeat("a", 200)
	if got := (&Snapshot{URL: long}).Header(); len([]rune(got)) != len("# \n")+MaxNameLen || !strings.HasSuffix(got, "…\n") {
		t.Errorf("a long URL is not cut: %q", got)
	}
}

func TestJSONNodesAlwaysAList(t *testing.T) {
	snap := page("http://x/", "Empty", 200, &Node{Role: "generic", Ignored: true})
	j, err := snap.JSON(RenderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(j), `"nodes": []`) {
		t.Errorf("no kept node: %s", j)
	}
	if got := snap.String(); got != "# http://x/ \"Empty\"\n" {
		t.Errorf("text: %q", got)
	}
}

// TestIdleOnlyWhenAsked: the note and the page's text of a snapshot with
// nothing actionable come with Idle only; the default render, which an
// `expect: {snapshot}` baseline, `smokeflow diff`, a trace and explore's
// fingerprint use, is the page's lines alone (docs/targets.md "The
// snapshot", "Nothing actionable yet").
func TestIdleOnlyWhenAsked(t *testing.T) {
	snap := page("http://x/", "Loading", 0, &Node{Role: "paragraph", Children: []*Node{text("Loading…")}})
	for _, o := range []RenderOptions{{}, {Mask: strings.ToUpper}, {Compact: true}, {Full: true}} {
		if got := snap.Render(o); strings.Contains(got, "# note:") {
			t.Errorf("Render(%+v) has the note:\n%s", o, got)
		}
	}
	if got, want := snap.Render(RenderOptions{}), "# http://x/ \"Loading\"\n"; got != want {
		t.Errorf("default render = %q, want %q (a baseline's text, unchanged)", got, want)
	}
	want := "# http://x/ \"Loading\"\n- text \"Loading…\"\n" + NothingActionableNote + "\n"
	if got := snap.Render(RenderOptions{Idle: true}); got != want {
		t.Errorf("idle render = %q, want %q", got, want)
	}
	if got := snap.Render(RenderOptions{Idle: true, Compact: true}); !strings.HasSuffix(got, NothingActionableNote+"\n") {
		t.Errorf("idle compact render has no note: %q", got)
	}
	// the note is what a page with nothing actionable pays on every read:
	// one short line that still says what to do
	if len(NothingActionableNote) > 70 || !strings.Contains(NothingActionableNote, "nothing actionable") ||
		!strings.Contains(NothingActionableNote, "`wait`") || !strings.Contains(NothingActionableNote, "snapshot again") {
		t.Errorf("the note is %d characters, want at most 70 that say to wait or take the snapshot again: %q", len(NothingActionableNote), NothingActionableNote)
	}
}

func TestLiveRegionLines(t *testing.T) {
	var entries []*Node
	for i := 1; i <= 30; i++ {
		entries = append(entries, &Node{Role: "paragraph", Children: []*Node{text(fmt.Sprintf("message %d", i))}})
	}
	snap := page("http://x/", "Live", 0,
		&Node{Role: "log", Name: "Chat", NameFrom: "aria-label", Live: true, Children: entries},
		&Node{Role: "status", Live: true},
		&Node{Role: "progressbar", Live: true},
		&Node{Role: "generic", Live: true, Children: []*Node{text("Saved")}},
		&Node{Role: "alert", Live: true, Children: []*Node{text("Oops")}},
	)
	lines := strings.Split(snap.String(), "\n")
	want := []string{`# http://x/ "Live"`, "", `- progressbar`, `- generic "Saved"`, `- alert "Oops"`, ""}
	logLine := lines[1]
	lines[1] = ""
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	// named by its author, a log's text is its value, cut to keep its end
	value, ok := strings.CutPrefix(logLine, `- log "Chat": …`)
	if !ok || !strings.HasSuffix(value, "message 29 message 30") || len([]rune(value)) >= MaxNameLen || len([]rune(value)) < MaxNameLen-10 {
		t.Errorf("log line: %q", logLine)
	}
}

func TestProgressValue(t *testing.T) {
	props := func(lo, hi string) []axProp { return []axProp{{"valuemin", lo}, {"valuemax", hi}} }
	for _, c := range []struct {
		value     string
		props     []axProp
		valueText string
		want      string
	}{
		{"40", props("0", "100"), "", "40%"},
		{"37", props("0", "50"), "", "74%"},
		{"37", props("0", "50"), " $37  of $50 ", "$37 of $50"},
		{"", props("0", "100"), "", ""},
		{"3", props("5", "5"), "", "3"},
		{"0.5", []axProp{{"valuemax", "1"}}, "", "50%"},
	} {
		if got := progressValue(c.value, c.props, c.valueText); got != c.want {
			t.Errorf("progressValue(%q, %v, %q) = %q, want %q", c.value, c.props, c.valueText, got, c.want)
		}
	}
}

func TestOptionList(t *testing.T) {
	if got := optionList([]string{"S", "M"}); got != "(S, M)" {
		t.Errorf("two options: %q", got)
	}
	var many []string
	for i := 0; i < 13; i++ {
		many = append(many, fmt.Sprint(i))
	}
	if got := optionList(many); got != "(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, … 3 more)" {
		t.Errorf("13 options: %q", got)
	}
}

// cell is a table cell with text, as a row's name comes from.
func cell(s string) *Node { return &Node{Role: "cell", Children: []*Node{text(s)}} }

func TestContextLinesTellApart(t *testing.T) {
	link := func(name string) *Node { return &Node{Role: "link", Name: name} }
	del := func() *Node { return &Node{Role: "button", Name: "Delete"} }
	snap := page("http://x/", "Orders", 0,
		// the footer tells its Sign in from the navigation's, with fewer
		// refs in it: neither the navigation nor the banner adds anything
		&Node{Role: "banner", Children: []*Node{{Role: "navigation", Name: "Main", Children: []*Node{link("Home"), link("Sign in")}}}},
		&Node{Role: "main", Children: []*Node{
			&Node{Role: "heading", Name: "Orders"},
			&Node{Role: "form", Children: []*Node{{Role: "button", Name: "Export"}}},
			&Node{Role: "table", Children: []*Node{
				{Role: "row", Children: []*Node{cell("Ada"), del()}},
				{Role: "row", Children: []*Node{cell("Alan"), del()}},
			}},
			&Node{Role: "listitem", Children: []*Node{link("Docs")}},
			&Node{Role: "group", Name: "Delivery", Children: []*Node{{Role: "radio", Name: "Standard"}}},
			&Node{Role: "group", Name: "Text", Children: []*Node{{Role: "button", Name: "Bold"}}},
			&Node{Role: "Iframe", Name: "Body", Children: []*Node{{Role: "textbox", Name: "Body"}}},
		}},
		&Node{Role: "contentinfo", Children: []*Node{link("Sign in")}},
		&Node{Role: "complementary", Children: []*Node{link("Help")}},
	)
	_, got, _ := strings.Cut(snap.String(), "\n")
	want := `- link "Home"
- link "Sign in"
- heading "Orders"
- button "Export"
- row "Ada"
  - button "Delete"
- row "Alan"
  - button "Delete"
- link "Docs"
- group "Delivery"
  - radio "Standard"
- button "Bold"
- Iframe
  - textbox "Body"
- contentinfo
  - link "Sign in"
- link "Help"
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if full := snap.Render(RenderOptions{Full: true, NoHeader: true, KnownURL: "http://x/"}); !strings.HasPrefix(full, "- banner\n") || !strings.Contains(full, "- main\n") {
		t.Errorf("--full keeps every landmark:\n%s", full)
	}
}

func TestKnownURL(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"http://h:1", "http://h:1/", true},
		{"http://h:1/a?b=1", "http://h:1/a?b=1", true},
		{"http://h:1/a", "http://h:1/a?b=1", false},
		{"http://h:1/#/active", "http://h:1/#/all", false},
		{"http://h:1/index.html#/", "http://h:1/index.html", true}, // a router's own fragment
		{"http://h:1/index.html", "http://h:1/index.html#/", false},
		{"http://h:1/app/", "http://h:1/app/index.html", true}, // a file server's redirect
		{"http://h:1/app", "http://h:1/app/", true},
		{"http://h:1/login", "http://h:1/app/", false},
		{"http://h:1/myindex.html", "http://h:1/my", false},
		{"http://h:1/a", "", false},
	} {
		if got := KnownURL(c.a, c.b); got != c.same {
			t.Errorf("KnownURL(%q, %q) = %v, want %v", c.a, c.b, got, c.same)
		}
	}
}

// TestLandmarksAndCards: a landmark, named or not, is a line only where
// it tells same-named elements apart; a card made clickable by its cursor
// keeps its line around the controls it holds, as every actionable
// element does (docs/targets.md "The snapshot", "Interactive mode").
func TestLandmarksAndCards(t *testing.T) {
	link := func(name string) *Node { return &Node{Role: "link", Name: name} }
	card := func(name string, kids ...*Node) *Node {
		return &Node{Role: "generic", Name: name, Clickable: true, Children: kids}
	}
	for _, c := range []struct {
		name string
		kids []*Node
		want string
	}{
		{"a named landmark of links found nowhere else",
			[]*Node{{Role: "complementary", Name: "Primary navigation", Children: []*Node{link("Home"), link("Inbox")}}},
			"- link \"Home\"\n- link \"Inbox\"\n"},
		{"two landmarks that tell a link apart, of one size",
			[]*Node{{Role: "navigation", Name: "Main", Children: []*Node{link("Home"), link("Sign in")}},
				{Role: "contentinfo", Children: []*Node{link("Help"), link("Sign in")}}},
			"- navigation \"Main\"\n  - link \"Home\"\n  - link \"Sign in\"\n- contentinfo\n  - link \"Help\"\n  - link \"Sign in\"\n"},
		{"the larger of two landmarks that tell a link apart yields",
			[]*Node{{Role: "complementary", Name: "Primary navigation", Children: []*Node{link("Home"), link("Inbox"), &Node{Role: "button", Name: "More options"}}},
				{Role: "main", Children: []*Node{&Node{Role: "button", Name: "More options"}, link("Edit")}}},
			"- link \"Home\"\n- link \"Inbox\"\n- button \"More options\"\n- main\n  - button \"More options\"\n  - link \"Edit\"\n"},
		{"a landmark yields to the rows around its twins",
			[]*Node{{Role: "navigation", Children: []*Node{link("Home"), link("Inbox"), &Node{Role: "button", Name: "Delete"}}},
				{Role: "table", Children: []*Node{{Role: "row", Children: []*Node{cell("Ada"), &Node{Role: "button", Name: "Delete"}}}, {Role: "row", Children: []*Node{cell("Alan"), &Node{Role: "button", Name: "Delete"}}}}}},
			"- link \"Home\"\n- link \"Inbox\"\n- button \"Delete\"\n- row \"Ada\"\n  - button \"Delete\"\n- row \"Alan\"\n  - button \"Delete\"\n"},
		{"a named search landmark",
			[]*Node{{Role: "search", Name: "Site", Children: []*Node{{Role: "searchbox", Name: "Search"}}}},
			"- searchbox \"Search\"\n"},
		{"a named form keeps its line",
			[]*Node{{Role: "form", Name: "Checkout", Children: []*Node{{Role: "button", Name: "Pay"}}}},
			"- form \"Checkout\"\n  - button \"Pay\"\n"},
		{"a card made clickable by its cursor, around a button, keeps its line",
			[]*Node{card("A Ada Admin", text("Ada"), &Node{Role: "button", Name: "More options"})},
			"- generic \"A Ada Admin\" [clickable]\n  - button \"More options\"\n"},
		{"a clickable by its cursor around another clickable stays",
			[]*Node{card("Row", card("Star"))},
			"- generic \"Row\" [clickable]\n  - generic \"Star\" [clickable]\n"},
	} {
		snap := page("http://x/", "P", 0, c.kids...)
		if got := snap.Render(RenderOptions{NoHeader: true, KnownURL: "http://x/"}); got != c.want {
			t.Errorf("%s: got:\n%s\nwant:\n%s", c.name, got, c.want)
		}
	}
}
