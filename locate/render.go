package locate

import (
	"encoding/json"
	"strconv"
	"strings"
)

// RenderOptions choose how a snapshot is written.
type RenderOptions struct {
	// Full keeps every non-ignored node; the default keeps actionable
	// nodes and the context that names them.
	Full bool
	// Scope renders only these subtrees (from --selector).
	Scope []*Node
	// Mask replaces secret values (nil: none).
	Mask func(string) string
}

// Render writes the snapshot as the text of docs/targets.md "The snapshot".
func (s *Snapshot) Render(o RenderOptions) string {
	var b strings.Builder
	roots := s.Root.Children
	if len(o.Scope) > 0 {
		roots = o.Scope
	}
	for _, n := range roots {
		renderNode(&b, n, 0, o)
	}
	out := b.String()
	if o.Mask != nil {
		out = o.Mask(out)
	}
	return out
}

// keep decides whether a node gets its own line.
func keep(n *Node, full bool) bool {
	if n.Actionable() {
		return true
	}
	if n.Ignored {
		return false
	}
	switch n.Role {
	case "RootWebArea", "InlineTextBox", "LineBreak", "ListMarker", "MenuListPopup":
		return false
	}
	if full {
		switch n.Role {
		case "generic", "none", "presentation", "LabelText":
			return n.Name != ""
		}
		return true
	}
	if !contextRoles[n.Role] {
		return false
	}
	if alwaysKept[n.Role] {
		return true
	}
	if needsName[n.Role] && n.Name == "" {
		return false
	}
	if (n.Role == "listitem" || n.Role == "row") && n.Name == "" {
		// an unnamed item around one thing adds a line and says nothing
		return keptCount(n, full, 2) >= 2
	}
	return hasKept(n, full)
}

// keptCount counts the nearest kept nodes below n, stopping at limit.
func keptCount(n *Node, full bool, limit int) int {
	c := 0
	for _, ch := range n.Children {
		if c >= limit {
			break
		}
		if keep(ch, full) {
			c++
		} else {
			c += keptCount(ch, full, limit-c)
		}
	}
	return c
}

func hasKept(n *Node, full bool) bool {
	for _, c := range n.Children {
		if keep(c, full) || hasKept(c, full) {
			return true
		}
	}
	return false
}

func renderNode(b *strings.Builder, n *Node, depth int, o RenderOptions) {
	if n.Role == "MenuListPopup" && !o.Full {
		return // a native select shows its value on the combobox line
	}
	if !keep(n, o.Full) {
		if n.Role == "StaticText" {
			return
		}
		renderChildren(b, n, depth, o)
		return
	}
	b.WriteString(strings.Repeat("  ", depth))
	b.WriteString("- ")
	b.WriteString(n.Role)
	if n.Name != "" {
		b.WriteString(" ")
		b.WriteString(quote(cut(n.Name, MaxNameLen)))
	}
	if attrs := attributes(n); attrs != "" {
		b.WriteString(" [")
		b.WriteString(attrs)
		b.WriteString("]")
	}
	if n.Value != "" && n.Value != n.Name && valueRoles[n.Role] {
		b.WriteString(": ")
		b.WriteString(cut(n.Value, MaxNameLen))
	}
	b.WriteByte('\n')
	if editableRoles[n.Role] && n.Role != "combobox" {
		return // a field's inner nodes only repeat its value
	}
	renderChildren(b, n, depth+1, o)
}

// renderChildren writes the children, merging adjacent text in full mode.
func renderChildren(b *strings.Builder, n *Node, depth int, o RenderOptions) {
	var text []string
	flush := func() {
		if len(text) == 0 {
			return
		}
		t := Normalize(strings.Join(text, " "))
		text = nil
		if t == "" || t == n.Name {
			return // text that only repeats the parent's name adds nothing
		}
		b.WriteString(strings.Repeat("  ", depth))
		b.WriteString("- text ")
		b.WriteString(quote(cut(t, MaxNameLen)))
		b.WriteByte('\n')
	}
	for _, c := range n.Children {
		if o.Full && c.Role == "StaticText" {
			if !editableRoles[n.Role] {
				text = append(text, c.Name)
			}
			continue
		}
		flush()
		renderNode(b, c, depth, o)
	}
	flush()
}

var valueRoles = map[string]bool{
	"textbox": true, "searchbox": true, "combobox": true, "spinbutton": true, "slider": true,
}

func attributes(n *Node) string {
	var a []string
	if n.Level > 0 && n.Role == "heading" {
		a = append(a, "level="+strconv.Itoa(n.Level))
	}
	switch n.Checked {
	case "true":
		a = append(a, "checked")
	case "mixed":
		a = append(a, "checked=mixed")
	}
	if n.Expanded != "" {
		a = append(a, "expanded="+n.Expanded)
	}
	if n.Selected {
		a = append(a, "selected")
	}
	if n.Pressed {
		a = append(a, "pressed")
	}
	if n.Disabled {
		a = append(a, "disabled")
	}
	if n.Required {
		a = append(a, "required")
	}
	if n.ReadOnly {
		a = append(a, "readonly")
	}
	if n.Clickable {
		a = append(a, "clickable")
	}
	if n.Ref != "" {
		a = append(a, "ref="+n.Ref)
	}
	return strings.Join(a, ", ")
}

func quote(s string) string {
	s = strings.ReplaceAll(s, `\`, `\\`)
	return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"`
}

// JSONNode is one node of `smokeflow snapshot --json`.
type JSONNode struct {
	Ref        string      `json:"ref,omitempty"`
	Role       string      `json:"role"`
	Name       string      `json:"name,omitempty"`
	Value      string      `json:"value,omitempty"`
	Attributes []string    `json:"attributes,omitempty"`
	Frame      string      `json:"frame,omitempty"`
	BackendID  int         `json:"backend_node_id,omitempty"`
	Children   []*JSONNode `json:"children,omitempty"`
}

// JSON renders the snapshot's kept nodes as a tree.
func (s *Snapshot) JSON(o RenderOptions) ([]byte, error) {
	var conv func(n *Node, out *[]*JSONNode)
	conv = func(n *Node, out *[]*JSONNode) {
		if n.Role == "MenuListPopup" && !o.Full {
			return
		}
		if !keep(n, o.Full) {
			for _, c := range n.Children {
				conv(c, out)
			}
			return
		}
		mask := func(v string) string {
			if o.Mask != nil {
				return o.Mask(v)
			}
			return v
		}
		j := &JSONNode{Ref: n.Ref, Role: n.Role, Name: mask(n.Name), Frame: n.Frame, BackendID: int(n.Backend)}
		if valueRoles[n.Role] {
			j.Value = mask(n.Value)
		}
		if a := attributes(n); a != "" {
			for _, x := range strings.Split(a, ", ") {
				if !strings.HasPrefix(x, "ref=") {
					j.Attributes = append(j.Attributes, x)
				}
			}
		}
		for _, c := range n.Children {
			conv(c, &j.Children)
		}
		*out = append(*out, j)
	}
	roots := []*JSONNode{} // "nodes": [] when none is kept, never null
	src := s.Root.Children
	if len(o.Scope) > 0 {
		src = o.Scope
	}
	for _, n := range src {
		conv(n, &roots)
	}
	return json.MarshalIndent(struct {
		URL   string      `json:"url"`
		Title string      `json:"title"`
		Nodes []*JSONNode `json:"nodes"`
	}{s.URL, s.Title, roots}, "", "  ")
}
