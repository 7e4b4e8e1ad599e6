package locate

import (
	"slices"
	"strings"
)

// cellRoles are the roles of a table's cell, in a layout table or a data
// table; rowRoles those of its row.
var (
	cellRoles = map[string]bool{"LayoutTableCell": true, "cell": true, "gridcell": true}
	rowRoles  = map[string]bool{"LayoutTableRow": true, "row": true}
)

// foldCellLabel names a field a form laid out as a table holds, with no
// name of its own, by the text of its row's first cell when the field's
// cell is the second (`<tr><td>Email:</td><td><input></td></tr>`, no
// label): the name a person reads beside it, and a screen reader
// guesses. Its cell holds no other control, and the first holds text and
// no control; in a row of several pairs (`<td>First name:</td><td><input>
// </td><td>Last name:</td><td><input></td>`), by the cell before its
// own. A field further along a row of data is left alone (docs/targets.md
// "Labels, hosts and hidden native controls").
func foldCellLabel(n *Node) {
	if !captionable(n) {
		return
	}
	cell := n.Parent
	for i := 0; i < 3 && cell != nil && !cellRoles[cell.Role]; i++ {
		cell = cell.Parent
	}
	if cell == nil || !cellRoles[cell.Role] || cell.Parent == nil || !rowRoles[cell.Parent.Role] || len(controlsIn(cell, nil)) != 1 {
		return
	}
	row := cell.Parent.Children
	i := slices.Index(row, cell)
	if i < 1 || i%2 == 0 || i > 1 && !captionsAndFields(row) {
		return
	}
	before := row[i-1]
	if !(cellRoles[before.Role] || before.Role == "rowheader") || len(controlsIn(before, nil)) > 0 {
		return
	}
	if text := strings.TrimSpace(before.Text); text != "" && len(text) <= MaxNameLen {
		n.Name, n.NameFrom = text, "label"
	}
}

// captionable says a caption beside n may name it (foldCellLabel,
// foldItemLabel): a shown field or toggle with no name of its own (none,
// or only its placeholder); a button or link is named by what it shows.
func captionable(n *Node) bool {
	return realControl(n) && n.Visible && !n.concealed && unnamed(n) && n.Role != "button" && n.Role != "link"
}

// captionsAndFields says a row's cells alternate a caption (text and no
// control) and a field (one control), a caption first.
func captionsAndFields(row []*Node) bool {
	for k, c := range row {
		n := len(controlsIn(c, nil))
		if k%2 == 0 && (n > 0 || strings.TrimSpace(c.Text) == "") || k%2 == 1 && n != 1 {
			return false
		}
	}
	return true
}

// itemLabelDepth is how many elements up from a field its list item may
// be: Framework7's stepper input is five down (li, its inner box, the box
// after the title, the stepper, the input's wrapper).
const itemLabelDepth = 5

// foldItemLabel names a field a form laid out as a list holds, with no
// name of its own (none, or only its placeholder), by the text of its
// list item, when the item holds no other control: a row of a list form
// is its caption and one field (Framework7's `<li><div
// class=item-title>Full name</div><div><input placeholder="Your
// name"></div></li>`, its toggles and steppers alike), what a person
// reads beside it (docs/targets.md "Labels, hosts and hidden native
// controls"). A button or link is named by what it shows, not by its
// row.
func foldItemLabel(n *Node) {
	if !captionable(n) {
		return
	}
	item := n.Parent
	for i := 1; i < itemLabelDepth && item != nil && item.Role != "listitem"; i++ {
		item = item.Parent
	}
	if item == nil || item.Role != "listitem" || len(controlsIn(item, nil)) != 1 {
		return
	}
	text := item.Text
	if n.Text != "" {
		text = strings.Replace(text, n.Text, "", 1)
	}
	if text = shownWords(text); text != "" && len(text) <= MaxNameLen {
		n.Name, n.NameFrom = text, "label"
	}
}
