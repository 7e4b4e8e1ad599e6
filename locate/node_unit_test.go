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
