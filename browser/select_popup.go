package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/smokeflow/smokeflow/internal/textdist"
	"github.com/smokeflow/smokeflow/locate"
)

// A custom select's popup, found over a read of the page
// (docs/targets.md "Custom selects").

// choiceRoles are the roles of what a popup offers to choose.
var choiceRoles = map[string]bool{
	"option": true, "menuitemradio": true, "menuitemcheckbox": true, "menuitem": true,
	"radio": true, "checkbox": true, "treeitem": true,
}

// popupRoles are the roles of a popup that holds choices.
var popupRoles = map[string]bool{
	"listbox": true, "menu": true, "tree": true, "grid": true, "dialog": true, "alertdialog": true,
}

// popup is a list of choices shown together: the listbox, menu or dialog
// that holds them, and its visible choices in document order.
type popup struct {
	box     *locate.Node
	choices []*locate.Node
}

func (pop *popup) names() []string {
	var out []string
	for _, c := range pop.choices {
		if nm := strings.TrimSpace(c.TextOrName()); nm != "" {
			out = append(out, nm)
		}
	}
	return out
}

// match is the choice named want: by its name as written (spaces
// folded), else ignoring case, else by its text ignoring case, else the
// one choice whose name starts with want as whole words (an option that
// shows a description after its name: "Team Up to 10 seats").
func (pop *popup) match(want string) *locate.Node {
	w := locate.Normalize(want)
	for _, by := range []func(c *locate.Node) bool{
		func(c *locate.Node) bool { return locate.Normalize(c.Name) == w },
		func(c *locate.Node) bool { return strings.EqualFold(locate.Normalize(c.Name), w) },
		func(c *locate.Node) bool { return strings.EqualFold(locate.Normalize(c.Text), w) },
	} {
		for _, c := range pop.choices {
			if by(c) {
				return c
			}
		}
	}
	var lead []*locate.Node
	for _, c := range pop.choices {
		if strings.HasPrefix(fold(c.Name), fold(w)+" ") {
			lead = append(lead, c)
		}
	}
	if len(lead) == 1 && w != "" {
		return lead[0]
	}
	return nil
}

// fold is a name as the select compares it: normalized as every name
// (locate.Normalize), ignoring case.
func fold(s string) string { return strings.ToLower(locate.Normalize(s)) }

// boxOf is the popup a choice belongs to: its nearest listbox, menu,
// tree, grid or dialog, else its nearest radio group or group, else its
// nearest list, else its parent.
func boxOf(n *locate.Node) *locate.Node {
	for a := n.Parent; a != nil; a = a.Parent {
		if popupRoles[a.Role] {
			return a
		}
	}
	for a := n.Parent; a != nil; a = a.Parent {
		if a.Role == "radiogroup" || a.Role == "group" {
			return a
		}
	}
	for a := n.Parent; a != nil; a = a.Parent {
		if a.Role == "list" { // the list of a menu of links, item by item
			return a
		}
	}
	if n.Parent != nil {
		return n.Parent
	}
	return n
}

// looseRoles are the roles of a choice with no ARIA role of a choice: a
// list item or a plain element the page made clickable (a jQuery-era
// widget's `<li>`), a link or a button (Bootstrap's dropdown: a list of
// links the toggle opens), taken only when it appeared as the widget
// opened.
var looseRoles = map[string]bool{"listitem": true, "generic": true, "link": true, "button": true}

// isChoice says n is a choice; loose takes the clickable items of a
// popup without ARIA roles too.
func isChoice(n *locate.Node, loose bool) bool {
	if choiceRoles[n.Role] {
		return true
	}
	if !loose || !looseItem(n) || holdsItems(n) {
		return false
	}
	return n.Parent == nil || !isChoice(n.Parent, true) // the outermost of nested clickables
}

// stoodFor says n is a native radio or checkbox its label stands for
// (no ref: the label is the choice a person clicks, EUI's EuiRadio;
// docs/targets.md "Labels, hosts and hidden native controls").
func stoodFor(n *locate.Node) bool { return (n.Role == "radio" || n.Role == "checkbox") && n.Ref == "" }

// looseItem says n may be a choice of a popup without ARIA roles: a link
// or a button, clicked by its role, or a list item or plain element the
// page made clickable, with a ref and text.
func looseItem(n *locate.Node) bool {
	clicked := n.Clickable || n.Role == "link" || n.Role == "button"
	return looseRoles[n.Role] && clicked && n.Ref != "" && strings.TrimSpace(n.TextOrName()) != ""
}

// holdsItems says n holds two or more loose items side by side (the
// outermost inside it): it is their list, not a choice, though the page
// made it focusable too (Naive UI's menu: tabindex=0 around its options;
// conformance select-menu-not-choice).
func holdsItems(n *locate.Node) bool {
	return len(locate.Outermost(n, func(k *locate.Node) bool { return looseItem(k) && shown(k) })) >= 2
}

// choiceGroups are the popups of snap with visible choices, in document
// order; only those within in (when in is not nil), or holding a choice
// not shown in before (when before is not nil; with loose, clickable
// items without a choice's role count too).
func choiceGroups(snap, before *locate.Snapshot, in *locate.Node, loose ...bool) []*popup {
	lo := len(loose) > 0 && loose[0] && before != nil
	var was map[locate.NodeKey]bool
	if before != nil {
		was = map[locate.NodeKey]bool{}
		for _, n := range before.All {
			if shown(n) {
				was[n.Key()] = true
			}
		}
	}
	var out []*popup
	by := map[*locate.Node]*popup{}
	fresh := map[*popup]bool{}
	for _, n := range snap.All {
		if !isChoice(n, lo) || !shown(n) || stoodFor(n) {
			continue
		}
		if in != nil && !n.Within(in) {
			continue
		}
		b := boxOf(n)
		pop := by[b]
		if pop == nil {
			pop = &popup{box: b}
			by[b] = pop
			out = append(out, pop)
		}
		pop.choices = append(pop.choices, n)
		if was != nil && !was[n.Key()] {
			fresh[pop] = true
		}
	}
	if was == nil {
		return out
	}
	var appeared []*popup
	for _, pop := range out {
		if fresh[pop] {
			appeared = append(appeared, pop)
		}
	}
	return appeared
}

// findPopup is the widget's open popup in snap: one inside the widget
// (a shadow root's list, a listbox itself; the first that appeared since
// it was opened, else the first), else one it controls
// (aria-controls, aria-owns), else the last that appeared since it was
// opened (a portal at the end of body, a popover, a dialog), else the
// last list of clickable items without ARIA roles that appeared.
func (p *Page) findPopup(ctx context.Context, snap *locate.Snapshot, s *selecting) *popup {
	w := nodeNow(snap, s.widget)
	if w != nil {
		if in := choiceGroups(snap, nil, w); len(in) > 0 {
			if s.before != nil {
				// one that appeared as it opened, before what showed
				// already (Choices.js: the list of its value, then its
				// dropdown, both inside it)
				if fresh := choiceGroups(snap, s.before, w); len(fresh) > 0 {
					return fresh[0]
				}
			}
			return in[0]
		}
		all := choiceGroups(snap, nil, nil)
		for _, ctrl := range p.controlled(ctx, snap, w) {
			for _, pop := range all {
				if pop.box.Within(ctrl) || ctrl.Within(pop.box) {
					return pop
				}
			}
		}
	}
	for _, loose := range []bool{false, true} {
		if appeared := choiceGroups(snap, s.before, nil, loose); len(appeared) > 0 {
			return appeared[len(appeared)-1]
		}
	}
	return nil
}

// controlled are the nodes the widget's aria-controls and aria-owns name
// (selectControlsJS), found by id in every document of the page.
func (p *Page) controlled(ctx context.Context, snap *locate.Snapshot, w *locate.Node) []*locate.Node {
	raw, err := p.callOn(ctx, w, selectControlsJS())
	if err != nil {
		return nil
	}
	var ids []string
	if json.Unmarshal(raw, &ids) != nil {
		return nil
	}
	var out []*locate.Node
	for _, id := range ids {
		keys, err := p.cssQuery(ctx, fmt.Sprintf("[id=%q]", id))
		if err != nil {
			continue
		}
		for k := range keys {
			if n := snap.FindBackend(k.Session, k.Backend); n != nil {
				out = append(out, n)
			}
		}
	}
	return out
}

// searchField is the field to type the option's name into, when the
// list is searchable: the widget itself when it takes text (an editable
// combobox), else a field that appeared when it opened (a search box in
// its dropdown).
func (s *selecting) searchField(snap *locate.Snapshot) *locate.Node {
	if w := nodeNow(snap, s.widget); w != nil && typable(w) && w.Ref != "" {
		return w
	}
	was := map[locate.NodeKey]bool{}
	for _, n := range s.before.All {
		if typable(n) && shown(n) {
			was[n.Key()] = true
		}
	}
	for _, n := range snap.All {
		if typable(n) && shown(n) && n.Ref != "" && !was[n.Key()] {
			return n
		}
	}
	return nil
}

// typable says a node takes typed text: a field of a role that takes
// text and is not read-only, that is an input, a textarea or an editing
// host (a select-only combobox, a <div>, takes none).
func typable(n *locate.Node) bool {
	return n.Editable() && (n.Tag == "input" || n.Tag == "textarea" || n.EditHost)
}

// showing is what a widget shows of its choice: its own value, name and
// text with the names of what is selected or checked inside it, less a
// list of choices it holds; and the text of the elements Around it,
// where a combobox input's kit shows the value beside the input
// (react-select's single value, a tag input's list of chosen items).
type showing struct{ own, around string }

// shownValue is what the widget w shows in snap (docs/targets.md
// "Custom selects", step 5).
func shownValue(snap *locate.Snapshot, w *locate.Node) showing {
	n := nodeNow(snap, w)
	if n == nil {
		return showing{}
	}
	value, text, picked := n.Value, n.Text, []string{}
	if value == "" {
		if f := n.OneTypable(); f != nil {
			value = f.Value // the input a <div role=combobox> holds (Element UI's autocomplete)
		}
	}
	var walk func(c *locate.Node)
	walk = func(c *locate.Node) {
		if c != n && popupRoles[c.Role] {
			// a list the widget holds (aria-owns: the ARIA 1.0 and 1.1
			// comboboxes, Downshift's) is what it offers, not what it
			// shows; Chromium puts its name in the widget's value too
			for _, t := range []string{c.Text, c.Name} {
				value, text = cut(value, t), cut(text, t)
			}
			return
		}
		if chosen(c) {
			picked = append(picked, c.Name)
		}
		for _, k := range c.Children {
			walk(k)
		}
	}
	walk(n)
	parts := append([]string{value, n.Name, text}, picked...)
	var around []string
	for _, a := range n.Around() {
		around = append(around, a.Text)
	}
	return showing{own: strings.Join(parts, "\n"), around: strings.Join(around, "\n")}
}

// cut is s without the last t in it (what a widget owns comes after its
// own text), its white space normalised.
func cut(s, t string) string {
	if i := strings.LastIndex(s, t); t != "" && i >= 0 {
		s = s[:i] + s[i+len(t):]
	}
	return strings.Join(strings.Fields(s), " ")
}

// took says the widget shows the option, where it showed was before the
// pick: what it shows itself changed (a short form of the option
// counts), or the text around it changed and holds one of names, the
// option's name or the one the step asked for (Choices.js names an
// option with its hint, "Go Press to select", and shows the chip "Go").
// Text around it that changed alone does not: a list drawn inside the
// field's box changes that text as it closes, whether the widget took
// the choice or not (conformance select-closes-untaken).
func (now showing) took(was showing, names ...string) bool {
	if now.own != was.own {
		return true
	}
	if now.around == was.around {
		return false
	}
	around := fold(now.around)
	for _, name := range names {
		if name != "" && strings.Contains(around, fold(name)) {
			return true
		}
	}
	return false
}

// confirmWords name a dialog's button that confirms a choice;
// dismissWords one that drops it.
var (
	confirmWords = []string{"ok", "done", "apply", "select", "choose", "confirm", "save", "set"}
	dismissWords = []string{"cancel", "close", "dismiss", "back", "no"}
)

// chosen says the option n is marked chosen: selected, or checked.
func chosen(n *locate.Node) bool { return n.Selected || n.Checked == "true" }

// showsOther is the name, of names (the options the popup showed), of
// one that what the widget shows itself holds now and did not before,
// where it holds neither of picked (the option's name, the one the step
// gave): the widget took another choice than the one clicked, and what
// it shows changed all the same (docs/targets.md "Custom selects", 5).
func (now showing) showsOther(was showing, names []string, picked ...string) string {
	own, wasOwn := fold(now.own), fold(was.own)
	for _, p := range picked {
		if p != "" && strings.Contains(own, fold(p)) {
			return ""
		}
	}
	for _, n := range names {
		if f := fold(n); f != "" && strings.Contains(own, f) && !strings.Contains(wasOwn, f) {
			return n
		}
	}
	return ""
}

// confirmButton is the dialog's button that confirms a choice: one named
// as such, else its only button that does not dismiss it.
func confirmButton(snap *locate.Snapshot, dialog *locate.Node) *locate.Node {
	var others []*locate.Node
	for _, n := range snap.All {
		if n.Role != "button" || !shown(n) || n.Ref == "" || !n.Within(dialog) {
			continue
		}
		name := fold(n.Name)
		for _, w := range confirmWords {
			if name == w {
				return n
			}
		}
		dismiss := false
		for _, w := range dismissWords {
			dismiss = dismiss || name == w
		}
		if !dismiss {
			others = append(others, n)
		}
	}
	if len(others) == 1 {
		return others[0]
	}
	return nil
}

// closestName is the name of names nearest to want, for a did-you-mean:
// one that holds it or that it holds (ignoring case), else the one at
// the smallest edit distance, when that is at most a third of its length.
func closestName(want string, names []string) string {
	w := fold(want)
	if w == "" {
		return ""
	}
	for _, n := range names {
		f := fold(n)
		if strings.Contains(f, w) || strings.Contains(w, f) {
			return n
		}
	}
	best, bestD := "", max(2, utf8.RuneCountInString(w)/3)+1
	for _, n := range names {
		if d := textdist.Levenshtein(w, fold(n)); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}
