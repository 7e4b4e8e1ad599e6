package locate

import "testing"

// A field of segments is one field: docs/targets.md "Fields of segments",
// and "Resolution", 4, "Nested matches".
func TestFieldOfSegments(t *testing.T) {
	snap := tree(t, `
group Departure
  spinbutton Month
  spinbutton Day
  spinbutton Year
group Check-in
  spinbutton month, Check-in
  spinbutton day, Check-in
  spinbutton year, Check-in
group Quantity
  spinbutton Quantity of mugs
group Address
  textbox Street
  spinbutton House number
  spinbutton Floor
group Size
  spinbutton Width
  spinbutton Height
`)
	// Size's are number inputs: fields of their own, no segments
	for _, n := range snap.All {
		if n.Name == "Width" || n.Name == "Height" {
			n.Tag = "input"
		}
	}
	for _, c := range []struct{ target, want string }{
		{"Check-in", "group Check-in @0"},                   // its segments carry its name: one field
		{"{role: spinbutton, name: Check-in}", "ambiguous"}, // a role asks for a segment
		{"{role: spinbutton, name: 'day, Check-in'}", "spinbutton day, Check-in @1 in Check-in"},
		{"Month", "spinbutton Month @1 in Departure"},
		{"Quantity", "spinbutton Quantity of mugs @1 in Quantity"}, // one spinbutton is no field of segments
	} {
		if got := pick(t, snap, c.target); got != c.want {
			t.Errorf("%s: got %s, want %s", c.target, got, c.want)
		}
	}
	for _, c := range []struct {
		name string
		segs int
	}{{"Departure", 3}, {"Check-in", 3}, {"Quantity", 0}, {"Address", 0}, {"Size", 0}} {
		var g *Node
		for _, n := range snap.All {
			if n.Role == "group" && n.Name == c.name {
				g = n
			}
		}
		if got := len(g.Segments()); got != c.segs {
			t.Errorf("%s: %d segments, want %d", c.name, got, c.segs)
		}
	}
}
