package locate

import "strings"

// A label whose native control a widget replaces (docs/targets.md "The
// snapshot", "Labels, hosts and hidden native controls"): Select2,
// Chosen, jQuery UI's selectmenu, flatpickr's altInput, bootstrap-select,
// tom-select and their kin hide the native <select> or <input> a <label>
// names, and draw a widget of their own right after it (or around it).
// The builder finds, in the DOM, where that widget may be; foldStandIn
// (fold.go) decides which node it is.

// standInAt is where the widget drawn for a label's hidden native
// control may be, in the DOM of doc: the element rendered right after
// the native control among its siblings, or after the invisible wrapper
// that hides it (beside; -1 for none), and the elements that hold the
// native control.
type standInAt struct {
	doc    *docData
	native int
	beside int
}

// standIn is a standInAt as nodes, for foldStandIn: the native control's
// node (nil when the accessibility tree has none: display:none, a hidden
// input), the controls and clickables of the element rendered right
// after it, in document order, and those that hold it, nearest first.
type standIn struct {
	native *Node
	beside []*Node
	around []*Node
}

// standInAround is how many elements up from the native control a widget
// that holds it may be (a kit's wrapper of role combobox around its
// hidden <select> and what it draws).
const standInAround = 3

// standInFor is where a widget drawn for the native control at index i of
// doc may be, when the control is one a widget replaces: an <input>,
// <select> or <textarea> (not a checkbox or radio, whose label stands for
// them) that the page does not show: a hidden input, not rendered,
// visibility hidden, drawn invisible (opacity 0, a box of 1×1 or less,
// clipped away) or hidden from the accessibility tree (aria-hidden). Nil
// otherwise.
func standInFor(doc *docData, i int) *standInAt {
	in := &doc.nodes[i]
	typ := strings.ToLower(in.attrs["type"])
	if !nativeInput[in.tag] || typ == "checkbox" || typ == "radio" {
		return nil
	}
	hidden := typ == "hidden" || !in.hasLayout || in.visibility == "hidden" || in.visibility == "collapse" ||
		in.drawnInvisible() || in.attrs["aria-hidden"] == "true"
	if !hidden {
		return nil
	}
	return &standInAt{doc: doc, native: i, beside: renderedAfter(doc, hidingWrapper(doc, i))}
}

// hidingWrapper is the element whose next sibling may be the widget drawn
// for the hidden native control at index i: the control itself, or, when
// nothing is shown after it inside them, the outermost of the wrappers
// drawn invisible around it (PrimeReact's `.p-hidden-accessible`: a
// clipped box of 1×1 around the input, the widget after it).
func hidingWrapper(doc *docData, i int) int {
	for {
		p := doc.nodes[i].parent
		if renderedAfter(doc, i) >= 0 || p < 0 || !doc.nodes[p].hasLayout || !doc.nodes[p].drawnInvisible() {
			return i
		}
		i = p
	}
}

// renderedAfter is the first element after the node at index i among its
// siblings that the page renders and shows (a script, a hidden input, a
// display:none element, one drawn invisible are skipped: PrimeReact's
// hidden <select> between its hidden input and the label it draws), -1
// when there is none.
func renderedAfter(doc *docData, i int) int {
	p := doc.nodes[i].parent
	for j := doc.nodes[i].end; j > i && j < len(doc.nodes) && doc.nodes[j].parent == p; j = doc.nodes[j].end {
		if d := &doc.nodes[j]; d.hasLayout && !d.drawnInvisible() && d.tag != "" && d.tag[0] != '#' && d.tag[0] != ':' {
			return j
		}
	}
	return -1
}

// standIns are the labels of hidden native controls with the nodes a
// widget drawn for each may be (foldStandIn).
func (b *builder) standIns() map[*Node]*standIn {
	out := make(map[*Node]*standIn, len(b.standing))
	for l, at := range b.standing {
		nodes := at.doc.nodes
		s := &standIn{native: b.controls[&nodes[at.native]]}
		if at.beside >= 0 {
			for j := at.beside; j < nodes[at.beside].end && j < len(nodes); j++ {
				if n := b.controls[&nodes[j]]; n != nil {
					s.beside = append(s.beside, n)
				}
			}
		}
		for p, k := nodes[at.native].parent, 0; p >= 0 && k < standInAround; p, k = nodes[p].parent, k+1 {
			if n := b.controls[&nodes[p]]; n != nil {
				s.around = append(s.around, n)
			} else if g := b.groups[&nodes[p]]; g != nil {
				s.around = append(s.around, g) // a field of segments, maybe (foldStandIn)
			}
		}
		out[l] = s
	}
	return out
}
