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
		if got := len(named(snap, "group", c.name).Segments()); got != c.segs {
			t.Errorf("%s: %d segments, want %d", c.name, got, c.segs)
		}
	}
}

// A code drawn as a box a character is a field of its boxes: four or
// more narrow <input>s of one width and no other field (docs/targets.md
// "Fields of segments", Codes).
func TestFieldOfBoxes(t *testing.T) {
	snap := tree(t, `
group SMS code
  generic
    textbox Digit 1
    textbox Digit 2
    textbox Digit 3
  generic
    textbox Digit 4
    textbox Digit 5
    textbox Digit 6
group Address
  textbox Street
  textbox City
  textbox Zip
  textbox Country
group PIN
  textbox First
  textbox Second
  textbox Third
group Uneven
  textbox A1
  textbox A2
  textbox A3
  textbox A4
group Mixed
  textbox B1
  textbox B2
  textbox B3
  textbox B4
  spinbutton Hour
`)
	for _, n := range snap.All {
		switch {
		case n.Role == "textbox" || n.Role == "spinbutton":
			n.Tag = "input"
		}
		switch n.Name {
		case "Street", "City", "Zip", "Country":
			n.Box.W = 240 // text fields, not boxes
		case "A4":
			n.Box.W = 60 // one box drawn wider
		case "Hour":
			n.Tag = "" // a drawn spinbutton: segments of another kind
		}
	}
	for _, c := range []struct {
		name  string
		boxes int
	}{{"SMS code", 6}, {"Address", 0}, {"PIN", 0}, {"Uneven", 0}, {"Mixed", 0}} {
		if got := len(named(snap, "group", c.name).Segments()); got != c.boxes {
			t.Errorf("%s: %d boxes, want %d", c.name, got, c.boxes)
		}
	}
	for _, c := range []struct{ target, want string }{
		{"SMS code", "group SMS code @0"},
		{"Digit 5", "textbox Digit 5 @2 in SMS code"},
	} {
		if got := pick(t, snap, c.target); got != c.want {
			t.Errorf("%s: got %s, want %s", c.target, got, c.want)
		}
	}
	for _, name := range []string{"Digit 1", "Digit 6"} {
		if f := named(snap, "textbox", name).FieldOf(); f == nil || f.Name != "SMS code" {
			t.Errorf("%s: FieldOf = %v, want group SMS code", name, f)
		}
	}
	if f := named(snap, "textbox", "Street").FieldOf(); f != nil {
		t.Errorf("Street: FieldOf = %s, want none", f.Name)
	}
}

// named is the last node of snap with the role and name.
func named(snap *Snapshot, role, name string) *Node {
	var found *Node
	for _, n := range snap.All {
		if n.Role == role && n.Name == name {
			found = n
		}
	}
	return found
}
