package locate

import "testing"

// TestNodeRules: the rules on a node that session, browser and the front
// ends ask it rather than write again: which roles take text
// (docs/targets.md "Actionability": Editable) and what a node reads as
// (docs/flows.md "expect", "extract").
func TestNodeRules(t *testing.T) {
	for _, c := range []struct {
		n        Node
		editable bool
		text     string
	}{
		{Node{Role: "textbox", Name: "Email", Text: ""}, true, "Email"},
		{Node{Role: "searchbox", Name: "Search"}, true, "Search"},
		{Node{Role: "combobox", Name: "Country"}, true, "Country"},
		{Node{Role: "spinbutton", Name: "Qty", ReadOnly: true}, true, "Qty"},
		{Node{Role: "slider", Name: "Volume"}, false, "Volume"},
		{Node{Role: "button", Name: "Save", Text: "Save now"}, false, "Save now"},
		{Node{Role: "textbox", Name: "Notes", EditHost: true}, true, ""},
	} {
		if got := c.n.EditableRole(); got != c.editable {
			t.Errorf("%s %q: EditableRole = %v, want %v", c.n.Role, c.n.Name, got, c.editable)
		}
		if got := c.n.TextOrName(); got != c.text {
			t.Errorf("%s %q: TextOrName = %q, want %q", c.n.Role, c.n.Name, got, c.text)
		}
	}
}

// A clip that leaves nothing to see conceals: docs/targets.md "The
// snapshot", "Labels, hosts and hidden native controls".
func TestClipAway(t *testing.T) {
	for _, c := range []struct {
		clip, path string
		want       bool
	}{
		{"rect(0px, 0px, 0px, 0px)", "none", true},
		{"rect(1px, 1px, 1px, 1px)", "none", true},
		{"auto", "inset(50%)", true},
		{"auto", "none", false},
		{"rect(0px, 100px, 20px, 0px)", "none", false},
		{"rect(auto, auto, auto, auto)", "none", false},
		{"auto", "inset(10%)", false},
	} {
		if got := clipAway(c.clip, c.path); got != c.want {
			t.Errorf("clipAway(%q, %q) = %v, want %v", c.clip, c.path, got, c.want)
		}
	}
}

// TestShownBeside: what a combobox that stays empty shows beside its
// input (docs/flows.md "expect", value): the nearest plain element around
// it that holds text other than its name, within two, or a third that
// holds no other control.
func TestShownBeside(t *testing.T) {
	field := func(role, value string, around ...string) *Node {
		n := &Node{Role: role, Name: "Flavour", Value: value}
		c := n
		for _, text := range around {
			p := &Node{Role: "generic", Text: text}
			c.Parent, p.Children = p, []*Node{c}
			c = p
		}
		return n
	}
	for _, c := range []struct {
		name string
		n    *Node
		want string
	}{
		{"react-select: the value two up", field("combobox", "", "", "Chocolate"), "Chocolate"},
		{"Quasar: its name taken out", field("combobox", "", "Flavour  Lyon"), "Lyon"},
		{"antd: three up, holding no other control", field("combobox", "", "", "", "Chocolate"), "Chocolate"},
		{"no more than three up", field("combobox", "", "", "", "", "Chocolate"), ""},
		{"a value of its own", field("combobox", "Cho", "Chocolate"), ""},
		{"only its name around it", field("combobox", "", "Flavour"), ""},
		{"not a combobox", field("textbox", "", "Chocolate"), ""},
		{"Ark UI: the glyph of the toggle button beside it is no value", field("combobox", "", "", "▾"), ""},
		{"a glyph around the value is left out", field("combobox", "", "Lyon ×"), "Lyon"},
	} {
		if got := c.n.ShownBeside(); got != c.want {
			t.Errorf("%s: ShownBeside = %q, want %q", c.name, got, c.want)
		}
	}
	// a third element up that holds another control is no longer the
	// field's: the text beside that control is not its value
	n := field("combobox", "", "", "", "Chocolate")
	third := n.Parent.Parent.Parent
	third.Children = append(third.Children, &Node{Role: "button", Name: "Clear", Parent: third})
	if got := n.ShownBeside(); got != "" {
		t.Errorf("a third up with another control: ShownBeside = %q, want none", got)
	}
	// a dropdown drawn as a box shows its choice inside it, while its
	// list is closed (Semantic UI's Dropdown)
	box := &Node{Role: "listbox", Name: "Country", Text: "Germany ▾"}
	if got := box.ShownBeside(); got != "Germany" {
		t.Errorf("a closed listbox: ShownBeside = %q, want Germany", got)
	}
	box.Children = []*Node{{Role: "option", Name: "France", Visible: true, Parent: box}}
	if got := box.ShownBeside(); got != "" {
		t.Errorf("a listbox showing its options: ShownBeside = %q, want none", got)
	}
	// a native select with nothing chosen shows its options' text, which
	// is no choice
	sel := &Node{Role: "combobox", Tag: "select", Name: "Country", Text: "France Germany"}
	if got := sel.ShownBeside(); got != "" {
		t.Errorf("a native select: ShownBeside = %q, want none", got)
	}
	// a landmark around it is no plain element
	n = field("combobox", "", "Chocolate")
	n.Parent.Role = "form"
	if got := n.ShownBeside(); got != "" {
		t.Errorf("in a form: ShownBeside = %q, want none", got)
	}
}

// TestLabelShows: a label that wraps a widget reads the name its author
// gave the hidden control, then the choice the widget shows
// (docs/targets.md "Labels, hosts and hidden native controls").
func TestLabelShows(t *testing.T) {
	native := &Node{Role: "combobox", Name: "City", NameFrom: "aria-label"}
	w := &Node{Role: "generic", Text: "City Lyon"}
	for _, c := range []struct {
		label string
		n     *Node
		want  string
	}{
		{"City Lyon", native, "Lyon"},
		{"city  Lyon", native, "Lyon"},
		{"City", native, ""},                                      // nothing after the name
		{"Cityscape Lyon", native, ""},                            // not the name then a space
		{"City (required)", native, ""},                           // not shown in the widget
		{"Home city Lyon", native, ""},                            // not its start
		{"City Lyon", &Node{Name: "City", NameFrom: "label"}, ""}, // a name from the label itself
		{"City Lyon", nil, ""},
	} {
		if got := labelShows(c.label, c.n, w); got != c.want {
			t.Errorf("labelShows(%q) = %q, want %q", c.label, got, c.want)
		}
	}
}

// TestBoxValue: a combobox drawn as a box reads the value it shows, not
// the placeholder of an input it hides (docs/targets.md "The snapshot",
// "A combobox drawn as a box").
func TestBoxValue(t *testing.T) {
	withField := &Node{Role: "combobox", Tag: "div", Text: "Lyon", Value: "Par Lyon"}
	withField.Children = []*Node{{Role: "textbox", Tag: "input", Parent: withField}}
	for _, c := range []struct {
		n    *Node
		want string
	}{
		{&Node{Role: "combobox", Tag: "div", Text: "Lyon", Value: "Choose a city Lyon"}, "Lyon"},
		{&Node{Role: "combobox", Tag: "div", Text: "Lyon", Value: "Paris"}, "Paris"},                             // not what it shows
		{&Node{Role: "combobox", Tag: "input", Text: "Lyon", Value: "Choose a city Lyon"}, "Choose a city Lyon"}, // a field's value is its own
		{withField, "Par Lyon"}, // a field inside: its value counts
	} {
		boxValue(c.n)
		if c.n.Value != c.want {
			t.Errorf("%s %q: value %q, want %q", c.n.Tag, c.n.Text, c.n.Value, c.want)
		}
	}
}

// TestOneTypable: the one field a host that takes no text holds, which
// fill acts on (docs/targets.md "Actionability", Editable).
func TestOneTypable(t *testing.T) {
	node := func(role, tag string, kids ...*Node) *Node {
		n := &Node{Role: role, Tag: tag, Visible: true, Children: kids}
		for _, k := range kids {
			k.Parent = n
		}
		return n
	}
	input := node("textbox", "input")
	for _, c := range []struct {
		name string
		n    *Node
		want *Node
	}{
		{"a host around a combobox and its input", node("generic", "div", node("combobox", "div", node("generic", "div", input))), input},
		{"two inputs", node("group", "div", node("textbox", "input"), node("textbox", "input")), nil},
		{"a field itself", node("textbox", "input"), nil},
		{"a button", node("button", "button"), nil},
		{"a combobox <div> around its input (ARIA 1.1)", node("combobox", "div", input), input},
	} {
		if got := c.n.OneTypable(); got != c.want {
			t.Errorf("%s: OneTypable = %v, want %v", c.name, got, c.want)
		}
	}
	hidden := node("textbox", "input")
	hidden.Visible = false
	if got := node("generic", "div", hidden).OneTypable(); got != nil {
		t.Errorf("a hidden input: OneTypable = %v, want none", got)
	}
	focusTarget := node("combobox", "input") // Quasar's 1×1 input, drawn invisible
	focusTarget.concealed = true
	if got := node("generic", "div", focusTarget).OneTypable(); got != nil {
		t.Errorf("an input drawn invisible: OneTypable = %v, want none", got)
	}
}

// TestShownChoice: a button that is a field shows its choice as its
// value (docs/targets.md "Labels, hosts and hidden native controls").
func TestShownChoice(t *testing.T) {
	for _, c := range []struct {
		name string
		n    Node
		want string
	}{
		{"Blueprint: named by a form label", Node{Role: "button", Name: "City", NameFrom: "label", Text: "Lyon"}, "Lyon"},
		{"Spectrum: its choice, then the label", Node{Role: "button", Name: "France Country", NameFrom: "labelledby", Popup: true, Text: "France ▾"}, "France"},
		{"no popup", Node{Role: "button", Name: "France Country", NameFrom: "labelledby", Text: "France"}, ""},
		{"Kobalte: the label, its own aria-label, then its choice", Node{Role: "button", Name: "Country Country France", NameFrom: "labelledby", Popup: true, Text: "France"}, "France"},
		{"a name that neither starts nor ends with its text", Node{Role: "button", Name: "Country France picker", NameFrom: "labelledby", Popup: true, Text: "France"}, ""},
		{"named by its contents", Node{Role: "button", Name: "Save", NameFrom: "contents", Popup: true, Text: "Save"}, ""},
	} {
		n := c.n
		shownChoice(&n)
		if n.Value != c.want {
			t.Errorf("%s: value %q, want %q", c.name, n.Value, c.want)
		}
	}
}
