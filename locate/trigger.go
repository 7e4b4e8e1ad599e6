package locate

// TriggerOf is the combobox whose popup the button n opens, when n is a
// button that says it opens a popup (aria-haspopup) or whether what it
// opens is open (aria-expanded: Spectrum's sp-combobox gives its toggle
// that and aria-controls, no aria-haspopup; conformance
// select-toggle-expanded) and a combobox of the same name sits beside
// it: in n's parent or the parent's parent. Base
// UI's Combobox, and a toggle labelled by the field's label as
// Downshift's and Headless UI's are, name their ▾ button with the field's
// label, so `Framework` matches the two; a `select` of it means the
// combobox (docs/targets.md "Custom selects"). nil otherwise.
func (n *Node) TriggerOf() *Node {
	if n.Role != "button" || !n.Popup && n.Expanded == "" || n.Name == "" {
		return nil
	}
	for a, up := n.Parent, 0; a != nil && up < 2; a, up = a.Parent, up+1 {
		if cb := comboboxNamed(a, n.Name); cb != nil {
			return cb
		}
	}
	return nil
}

// comboboxNamed is the first combobox below a named name, nil if none.
func comboboxNamed(a *Node, name string) *Node {
	for _, c := range a.Children {
		if c.Role == "combobox" && c.Name == name {
			return c
		}
		if cb := comboboxNamed(c, name); cb != nil {
			return cb
		}
	}
	return nil
}
