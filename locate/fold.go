package locate

import (
	"math"
	"slices"
	"strings"
	"unicode"
)

// foldControls makes each control of a UI kit one thing, as a person sees
// it (docs/targets.md "The snapshot", "Labels, hosts and hidden native
// controls"), before refs are given:
//
//  1. a host or wrapper around one real control is that control: the
//     control takes the host's name when it has none of its own;
//  2. a label is part of the control it labels: a label made clickable by
//     its styles gets no ref of its own, and the label of a concealed
//     checkbox or radio stands for it; the label of a hidden native
//     control names the widget drawn in its place, and the label of a
//     control no label names natively (a <span role=combobox>) names it;
//  3. a concealed native input (input, select, textarea) that a visible
//     widget of its kind and name stands for gets no ref;
//  4. a clickable inside a real control, named as the control is, is part
//     of it.
//
// labelOf pairs each <label> node with the node of the element it
// labels, standIns each label of a hidden native control with where the
// widget drawn for it may be.
func foldControls(root *Node, labelOf map[*Node]*Node, standIns map[*Node]*standIn) {
	var nodes []*Node
	var walk func(n *Node)
	walk = func(n *Node) {
		nodes = append(nodes, n)
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(root)
	for _, n := range nodes {
		foldHost(n)
	}
	var named map[string]bool // only a label of a hidden control asks
	if len(standIns) > 0 {
		named = labelledNames(nodes)
	}
	for _, n := range nodes {
		if s := standIns[n]; s != nil {
			foldStandIn(n, s, named)
		}
	}
	for _, n := range nodes { // in document order: the first label of a control stands for it
		if c := labelOf[n]; c != nil {
			foldLabel(n, c)
		} else if n.Role == "LabelText" && standIns[n] == nil { // a hidden control's label names its widget
			foldLoneLabel(n)
		}
	}
	for _, n := range nodes {
		if realControl(n) && n.concealed && nativeInput[n.Tag] {
			foldConcealed(n)
		}
		foldCellLabel(n)
		foldItemLabel(n)
	}
	for _, n := range nodes {
		foldClickable(n)
	}
	for _, n := range nodes {
		foldTwin(n)
		foldTwinClickable(n)
	}
}

// foldTwin folds a control into the nearest real control around it when
// that one has its role and its name: a person sees one control, which
// the outer one is (Syncfusion's DropDownList: a focusable wrapper of role
// combobox around a read-only input of role combobox, both named by the
// label; conformance select-wrapper-takes-clicks). The inner one gets no
// ref; a click on the outer one lands on whichever of the two takes it.
func foldTwin(n *Node) {
	if !realControl(n) {
		return
	}
	for a := n.Parent; a != nil; a = a.Parent {
		if realControl(a) {
			if a.Role == n.Role && sameName(a.Name, n.Name) {
				n.replaced = true
				if n.Value != "" && isField(n) {
					a.Value = n.Value // the field's value, not the wrapper's text around it
				}
			}
			return
		}
	}
}

// foldTwinClickable folds a clickable into the clickable around it that
// it is to the eye: named as it is and drawn over it (sameBox), neither
// of an interactive role (Varlet's Select: a focusable box around the
// box with cursor:pointer it opens from; `select: Country` was ambiguous
// between them). The inner one is no longer clickable, so it gets no ref;
// a click on the outer one lands on it (docs/targets.md "Resolution", 4,
// "Nested matches").
func foldTwinClickable(n *Node) {
	if !n.Clickable || interactiveRoles[n.Role] || !n.Actionable() {
		return
	}
	for a := n.Parent; a != nil; a = a.Parent {
		if a.Actionable() {
			if a.Clickable && !interactiveRoles[a.Role] && sameName(a.Name, n.Name) && sameBox(a.Box, n.Box) {
				n.Clickable = false
			}
			return
		}
	}
}

// sameBox says two boxes are one to the eye: each edge within
// twinSlack pixels of the other's.
func sameBox(a, b Box) bool {
	return math.Abs(a.X-b.X) <= twinSlack && math.Abs(a.Y-b.Y) <= twinSlack &&
		math.Abs(a.X+a.W-b.X-b.W) <= twinSlack && math.Abs(a.Y+a.H-b.Y-b.H) <= twinSlack
}

// twinSlack is how far apart, in CSS pixels, the edges of a clickable
// and the clickable it holds may be for one to be the other's twin
// (foldTwinClickable: Varlet's Select, its focusable host and the box
// with cursor:pointer it holds, 1 px shorter).
const twinSlack = 2

// realControl is a node of an interactive role that gets a ref: not one
// made clickable by cursor, onclick or tabindex alone.
func realControl(n *Node) bool { return interactiveRoles[n.Role] && n.Actionable() }

// hostRoles are the roles a host or wrapper has that says nothing of its
// own to a person who acts on it: a custom element, a <div>, a list item,
// a label.
var hostRoles = map[string]bool{"generic": true, "none": true, "LabelText": true, "listitem": true}

// foldHost folds a host into the one real control it holds: a custom
// element, or an element its author named (a <label for>, aria-label,
// aria-labelledby, ElementInternals), whose only real control (a
// concealed one beside a shown one does not count) has no name of its
// own (none, or only its placeholder or title), the host's, or the
// host's followed by what it shows. The control takes the host's name; the host is no candidate: it keeps no
// ref, and its label names the control.
func foldHost(h *Node) {
	if !hostRoles[h.Role] || h.Name == "" || !(isLabelled(h) || strings.Contains(h.Tag, "-")) {
		return
	}
	var ctls []*Node
	var find func(n *Node)
	find = func(n *Node) {
		for _, c := range n.Children {
			switch {
			case len(ctls) > 3 || c.Role == "Iframe":
			case realControl(c):
				ctls = append(ctls, c)
			default:
				find(c)
			}
		}
	}
	find(h)
	if len(ctls) > 1 { // a native input concealed under the widget drawn for it is not a second
		ctls = shown(ctls)
	}
	if len(ctls) != 1 {
		return
	}
	c := ctls[0]
	switch {
	case c.Name == "" || c.NameFrom == "placeholder" || c.NameFrom == "title" || roleWord(c.Name, c):
		c.Name, c.NameFrom = h.Name, h.NameFrom
		if !isLabelled(h) {
			c.NameFrom = "contents"
		}
	case sameName(c.Name, h.Name):
	case shownAfter(c.Name, h.Name) != "":
		// named by the host's label, then what it shows (Ionic's select
		// button "Size, Choose a size" in an ion-select "Size")
		if c.Value == "" {
			c.Value = shownAfter(c.Name, h.Name)
		}
		c.Name = h.Name
	default:
		return // the host says something else: it is a thing of its own
	}
	h.into, h.Clickable = c, false
}

// shownAfter is what a control's name says after its host's name, when
// the name is the host's followed by a comma and what the control shows
// (its value or placeholder: "Size, Choose a size" for the host "Size"),
// else "" (docs/targets.md "Labels, hosts and hidden native controls").
func shownAfter(name, host string) string {
	n, h := Normalize(name), Normalize(host)
	if h == "" || len(n) <= len(h)+1 || !strings.EqualFold(n[:len(h)], h) || n[len(h)] != ',' {
		return ""
	}
	return strings.TrimSpace(n[len(h)+1:])
}

// shown is the controls of ctls that are not concealed.
func shown(ctls []*Node) []*Node {
	var out []*Node
	for _, c := range ctls {
		if !c.concealed {
			out = append(out, c)
		}
	}
	return out
}

// toggleRoles are what check and uncheck act on.
var toggleRoles = map[string]bool{"checkbox": true, "radio": true, "switch": true}

// foldLabel makes a label part of the control c it labels. A label of a
// concealed checkbox, radio or switch (drawn invisible, or with an empty
// box) that no toggle the kit draws around it stands for (drawnToggle)
// stands for it, as one of a display:none one does: the label takes
// its role, state and name, and its ref clicks the label. A label of a control a person sees gets no
// ref: a click on it is a click on the control.
func foldLabel(l, c *Node) {
	if c.into != nil {
		c = c.into // a label of a host labels the control it is
	}
	if !interactiveRoles[c.Role] && c.Segments() != nil {
		// a <label for> the wrapper of a code's boxes (PrimeVue's InputOtp
		// gives its id to the wrapper): the label names the field of its
		// boxes (docs/targets.md "Fields of segments")
		if c.Visible && ownName(c) == "" && labelName(l) != "" {
			c.Name, c.NameFrom, l.Clickable = labelName(l), "label", false
		}
		return
	}
	if !interactiveRoles[c.Role] {
		// a <label for> a wrapper that is no control, made clickable by
		// the kit (ant-design-vue gives its Slider's id to the box around
		// the handle): the label names the one control it holds, when
		// that has no name of its own (conformance kit-label-for-wrapper)
		in := controlsIn(c, nil)
		switch {
		case labelName(l) == "":
		case len(in) == 1 && in[0].Visible && unnamed(in[0]):
			in[0].Name, in[0].NameFrom, l.Clickable = labelName(l), "label", false
		case hostRoles[c.Role] && c.Name == "" && radioBox(c):
			// a <label for> the box of a form field's radios (Grommet's
			// RadioButtonGroup): the group the label names, as a
			// fieldset its legend names (conformance select-radio-fieldset)
			c.Role, c.Name, c.NameFrom, c.Ignored, l.Clickable = "group", labelName(l), "label", false, false
		}
		return
	}
	if c.replaced || c.InSelect || c.inHost {
		return
	}
	if w := drawnToggle(c); w != nil {
		// the kit draws the toggle around its concealed input (PrimeReact's
		// InputSwitch: a div of role checkbox around an input of role
		// switch): the drawn one is the control, the label names it
		l.Clickable, c.replaced = false, true
		if ownName(w) == "" {
			w.Name, w.NameFrom = labelName(l), "label"
		}
		return
	}
	if c.concealed && toggleRoles[c.Role] && l.Visible && !l.concealed && !interactiveRoles[l.Role] {
		l.Role, l.Checked, l.Disabled, l.Required = c.Role, c.Checked, c.Disabled, c.Required
		if c.Name != "" {
			l.Name = c.Name
		}
		l.NameFrom, l.Ignored, l.Clickable = "label", false, false
		c.replaced = true
		return
	}
	if realControl(c) && c.Visible && !interactiveRoles[l.Role] {
		l.Clickable = false
		if labelable[c.Tag] && (c.NameFrom == "aria-label" || c.NameFrom == "labelledby") && !sameName(labelName(l), c.Name) {
			// its aria-label wins over its <label> (EUI's date field:
			// "Press the down key to open a popover containing a
			// calendar."), and the label's text still names it to a person
			c.labelAlso = labelName(l)
		}
		switch {
		case labelable[c.Tag] || labelName(l) == "":
		case ownName(c) == "" || namesWhatItShows(c):
			// a <label for> of a widget no label names natively (jQuery
			// UI's <span role=combobox>, which it points the label at;
			// PrimeVue's, whose aria-label is the choice it shows)
			if c.Value == "" {
				c.Value = ownName(c)
			}
			c.Name, c.NameFrom = labelName(l), "label"
		case !sameName(labelName(l), c.Name):
			// one named otherwise keeps its name, and its label's text
			// names it too (Kendo's Switch, a <span role=switch> named
			// "Toggle switch value" that its Label's `for` points at)
			c.labelAlso = labelName(l)
		}
	}
}

// foldLoneLabel ties a label the page tied to no control in the tree
// (its `for` and what it wraps are none, or hidden from it) to the one
// control a person sees it name: the one control it holds, which has no
// name of its own or one of no word (Base UI's toggle, a <span
// role=checkbox> a label wraps beside the aria-hidden input it keeps in
// step, whose indicator names it "●"), which takes its name; else the one
// control beside it, in its parent: a concealed checkbox, radio or
// switch with no name (Semantic UI's <input class=hidden> and its
// <label> in div.ui.checkbox), which the label stands for, or a control a
// person sees with no name of its own (a form item's field, named by its
// placeholder alone), which takes its name (docs/targets.md "Labels,
// hosts and hidden native controls").
func foldLoneLabel(l *Node) {
	if !l.Visible || l.concealed {
		return
	}
	seen := func(c *Node) bool { return c.Visible && !c.concealed && unnamed(c) }
	in := controlsIn(l, nil)
	if len(in) == 1 && seen(in[0]) {
		in[0].Name, in[0].NameFrom, l.Clickable = withoutGlyph(labelName(l), ownName(in[0])), "label", false
		return
	}
	if l.Parent == nil || len(in) > 0 {
		return
	}
	at := labelColumn(l)
	by := fieldWithSteppers(controlsIn(at.Parent, at))
	if len(by) == 0 {
		if c := soleClickable(at.Parent, at); c != nil && (wordless(ownName(c)) || showsItsName(c)) {
			// a form item's widget drawn as a box with no role and no
			// name (Naive UI's multiple select), or named by what it shows
			// (its single select: the placeholder, then the choice), which
			// is its value
			if showsItsName(c) && c.Value == "" {
				c.Value = c.TextOrName()
			}
			c.Name, c.NameFrom, l.Clickable = labelName(l), "label", false
		}
		return
	}
	if len(by) > 1 {
		by = flatField(at, seen)
	}
	if len(by) != 1 {
		return
	}
	switch c := by[0]; {
	case c.concealed && toggleRoles[c.Role] && c.Name == "":
		foldLabel(l, c)
	case seen(c):
		// the label of a form item, its field in the next block (Naive
		// UI's n-form-item, Fomantic's .field)
		c.Name, c.NameFrom, l.Clickable = labelName(l), "label", false
	}
}

// flatField is what the label in at names in a flat form, whose fields
// and labels stand side by side in one box with no `for` (a form item's
// one label beside several controls names none): the first control
// after it, up to the next label (followedBy, firstOf); or, when that
// one is no control a person sees unnamed (seen), the checkbox, radio or
// switch right before it (`<input type=checkbox> <label>Remember
// me</label> <button>Sign in</button>`). Nil when neither.
func flatField(at *Node, seen func(*Node) bool) []*Node {
	var after []*Node
	if len(outermost(at.Parent, at, isLabel)) > 0 {
		after = firstOf(followedBy(at))
	}
	if len(after) == 1 && seen(after[0]) {
		return after
	}
	if c := toggleBefore(at); c != nil && seen(c) {
		return []*Node{c}
	}
	return after
}

// toggleBefore is the checkbox, radio or switch right before at in its
// parent, which the label after it names in a flat form (`<input
// type=checkbox> <label>Remember me</label>`, no `for`); nil otherwise.
func toggleBefore(at *Node) *Node {
	sibs := at.Parent.Children
	if i := slices.Index(sibs, at); i > 0 && realControl(sibs[i-1]) && toggleRoles[sibs[i-1].Role] {
		return sibs[i-1]
	}
	return nil
}

// followedBy are the real controls that follow at in its parent, up to
// the next box that is or holds a label: what a label of a flat form
// names, its fields and labels side by side in one box with no `for`
// (`<label>Email</label> <input> <label>Password</label> <input>`; Base
// Web's FormControl, whose label a Slider takes no id for), where the
// parent holds every field (docs/targets.md "Labels, hosts and hidden
// native controls"). The label names the first (firstOf).
func followedBy(at *Node) []*Node {
	sibs := at.Parent.Children
	var out []*Node
	for _, s := range sibs[slices.Index(sibs, at)+1:] {
		if len(outermost(s, nil, isLabel)) > 0 || isLabel(s) {
			break
		}
		if realControl(s) {
			out = append(out, s)
			continue
		}
		out = append(out, controlsIn(s, nil)...)
	}
	return out
}

// firstOf is the first control of a flat form's run, which its label
// names (the form's button may follow the last field), unless another
// of its role follows it: a label over a group of checkboxes, or over a
// phone number's two fields, names none of them.
func firstOf(run []*Node) []*Node {
	if len(run) == 0 {
		return nil
	}
	for _, c := range run[1:] {
		if c.Role == run[0].Role {
			return nil
		}
	}
	return run[:1]
}

// isLabel says n is a label a person sees.
func isLabel(n *Node) bool { return n.Role == "LabelText" && n.Visible }

// labelColumn is the box a form item keeps its label in: the label, or
// up to two elements around it that hold nothing else a person acts on
// (TDesign's FormItem puts the <label> alone in div.t-form__label, its
// field in the next block, div.t-form__controls). What is beside that
// box in its parent is what the label is beside.
func labelColumn(l *Node) *Node {
	at := l
	for i := 0; i < 2 && at.Parent != nil && at.Parent.Parent != nil; i++ {
		if len(outermost(at.Parent, at, func(c *Node) bool { return c.Actionable() })) > 0 {
			break
		}
		at = at.Parent
	}
	return at
}

// controlsIn are the real controls inside n (not n), outside skip.
func controlsIn(n, skip *Node) []*Node { return outermost(n, skip, realControl) }

// outermost are the nodes inside n (not n), outside skip, that keep
// takes, but for those inside one it took.
func outermost(n, skip *Node, keep func(*Node) bool) []*Node {
	var out []*Node
	var walk func(c *Node)
	walk = func(c *Node) {
		if c == skip {
			return
		}
		if c != n && keep(c) {
			out = append(out, c)
			return
		}
		for _, k := range c.Children {
			walk(k)
		}
	}
	walk(n)
	return out
}

// Outermost is outermost for other packages: the outermost elements
// inside n that keep holds.
func Outermost(n *Node, keep func(*Node) bool) []*Node { return outermost(n, nil, keep) }

// soleClickable is the one visible element made clickable by cursor,
// onclick or tabindex in n, outside skip (its outermost, when one holds
// another), when n holds no other; nil otherwise.
func soleClickable(n, skip *Node) *Node {
	cs := outermost(n, skip, func(c *Node) bool { return c.Clickable && c.Visible && c.Actionable() })
	if len(cs) != 1 {
		return nil
	}
	return cs[0]
}

// fieldWithSteppers is the one field of cs when the other controls are
// buttons or links of no word, a number field's − and + (Naive UI's
// InputNumber; View UI's, which draws them as <a>), which no label
// names; else cs (docs/targets.md "Labels, hosts and
// hidden native controls").
func fieldWithSteppers(cs []*Node) []*Node {
	var field *Node
	for _, c := range cs {
		switch {
		case isField(c) && field == nil:
			field = c
		case (c.Role == "button" || c.Role == "link") && wordless(ownName(c)):
		default:
			return cs
		}
	}
	if field == nil {
		return cs
	}
	return []*Node{field}
}

// withoutGlyph is the name a label that wraps a toggle gives it, less
// the glyph the toggle shows inside the label (Base UI's radio indicator
// draws ● once checked, and the label's name becomes "● Express": the
// radio's name would change as it is checked).
func withoutGlyph(name, glyph string) string {
	if glyph == "" {
		return name
	}
	if rest := strings.TrimSpace(strings.Replace(name, glyph, "", 1)); rest != "" {
		return rest
	}
	return name
}

// radioBox says w holds radios and no other control: two or more.
func radioBox(w *Node) bool {
	in := controlsIn(w, nil)
	return len(in) > 1 && AllRadios(in)
}

// AllRadios says every node of in is a radio: a group of them is one
// choice, which a label names and select picks from (docs/targets.md
// "Custom selects").
func AllRadios(in []*Node) bool {
	for _, n := range in {
		if n.Role != "radio" {
			return false
		}
	}
	return true
}

// unnamed says the control c has no name of its own a person would
// use: none, one of no word (wordless), its role's word alone
// (roleWord), or a toggle's state word (stateWord).
func unnamed(c *Node) bool {
	return wordless(ownName(c)) || roleWord(ownName(c), c) || stateWord(ownName(c), c)
}

// stateWord says name is only the state a switch or checkbox shows, "on"
// or "off": a kit that writes its state into the toggle's aria-label
// (DevExtreme's Switch: `switch "OFF"`, then "ON") has said how it is
// set, not which one (docs/targets.md "Labels, hosts and hidden native
// controls").
func stateWord(name string, c *Node) bool {
	if c.Role != "switch" && c.Role != "checkbox" {
		return false
	}
	w := strings.ToLower(Normalize(name))
	return w == "on" || w == "off"
}

// roleWord says name is only the word of c's role: a kit that names its
// slider "Slider" (DevExtreme) or "slider" (Syncfusion) has said what it
// is, not which one (docs/targets.md "Labels, hosts and hidden native
// controls").
func roleWord(name string, c *Node) bool { return strings.EqualFold(Normalize(name), c.Role) }

// wordless says a name has no letter or digit: none, or a glyph.
func wordless(name string) bool {
	return !strings.ContainsFunc(name, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) })
}

// drawnToggle is the toggle a kit draws around the concealed checkbox,
// radio or switch c, when there is one: a visible toggle that holds it,
// its parent or grandparent. Nil otherwise.
func drawnToggle(c *Node) *Node {
	if !c.concealed || !toggleRoles[c.Role] {
		return nil
	}
	for a, i := c.Parent, 0; a != nil && i < 2; a, i = a.Parent, i+1 {
		if realControl(a) && a.Visible && !a.concealed && kindOf(a.Role) == "toggle" {
			return a
		}
	}
	return nil
}

// ownName is the name of n that its author gave it: "" when it has none,
// or only its placeholder or title.
func ownName(n *Node) string {
	if n.NameFrom == "placeholder" || n.NameFrom == "title" {
		return ""
	}
	return n.Name
}

// namesWhatItShows reports a control whose author gave it for a name
// what it shows, its text or its value (a kit that writes the choice into
// aria-label: PrimeVue's Select), which says what is chosen, not what the
// control is. A label names such a control (docs/targets.md "Labels,
// hosts and hidden native controls").
func namesWhatItShows(n *Node) bool {
	s := ownName(n)
	return s != "" && (sameName(s, n.Text) || sameName(s, n.Value))
}

// showsItsName says n has no role of a control and is named by what it
// shows (Chromium names a focusable element by its contents, and gives
// a generic one's name no source): the name is its value, not what it
// is.
func showsItsName(n *Node) bool {
	return !interactiveRoles[n.Role] && (n.NameFrom == "contents" || n.NameFrom == "") && n.Name != ""
}

// labelName is the name a label gives: its name, else its text.
func labelName(l *Node) string {
	if l.Name != "" {
		return l.Name
	}
	return cut(l.Text, MaxNameLen)
}

// labelledNames are the names that visible controls take from an
// element through aria-labelledby. A label of a hidden native control
// whose name is one of them names its widget that way already (Base UI's
// Field names its combobox and toggle with its label, and keeps the value
// in an aria-hidden input the label is for; Tom Select its combobox): no
// other control right after that input is its stand-in, and the label
// is folded as for one (docs/targets.md "Labels, hosts and hidden native
// controls"; conformance `kit-combobox-trigger`).
func labelledNames(nodes []*Node) map[string]bool {
	named := map[string]bool{}
	for _, n := range nodes {
		if n.NameFrom == "labelledby" && n.Visible && realControl(n) {
			named[n.Name] = true
		}
	}
	return named
}

// foldStandIn gives the name of a label whose native control is hidden
// (foldStandIn's standIn: the control a kit hid and drew a widget for) to
// that widget: the nearest control around the native control that holds
// the first control or clickable shown in the element right after it,
// else that control or clickable, else the nearest control around it,
// else the nearest clickable around it. The
// widget takes the label's name when it has none of its own, or only what
// it shows (its value, its text, its placeholder or title: Select2's
// combobox is labelled by its own "Choose a city"), which it keeps as its
// value; a widget its author named otherwise is a thing of its own. The
// label then gets no ref, and the native control is replaced.
func foldStandIn(l *Node, s *standIn, labelled map[string]bool) {
	name := labelName(l)
	if name == "" || !l.Visible {
		return
	}
	if labelled[name] {
		foldedStandIn(l, s) // its widget is named by it already
		return
	}
	var w *Node
	for _, n := range s.beside {
		if n.Actionable() && n.Visible && !n.concealed {
			w = n
			break
		}
	}
	for _, n := range s.around {
		if (realControl(n) || n.Segments() != nil) && n.Visible && !n.concealed && (w == nil || w.Within(n)) {
			// the control around the hidden one, or around it and what is
			// shown beside it, which is a part of it (Choices.js: a
			// combobox around its hidden select and the list showing its
			// value); or the field of segments that holds it (Reka's
			// DatePicker: the label's id on the form's hidden date input
			// among the segments)
			w = n
			break
		}
	}
	for _, n := range s.around {
		if w != nil {
			break
		}
		if n.Actionable() && n.Visible && !n.concealed && n != l {
			// a clickable around it: the kit's widget (PrimeReact's
			// Dropdown); the label itself is none (a clickable <label
			// for> around the field, Quasar's, lost its line with the
			// control: conformance kit-label-wraps-choice)
			w = n
		}
	}
	if w == nil {
		return
	}
	if rest := labelShows(name, s.native, w); rest != "" {
		// a label that wraps the widget reads what it shows after the
		// name its author gave the hidden control (Quasar's QSelect: a
		// <label for> around its choice and a 1×1 combobox named City)
		name = s.native.Name
		if w.Value == "" {
			w.Value = rest
		}
	}
	if shows := ownName(w); !sameName(shows, name) {
		if shows != "" && !namesWhatItShows(w) && w.NameFrom != "contents" {
			return // named by its author as something else
		}
		if w.Value == "" {
			w.Value = shows
		}
		w.Name, w.NameFrom = name, "label"
	}
	foldedStandIn(l, s)
}

// labelShows is what the label's name reads after the name the hidden
// native control has of its own (aria-label), when that is its start and
// what follows is shown in the widget w: the choice w shows; "" otherwise.
func labelShows(label string, native, w *Node) string {
	if native == nil || native.NameFrom != "aria-label" {
		return ""
	}
	l, h := Normalize(label), Normalize(native.Name)
	if h == "" || len(l) <= len(h)+1 || !strings.EqualFold(l[:len(h)], h) || l[len(h)] != ' ' {
		return ""
	}
	if rest := l[len(h)+1:]; strings.Contains(Normalize(w.Text), rest) {
		return rest
	}
	return ""
}

// foldedStandIn ends the fold of a label whose widget names it: the
// label gets no ref, and the native control is replaced.
func foldedStandIn(l *Node, s *standIn) {
	l.Clickable = false
	if s.native != nil {
		s.native.replaced = true
	}
}

// foldConcealed drops a concealed control that a visible widget stands
// for: a real control of its kind (toggled, typed into, or its own role)
// near it (within its grandparent), with its name or with one where it
// has none. A concealed control with no such widget stays: it is what
// carries the role.
func foldConcealed(c *Node) {
	near := c
	for i := 0; i < 2 && near.Parent != nil && near.Parent.Role != "Iframe"; i++ {
		near = near.Parent
	}
	var found bool
	var find func(n *Node)
	find = func(n *Node) {
		if found || n == c {
			return
		}
		if realControl(n) && n.Visible && !n.concealed && kindOf(n.Role) == kindOf(c.Role) &&
			(c.Name == "" || sameName(n.Name, c.Name)) {
			found = true
			return
		}
		for _, k := range n.Children {
			find(k)
		}
	}
	find(near)
	c.replaced = found
}

// nativeInput are the tags of the native controls a widget is drawn in
// place of: a concealed button or link is no such input, and keeps its
// ref (a collapsed twin of a visible button is hidden, docs/targets.md).
var nativeInput = map[string]bool{"input": true, "select": true, "textarea": true}

// kindOf is the family of a role as a step acts on it: what is toggled,
// what is typed into, or the role itself.
func kindOf(role string) string {
	switch {
	case toggleRoles[role] || role == "menuitemcheckbox" || role == "menuitemradio":
		return "toggle"
	case editableRoles[role]:
		return "field"
	}
	return role
}

// foldClickable makes a node made clickable by cursor, onclick or
// tabindex part of the real control around it when it is named as the
// control is (the text of a tab, a kit's inner part): a click on it is a
// click on the control. So is the box around the one field it holds
// when it is named by that field's placeholder.
func foldClickable(n *Node) {
	if !n.Clickable || interactiveRoles[n.Role] {
		return
	}
	if n.Name != "" && boxOfField(n) {
		// the box a kit draws around a field, named by the placeholder
		// it shows (Naive UI's date picker): a person sees the field
		n.Clickable = false
		return
	}
	for a := n.Parent; a != nil && a.Role != "Iframe"; a = a.Parent {
		if !realControl(a) {
			continue
		}
		if sameName(a.Name, n.Name) || a.Text != "" && sameName(a.Text, n.Text) {
			n.Clickable = false
		}
		return
	}
}

// boxOfField reports a node around one field, named by its placeholder.
func boxOfField(n *Node) bool {
	in := controlsIn(n, nil)
	return len(in) == 1 && isField(in[0]) && sameName(in[0].Placeholder, n.Name)
}

// sameName reports two names a person reads as one.
func sameName(a, b string) bool {
	return a != "" && strings.EqualFold(Normalize(a), Normalize(b))
}
