package locate

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
)

// Snapshot is the page read once: its accessibility tree merged with DOM
// facts, with refs e1..eN on actionable nodes in document order. A
// RefTable numbers them again by the ref rule of docs/targets.md "The
// snapshot", "Refs".
type Snapshot struct {
	URL   string
	Title string
	// Document is the main frame's document (the loader ID of its
	// navigation): refs are numbered per document.
	Document string
	// Root is the main frame's document node; its children are the page.
	Root *Node
	// All holds every node in document order (iframes inlined).
	All []*Node
	// Refs maps "e3" to its node.
	Refs map[string]*Node
	// Viewport is the visible part of the main document, in viewport
	// coordinates (X, Y are 0).
	Viewport Box
	// Inconsistent is set when the page changed between the reads that
	// make up the snapshot (some elements lack their DOM facts).
	Inconsistent bool
	// Status is the HTTP status of the main document (0: not known), set
	// by package browser, which sees the response (docs/targets.md "The
	// snapshot", "The header").
	Status int
	// Overlays are the layers that cover controls of the page, set by
	// package browser, which hit-tests the page (docs/targets.md
	// "The snapshot", "Overlays"); none on most pages.
	Overlays []Overlay
}

// SessionRead is what package browser read of one CDP session of a page
// for a snapshot (docs/targets.md "The snapshot", "Who reads, who
// builds"), decoded by DecodeDOMSnapshot and DecodeAXTree as each answer
// arrived.
type SessionRead struct {
	Session string // the CDP session ID
	Parent  string // the parent session's ID; "" for the main page
	Frame   string // the session's root frame ID
	// Loader is the loader ID of the root frame's document: a new one
	// for each document the frame navigates to.
	Loader string
	DOM    *DOMSnapshot
	// AX is the accessibility tree of each frame of the session, by
	// frame ID.
	AX map[string]*AXTree
	// Owner is the backend node id, in the parent session, of the
	// <iframe> this session's root frame is in, and OwnerBox its content
	// box in the parent session's viewport. Zero for the main page.
	Owner    int64
	OwnerBox Box
}

// Build makes the snapshot of a page from its reads: the main page's
// session first, then its out-of-process iframes' (docs/targets.md "The
// snapshot"). viewport is the main document's visible part. The caller
// reads the page again when the snapshot comes out Inconsistent.
func Build(reads []*SessionRead, viewport Box) (*Snapshot, error) {
	if len(reads) == 0 || reads[0] == nil {
		return nil, errors.New("no page")
	}
	b := &builder{data: reads}
	snap := b.build()
	snap.Document = reads[0].Loader
	snap.Inconsistent = b.missingDOM > 0
	snap.Viewport = Box{W: viewport.W, H: viewport.H}
	return snap, nil
}

type builder struct {
	data []*SessionRead
	// missingDOM counts actionable nodes the DOM snapshot did not have:
	// the page changed between the two reads.
	missingDOM int
	// controls are the nodes of interactive roles by their element, and
	// labelled the rendered control of each <label> node, for foldControls.
	controls map[*domInfo]*Node
	labelled map[*Node]docRef
	// byID are the other nodes whose element has an id, which a <label
	// for> may name though no label names them natively.
	byID map[*domInfo]*Node
	// groups are the nodes of role group by their element: one may be a
	// field of segments that holds a hidden native control a label names
	// (standIns).
	groups map[*domInfo]*Node
	// standing are the labels whose native control is hidden, with where
	// the widget drawn in its place may be (standin.go).
	standing map[*Node]*standInAt
	// labelIDs are the <label> nodes with an id, and labelledBy the
	// controls whose aria-labelledby names each id of their document:
	// a label whose `for` names no control in the tree names the one
	// control that says it is labelled by it (labels).
	labelIDs   map[*Node]idKey
	labelledBy map[idKey][]*Node
}

// idKey is an id in its document.
type idKey struct {
	doc *docData
	id  string
}

func (b *builder) build() *Snapshot {
	main := b.data[0]
	root := b.frameRoot(main, main.Frame, Box{}, "")
	snap := &Snapshot{Root: root, Refs: map[string]*Node{}}
	if root == nil {
		snap.Root = &Node{Role: "RootWebArea"}
		return snap
	}
	snap.Title = root.Name
	if main.DOM != nil && len(main.DOM.docs) > 0 {
		snap.URL = main.DOM.docs[0].url
		if snap.Title == "" {
			snap.Title = main.DOM.docs[0].title
		}
	}
	finish(root, "")
	foldControls(root, b.labels(), b.standIns())
	// Document order, refs and nth.
	type key struct{ role, name string }
	seen := map[key]int{}
	var walk func(n *Node)
	walk = func(n *Node) {
		n.order = len(snap.All)
		snap.All = append(snap.All, n)
		if n.Actionable() {
			n.Ref = "e" + strconv.Itoa(len(snap.Refs)+1)
			snap.Refs[n.Ref] = n
			k := key{n.Role, n.Name}
			n.Nth = seen[k]
			seen[k]++
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(root)
	return snap
}

// frameRoot builds the tree of one frame of a session. off is the offset
// of the session's viewport in the top-level viewport.
func (b *builder) frameRoot(sd *SessionRead, frame string, off Box, frameName string) *Node {
	tree := sd.AX[frame]
	if tree == nil || len(tree.nodes) == 0 {
		return nil
	}
	axNodes := tree.nodes
	byID := make(map[string]*axNode, len(axNodes))
	var rootAX *axNode
	for _, n := range axNodes {
		byID[n.id] = n
		if n.parent == "" && rootAX == nil {
			rootAX = n
		}
	}
	if rootAX == nil {
		return nil
	}
	// Offset of this frame's document inside the session viewport.
	var docOff Box
	if d := sd.DOM.docForFrame(frame); d != nil {
		docOff.X = -d.scrollX
		docOff.Y = -d.scrollY
	}
	var mk func(ax *axNode, parent *Node, depth int) *Node
	mk = func(ax *axNode, parent *Node, depth int) *Node {
		role := ax.mappedRole()
		if role == "InlineTextBox" || depth > 400 {
			return nil
		}
		n := &Node{
			Role:      role,
			Name:      Normalize(ax.name),
			Value:     Normalize(ax.value),
			valued:    ax.value != "",
			Ignored:   ax.ignored,
			NameFrom:  ax.nameFrom,
			Handle:    Handle{Session: sd.Session, Frame: frame, Backend: ax.backend},
			FrameName: frameName,
			Parent:    parent,
			inline:    role == "StaticText",
		}
		if role == "StaticText" {
			n.runs = ax.name // Chromium keeps the space a run renders at its ends
		}
		if parent != nil && (parent.Role == "MenuListPopup" || parent.InSelect) {
			n.InSelect = true
		}
		doc, di := sd.DOM.dom(ax.backend)
		if di != nil {
			n.Tag = di.tag // for setProps
		}
		n.setProps(ax.props)
		n.markEditHost(di)
		if di != nil {
			ctl, stand := n.domFacts(ax, doc, di, Box{X: docOff.X + off.X, Y: docOff.Y + off.Y})
			b.note(n, doc, di, ctl, stand)
			b.noteIDs(n, doc, di)
		} else if parent != nil {
			n.Visible = parent.Visible
			n.Box = parent.Box
			if !ax.ignored && interactiveRoles[n.Role] && ax.backend != 0 {
				b.missingDOM++
			}
		}
		for _, cid := range ax.children {
			if pickerRoles[ax.role] {
				break // one field, without its parts
			}
			c := byID[cid]
			if c == nil {
				continue
			}
			if cn := mk(c, n, depth+1); cn != nil {
				n.Children = append(n.Children, cn)
			}
		}
		markGaps(sd.DOM, n)
		if role == "Iframe" {
			b.inlineFrame(sd, n, off, docOff)
		}
		return n
	}
	return mk(rootAX, nil, 0)
}

// inlineFrame puts the child frame's tree under its Iframe node: a frame of
// the same session (its document is the iframe's content document), or an
// out-of-process frame (a session whose owner is this iframe element).
func (b *builder) inlineFrame(sd *SessionRead, n *Node, off, docOff Box) {
	name := n.Name
	_, di := sd.DOM.dom(n.Backend)
	if di != nil && di.contentDoc >= 0 && di.contentDoc < len(sd.DOM.docs) {
		child := sd.DOM.docs[di.contentDoc]
		if name == "" {
			name = child.url
		}
		// The child document starts at the iframe's box (borders are
		// ignored here; actions use exact quads).
		coff := Box{X: off.X + docOff.X + di.box.X, Y: off.Y + docOff.Y + di.box.Y}
		if r := b.frameRoot(sd, child.frame, coff, name); r != nil {
			r.Parent = n
			n.Children = append(n.Children, r)
		}
		return
	}
	for _, other := range b.data {
		if other == nil || other.Parent == "" || other.Parent != sd.Session || other.Owner != n.Backend {
			continue
		}
		if name == "" && other.DOM != nil && len(other.DOM.docs) > 0 {
			name = other.DOM.docs[0].url
		}
		coff := Box{X: off.X + other.OwnerBox.X, Y: off.Y + other.OwnerBox.Y}
		if r := b.frameRoot(other, other.Frame, coff, name); r != nil {
			r.Parent = n
			n.Children = append(n.Children, r)
		}
	}
}

// note keeps what foldControls needs of n: its element, when it is a
// control, a clickable or a custom element (a host a label may name, a
// widget drawn for a hidden native control), and the rendered control
// it labels (ctl), or the hidden one a widget may stand for (stand),
// when it is a label.
func (b *builder) note(n *Node, doc *docData, di, ctl *domInfo, stand *standInAt) {
	if stand != nil {
		if b.standing == nil {
			b.standing = map[*Node]*standInAt{}
		}
		b.standing[n] = stand
	}
	if interactiveRoles[n.Role] || n.Clickable || strings.Contains(di.tag, "-") {
		if b.controls == nil {
			b.controls = map[*domInfo]*Node{}
		}
		b.controls[di] = n
	} else if di.attrs["id"] != "" {
		if b.byID == nil {
			b.byID = map[*domInfo]*Node{}
		}
		b.byID[di] = n
	}
	if n.Role == "group" && b.controls[di] == nil {
		if b.groups == nil {
			b.groups = map[*domInfo]*Node{}
		}
		b.groups[di] = n
	}
	if ctl != nil {
		if b.labelled == nil {
			b.labelled = map[*Node]docRef{}
		}
		b.labelled[n] = docRef{doc, ctl.idx}
	}
}

// noteIDs keeps the id of a <label> and the ids a control's
// aria-labelledby names, for labels.
func (b *builder) noteIDs(n *Node, doc *docData, di *domInfo) {
	if id := di.attrs["id"]; id != "" && di.tag == "label" {
		if b.labelIDs == nil {
			b.labelIDs = map[*Node]idKey{}
		}
		b.labelIDs[n] = idKey{doc, id}
	}
	if ids := di.attrs["aria-labelledby"]; ids != "" && interactiveRoles[n.Role] {
		if b.labelledBy == nil {
			b.labelledBy = map[idKey][]*Node{}
		}
		for _, id := range strings.Fields(ids) {
			k := idKey{doc, id}
			b.labelledBy[k] = append(b.labelledBy[k], n)
		}
	}
}

// labels pairs each label with the node of the control it labels.
func (b *builder) labels() map[*Node]*Node {
	out := make(map[*Node]*Node, len(b.labelled))
	for l, at := range b.labelled {
		di := &at.doc.nodes[at.idx]
		if c := b.controls[di]; c != nil {
			out[l] = c
		} else if w := b.byID[di]; w != nil && (w.Segments() != nil || radioBox(w)) {
			// a <label for> the wrapper of a code's boxes or of a
			// field's radios, which no label names natively (foldLabel)
			out[l] = w
		} else if h := b.heldBy(at); h != nil {
			out[l] = h
		}
	}
	for l, k := range b.labelIDs {
		if by := b.labelledBy[k]; out[l] == nil && len(by) == 1 {
			// its `for` names a hidden input, and the control a person
			// sees says it is labelled by it (EUI's EuiSuperSelect: the
			// button named "Choose a country, Country"); docs/targets.md
			// "Labels, hosts and hidden native controls"
			out[l] = by[0]
		}
	}
	return out
}

// heldBy is the control that holds the field at (an input or textarea
// the accessibility tree has no node for: inert, or hidden from it), up to
// fieldHeld elements up: the button a kit draws the field in, which its
// <label> names (Grommet's Select: `<label for=country__input>` of an
// inert, read-only input inside the button that shows the choice). The
// control shows the field's value when it has none of its own
// (docs/targets.md "Labels, hosts and hidden native controls"). Nil
// otherwise.
func (b *builder) heldBy(at docRef) *Node {
	nodes := at.doc.nodes
	in := &nodes[at.idx]
	if in.tag != "input" && in.tag != "textarea" {
		return nil
	}
	for p, k := in.parent, 0; p >= 0 && k < fieldHeld; p, k = nodes[p].parent, k+1 {
		if n := b.controls[&nodes[p]]; n != nil {
			if !realControl(n) {
				return nil
			}
			if n.Value == "" {
				n.Value = cut(Normalize(in.value), MaxNameLen)
			}
			return n
		}
	}
	return nil
}

// fieldHeld is how many elements up from a field the control that holds
// it may be (heldBy): Grommet's input is four down in its button.
const fieldHeld = 4

// clickable reports an element made clickable by its own cursor:pointer
// (not one inherited from its parent), an onclick attribute or a
// tabindex.
func clickable(doc *docData, di *domInfo, role string) bool {
	if interactiveRoles[role] || di.tag == "html" || di.tag == "body" || di.tag == "" || di.tag[0] == '#' {
		return false
	}
	if _, ok := di.attrs["onclick"]; ok {
		return true
	}
	if t, ok := di.attrs["tabindex"]; ok {
		if v, err := strconv.Atoi(strings.TrimSpace(t)); err == nil && v >= 0 {
			return true
		}
	}
	if di.cursor == "pointer" {
		parentCursor := ""
		if di.parent >= 0 {
			parentCursor = doc.nodes[di.parent].cursor
		}
		return parentCursor != "pointer"
	}
	return false
}

// domFacts sets what the DOM snapshot says of the node of ax (doc, di):
// tag and attributes, layout, box (shifted by off), visibility, whether
// it is clickable or concealed; and the name a hidden label gives it, or
// the control a label stands for. It returns the rendered control a
// label labels, if any, and where the widget drawn for the hidden native
// control it labels may be (standin.go).
func (n *Node) domFacts(ax *axNode, doc *docData, di *domInfo, off Box) (ctl *domInfo, stand *standInAt) {
	n.Tag = di.tag
	n.authoredOption(di)
	n.Placeholder = di.attrs["placeholder"]
	if n.Placeholder == "" {
		n.Placeholder = di.attrs["aria-placeholder"]
	}
	n.TestID = di.attrs["data-testid"]
	n.Href = di.attrs["href"]
	n.placeholderShown = (n.Role == "combobox" || n.Role == "button") && !nativeInput[di.tag] && showsPlaceholder(doc, di)
	n.inline = n.inline || inlineBox(di)
	n.block = blockBox(di)
	if n.Role == "progressbar" {
		n.Value = progressValue(n.Value, ax.props, di.attrs["aria-valuetext"])
	}
	box := di.box
	if !di.hasLayout && n.Role == "StaticText" && di.parent >= 0 {
		box = doc.nodes[di.parent].box // text nodes carry their layout on the parent element
	}
	n.Box = Box{X: box.X + off.X, Y: box.Y + off.Y, W: box.W, H: box.H}
	n.Visible = !box.Empty() && di.visibility != "hidden" && di.visibility != "collapse" && !di.outOfView
	n.concealed = di.hasLayout && (!n.Visible || di.drawnInvisible())
	n.unboxed = !di.hasLayout && di.tag != "" && di.tag[0] != '#'
	if n.concealed && di.tag == "option" {
		// an option of a native select drawn invisible (clipped to
		// nothing with its select, under the widget a kit draws for it:
		// Tom Select's multiple select) is no option a person sees or
		// clicks; the select itself stands for the widget (docs/targets.md
		// "Labels, hosts and hidden native controls")
		n.Visible = false
	}
	if n.concealed && di.tag == "input" && n.Checked != "" {
		n.Checked = drawnChecked(di.attrs, n.Checked)
	}
	if !ax.ignored || n.Role == "generic" || n.Role == "none" {
		n.Clickable = clickable(doc, di, n.Role)
	}
	if (n.Role == "link" || n.Clickable) && n.Value == "" {
		n.Value = heldChoice(doc, di)
	}
	if n.Role == "LabelText" || (ax.ignored && di.tag == "label") {
		ctl, stand = hiddenControl(n, doc, di)
	}
	if n.Name == "" && !ax.ignored && labelable[di.tag] {
		if n.Name = cut(doc.hiddenLabel(di), MaxNameLen); n.Name != "" {
			n.NameFrom = "label"
		}
	}
	return ctl, stand
}

// authoredOption gives back the role option that Chromium drops from an
// element its author gave role=option inside a listbox, when a list item
// stands between them (jQuery UI's menu: <ul role=listbox><li><div
// role=option>, which Chromium calls generic; docs/targets.md "Custom
// selects").
func (n *Node) authoredOption(di *domInfo) {
	if n.Role != "generic" || strings.TrimSpace(di.attrs["role"]) != "option" {
		return
	}
	for a, i := n.Parent, 0; a != nil && i < 3; a, i = a.Parent, i+1 {
		if a.Role == "listbox" {
			n.Role = "option"
			return
		}
	}
}

// labelable are the elements a <label> names.
var labelable = map[string]bool{"input": true, "select": true, "textarea": true, "button": true,
	"meter": true, "output": true, "progress": true}

// hiddenControl turns a label whose native checkbox or radio is not
// rendered (display:none, or visibility:hidden, which the accessibility
// tree leaves out, behind a styled label) into that control. It
// returns the control a label labels when the control is rendered
// (foldControls decides then), and where a widget drawn in place of a
// hidden native control may be (standin.go).
func hiddenControl(n *Node, doc *docData, di *domInfo) (*domInfo, *standInAt) {
	ctl := -1
	self := doc.indexOf(di)
	if f := di.attrs["for"]; f != "" && self >= 0 {
		if i, ok := doc.id(f, self); ok {
			ctl = i
		}
	}
	if ctl < 0 {
		// a wrapped input: search the label's descendants
		for i := self + 1; self >= 0 && i < len(doc.nodes); i++ {
			p := doc.nodes[i].parent
			for p >= 0 && p != self {
				p = doc.nodes[p].parent
			}
			if p != self {
				break
			}
			if c := &doc.nodes[i]; labelable[c.tag] && c.attrs["type"] != "hidden" {
				ctl = i
				break
			}
		}
	}
	if ctl < 0 {
		return nil, nil
	}
	in := &doc.nodes[ctl]
	stand := standInFor(doc, ctl)
	if in.hasLayout && in.visibility != "hidden" && in.visibility != "collapse" {
		return in, stand
	}
	typ := strings.ToLower(in.attrs["type"])
	if in.tag != "input" || (typ != "checkbox" && typ != "radio") {
		return nil, stand
	}
	n.Role = typ
	n.Ignored = false
	n.Checked = "false"
	if in.checked {
		n.Checked = "true"
	}
	n.Checked = drawnChecked(in.attrs, n.Checked)
	_, n.Disabled = in.attrs["disabled"]
	n.NameFrom = "label"
	n.Clickable = false // a control now, not a clickable
	return nil, nil
}

// finish computes text, names of unnamed clickables and regions, bottom-up
// and top-down.
func finish(n *Node, region string) {
	if landmarks[n.Role] {
		region = n.Role
	}
	n.Region = region
	if n.Role != "StaticText" {
		n.runs = joinRuns(n, region)
	}
	n.Text = Normalize(n.runs)
	if n.NameFrom == "contents" {
		n.Name = asRendered(n.Name, n.runs)
		if n.pseudoHid && n.Text != "" {
			n.Name = cut(n.Text, MaxNameLen) // the words it shows, without those only a screen reader hears
		}
	}
	if n.EditHost {
		n.finishEditHost()
	}
	if n.placeholderShown {
		n.Value, n.Placeholder = "", shownWords(n.Text) // what it shows is no choice
	} else {
		shownChoice(n)
		boxValue(n)
	}
	if n.Name == "" && (n.Clickable || n.Role == "alert" || n.Role == "status" || n.Role == "LabelText" ||
		n.Role == "checkbox" || n.Role == "radio" || n.Role == "option") {
		n.Name = cut(n.Text, MaxNameLen)
	}
	// Rows and list items are context: name one by its key (a row's first
	// cell with text, an item's text), unless what it holds already says
	// it, as a nav item's only link does.
	if n.Name == "" && (n.Role == "row" || n.Role == "listitem") {
		if key := contextKey(n); key != "" && !namedBelow(n, key) {
			n.Name = cut(key, contextNameLen)
		}
	}
}

// heldChoice is the choice of the one native <select> a link or
// clickable holds and the page does not render (display:none): the text
// of its selected options. Framework7's smart select is a link around
// its hidden select, its title and the choice it shows, and `expect:
// {value: Country}` read "" (docs/targets.md "Labels, hosts and hidden
// native controls"). "" otherwise.
func heldChoice(doc *docData, di *domInfo) string {
	i := doc.indexOf(di)
	if i < 0 {
		return ""
	}
	sel := -1
	for j := i + 1; j < di.end && j < len(doc.nodes) && j < i+maxHeldScan; j++ {
		if doc.nodes[j].tag == "select" && !doc.nodes[j].hasLayout {
			if sel >= 0 {
				return "" // two selects: the widget of neither
			}
			sel = j
		}
	}
	if sel < 0 {
		return ""
	}
	var chosen []string
	for j := sel + 1; j < doc.nodes[sel].end && j < len(doc.nodes); j++ {
		if o := &doc.nodes[j]; o.tag == "option" && o.checked {
			chosen = append(chosen, Normalize(strings.Join(doc.texts(j), "")))
		}
	}
	return cut(strings.Join(chosen, ", "), MaxNameLen)
}

// maxHeldScan bounds the elements heldChoice looks at inside a link or
// clickable.
const maxHeldScan = 40

// showsPlaceholder says the element at di, or an element inside it, is
// marked as showing a placeholder where a choice would be: the attribute
// data-placeholder (Radix's and shadcn's Select trigger, React Aria's
// SelectValue) or data-placeholder-shown (Zag's, so Ark UI's and Chakra's)
// (docs/targets.md "Labels, hosts and hidden native controls").
func showsPlaceholder(doc *docData, di *domInfo) bool {
	i := doc.indexOf(di)
	if i < 0 {
		return false
	}
	for j := i; j < di.end && j < len(doc.nodes) && j < i+maxPlaceholderScan; j++ {
		a := doc.nodes[j].attrs
		if _, ok := a["data-placeholder-shown"]; ok {
			return true
		}
		if v, ok := a["data-placeholder"]; ok && v != "false" {
			return true
		}
	}
	return false
}

// maxPlaceholderScan bounds the elements showsPlaceholder looks at: a
// trigger holds a few spans.
const maxPlaceholderScan = 12

// shownChoice gives a button a form <label> names the value it shows:
// its text, which is its choice (Blueprint's Select: `button "City":
// Lyon`), as a person reads it (docs/targets.md "Labels, hosts and hidden
// native controls").
//
// A button that opens a popup, named through aria-labelledby by what it
// shows and more (Spectrum's sp-picker: its shown choice, then the
// field's label, `France Country`; Kobalte's Select: the label, its own
// aria-label, then its choice, `Country Country Germany`), shows its
// choice too: the words of its text, less its glyphs (▾), that its name
// starts or ends with (conformance kit-picker-labelledby-value,
// select-trigger-labelledby-value-last).
func shownChoice(n *Node) {
	if n.Value != "" || n.Role != "button" || n.Text == "" || n.Text == n.Name {
		return
	}
	switch {
	case n.NameFrom == "label":
		n.Value = n.Text
	case n.NameFrom == "labelledby" && n.Popup:
		shows := shownWords(n.Text)
		if shows != "" && (strings.HasPrefix(n.Name, shows+" ") || strings.HasSuffix(n.Name, " "+shows)) {
			n.Value = shows
		}
	}
}

// boxValue gives a combobox drawn as a box, with no field inside it in
// the tree, the value it shows, its text, where the browser's value holds
// more: Chromium adds the placeholder of a field the box hides inside it
// (Arco's Select keeps an aria-hidden search input, and read `Choose a
// city Lyon` for Lyon), which a person does not see (docs/targets.md
// "The snapshot").
func boxValue(n *Node) {
	if n.Role != "combobox" || n.Tag == "input" || n.Tag == "textarea" || n.Text == "" || n.Value == n.Text ||
		!strings.Contains(Normalize(n.Value), n.Text) {
		return
	}
	if len(outermost(n, nil, func(k *Node) bool { return isField(k) || k.EditHost })) == 0 {
		n.Value = n.Text
	}
}

// joinRuns finishes the children and joins their text as it renders
// (runJoin). The text of fields is left out, and so is that of a
// concealed ::before or ::after: words only a screen reader hears
// (docs/targets.md "The snapshot", "Text").
func joinRuns(n *Node, region string) string {
	var j runJoin
	for _, c := range n.Children {
		finish(c, region)
		if editableRoles[c.Role] {
			j.skip(c)
			continue
		}
		if c.concealed && (c.Tag == "::before" || c.Tag == "::after") {
			n.pseudoHid = true // words for screen readers only: no text a person reads, no break
			continue
		}
		n.pseudoHid = n.pseudoHid || c.pseudoHid
		j.add(c, c.runs)
	}
	return j.end(n)
}

// runJoin joins the text of neighbours as the page renders it, the one
// rule of an element's text and of compact mode's text lines
// (docs/targets.md "The snapshot", "Text"): two neighbours that are both
// inline run on with nothing added, as `Hello <b>wor</b>ld` reads "Hello
// world" (a space the page renders in a run is in the run already); a
// space is added between any other two, and where the page renders white
// space or a break that no node holds (Node.spaced, Node.spacedEnd); an
// element with no text that is laid out as a block breaks a run too.
type runJoin struct {
	b          strings.Builder
	prevInline bool
	prev       *Node // the neighbour of the last text
	space      bool  // a space is due before the next text
}

// add joins the text t of the neighbour c. A <wbr> is a break
// opportunity, no space: it adds breakMark, which Normalize removes.
func (j *runJoin) add(c *Node, t string) {
	if c.Tag == "wbr" {
		if j.b.Len() > 0 && !j.space {
			j.b.WriteString(breakMark)
		}
		return
	}
	j.space = j.space || c.spaced
	if t == "" {
		j.skip(c)
		return
	}
	switch {
	case j.b.Len() > 0 && !j.space && !(j.prevInline && c.inline) && touching(j.prev, c):
		// no space shown, and none in the name: a space at the run's
		// start is one the flex item does not render (Vuestic's " is")
		j.b.WriteString(breakMark)
		t = strings.TrimLeft(t, " ")
	case j.space || j.b.Len() > 0 && !(j.prevInline && c.inline):
		j.b.WriteByte(' ')
	}
	j.b.WriteString(t)
	j.prevInline, j.space, j.prev = c.inline, false, c
}

// touchGap is the widest gap between two boxes drawn as touching: less
// than a space at the smallest type (about 2.2 px at 8 px), more than
// the pixel of margin a highlight may keep (Vuestic's 1 px).
const touchGap = 2.0

// touching says a bare run of text and the neighbour before or after it
// are drawn on one line with nothing between them (less than touchGap): the items of a flex
// row (Vuestic's option `<span>Par</span>is`, the typed part
// highlighted), blocks the page draws as one word (docs/targets.md "The
// snapshot", "Text"). Two elements are never run on so: their boxes hold
// padding, a button group's buttons touch.
func touching(a, b *Node) bool {
	if a == nil || a.Role != "StaticText" && b.Role != "StaticText" || a.Box.Empty() || b.Box.Empty() {
		return false
	}
	gap := b.Box.X - (a.Box.X + a.Box.W)
	return gap > -0.5 && gap < touchGap && a.Box.Y < b.Box.Y+b.Box.H && b.Box.Y < a.Box.Y+a.Box.H
}

// skip passes over a neighbour whose text does not count; it still
// breaks the run when it is laid out as a block.
func (j *runJoin) skip(c *Node) {
	j.space = j.space || c.spaced || c.block
}

// end is the joined text of n's children, with a space at its end when
// the page renders one after the last of them.
func (j *runJoin) end(n *Node) string {
	j.space = j.space || n.spacedEnd
	return j.String()
}

// String is the text joined so far, with a space at its end when one is
// due.
func (j *runJoin) String() string {
	if j.space {
		return j.b.String() + " "
	}
	return j.b.String()
}

// breakMark stands in an element's runs for a <wbr>, a break opportunity
// where the page shows no space (docs/targets.md "The snapshot", "Text"):
// a zero-width space, which Normalize removes.
const breakMark = "\u200b"

// asRendered is name, a name Chromium computed from an element's
// contents, with the spaces it puts at a break opportunity taken out,
// where runs, the element's text as it runs, has breakMark and no white
// space (docs/targets.md "The snapshot", "Text"): Chromium names
// `<button>/users<wbr>/login</button>` "/users /login", the page shows
// "/users/login". Any other difference (a child's alt text or label in
// the name, a space Chromium puts between inline blocks) keeps name as it
// is.
func asRendered(name, runs string) string {
	if !strings.Contains(runs, breakMark) {
		return name
	}
	a, b := []rune(name), []rune(runs)
	out := make([]rune, 0, len(a))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			out = append(out, a[i])
			i, j = i+1, j+1
		case j < len(b) && string(b[j]) == breakMark:
			if i < len(a) && unicode.IsSpace(a[i]) && (j+1 >= len(b) || !unicode.IsSpace(b[j+1])) {
				i++ // Chromium's space at the break opportunity
			}
			j++
		case j < len(b) && (unicode.IsSpace(b[j]) || Normalize(string(b[j])) == ""):
			j++ // white space or an invisible character the name leaves out
		case i < len(a) && unicode.IsSpace(a[i]):
			out = append(out, a[i])
			i++ // a space the name has and the runs do not: Chromium's to keep
		default:
			return name
		}
	}
	return Normalize(string(out))
}

// markGaps marks where the page renders white space or a break among n's
// children that the accessibility tree leaves out (docData.spaced).
func markGaps(ds *DOMSnapshot, n *Node) {
	if len(n.Children) == 0 || n.Backend == 0 {
		return
	}
	doc, self := ds.index(n.Backend)
	if doc == nil {
		return
	}
	kids := make([]int, len(n.Children))
	for k, c := range n.Children {
		kids[k] = -1
		if d, i := ds.index(c.Backend); d == doc && c.Backend != 0 {
			kids[k] = i
		}
	}
	before, end := doc.gaps(self, kids)
	for k, c := range n.Children {
		c.spaced = before[k]
	}
	n.spacedEnd = end
}

// inlineTags are the elements laid out inline by default: an element
// with no box of its own (display: contents) counts as inline by its tag
// (inlineBox).
var inlineTags = map[string]bool{
	"#text": true, "span": true, "b": true, "i": true, "em": true, "strong": true, "small": true,
	"mark": true, "code": true, "abbr": true, "time": true, "sub": true, "sup": true, "s": true,
	"u": true, "data": true, "bdi": true, "bdo": true, "q": true, "cite": true, "del": true,
	"ins": true, "kbd": true, "var": true, "dfn": true, "samp": true, "font": true,
}

// inlineBox reports an element laid out inline: its computed display is
// inline, inline-block, inline-flex, ...; an element with no box of its
// own (display: contents) counts as inline when its tag is.
func inlineBox(di *domInfo) bool {
	if di.hasLayout && di.display != "" {
		return strings.HasPrefix(di.display, "inline")
	}
	return di.tag != "#text" && inlineTags[di.tag]
}

// progressValue is what a progress bar says: its aria-valuetext, else its
// value as a percentage of its range (docs/targets.md "The snapshot",
// "Live regions"). An indeterminate bar says nothing.
func progressValue(value string, props []axProp, valueText string) string {
	if t := Normalize(valueText); t != "" {
		return t
	}
	v, err := strconv.ParseFloat(value, 64)
	if err != nil {
		return ""
	}
	lo, hi := 0.0, 100.0
	for _, p := range props {
		f, err := strconv.ParseFloat(p.value, 64)
		switch {
		case err != nil:
		case p.name == "valuemin":
			lo = f
		case p.name == "valuemax":
			hi = f
		}
	}
	if hi <= lo {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return strconv.FormatFloat(math.Round((v-lo)/(hi-lo)*100), 'f', -1, 64) + "%"
}

// String renders the snapshot in the interactive mode.
func (s *Snapshot) String() string { return s.Render(RenderOptions{}) }

// FindBackend returns the node of a backend id in a session (by its
// CDP session ID), or nil.
func (s *Snapshot) FindBackend(session string, id int64) *Node {
	for _, n := range s.All {
		if n.Backend == id && n.Session == session {
			return n
		}
	}
	return nil
}

// ErrNoDocument is returned for a page with no document yet.
var ErrNoDocument = fmt.Errorf("the page has no document yet")

// contextKey is what tells a row or list item from its siblings.
func contextKey(n *Node) string {
	if n.Role == "row" {
		for _, c := range n.Children {
			switch c.Role {
			case "cell", "gridcell", "rowheader", "columnheader":
				if c.Text != "" {
					return c.Text
				}
			}
		}
	}
	return n.Text
}

// namedBelow reports whether an actionable node inside n has a name that
// contains key.
func namedBelow(n *Node, key string) bool {
	k := strings.ToLower(cut(key, contextNameLen))
	var found bool
	var walk func(m *Node)
	walk = func(m *Node) {
		for _, c := range m.Children {
			if found {
				return
			}
			if c.Actionable() && strings.Contains(strings.ToLower(c.Name), k) {
				found = true
				return
			}
			walk(c)
		}
	}
	walk(n)
	return found
}

// drawnChecked is the state of a native checkbox, radio or switch that a
// kit hides and draws in its own way: its aria-checked, which the kit
// keeps in step with what it draws, when it has one, else its native
// state. Element Plus's switch prevents the click's default on its
// hidden input, whose checked then lags while aria-checked and the drawn
// switch say checked (docs/targets.md "Labels, hosts and hidden native
// controls").
func drawnChecked(attrs map[string]string, native string) string {
	switch v := strings.TrimSpace(attrs["aria-checked"]); v {
	case "true", "false", "mixed":
		return v
	}
	return native
}
