package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

// The select step (docs/targets.md "Actionability", "Custom selects"): a
// native <select> takes its options at once; any other widget is
// operated as a person does: opened, its option found by name in the
// popup it shows, typed for when the list is searchable, chosen, and the
// value it shows checked, one option after another.

// OptionError is a select whose option its widget did not offer: the
// widget, the popup it opened (none: it did not open), the option asked
// for and the options it showed. Its follow-up lines are about the
// option, never the widget, which was found (docs/targets.md "Custom
// selects").
type OptionError struct {
	Widget string   // `combobox "Warehouse city"`
	Role   string   // the widget's role
	Popup  string   // `listbox "Cities"`; "" when the widget did not open
	Wanted string   // the option asked for
	Seen   []string // the options the widget showed, in order
	Typed  bool     // the option's name was typed to filter the list
	Msg    string
}

func (e *OptionError) Error() string              { return e.Msg }
func (e *OptionError) Reason() diagnostics.Reason { return diagnostics.ReasonNotFound }

// selectRoles are the roles of a widget that opens a list of options.
var selectRoles = map[string]bool{"combobox": true, "button": true, "listbox": true, "menu": true, "radiogroup": true}

// NotASelect says the target resolved to an element that is no select
// (a heading, plain text), and it did not open.
func (e *OptionError) NotASelect() bool {
	return e.Popup == "" && len(e.Seen) == 0 && !selectRoles[e.Role]
}

// Closest is the option shown nearest to the one asked for, "" when none
// is near (a did-you-mean).
func (e *OptionError) Closest() string { return closestName(e.Wanted, e.Seen) }

// describeNode is a node as a failure names it: `combobox "City"`.
func describeNode(n *locate.Node) string {
	if n.Name == "" {
		return n.Role
	}
	return fmt.Sprintf("%s %q", n.Role, n.Name)
}

// shown says a node is drawn: visible, with a size, and not an option of
// a native select.
func shown(n *locate.Node) bool { return n.Visible && !n.Box.Empty() && !n.InSelect }

// refTarget is n of snap as a target by its ref, the ref recorded as
// handed (docs/targets.md "The snapshot", "Refs"), so that the action's one lookup finds
// that element and no other.
func (p *Page) refTarget(snap *locate.Snapshot, n *locate.Node) *flows.Target {
	p.table.RecordNodes(snap, n)
	return &flows.Target{Ref: n.Ref}
}

// nodeNow is n in a later read of the page, nil when it is gone.
func nodeNow(snap *locate.Snapshot, n *locate.Node) *locate.Node {
	return snap.FindBackend(n.Session, n.Backend)
}

// Select picks options in the element t resolves to.
func (p *Page) Select(ctx context.Context, t *flows.Target, options []string) (*Outcome, error) {
	// among matches still tied, one that is a control of another kind is
	// not what a select step means (docs/targets.md "Resolution", 4)
	var native bool
	s := &selecting{target: t}
	chk := checks{enabled: true, hit: true, prefer: selectable}
	out, err := p.act(ctx, t, chk, false, func(n *locate.Node, x, y float64) error {
		// ask the element itself: the snapshot's tag can be missing when
		// the DOM changed between its two reads
		isSel, err := p.callOn(ctx, n, isSelectJS())
		if err != nil {
			return err
		}
		if string(isSel) == "true" {
			native = true
			return p.selectNative(ctx, n, options)
		}
		s.widget = n
		if s.before = p.reusable(ctx, false); s.before == nil {
			if s.before, err = p.Snapshot(ctx); err != nil {
				return err
			}
		}
		in := nodeNow(s.before, n) // n is of the lookup's read, which the checks' scroll may have made stale
		if in == nil {
			in = n
		}
		if g := namedGroup(s.before, in); g != nil {
			s.widget = g // the radios its legend or label names, shown as they stand
			return nil
		}
		if !n.Collapsed() && len(choiceGroups(s.before, nil, in)) > 0 {
			// a list shown as it stands (a listbox): nothing to open; a
			// widget that says its popup is shut is opened, whatever it
			// shows inside (Choices.js: the list of its value)
			return nil
		}
		if err := p.popupLeaving(ctx, t, chk, n); err != nil {
			return err
		}
		s.clicked = true
		return p.guardedClick(ctx, n, x, y, ClickOptions{}, false) // open it
	})
	if err != nil || native {
		return out, err
	}
	if s.clicked {
		out.Log = append(out.Log, "opened "+describeNode(s.widget))
	}
	for i, o := range options {
		if i > 0 {
			if err := p.reopen(ctx, s, out); err != nil {
				return out, err
			}
		}
		if err := p.pickOption(ctx, s, o, out); err != nil {
			return out, err
		}
	}
	if len(options) > 1 && s.clicked {
		return out, p.closeLeftOpen(ctx, s, out)
	}
	return out, nil
}

// popupLeaving is an error that has the select look its target up again
// when n is no select (a label, even one a kit gives a pointer, a text)
// and a popup beside it is closing or has faded out (fading-beside.js),
// or t resolves elsewhere now: the items of a list that is closing kept
// the label from naming the field beside them (View UI's Select, picked
// twice), and once they are gone the label names the field (docs/targets.md
// "Custom selects"). "Now" is the latest read when nothing changed since,
// a new read otherwise: the list may have gone between the lookup's read
// and this look, on a busy machine (the animation is over, so nothing is
// fading). Nil otherwise. It waits for nothing else: a step on a lone
// label keeps its timeout for the failure it ends in.
func (p *Page) popupLeaving(ctx context.Context, t *flows.Target, chk checks, n *locate.Node) error {
	if selectRoles[n.Role] || n.Clickable && n.Role != "LabelText" {
		return nil // a widget, or a box a kit made clickable to open one; a label is neither
	}
	// fading first: a fade that ends between the two looks has changed
	// the page by the second, which then reads it again
	why := ""
	if raw, err := p.callOn(ctx, n, fadingBesideJS()); err == nil && string(raw) == "true" {
		why = "a popup beside it was still closing"
	} else if f, err := p.Find(ctx, t, FindOptions{Reuse: true, Takes: chk.tie()}); err == nil && f.Result != nil &&
		f.Result.Err == nil && f.Result.Node != nil && f.Result.Node.Key() != n.Key() {
		why = "the page changed beside it since it was read"
	}
	if why == "" {
		return nil
	}
	return &locate.UnstableError{NotInteractableError: locate.NotInteractableError{Why: diagnostics.ReasonUnstable,
		Msg: fmt.Sprintf("%s is no select, and %s", describeNode(n), why), Node: n}}
}

// namedGroup is the one group of radios that n is or that the text n
// names, when n is no control (a group, a fieldset's legend, a form
// field's label, its text): the first of n and its three closest
// ancestors that holds a group of choices, when it holds that one alone,
// of radios, and no control but radios. So `select: {target: Plan,
// option: Pro}` on Polaris' ChoiceList or EUI's EuiRadioGroup, a
// fieldset its legend names, checks the radio Pro as it does in a
// radiogroup (docs/targets.md "Custom selects"). Nil otherwise.
func namedGroup(snap *locate.Snapshot, n *locate.Node) *locate.Node {
	if selectRoles[n.Role] || n.Ref != "" && !n.Clickable {
		return nil
	}
	for a, i := n, 0; a != nil && i < 4 && onlyRadios(a, n); a, i = a.Parent, i+1 {
		groups := choiceGroups(snap, nil, a)
		if len(groups) == 0 {
			continue
		}
		if len(groups) > 1 || !locate.AllRadios(groups[0].choices) {
			return nil
		}
		return groups[0].box
	}
	return nil
}

// onlyRadios says the controls a holds, but n, are radios: a box that
// holds another (a custom select n labels beside radios further on)
// is no group n names.
func onlyRadios(a, n *locate.Node) bool {
	ok := true
	var walk func(c *locate.Node)
	walk = func(c *locate.Node) {
		for _, k := range c.Children {
			if k != n && k.Ref != "" && k.Role != "radio" {
				ok = false
				return
			}
			walk(k)
		}
	}
	walk(a)
	return ok
}

// closeLeftOpen closes the list of a multiple select that stays open
// once its options are picked (Tom Select, Choices.js, MUI's multiple
// Select), as a person does, with Escape: left open, it covers what the
// next step clicks (docs/targets.md "Custom selects", 6). A dialog closed
// with its button already; a widget that says it collapsed is left. When
// the list stays open (Semi's Select listens for Escape on its trigger
// while focus is in the list), Escape is pressed once more on the widget;
// the log says what came of it.
func (p *Page) closeLeftOpen(ctx context.Context, s *selecting, out *Outcome) error {
	open, err := p.listOpen(ctx, s)
	if err != nil || !open {
		return err
	}
	keys, err := flows.ParseKeys("Escape")
	if err != nil {
		return err
	}
	defer p.input()()
	tried := "in its list"
	for _, on := range []*locate.Node{nil, s.widget} {
		if on != nil && p.focusForKeys(ctx, on) != nil {
			break // the widget was drawn again: the log says the list stayed open
		}
		if err := p.pressKeys(ctx, keys); err != nil {
			return err
		}
		if on != nil {
			tried += " and on " + describeNode(on)
		}
		if open, err = p.listClosing(ctx, s); err != nil {
			return err
		}
		if !open {
			how := "closed its list with Escape"
			if on != nil {
				how += " on " + describeNode(on)
			}
			out.Log = append(out.Log, how)
			return nil
		}
	}
	out.Log = append(out.Log, "pressed Escape "+tried+"; its list stayed open")
	return nil
}

// listOpen says the widget's list is drawn and the widget does not say
// it collapsed; a dialog of choices counts as closed (its button closed it).
func (p *Page) listOpen(ctx context.Context, s *selecting) (bool, error) {
	snap, err := p.Snapshot(ctx)
	if err != nil {
		return false, err
	}
	if w := nodeNow(snap, s.widget); w != nil && w.Expanded == "false" {
		return false, nil
	}
	pop := p.findPopup(ctx, snap, s)
	return pop != nil && pop.box.Role != "dialog" && pop.box.Role != "alertdialog" && p.drawn(ctx, pop), nil
}

// listClosing waits a moment for the list to close after a key (a kit
// closes it on its next render): whether it is still open.
func (p *Page) listClosing(ctx context.Context, s *selecting) (bool, error) {
	wait, cancel := context.WithTimeout(ctx, listCloseWait)
	defer cancel()
	open := true
	err := p.Poll(wait, func() (bool, error) {
		var err error
		open, err = p.listOpen(wait, s)
		return !open, err
	})
	if err != nil && wait.Err() == nil {
		return open, err
	}
	return open, nil
}

// listCloseWait is how long a list is given to close after Escape.
const listCloseWait = 500 * time.Millisecond

// selectNative picks the options of a native <select> (selectJS).
func (p *Page) selectNative(ctx context.Context, n *locate.Node, options []string) error {
	raw, err := p.callOn(ctx, n, selectJS(), options)
	if err != nil {
		return err
	}
	var r struct {
		Missing []string `json:"missing"`
		Options []string `json:"options"`
		Error   string   `json:"error"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return fmt.Errorf("reading the options of %s %q: %w", n.Role, n.Name, err)
	}
	if r.Error != "" {
		return &locate.ResolveError{Why: diagnostics.ReasonNotFound, Msg: r.Error}
	}
	if len(r.Missing) > 0 {
		return &OptionError{Widget: describeNode(n), Wanted: r.Missing[0], Seen: r.Options,
			Msg: fmt.Sprintf("%s %q has no option %q; its options are: %s", n.Role, n.Name, strings.Join(r.Missing, ", "), strings.Join(r.Options, ", "))}
	}
	return nil
}

// selecting is one select step on a custom widget.
type selecting struct {
	target *flows.Target
	widget *locate.Node     // the element the target resolved to
	before *locate.Snapshot // the page before the widget was opened
	popup  *popup           // the popup the last try found
	seen   []string         // the options shown, for a failure
	typed  bool             // the option's name was typed to filter
	// clicked: the widget was clicked to open it (a listbox shown as it
	// stands is not)
	clicked bool
}

// widgetTarget is the widget again in snap: by its ref, else the step's
// target.
func (p *Page) widgetTarget(snap *locate.Snapshot, s *selecting) *flows.Target {
	if w := nodeNow(snap, s.widget); w != nil && w.Ref != "" {
		return p.refTarget(snap, w)
	}
	return s.target
}

// reopen opens the widget again for the next option, unless its popup is
// still open (a multi-select that stays open).
func (p *Page) reopen(ctx context.Context, s *selecting, out *Outcome) error {
	snap, err := p.Snapshot(ctx)
	if err != nil {
		return err
	}
	// open still, unless the widget says it closed (its popup may be
	// fading out)
	if w := nodeNow(snap, s.widget); w == nil || w.Expanded != "false" {
		if pop := p.findPopup(ctx, snap, s); pop != nil && p.drawn(ctx, pop) {
			return nil
		}
	}
	s.before, s.typed = snap, false
	if _, err := p.Click(ctx, p.widgetTarget(snap, s), ClickOptions{}); err != nil {
		return err
	}
	out.Log = append(out.Log, "opened "+describeNode(s.widget)+" again")
	return nil
}

// drawn says a popup found still there is drawn: the point at its first
// choice's centre shows it (drawnJS). A list a widget closed by clipping
// it away (Chosen's drop) keeps its boxes, but shows nothing there.
func (p *Page) drawn(ctx context.Context, pop *popup) bool {
	raw, err := p.callOn(ctx, pop.choices[0], drawnJS())
	return err != nil || string(raw) != `"miss"`
}

// pickOption waits for the option in the widget's popup, typing its name
// to filter the list when the widget or its popup has a field, chooses
// it, confirms a dialog's choice, and checks the value shown changed.
func (p *Page) pickOption(ctx context.Context, s *selecting, want string, out *Outcome) error {
	var opt *locate.Node
	var snap *locate.Snapshot
	held := false // chosen already, as the native select holds it
	err := p.Poll(ctx, func() (bool, error) {
		var err error
		if snap, err = p.Snapshot(ctx); err != nil {
			return fatal(err)
		}
		pop := p.findPopup(ctx, snap, s)
		if pop != nil {
			s.popup, s.seen = pop, pop.names()
			if opt = pop.match(want); opt != nil {
				return true, nil
			}
			if p.nativeChoice(ctx, s.widget, want) == "chosen" {
				// its list drops what is chosen (Choices.js, Tom Select)
				held = true
				return true, nil
			}
		}
		if f := s.searchField(snap); f != nil && !s.typed {
			if ro, err := p.callOn(ctx, f, readOnlyJS()); err != nil || string(ro) == "true" {
				// a select-only field the tree does not call read-only (its readOnly
				// read; docs/targets.md "Custom selects", 3): no search; its list is
				// still coming (a field that could not be read is read again)
				return false, nil
			}
			s.typed = true
			if err := p.typeFilter(ctx, snap, f, want); err != nil {
				return false, err
			}
			out.Log = append(out.Log, fmt.Sprintf("typed %q into %s to filter its options", want, describeNode(f)))
			return false, nil
		}
		return false, s.missing(want, pop != nil)
	})
	if err != nil {
		var oe *OptionError
		if errors.As(err, &oe) || IsContextErr(err) {
			return s.missing(want, s.popup != nil)
		}
		return err
	}
	if held {
		out.Log = append(out.Log, fmt.Sprintf("option %q was chosen already", want))
		return nil
	}
	return p.choose(ctx, s, snap, opt, want, out)
}

// choose clicks the option (a confirm button after it, in a dialog), then
// waits for the widget to show the choice.
func (p *Page) choose(ctx context.Context, s *selecting, snap *locate.Snapshot, opt *locate.Node, want string, out *Outcome) error {
	was := shownValue(snap, s.widget)
	if opt.Ref == "" {
		return fmt.Errorf("option %q of %s has no ref to click", opt.Name, describeNode(s.widget))
	}
	box := s.popup.box
	if (p.alreadyChosen(ctx, opt, box) || !s.clicked && opt.Selected) && p.nativeChoice(ctx, s.widget, want) != "unchosen" {
		// a second click would take it away again (a list shown as it
		// stands takes away the option chosen in it: PrimeVue's Listbox)
		out.Log = append(out.Log, fmt.Sprintf("option %q was chosen already", opt.Name))
		return nil
	}
	if _, err := p.Click(ctx, p.refTarget(snap, opt), ClickOptions{}); err != nil {
		return err
	}
	out.Log = append(out.Log, fmt.Sprintf("picked option %q", opt.Name))
	if box.Role == "dialog" || box.Role == "alertdialog" {
		if err := p.confirm(ctx, s, box, out); err != nil {
			return err
		}
	}
	return p.Poll(ctx, func() (bool, error) {
		now, err := p.Snapshot(ctx)
		if err != nil {
			return fatal(err)
		}
		w := nodeNow(now, s.widget)
		if w == nil {
			return p.redrawnTook(ctx, now, s, opt, want, out)
		}
		sh := shownValue(now, s.widget)
		if other := sh.showsOther(was, s.seen, opt.Name, want); other != "" {
			return false, &locate.ResolveError{Why: diagnostics.ReasonAssertion, Msg: fmt.Sprintf(
				"picked option %q, but %s shows %q: the widget took another choice", opt.Name, describeNode(s.widget), other)}
		}
		// the value or name holding the option's name counts (picking the
		// value it shows already); text around it may hold the popup's
		if sh.took(was, opt.Name, want) || strings.Contains(fold(w.Value+"\n"+w.Name), fold(opt.Name)) {
			return true, nil
		}
		if o := nodeNow(now, opt); o != nil && chosen(o) {
			return true, nil
		}
		return false, &locate.ResolveError{Why: diagnostics.ReasonAssertion, Msg: fmt.Sprintf(
			"picked option %q, but %s still shows %q: the widget did not take the choice", opt.Name, describeNode(s.widget), strings.TrimSpace(w.TextOrName()))}
	})
}

// redrawnTook checks the pick where the widget was drawn anew as it took
// it (a kit that renders its trigger again): the step's target, found
// again in now, shows the option, itself or in the text beside it once
// the list is gone, or the option is marked chosen (docs/targets.md
// "Custom selects", 5). A target that finds nothing now leaves the value
// unchecked, and the log says so.
func (p *Page) redrawnTook(ctx context.Context, now *locate.Snapshot, s *selecting, opt *locate.Node, want string, out *Outcome) (bool, error) {
	r := locate.ResolveFor(ctx, now, p.table, s.target, p.cssQuery, nil)
	if r.Err != nil || r.Node == nil {
		out.Log = append(out.Log, describeNode(s.widget)+" was drawn again, and the target finds no widget now; its value was not checked")
		return true, nil
	}
	o := nodeNow(now, opt)
	if o != nil && chosen(o) {
		return true, nil
	}
	sh := shownValue(now, r.Node)
	if o != nil && shown(o) {
		sh.around = "" // the list, still shown, may be the text beside it
	}
	for _, name := range []string{opt.Name, want} {
		if name != "" && strings.Contains(fold(sh.own+"\n"+sh.around), fold(name)) {
			out.Log = append(out.Log, fmt.Sprintf("%s was drawn again, and shows %q", describeNode(s.widget), name))
			return true, nil
		}
	}
	return false, &locate.ResolveError{Why: diagnostics.ReasonAssertion, Msg: fmt.Sprintf(
		"picked option %q, but %s, drawn again, shows %q: the widget did not take the choice", opt.Name, describeNode(r.Node), strings.TrimSpace(r.Node.TextOrName()))}
}

// alreadyChosen says the option is chosen in a list that takes several,
// where a click toggles it off: a checkbox, a checkable menu item, or a
// selected option of a listbox with aria-multiselectable.
func (p *Page) alreadyChosen(ctx context.Context, opt, box *locate.Node) bool {
	switch {
	case opt.Checked == "true":
		return opt.Role == "checkbox" || opt.Role == "menuitemcheckbox"
	case !opt.Selected:
		return false
	}
	multi, err := p.Attr(ctx, box, "aria-multiselectable")
	return err == nil && multi == "true"
}

// nativeChoice says whether the native select a widget stands for
// (Choices.js, Select2, Tom Select keep one hidden beside it) holds the
// option named want: "chosen", "unchosen", or "" when no such select
// holds it (native-chosen.js). What that select holds is what the form
// sends: a widget may mark the option it highlights selected (Choices.js's
// multiple select marks the option under the keys or the pointer
// aria-selected), and drop from its list the options chosen
// (docs/targets.md "Custom selects", 4).
func (p *Page) nativeChoice(ctx context.Context, widget *locate.Node, want string) string {
	raw, err := p.callOn(ctx, widget, nativeChosenJS(), want)
	var state string
	if err != nil || json.Unmarshal(raw, &state) != nil {
		return ""
	}
	return state
}

// typeFilter types want into the widget's search field f key by key, as
// a person does, after emptying it when it shows text: a widget may
// filter on its keys alone (Syncfusion's ComboBox on keyup, Fluent UI's
// Combobox opens on a key), which text inserted at once never sends
// (docs/targets.md "Custom selects", 3).
func (p *Page) typeFilter(ctx context.Context, snap *locate.Snapshot, f *locate.Node, want string) error {
	t := p.refTarget(snap, f)
	if f.Value != "" {
		if _, err := p.Fill(ctx, t, ""); err != nil {
			return err
		}
	}
	_, err := p.Type(ctx, t, want, 0)
	return err
}

// confirm clicks a dialog's confirm button after its choice was made (an
// alert-style select whose radios take effect on OK).
func (p *Page) confirm(ctx context.Context, s *selecting, box *locate.Node, out *Outcome) error {
	snap, err := p.Snapshot(ctx)
	if err != nil {
		return err
	}
	b := nodeNow(snap, box)
	if b == nil {
		return nil // the choice closed the dialog
	}
	ok := confirmButton(snap, b)
	if ok == nil {
		return nil // a dialog that closes on the choice
	}
	if _, err := p.Click(ctx, p.refTarget(snap, ok), ClickOptions{}); err != nil {
		return err
	}
	out.Log = append(out.Log, fmt.Sprintf("confirmed with button %q", ok.Name))
	return nil
}

// missing is the failure of an option the widget did not offer.
func (s *selecting) missing(want string, opened bool) *OptionError {
	e := &OptionError{Widget: describeNode(s.widget), Role: s.widget.Role, Wanted: want, Seen: s.seen, Typed: s.typed}
	if !opened && s.popup == nil {
		how := "clicking it"
		if s.typed {
			how += fmt.Sprintf(" and typing %q", want)
		}
		e.Msg = fmt.Sprintf("%s did not open: no listbox, menu or dialog of options appeared after %s", e.Widget, how)
		return e
	}
	e.Popup = describeNode(s.popup.box)
	e.Msg = fmt.Sprintf("%s opened %s, which has no option %q", e.Widget, e.Popup, want)
	if c := e.Closest(); c != "" {
		e.Msg += fmt.Sprintf(" (did you mean %q?)", c)
	}
	e.Msg += "; its options are: " + listNames(s.seen, maxListed)
	return e
}

// maxListed is how many options a failure lists.
const maxListed = 8

func listNames(names []string, max int) string {
	if len(names) == 0 {
		return "(none)"
	}
	if len(names) <= max {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:max], ", ") + fmt.Sprintf(", … (%d more)", len(names)-max)
}

// notSelects are the roles of controls of their own kind: a select step
// whose matches tie one of them with another means the other.
var notSelects = map[string]bool{"checkbox": true, "radio": true, "switch": true, "slider": true, "spinbutton": true,
	"textbox": true, "searchbox": true, "link": true, "menuitemcheckbox": true, "menuitemradio": true}

// selectable is select's tie-break check: any widget a person picks from
// may be a button, a combobox, a listbox or a clickable, but none of
// notSelects is, nor the button that opens a combobox's popup under its
// name: the combobox is the widget (docs/targets.md "Custom selects").
func selectable(n *locate.Node) error {
	if notSelects[n.Role] {
		return fmt.Errorf("%s %q is no select", n.Role, n.Name)
	}
	if n.TriggerOf() != nil {
		return fmt.Errorf("%s %q opens the combobox of its name", n.Role, n.Name)
	}
	return nil
}
