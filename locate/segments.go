package locate

import "github.com/smokeflow/smokeflow/flows"

// A field of segments (docs/targets.md "Fields of segments"): a date or
// time field drawn as one spinbutton a part (month, day, year, hours,
// minutes, AM/PM) inside the element its label names: MUI X's pickers,
// React Aria's DateField and TimeField. It is one field to a person, and
// `fill` takes it whole (browser/segments.go).

// minSegments is how many spinbuttons make a field of segments.
const minSegments = 2

// Segments is the spinbuttons of n, in document order, when n is a field
// of segments: an element of no field role (not a text field, spinbutton,
// combobox or slider) that holds at least minSegments visible, enabled,
// writable spinbuttons drawn by the page (not `<input type=number>`,
// which is a field of its own) and no other visible field; nil
// otherwise.
func (n *Node) Segments() []*Node {
	if segs, clean := n.segments(); clean && len(segs) >= minSegments {
		return segs
	}
	return nil
}

// segments is the segment spinbuttons n holds, and clean: n is no field
// itself and holds no other field. An element that is not clean makes
// none of its ancestors a field of segments either.
func (n *Node) segments() (segs []*Node, clean bool) {
	if isField(n) || n.Role == "slider" {
		return nil, false
	}
	var walk func(c *Node) bool
	walk = func(c *Node) bool {
		for _, k := range c.Children {
			switch {
			case k.Role == "spinbutton" && k.Tag != "input":
				if k.Visible && !k.Disabled && !k.ReadOnly {
					segs = append(segs, k)
				}
			case isField(k) && k.Visible:
				return false
			default:
				if !walk(k) {
					return false
				}
			}
		}
		return true
	}
	if !walk(n) {
		return nil, false
	}
	return segs, true
}

// isField is an element that takes text or a number of its own.
func isField(n *Node) bool { return n.EditableRole() || n.Tag == "input" || n.Tag == "textarea" }

// oneField is the visible matches seen with the segments of one field of
// segments taken as that field, when t names no role (docs/targets.md
// "Resolution", 4, "Nested matches"): React Aria names a segment "month,
// Check-in", so `Check-in` matches each of them, and means the field.
func oneField(seen []*Node, t *flows.Target) []*Node {
	if t == nil || t.Role != "" || len(seen) < minSegments {
		return seen
	}
	field := fieldOf(seen[0])
	if field == nil {
		return seen
	}
	segs := field.Segments()
	if len(segs) != len(seen) {
		return seen
	}
	for i := range segs {
		if segs[i] != seen[i] {
			return seen
		}
	}
	return []*Node{field}
}

// FieldOf is the nearest field of segments that holds the spinbutton n,
// nil when n is none of its segments.
func (n *Node) FieldOf() *Node { return fieldOf(n) }

// fieldOf is the nearest field of segments that holds the spinbutton n:
// its ancestors in turn, up to the first that holds another field.
func fieldOf(n *Node) *Node {
	if n.Role != "spinbutton" || n.Tag == "input" {
		return nil
	}
	for a := n.Parent; a != nil; a = a.Parent {
		segs, clean := a.segments()
		if !clean {
			return nil
		}
		if len(segs) >= minSegments {
			return a
		}
	}
	return nil
}
