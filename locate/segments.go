package locate

import (
	"math"

	"github.com/smokeflow/smokeflow/flows"
)

// A field of segments (docs/targets.md "Fields of segments"): a date or
// time field drawn as one spinbutton a part (month, day, year, hours,
// minutes, AM/PM) inside the element its label names: MUI X's pickers,
// React Aria's DateField and TimeField. It is one field to a person, and
// `fill` takes it whole (browser/segments.go).

// A field of a code's boxes is the same to a person: a one-time or
// verification code drawn as one narrow <input> a character (react-otp-
// input, Ark UI's and Chakra's PinInput, hand-written sign-in pages), in
// the element its label names; its boxes are its segments.

// minSegments is how many spinbuttons make a field of segments, minBoxes
// how many boxes make a field of a code; maxBoxWidth is the widest, in
// CSS pixels, a box for a character is drawn (a text field is wider).
const (
	minSegments = 2
	minBoxes    = 4
	maxBoxWidth = 64
)

// Segments is the spinbuttons of n, in document order, when n is a field
// of segments: an element of no field role (not a text field, spinbutton,
// combobox or slider) that holds at least minSegments visible, enabled,
// writable spinbuttons drawn by the page (not `<input type=number>`,
// which is a field of its own) and no other visible field; or its boxes,
// when n is a field of a code: it holds at least minBoxes visible,
// enabled, writable boxes (IsBox) of one width and no other visible
// field. Nil otherwise.
func (n *Node) Segments() []*Node {
	if segs, clean := n.segments(); clean && enough(segs) {
		return segs
	}
	return nil
}

// enough says segs make a field: minSegments spinbuttons, minBoxes boxes.
func enough(segs []*Node) bool {
	return len(segs) >= minSegments && (!segs[0].IsBox() || len(segs) >= minBoxes)
}

// IsBox says n is a box of a code: an <input> that takes text or a
// number, drawn no wider than maxBoxWidth.
func (n *Node) IsBox() bool {
	return n.Tag == "input" && (n.Role == "textbox" || n.Role == "spinbutton") && !n.Box.Empty() && n.Box.W <= maxBoxWidth
}

// isSegment says n may be a segment of a field: a spinbutton the page
// draws (not `<input type=number>`), or a box (IsBox).
func isSegment(n *Node) bool { return n.Role == "spinbutton" && n.Tag != "input" || n.IsBox() }

// segments is the segments n holds (spinbuttons, or boxes of one width),
// and clean: n is no field itself and holds no other field, nor
// segments of both kinds. An element that is not clean makes none of its
// ancestors a field of segments either.
func (n *Node) segments() (segs []*Node, clean bool) {
	if isField(n) || n.Role == "slider" {
		return nil, false
	}
	var spins, boxes []*Node
	var walk func(c *Node) bool
	walk = func(c *Node) bool {
		for _, k := range c.Children {
			switch {
			case isSegment(k):
				if !k.Visible || k.Disabled || k.ReadOnly {
					continue
				}
				if k.IsBox() {
					boxes = append(boxes, k)
				} else {
					spins = append(spins, k)
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
	switch {
	case !walk(n):
		return nil, false
	case len(boxes) == 0:
		return spins, true
	case len(spins) == 0 && oneWidth(boxes):
		return boxes, true
	}
	return nil, false
}

// oneWidth says the boxes are drawn alike: their widths within a pixel.
func oneWidth(boxes []*Node) bool {
	for _, b := range boxes[1:] {
		if math.Abs(b.Box.W-boxes[0].Box.W) > 1 {
			return false
		}
	}
	return true
}

// isField is an element that takes text or a number of its own.
func isField(n *Node) bool { return n.EditableRole() || n.Tag == "input" || n.Tag == "textarea" }

// HoldsValue reports an element that holds a value a person reads as
// one: a field (isField), an editing host, a native select, a slider, a
// progress bar or meter, a listbox, a field of segments; what `expect:
// {value: ...}` reads when its target ties (docs/targets.md "One lookup",
// Takes).
func (n *Node) HoldsValue() bool {
	switch {
	case isField(n), n.EditHost, n.Tag == "select", n.Role == "slider", n.Role == "progressbar",
		n.Role == "meter", n.Role == "listbox", n.Segments() != nil:
		return true
	}
	return false
}

// oneField is the visible matches seen with the segments of one field of
// segments taken as that field, when t names no role (docs/targets.md
// "Resolution", 4, "Nested matches"): React Aria names a segment "month,
// Check-in", so `Check-in` matches each of them, and means the field.
// Its other controls that match too (the calendar button React Aria's
// DatePicker names "Calendar Check-in") are the field's parts: a field
// that holds them, and they hold no text.
func oneField(seen []*Node, t *flows.Target) []*Node {
	if t == nil || t.Role != "" || len(seen) < minSegments {
		return seen
	}
	field := fieldOf(seen[0])
	if field == nil {
		return seen
	}
	segs, i := field.Segments(), 0
	for _, n := range seen {
		switch {
		case i < len(segs) && n == segs[i]:
			i++
		case !n.Within(field) || isField(n) || isSegment(n):
			return seen
		}
	}
	if i != len(segs) {
		return seen
	}
	return []*Node{field}
}

// OneTypable is the one field inside n that text is typed into (an
// <input> or <textarea> of an editable role, or an editing host), shown
// and not drawn invisible (the outermost, where one holds another), when
// n takes none itself, whatever its role: a `<div role=combobox>` around
// the input (ARIA 1.1's combobox: Element UI's autocomplete, Semantic
// UI's search dropdown) takes no text; nil otherwise (docs/targets.md
// "Actionability", Editable).
func (n *Node) OneTypable() *Node {
	if n.TakesText() {
		return nil
	}
	fs := outermost(n, nil, func(k *Node) bool {
		return k.Visible && !k.concealed && (k.EditHost || (k.Tag == "input" || k.Tag == "textarea") && k.EditableRole())
	})
	if len(fs) != 1 {
		return nil
	}
	return fs[0]
}

// TakesText says n is an element text is typed into itself: an <input>,
// a <textarea> or an editing host.
func (n *Node) TakesText() bool { return n.Tag == "input" || n.Tag == "textarea" || n.EditHost }

// FieldOf is the nearest field of segments that holds the spinbutton n,
// nil when n is none of its segments.
func (n *Node) FieldOf() *Node { return fieldOf(n) }

// fieldOf is the nearest field of segments that holds the spinbutton or
// box n: its ancestors in turn, up to the first that holds another field.
func fieldOf(n *Node) *Node {
	if !isSegment(n) {
		return nil
	}
	for a := n.Parent; a != nil; a = a.Parent {
		segs, clean := a.segments()
		if !clean {
			return nil
		}
		if enough(segs) {
			return a
		}
	}
	return nil
}
