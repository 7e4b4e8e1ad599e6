package locate

// Editing hosts are fields: a contenteditable element, or the body of a
// designMode document (the document of an editor's iframe, written by a
// script), shows as a textbox with a ref and its text as its value,
// whatever role the accessibility tree gives it (docs/targets.md "The
// snapshot", "Editable hosts").

// markEditHost decides whether n, just read with its AX properties, is an
// editing host or inside one. di is its element's DOM facts (nil when the
// DOM snapshot lacks it).
//
// Chromium marks every node of an editable region `editable`; the host is
// the first of them: the nearest node above it that the accessibility
// tree keeps is not editable, or is the document itself (designMode makes
// the document editable, and its body is the host). A native <input> or
// <textarea> is editable too, and is already a field; so is the editor
// inside it, whose parent is editable. What sits inside a host is the
// field's content: it gets no ref, as the text inside an <input> gets
// none, and an editable region inside it is part of the same field.
func (n *Node) markEditHost(di *domInfo) {
	if p := n.Parent; p != nil && (p.EditHost || p.inHost) {
		n.inHost = true
		return
	}
	if !n.editable || n.Ignored || n.Role == "RootWebArea" || nativeField(n, di) {
		return
	}
	anc := n.Parent
	for anc != nil && anc.Ignored {
		anc = anc.Parent
	}
	if anc != nil && anc.editable && anc.Role != "RootWebArea" {
		return
	}
	n.EditHost = true
	if !editableRoles[n.Role] {
		n.Role = "textbox"
	}
	if di != nil {
		// Chromium reports neither state on a generic element
		n.ReadOnly = n.ReadOnly || di.attrs["aria-readonly"] == "true"
		n.Disabled = n.Disabled || di.attrs["aria-disabled"] == "true"
	}
}

// nativeField reports an <input> or <textarea> (or, without its DOM facts,
// a node the accessibility tree already calls a field).
func nativeField(n *Node, di *domInfo) bool {
	if di == nil {
		return editableRoles[n.Role]
	}
	return di.tag == "input" || di.tag == "textarea"
}

// finishEditHost completes a host once its text is known. Its value and
// its text are the same: the value the accessibility tree gives it (the
// host's rendered text, as innerText has it, blocks apart), or, when it
// gives none (a designMode body), the text of its subtree. A host whose
// value is blank while its subtree shows text shows the text of a
// pseudo-element (Quill's and ProseMirror's `::before` with the
// placeholder's words): that is its placeholder, not its value
// (docs/targets.md "The snapshot", "Editable hosts"). The body of an
// iframe's document with no name of its own takes the iframe's name (its
// title).
func (n *Node) finishEditHost() {
	if n.Value == "" && !n.valued {
		n.Value = n.Text
	}
	if n.Value == "" && n.Text != "" && n.Placeholder == "" {
		n.Placeholder = n.Text
	}
	n.Text = n.Value
	if n.Tag != "body" || n.Name != "" {
		return
	}
	var frame *Node
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Role == "Iframe" {
			frame = p
			break
		}
	}
	if frame != nil && frame.Name != "" {
		n.Name, n.NameFrom = frame.Name, "title"
	}
}
