package locate

import "strings"

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
// no control; a field further along a row of data is left alone
// (docs/targets.md "Labels, hosts and hidden native controls").
func foldCellLabel(n *Node) {
	if !realControl(n) || !n.Visible || n.concealed || !unnamed(n) || n.Role == "button" || n.Role == "link" {
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
	if len(row) < 2 || row[1] != cell {
		return
	}
	before := row[0]
	if !(cellRoles[before.Role] || before.Role == "rowheader") || len(controlsIn(before, nil)) > 0 {
		return
	}
	if text := strings.TrimSpace(before.Text); text != "" && len(text) <= MaxNameLen {
		n.Name, n.NameFrom = text, "label"
	}
}
