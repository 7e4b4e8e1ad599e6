// Package locate turns what the browser read of a page into a compact
// accessibility-tree snapshot with refs on everything actionable
// (docs/targets.md "The snapshot"), resolves targets against it: ref
// first, then the ladder role → label → placeholder → text
// (docs/targets.md "Resolution"), and finds the target of a node back
// (docs/targets.md "From a node back to a target"). It is pure: package
// browser makes the CDP reads and hands locate their answers.
package locate

import (
	"strings"
	"unicode"
)

// Handle says where a node's element is in the browser, as plain data:
// the CDP session it was read through, the frame of its document, and its
// backend DOM node id. locate makes no calls; browser maps a handle back
// to its connection to act on the element (docs/targets.md "The
// snapshot", "Who reads, who builds").
type Handle struct {
	Session string // the CDP session ID
	Frame   string // the frame ID
	Backend int64  // the backend DOM node id; 0 for a node with no element
}

// Box is a rectangle in CSS pixels of the top-level viewport.
type Box struct {
	X, Y, W, H float64
}

// Empty reports a box with no area.
func (b Box) Empty() bool { return b.W <= 0 || b.H <= 0 }

// Node is one accessibility node of the page, merged with what the DOM
// says of its element.
type Node struct {
	Role  string
	Name  string
	Value string

	Level     int
	Checked   string // "true", "false", "mixed"; "" when not checkable
	Expanded  string // "true", "false"; "" when not expandable
	Popup     bool   // it says it opens a popup (aria-haspopup)
	Selected  bool
	Pressed   bool
	Disabled  bool
	Required  bool
	ReadOnly  bool
	Clickable bool // made actionable by cursor:pointer, onclick or tabindex
	Ignored   bool // ignored by the accessibility tree (kept for text and structure)
	// InSelect marks the options of a native <select>: `select` picks them,
	// they get no ref.
	InSelect bool
	// Live marks a live region: the roles status, alert, log, progressbar
	// and timer, or an aria-live region (docs/targets.md "The snapshot",
	// "Live regions").
	Live bool
	// EditHost marks an editing host: a contenteditable element or a
	// designMode document's body, shown as a textbox whose value is its
	// text (docs/targets.md "The snapshot", "Editable hosts").
	EditHost bool
	// editable is the AX tree's `editable` property: a field, a host, or
	// a node inside one.
	editable bool
	// valued: the accessibility tree gave the node a value, blank ones
	// too (an empty editing host's is a line break).
	valued bool
	// inHost marks the content of an editing host: no ref.
	inHost bool
	// concealed marks an element laid out but drawn invisible: an
	// opacity of 0, a box of 1×1 or less (an empty one too), clipped
	// away (itself or what holds it), or visibility hidden (a kit's
	// native input under the widget it draws).
	concealed bool
	// unboxed: an element the page lays out no box for (a <slot>,
	// `display: contents`, `display: none`), as the DOM snapshot says
	unboxed bool
	// pseudoHid: the text of a concealed ::before or ::after (screen
	// readers' words around a highlight, EUI's "[highlight start]") was
	// left out of this node's runs, here or below (joinRuns).
	pseudoHid bool
	// placeholderShown: a select drawn as a button or a combobox box says
	// that what it shows is its placeholder (showsPlaceholder), so it
	// holds no value.
	placeholderShown bool
	// replaced marks a concealed control that its label or the widget
	// drawn for it stands for: no ref (docs/targets.md "The snapshot",
	// "Labels, hosts and hidden native controls").
	replaced bool
	// into is the one real control a host or wrapper is, for resolution:
	// the host gave it its name, and is no candidate itself.
	into *Node

	Ref string // "e3" for actionable nodes
	Nth int    // index among actionable nodes with the same role and name

	// NameFrom says where the name came from: label, labelledby,
	// aria-label, placeholder, title, contents, ...
	NameFrom string
	// labelAlso is the text of a <label> tied to a field whose name
	// comes from its aria-label or aria-labelledby instead: the role and
	// label rungs match it too (matchNamed; docs/targets.md
	// "Resolution", 2).
	labelAlso   string
	Placeholder string
	TestID      string
	Href        string
	Tag         string
	Text        string // rendered text of the subtree, whitespace-normalised
	// runs is the text as it runs, before normalising: white space at
	// its start and end is kept, for joining it with its neighbours.
	runs string
	// inline is a text run or an element laid out inline, whose text
	// runs on with its neighbours' (docs/targets.md "The snapshot").
	inline bool
	// block is an element laid out as a block: it breaks a run of
	// text even when it has none.
	block bool
	// spaced: the page renders white space or a break just before the
	// node that no node of the tree holds; spacedEnd: the same after its
	// last child, inside it (docs/targets.md "The snapshot", "Text").
	spaced, spacedEnd bool

	Visible bool
	Box     Box    // in the top-level viewport
	Region  string // nearest landmark: main, navigation, banner, contentinfo, complementary

	// Handle is where the element is in the browser.
	Handle
	// FrameName is the title or URL of the iframe this node is in ("" for
	// the main frame).
	FrameName string

	Parent   *Node
	Children []*Node
	order    int
}

// Actionable reports whether the node gets a ref.
func (n *Node) Actionable() bool {
	if n.Ignored && !n.Clickable || n.InSelect || n.inHost || n.replaced {
		return false
	}
	return interactiveRoles[n.Role] || n.Clickable
}

// Within reports whether n is anc or inside it.
func (n *Node) Within(anc *Node) bool {
	for p := n; p != nil; p = p.Parent {
		if p == anc {
			return true
		}
	}
	return false
}

// Collapsed reports a widget that says its popup is shut: it says it is
// collapsed (aria-expanded=false), or it says it opens a popup and not
// whether it is open, which is how Chromium reports a listbox that opens
// one (it keeps aria-haspopup and drops aria-expanded; Choices.js's select
// without search). `select` opens it, whatever list it shows inside
// (docs/targets.md "Custom selects", 1).
func (n *Node) Collapsed() bool {
	return n.Expanded == "false" || n.Expanded == "" && n.Popup
}

// Enabled is the opposite of Disabled, for readability.
func (n *Node) Enabled() bool { return !n.Disabled }

// Editable reports a field that takes text (fill and type work on it).
func (n *Node) Editable() bool { return n.EditableRole() && !n.ReadOnly }

// EditableRole reports a role that takes text, read-only or not: a
// textbox, searchbox, combobox or spinbutton (docs/targets.md
// "Actionability": Editable).
func (n *Node) EditableRole() bool { return editableRoles[n.Role] }

// Toggle reports a role check and uncheck act on: a checkbox, radio or
// switch.
func (n *Node) Toggle() bool { return toggleRoles[n.Role] }

// TextOrName is what the node reads as: its text, else its accessible
// name; an editing host's text is its content, even empty
// (docs/flows.md "expect", "extract").
func (n *Node) TextOrName() string {
	if n.Text != "" || n.EditHost {
		return n.Text
	}
	return n.Name
}

// Around is the up to two elements of no meaning of their own around n,
// innermost first, where a kit shows a field's value beside its input
// (react-select's single value, Tom Select's item, Quasar's span beside
// its focus target) or, in a list, a tag input's chosen items (Chosen's
// and Select2's multi selects: <ul><li>Tennis</li>…<li><input>); and a
// third that holds no control but n (antd's multiple select wraps its
// input twice inside the list of its tags; probe of ant-design-vue 4,
// conformance kit-tags-three-up).
func (n *Node) Around() []*Node {
	var out []*Node
	for a := n.Parent; a != nil && len(out) < 3 && plainRoles[a.Role]; a = a.Parent {
		if len(out) == 2 && len(controlsIn(a, n)) > 0 {
			break
		}
		out = append(out, a)
	}
	return out
}

// plainRoles are the roles of Around's elements.
var plainRoles = map[string]bool{"generic": true, "group": true, "none": true, "": true, "list": true, "listitem": true}

// ShownBeside is what a combobox whose own value is empty shows beside
// its input: the text of the nearest element Around it that holds text
// other than the combobox's name; "" for any other node (docs/flows.md
// "expect", value). A dropdown drawn as a box (a combobox that is no
// <input> or <select>, or a listbox that shows no option: its list is
// closed) shows its choice inside it: its text, the words outside its
// field and its closed list (Semantic UI's Dropdown: a `role=listbox` or
// `role=combobox` <div> around an empty search input, the choice in a
// <div>, and its menu, display:none while closed).
func (n *Node) ShownBeside() string {
	dropdown := n.Role == "listbox"
	if n.Role != "combobox" && !dropdown || n.Value != "" || n.placeholderShown {
		return ""
	}
	if n.Tag != "input" && n.Tag != "select" && n.Text != "" && n.Text != n.Name {
		if len(outermost(n, nil, func(k *Node) bool { return k.Role == "option" && k.Visible })) == 0 {
			return shownWords(n.Text)
		}
		return ""
	}
	if dropdown {
		return ""
	}
	for _, a := range n.Around() {
		t := a.Text
		if i := strings.Index(t, n.Name); n.Name != "" && i >= 0 {
			t = t[:i] + t[i+len(n.Name):]
		}
		if t = shownWords(t); t != "" {
			return t
		}
	}
	return ""
}

// shownWords is t with its runs of white space made one, less its glyphs
// (a toggle's ▾, a clear button's ×), which are no value (Ark UI's
// Combobox: its toggle button beside the empty input shows ▾).
func shownWords(t string) string {
	var words []string
	for _, w := range strings.Fields(t) {
		if !wordless(w) {
			words = append(words, w)
		}
	}
	return strings.Join(words, " ")
}

// interactiveRoles get refs.
var interactiveRoles = map[string]bool{
	"button": true, "link": true, "textbox": true, "searchbox": true,
	"checkbox": true, "radio": true, "combobox": true, "listbox": true,
	"option": true, "menuitem": true, "menuitemcheckbox": true,
	"menuitemradio": true, "tab": true, "switch": true, "slider": true,
	"spinbutton": true, "treeitem": true,
}

// editableRoles take fill and type.
var editableRoles = map[string]bool{
	"textbox": true, "searchbox": true, "combobox": true, "spinbutton": true,
}

// contextRoles are kept in interactive mode when they hold something kept
// (or always, for those in alwaysKept).
var contextRoles = map[string]bool{
	"navigation": true, "main": true, "banner": true, "contentinfo": true,
	"complementary": true, "search": true, "region": true, "form": true,
	"heading": true, "group": true, "radiogroup": true, "dialog": true,
	"alertdialog": true, "alert": true, "status": true, "table": true,
	"grid": true, "row": true, "listitem": true, "Iframe": true,
	"tablist": true, "menu": true, "menubar": true,
}

var alwaysKept = map[string]bool{
	"heading": true, "dialog": true, "alertdialog": true,
}

// liveRoles are live regions by their role (docs/targets.md "The
// snapshot", "Live regions"); an aria-live attribute that is not "off"
// makes any element one.
var liveRoles = map[string]bool{
	"status": true, "alert": true, "log": true, "progressbar": true, "timer": true,
}

// needsName are context roles kept only when named.
var needsName = map[string]bool{"group": true, "region": true}

var landmarks = map[string]bool{
	"main": true, "navigation": true, "banner": true, "contentinfo": true, "complementary": true,
}

// MaxNameLen is where long names are cut with an ellipsis.
const MaxNameLen = 100

// contextNameLen cuts the names rows and list items get from their text.
const contextNameLen = 60

// chromeRoles maps Chromium's internal roles to the ARIA role people use:
// a <summary> is a button to whoever clicks it; a date, time, month, week
// or colour input is a textbox, as Playwright names it (docs/targets.md
// "The snapshot", "Date, time and colour inputs").
var chromeRoles = map[string]string{"DisclosureTriangle": "button",
	"Date": "textbox", "DateTime": "textbox", "InputTime": "textbox", "ColorWell": "textbox"}

// pickerRoles are Chromium's roles of the inputs whose value a picker
// sets: <input type=date, time, datetime-local, month, week, color>. Each
// is one field; the parts of its own shadow tree (the date's spinbuttons,
// the picker button) are not read (docs/targets.md "The snapshot", "Date,
// time and colour inputs").
var pickerRoles = map[string]bool{"Date": true, "DateTime": true, "InputTime": true, "ColorWell": true}

// Normalize collapses white space, strips invisible characters and trims.
func Normalize(s string) string {
	if normalASCII(s) {
		return s
	}
	return normalize(s)
}

func normalize(s string) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		switch {
		case r == '\u00ad' || r == '\u200b' || r == '\u200c' || r == '\u200d' || r == '\u200e' ||
			r == '\u200f' || r == '\u2060' || r == '\ufeff':
			continue
		case unicode.IsSpace(r):
			space = true
			continue
		case !unicode.IsPrint(r):
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}

// normalASCII reports a string Normalize would leave as it is: printable
// ASCII, single spaces, none at either end. Most names are.
func normalASCII(s string) bool {
	if s == "" {
		return true
	}
	if s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < ' ' || c > '~' || c == ' ' && s[i+1] == ' ' {
			return false
		}
	}
	return true
}

func cut(s string, n int) string {
	if len([]rune(s)) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

// ToggleBeside is the one checkbox, radio or switch a person sees beside
// n, an element that cannot be checked (a field's label drawn as plain
// text, DevExtreme's `dx-field-label` beside a switch named by its state):
// the only one in the nearest of n's parent, grandparent and
// great-grandparent that holds any; nil when that one holds several, or
// none does (docs/targets.md "Failure diagnostics", "Hints that hold").
func (n *Node) ToggleBeside() *Node {
	for a, i := n.Parent, 0; a != nil && i < 3; a, i = a.Parent, i+1 {
		var found []*Node
		for _, c := range outermost(a, nil, func(c *Node) bool { return realControl(c) && c.Visible }) {
			if toggleRoles[c.Role] && c.Checked != "" {
				found = append(found, c)
			}
		}
		if len(found) > 0 {
			if len(found) == 1 && found[0] != n {
				return found[0]
			}
			return nil
		}
	}
	return nil
}
