package locate

import (
	"context"
	"strings"
	"testing"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
)

// tree builds a snapshot from an indented outline, one node a line:
// "ROLE NAME" with a leading "*" for a clickable (made so by cursor,
// onclick or tabindex) and a trailing "(hidden)" for a node with no box.
// Two spaces a level; every node is in main and in the viewport.
func tree(t *testing.T, outline string) *Snapshot {
	t.Helper()
	root := &Node{Role: "RootWebArea", Visible: true, Box: Box{W: 800, H: 600}}
	stack := []*Node{root}
	for _, line := range strings.Split(strings.Trim(outline, "\n"), "\n") {
		depth := (len(line) - len(strings.TrimLeft(line, " "))) / 2
		text := strings.TrimSpace(line)
		n := &Node{Visible: true, Box: Box{X: 10, Y: 10, W: 50, H: 20}, Region: "main"}
		if strings.HasPrefix(text, "*") {
			n.Clickable = true
			text = text[1:]
		}
		if strings.HasSuffix(text, "(hidden)") {
			n.Visible, n.Box = false, Box{}
			text = strings.TrimSpace(strings.TrimSuffix(text, "(hidden)"))
		}
		n.Role, n.Name, _ = strings.Cut(text, " ")
		n.Text = n.Name
		if depth+1 > len(stack) {
			t.Fatalf("bad outline at %q", line)
		}
		stack = stack[:depth+1]
		p := stack[depth]
		n.Parent = p
		p.Children = append(p.Children, n)
		stack = append(stack, n)
	}
	snap := &Snapshot{Root: root, Viewport: Box{W: 800, H: 600}}
	giveRefs(snap)
	return snap
}

// giveRefs lists snap's nodes in document order and gives each
// actionable one a ref (ea, eb, ...), as a read does.
func giveRefs(snap *Snapshot) {
	snap.All, snap.Refs = nil, map[string]*Node{}
	var walk func(n *Node)
	walk = func(n *Node) {
		n.order, n.Ref = len(snap.All), ""
		snap.All = append(snap.All, n)
		if n.Actionable() {
			n.Ref = "e" + string(rune('a'+len(snap.Refs)))
			snap.Refs[n.Ref] = n
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(snap.Root)
}

// pick resolves the target (YAML) over snap and returns what it chose,
// as "ROLE NAME @DEPTH" (and "in TOP", the name of the top-level node
// that holds it, when that is not itself), or the failure's reason.
func pick(t *testing.T, snap *Snapshot, y string) string {
	t.Helper()
	tg, err := flows.ParseTargetYAML(y)
	if err != nil {
		t.Fatal(err)
	}
	r := Resolve(context.Background(), snap, nil, tg, nil)
	if r.Err != nil {
		return string(ReasonOf(r.Err))
	}
	d, top := 0, r.Node
	for p := r.Node.Parent; p != snap.Root; p = p.Parent {
		d, top = d+1, p
	}
	got := r.Node.Role + " " + r.Node.Name + " @" + string(rune('0'+d))
	if top != r.Node && top.Name != r.Node.Name {
		got += " in " + top.Name
	}
	return got
}

// Nested matches are one thing: docs/targets.md "Resolution", 4,
// "Nested matches".
func TestNestedMatches(t *testing.T) {
	snap := tree(t, `
*generic Save changes
  button Save changes
*generic Read the docs
  link Read the docs
*generic Blue mug Add to cart
  button Add to cart
*generic Send
  *generic Send
    button Send
*generic Settings
  button Settings menu
listitem Ada
  *generic Delete
    button Delete
listitem Alan
  *generic Delete
    button Delete
link Buy now
  button Buy now
*generic Open
  *generic Open
*generic Print
  button Print (hidden)
*generic Su Mo 14 15 16
  row
    *gridcell Mon Dec 14
    *gridcell Tue Dec 15
`)
	for _, c := range []struct{ target, want string }{
		{"Save changes", "button Save changes @1"},
		{"Read the docs", "link Read the docs @1"},
		{"add to", "button Add to cart @1 in Blue mug Add to cart"},      // neither is named "add to" whole
		{"Add to cart", "button Add to cart @1 in Blue mug Add to cart"}, // the button is, the card is not
		{"Send", "button Send @2"},                                       // a chain of wrappers
		{"{name: Send, nth: 0}", "button Send @2"},                       // nth counts the chain as one
		{"Settings", "generic Settings @0"},                              // the wrapper alone has the whole name
		{"settings menu", "button Settings menu @1 in Settings"},
		{"Delete", "ambiguous"}, // two rows are two things
		{"{name: Delete, nth: 1}", "button Delete @2 in Alan"},
		{"{name: Delete, within: {role: listitem, has_text: Alan}}", "button Delete @2 in Alan"},
		{"Buy now", "button Buy now @1"}, // a control in a control: the innermost
		{"{role: link, name: Buy now}", "link Buy now @0"},
		{"{role: generic, name: Save changes}", "generic Save changes @0"},
		{"{role: generic, name: Send}", "ambiguous"}, // no real control: no fold
		{"{role: generic, name: Send, nth: 1}", "generic Send @1"},
		{"Open", "ambiguous"},                                // wrappers alone do not fold
		{"Print", "generic Print @0"},                        // a hidden control takes nothing over
		{`"15"`, "gridcell Tue Dec 15 @2 in Su Mo 14 15 16"}, // a clickable cell of a grid is a control
	} {
		if got := pick(t, snap, c.target); got != c.want {
			t.Errorf("%s: got %s, want %s", c.target, got, c.want)
		}
	}
}

// The ambiguous failure lists the controls, one a row, not their wrappers.
func TestNestedAmbiguousListsControls(t *testing.T) {
	snap := tree(t, `
listitem Ada
  *generic Delete
    button Delete
listitem Alan
  *generic Delete
    button Delete
`)
	r := Resolve(context.Background(), snap, nil, &flows.Target{Phrase: "Delete"}, nil)
	if ReasonOf(r.Err) != diagnostics.ReasonAmbiguous || !strings.Contains(r.Err.Error(), "2 elements match") {
		t.Fatalf("got %v", r.Err)
	}
	for _, n := range r.Matches {
		if n.Role != "button" {
			t.Errorf("candidate %s %q: want only the buttons", n.Role, n.Name)
		}
	}
	all, vis, err := Count(context.Background(), snap, nil, &flows.Target{Phrase: "Delete"}, nil)
	if err != nil || len(all) != 4 || len(vis) != 2 {
		t.Errorf("Count: %d matches, %d seen, %v; want 4 (count counts every match) and 2", len(all), len(vis), err)
	}
}

// TargetFor names the control by its phrase (its wrapper does not count
// as another match), and the wrapper by role generic, or nth in a chain.
func TestNestedTargetFor(t *testing.T) {
	snap := tree(t, `
*generic Save changes
  button Save changes
*generic Send
  *generic Send
    button Send
`)
	want := []string{"{role: generic, name: Save changes}", "Save changes",
		"{role: generic, name: Send, nth: 0}", "{role: generic, name: Send, nth: 1}", "Send"}
	var got []string
	for _, n := range snap.All {
		if n.Ref == "" {
			continue
		}
		tg, err := TargetFor(snap, n)
		if err != nil {
			t.Fatalf("%s %q: %v", n.Role, n.Name, err)
		}
		y, err := tg.YAML()
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, y)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("targets:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
