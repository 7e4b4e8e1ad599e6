package locate

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/smokeflow/smokeflow/flows"
)

// el is a visible element of a hand-made page.
func el(role, name string) *Node { return &Node{Role: role, Name: name, Visible: true} }

// clickableEl is a visible element made clickable (a sortable header).
func clickableEl(role, name string) *Node {
	n := el(role, name)
	n.Clickable = true
	return n
}

// A near miss shares the target's distinctive words, is of its role
// family, and comes from the page the step ran on (docs/targets.md
// "Failure diagnostics", "Near misses").
func TestNearMisses(t *testing.T) {
	cases := []struct {
		name   string
		phrase string
		result *Result // what the resolution said of the target
		need   string  // the role the step's action needs
		page   []*Node
		want   []string
	}{
		{"a stale ref's button: a link of the same words is of another family",
			"Create project", &Result{refRole: "button"}, "",
			[]*Node{el("link", "All projects"), el("button", "Create new project"), el("link", "Create")},
			[]string{`button "Create new project"`}},
		{"a ref of a page the tab has left: nothing of the page it is on",
			"Create project", &Result{refRole: "button", Doc: "catalog"}, "",
			[]*Node{el("button", "Create new project")},
			nil},
		{"the page the step ran on",
			"Create project", &Result{refRole: "button", Doc: "product"}, "",
			[]*Node{el("button", "Create new project")},
			[]string{`button "Create new project"`}},
		{"a covered button: its own role says the family",
			"Create project", &Result{Node: el("button", "Create project")}, "",
			[]*Node{el("link", "All projects"), el("button", "Create project"), el("menuitem", "Create a project")},
			[]string{`menuitem "Create a project"`}},
		{"check on a button: checkboxes, switches and radios, never a link",
			"Remember me", &Result{Node: el("button", "Remember me")}, "checkbox",
			[]*Node{el("link", "Remember my email"), el("button", "Remember me"), el("switch", "Remember me here")},
			[]string{`switch "Remember me here"`}},
		{"a renamed sortable header: the column's own word, not the boilerplate every header shares",
			"Customer: Activate to sort", &Result{Target: &flows.Target{Phrase: "Customer: Activate to sort"}, refRole: "columnheader"}, "",
			[]*Node{clickableEl("columnheader", "Order #: Activate to sort"), clickableEl("columnheader", "Customer: Activate to invert sorting"),
				clickableEl("columnheader", "Total: Activate to sort"), clickableEl("columnheader", "Date: Activate to sort")},
			[]string{`columnheader "Customer: Activate to invert sorting"`}},
		{"a typo in a word is the word",
			"Log an eror", &Result{}, "",
			[]*Node{el("button", "Log an error"), el("link", "Blog")},
			[]string{`button "Log an error"`}},
		{"two letters swapped",
			"Sing in", &Result{}, "",
			[]*Node{el("link", "Sign in"), el("button", "Sing along")},
			[]string{`link "Sign in"`, `button "Sing along"`}},
		{"nothing said of the role: any role, by the rarer word",
			"Create project", &Result{}, "",
			[]*Node{el("link", "All projects"), el("button", "Create new project")},
			[]string{`button "Create new project"`}},
		{"a clickable div is pressed, as a button is",
			"Save changes", &Result{refRole: "button"}, "",
			[]*Node{clickableEl("generic", "Save all changes"), el("link", "Saved changes")},
			[]string{`generic "Save all changes"`}},
		{"a phrase none of whose words the page holds (a synonym): the letters decide",
			"Log in", &Result{}, "",
			[]*Node{el("button", "Sign in"), el("link", "Help")},
			[]string{`button "Sign in"`}},
		{"a name that shares a word: letters alone make no near miss",
			"Login", &Result{}, "",
			[]*Node{el("button", "Logout"), el("link", "Login help")},
			[]string{`link "Login help"`}},
	}
	for _, c := range cases {
		snap := page("http://x/", "t", 200, c.page...)
		snap.All, snap.Document = c.page, "product"
		c.result.Phrase = c.phrase
		for i, n := range c.page {
			n.Ref = fmt.Sprintf("e%d", i+1)
		}
		var got []string
		for _, nm := range NearMisses(snap, c.result, c.need) {
			got = append(got, fmt.Sprintf("%s %q", nm.Role, nm.Name))
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: near misses of %q = %v, want %v", c.name, c.phrase, got, c.want)
		}
	}
}
