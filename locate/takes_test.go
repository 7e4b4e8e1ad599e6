package locate

import (
	"context"
	"testing"

	"github.com/smokeflow/smokeflow/flows"
)

// The step's action breaks a tie that the other tie-breaks leave:
// docs/targets.md "Resolution", 4.
func TestResolveForTheAction(t *testing.T) {
	snap := tree(t, `
button Select an item Room
switch Quiet room
button Email
textbox Email address
button Phone help
textbox Phone number
button Save
button Save
`)
	field := func(n *Node) bool { return n.EditableRole() }
	noSwitch := func(n *Node) bool { return n.Role != "switch" }
	for _, c := range []struct {
		target string
		takes  func(*Node) bool
		want   string
	}{
		{"Room", nil, "ambiguous"},
		{"Room", noSwitch, "button Select an item Room"},
		{"Phone", nil, "ambiguous"},
		{"Phone", field, "textbox Phone number"},
		{"Email", field, "button Email"},                        // the exact name decides first
		{"Save", field, "ambiguous"},                            // none takes it: the tie stands
		{"{name: Room, nth: 1}", noSwitch, "switch Quiet room"}, // nth counts every match
	} {
		tg, err := flows.ParseTargetYAML(c.target)
		if err != nil {
			t.Fatal(err)
		}
		r := ResolveFor(context.Background(), snap, nil, tg, nil, c.takes)
		got := string(ReasonOf(r.Err))
		if r.Err == nil {
			got = r.Node.Role + " " + r.Node.Name
		}
		if got != c.want {
			t.Errorf("%s: got %s, want %s", c.target, got, c.want)
		}
	}
}
