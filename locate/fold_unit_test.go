package locate

import (
	"context"
	"strings"
	"testing"

	"github.com/smokeflow/smokeflow/flows"
)

// kitTree is tree with the facts of a UI kit's markup, written after a
// node as bracketed marks: [aria-label] (its author named it: aria-label,
// a <label for>, ElementInternals), [host] (a custom element), [button] (a <button>), [input] (an <input>), [concealed]
// (drawn invisible: opacity 0, a 1×1 box), [placeholder] (named by its
// placeholder), [label] (a <label> of the real control it wraps, else of
// the one just before it in document order), [label-for] (a <label
// for> the last clickable before it, a wrapper), [label-of-hidden] (a
// <label> of a native control a kit hid: the next [concealed] node, when
// one comes before the widget, else one the tree does not hold), [beside]
// (the element rendered right after that native control: the widget's
// place, with what it holds), [no-text] (a node that shows no text: its
// name is none of what it shows), [labelledby] (named through
// aria-labelledby), [popup] (aria-haspopup), [expanded] (aria-expanded). The controls are then
// folded as Build folds them, and refs given again.
func kitTree(t *testing.T, outline string) *Snapshot {
	t.Helper()
	var lines []string
	var marks [][]string
	for _, line := range strings.Split(strings.Trim(outline, "\n"), "\n") {
		var m []string
		for strings.HasSuffix(line, "]") {
			i := strings.LastIndex(line, " [")
			m = append(m, line[i+2:len(line)-1])
			line = line[:i]
		}
		lines, marks = append(lines, line), append(marks, m)
	}
	snap := tree(t, strings.Join(lines, "\n"))
	labelOf := map[*Node]*Node{}
	standIns := map[*Node]*standIn{}
	var standing *standIn
	for i, m := range marks {
		n := snap.All[i+1] // All[0] is the root; then the lines, in order
		for _, k := range m {
			switch k {
			case "aria-label":
				n.NameFrom = "aria-label"
			case "host":
				n.Tag = "x-kit-el"
			case "concealed": // a native input, unless [button] says otherwise
				n.concealed = true
				if n.Tag == "" {
					n.Tag = "input"
				}
			case "input":
				n.Tag = "input"
			case "button":
				n.Tag = "button"
			case "placeholder":
				n.NameFrom = "placeholder"
			case "label":
				n.Tag = "label"
				labelOf[n] = labelled(snap.All[1:i+1], n)
			case "label-for": // a <label for> the last clickable before it, no control
				n.Tag = "label"
				for j := i; j >= 1; j-- {
					if c := snap.All[j]; c.Clickable {
						labelOf[n] = c
						break
					}
				}
			case "label-of-hidden":
				n.Tag, standing = "label", &standIn{}
				standIns[n] = standing
			case "beside":
				standing.beside = subtree(n)
			case "around": // holds the hidden control
				standing.around = append(standing.around, n)
			case "no-text":
				n.Text = ""
			case "labelledby":
				n.NameFrom = "labelledby"
			case "popup":
				n.Popup = true
			case "expanded": // aria-expanded=false
				n.Expanded = "false"
			}
		}
		if standing != nil && n.concealed && standing.native == nil && standing.beside == nil {
			standing.native = n
		}
		if n.NameFrom == "" && n.Name != "" {
			n.NameFrom = "contents"
		}
	}
	foldControls(snap.Root, labelOf, standIns)
	giveRefs(snap)
	return snap
}

// subtree is n and every node inside it, in document order.
func subtree(n *Node) []*Node {
	out := []*Node{n}
	for _, c := range n.Children {
		out = append(out, subtree(c)...)
	}
	return out
}

// labelled is the real control a label wraps, else the last one of
// before.
func labelled(before []*Node, l *Node) *Node {
	for _, c := range l.Children {
		if interactiveRoles[c.Role] {
			return c
		}
	}
	for i := len(before) - 1; i >= 0; i-- {
		if interactiveRoles[before[i].Role] {
			return before[i]
		}
	}
	return nil
}

// Labels, hosts and hidden native controls: docs/targets.md "The
// snapshot", "Labels, hosts and hidden native controls", and
// "Resolution", 4. Each row failed before foldControls, but for the
// negative rows, which say what must not fold.
func TestKitControlsResolve(t *testing.T) {
	for _, c := range []struct{ name, outline, target, want string }{
		{"a field of segments whose calendar button matches too is the field", `
group Start date [labelledby]
  spinbutton month, Start date [labelledby]
  spinbutton day, Start date [labelledby]
  spinbutton year, Start date [labelledby]
  button Calendar Start date [labelledby] [popup]`, "Start date", "group Start date @0"},
		{"a field its aria-label names is found by its <label> too", `
textbox Press the down key to open a popover containing a calendar. [input] [aria-label]
LabelText Start date [label]`, "Start date", "textbox Press the down key to open a popover containing a calendar. @0"},
		{"a radio its field's label names, found by its own <label for> in a clickable wrapper", `
*generic Basic
  radio Plan [input] [labelledby]
  LabelText Basic [label]
*generic Pro
  radio Plan [input] [labelledby]
  LabelText Pro [label]`, "Pro", "radio Plan @1 in Pro"},
		{"a field host named by its label holds an unnamed input", `
generic Project name [aria-label]
  textbox`, "Project name", "textbox Project name @1"},
		{"the same by label:", `
generic Project name [aria-label]
  textbox`, "{label: Project name}", "textbox Project name @1"},
		{"a custom element whose input has only a placeholder", `
generic Owner email [host] [aria-label]
  textbox e.g. ada@example.com [placeholder]`, "Owner email", "textbox Owner email @1"},
		{"a checkbox host around a label and an unnamed checkbox", `
generic Private project [host] [aria-label]
  *LabelText [label]
    checkbox`, "Private project", "checkbox Private project @2"},
		{"a clickable inside a real tab", `
tablist Sections
  tab General
    *generic General
  tab Billing
    *generic Billing`, "Billing", "tab Billing @1 in Sections"},
		{"a <label for> made clickable beside its radio", `
group Contact method
  radio Email
  *LabelText Email [label]
  radio Phone
  *LabelText Phone [label]`, "Phone", "radio Phone @1 in Contact method"},
		{"a concealed checkbox's own <label for> stands for it", `
checkbox Newsletter [concealed]
*LabelText Newsletter [label]`, "Newsletter", "checkbox Newsletter @0 label"},
		{"a concealed checkbox in its wrapping label", `
*LabelText Beta features [label]
  checkbox Beta features [concealed]`, "Beta features", "checkbox Beta features @0 label"},
		{"a checkbox laid out with no size in its label", `
*LabelText Do not disturb [label]
  checkbox Do not disturb (hidden) [concealed]`, "Do not disturb", "checkbox Do not disturb @0 label"},
		{"a concealed native checkbox under the widget a kit draws", `
paragraph
  generic
    checkbox Sync contacts [concealed]
  *checkbox Sync contacts`, "Sync contacts", "checkbox Sync contacts @1 in "},
		{"a concealed native checkbox inside the widget, unnamed", `
*checkbox Sync contacts
  checkbox [concealed]`, "{role: checkbox}", "checkbox Sync contacts @0"},
		{"a host around a concealed native checkbox and the widget drawn for it", `
generic Sync contacts [host] [aria-label]
  checkbox [concealed]
  *checkbox`, "Sync contacts", "checkbox Sync contacts @1"},
		{"a hidden native select's label names the combobox drawn after it, which is labelled by what it shows", `
paragraph
  LabelText Home city [label-of-hidden]
  combobox Home city [concealed]
  generic [beside]
    combobox Choose a city
      textbox Choose a city`, "Home city", "combobox Home city @2 in "},
		{"a display:none select's label names the clickable a jQuery-era widget draws after it", `
paragraph
  LabelText Favourite team [label-of-hidden]
  generic [beside]
    *generic Choose a team
    textbox`, "Favourite team", "generic Favourite team @2 in "},
		{"a hidden input's label names the readable input drawn after it, named by its placeholder", `
paragraph
  LabelText Check-in date [label-of-hidden]
  textbox Select a date [placeholder] [beside]`, "Check-in date", "textbox Check-in date @1 in "},
		{"a hidden input's label names the field of segments that holds it", `
LabelText Start date [label-of-hidden]
group [around]
  spinbutton month,
  spinbutton day,
  spinbutton year,
  button Calendar [popup]`, "Start date", "group Start date @0"},
		{"a hidden input's label names no group around it that is no field of segments", `
LabelText Plan [label-of-hidden]
group [around]
  radio Free
  radio Pro`, "Plan", "LabelText Plan @0 label"},
		{"a <label for> a combobox that no label names natively names it", `
combobox
LabelText Delivery speed [label]`, "Delivery speed", "combobox Delivery speed @0"},
		{"a list item and a select host around a button named by the label, then what it shows", `
*listitem Size [host]
  *generic Size [host]
    LabelText Size
      button Size, Choose a size [aria-label]`, "Size", "button Size @3"},
		{"a label tied to nothing names the unnamed toggle it wraps", `
LabelText I agree to the terms
  checkbox`, "I agree to the terms", "checkbox I agree to the terms @1"},
		{"a label tied to nothing names the toggle it wraps that a glyph names", `
LabelText Standard
  radio ●`, "Standard", "radio Standard @1"},
		{"a label tied to nothing names the toggle it wraps without the glyph it shows", `
LabelText ● Express
  radio ●`, "Express", "radio Express @1 in ● Express"},
		{"a label tied to nothing stands for the concealed unnamed toggle beside it", `
generic
  checkbox [concealed]
  LabelText Gift wrap`, "Gift wrap", "checkbox Gift wrap @1 in "},
		{"a label tied to nothing names the field of its form item, named by its placeholder", `
generic
  LabelText Nickname
  generic
    textbox Your name [placeholder]`, "Nickname", "textbox Nickname @2 in "},
		{"a label tied to nothing names the field of its form item beside its stepper buttons", `
generic
  LabelText Quantity
  generic
    textbox Please Input [placeholder]
    button
    button`, "Quantity", "textbox Quantity @2 in "},
		{"a label tied to nothing in a flat form names the field after it", `
generic
  LabelText Email
  textbox
  LabelText Password
  textbox
  button Sign in`, "Email", "textbox Email @1 in "},
		{"a label tied to nothing in a flat form names the last field, the form's button after it", `
generic
  LabelText Email
  textbox
  LabelText Password
  textbox
  button Sign in`, "Password", "textbox Password @1 in "},
		{"a label tied to nothing in a box of its own in a flat form names the slider in the next block", `
generic
  generic
    LabelText Volume
  generic
    slider
  generic
    LabelText Guests
  generic
    spinbutton`, "Volume", "slider Volume @2 in "},
		{"a label tied to nothing in a flat form names the checkbox right before it", `
generic
  textbox Email [aria-label]
  checkbox
  LabelText Remember me
  button Sign in`, "Remember me", "checkbox Remember me @1 in "},
		{"a label tied to nothing over several checkboxes of a flat form names none", `
generic
  LabelText Toppings
  checkbox
  checkbox
  LabelText Email
  textbox`, "Toppings", "LabelText Toppings @1 in "},
		{"a label tied to nothing in a flat form names the field after it, not the checkbox before it", `
generic
  LabelText Toppings
  checkbox
  checkbox
  LabelText Email
  textbox`, "Email", "textbox Email @1 in "},
		{"a label tied to nothing over two fields of a flat form names neither", `
generic
  LabelText Email
  textbox
  LabelText Phone
  textbox Country code [placeholder]
  textbox Number [placeholder]
  button Save`, "Phone", "LabelText Phone @1 in "},
		{"a field in a row's second cell is named by the text of its first", `
LayoutTable
  LayoutTableRow
    LayoutTableCell Email:
    LayoutTableCell
      textbox
    LayoutTableCell we never share it
  LayoutTableRow
    LayoutTableCell Password:
    LayoutTableCell
      textbox`, "Password", "textbox Password: @3 in "},
		{"a field in a row of two caption and field pairs is named by the cell before it", `
LayoutTable
  LayoutTableRow
    LayoutTableCell First name:
    LayoutTableCell
      textbox
    LayoutTableCell Last name:
    LayoutTableCell
      textbox`, "Last name", "textbox Last name: @3 in "},
		{"a field further along a row of data keeps no name", `
table Orders
  row
    cell Apples
    cell 3 kg
    cell
      spinbutton`, "3 kg", "cell 3 kg @2 in Orders"},
		{"a field whose cell holds another control keeps no name", `
LayoutTable
  LayoutTableRow
    LayoutTableCell Phone:
    LayoutTableCell
      textbox
      textbox`, "Phone", "LayoutTableCell Phone: @2 in "},
		{"a label tied to nothing names the one clickable with no name beside it", `
generic
  LabelText Languages
  generic
    *generic`, "Languages", "generic Languages @2 in "},
		{"a label tied to nothing in a box of its own names the field in the next block", `
generic
  generic
    LabelText Full name
  generic
    generic
      textbox please enter [placeholder]`, "Full name", "textbox Full name @3 in "},
		{"a label tied to nothing in a box of its own names the switch in the next block", `
generic
  generic
    LabelText Breakfast
  generic
    switch`, "Breakfast", "switch Breakfast @2 in "},
		{"a label tied to nothing in a box of its own names the slider of a clickable wrapper in the next block", `
generic
  generic
    LabelText Volume
  generic
    *generic
      slider`, "Volume", "slider Volume @3 in "},
		{"a label for a clickable wrapper names the one control it holds", `
generic
  *generic
    slider
  LabelText Volume [label-for]`, "Volume", "slider Volume @2 in "},
		{"a label for a clickable wrapper names the one control it holds, named by its role's word", `
generic
  *generic
    slider slider [aria-label]
  LabelText Volume [label-for]`, "Volume", "slider Volume @2 in "},
		{"a host its author named holds one control named by its role's word, which takes the host's name", `
generic Balance [aria-label]
  slider Slider [aria-label]`, "Balance", "slider Balance @1"},
		{"a control inside its twin, a control of its role and name, is that one", `
combobox Country [aria-label]
  combobox Country [aria-label]`, "Country", "combobox Country @0"},
		// what must not fold
		{"a label for a clickable wrapper of two controls names neither", `
generic
  *generic
    slider
    slider
  LabelText Range [label-for]`, "Range", "LabelText Range @1 in  label"},
		{"a label in a box of its own beside two fields names neither", `
generic
  generic
    LabelText Address
  generic
    textbox Street [placeholder]
    textbox Zip [placeholder]`, "Address", "LabelText Address @2 in "},
		{"a label whose box holds a control climbs no further", `
generic
  generic
    LabelText Notes
    button Help
  generic
    textbox Write here [placeholder]`, "Notes", "LabelText Notes @2 in "},
		{"a label tied to nothing leaves a clickable its author named otherwise beside it", `
generic
  LabelText City
  *generic Pick one [aria-label]`, "City", "LabelText City @1 in "},
		{"a label tied to nothing names a clickable box beside it named by what it shows", `
generic
  LabelText Country
  *generic France`, "Country", "generic Country @1 in "},
		{"a label tied to nothing leaves a link beside it named by what it shows", `
generic
  LabelText Terms
  link Read the terms`, "Read the terms", "link Read the terms @1 in "},
		{"a label tied to nothing beside two clickables names neither", `
generic
  LabelText Size
  *generic
  *generic`, "Size", "LabelText Size @1 in "},
		{"a hidden input's label that names controls through aria-labelledby names nothing after it", `
generic
  LabelText Framework [label-of-hidden]
  combobox Framework [labelledby]
  button Framework [labelledby] [popup]
  button Save [beside]`, "Save", "button Save @1 in "},
		{"a label tied to nothing beside a field and a named button names neither", `
generic
  LabelText Coupon
  textbox Code [placeholder]
  button Apply`, "Coupon", "LabelText Coupon @1 in "},
		{"a label tied to nothing beside two fields names neither", `
generic
  LabelText Phone
  textbox Country code [placeholder]
  textbox Number [placeholder]`, "Phone", "LabelText Phone @1 in "},
		{"a label tied to nothing leaves a toggle it wraps named otherwise", `
LabelText Colour
  checkbox Dark [aria-label]`, "Colour", "LabelText Colour @0"},
		{"a host whose control's name only starts with the host's keeps it", `
*generic Size [host]
  button Size chart [aria-label]`, "Size", "generic Size @0"},
		{"a hidden native control's label with nothing drawn after it stays text", `
LabelText Home city [label-of-hidden]
generic Paris [beside]`, "Home city", "LabelText Home city @0 label"},
		{"a widget beside a hidden native control that its author named otherwise keeps its name", `
LabelText Home city [label-of-hidden]
combobox City picker [aria-label] [no-text] [beside]`, "Home city", "LabelText Home city @0 label"},
		{"the same widget by its own name", `
LabelText Home city [label-of-hidden]
combobox City picker [aria-label] [no-text] [beside]`, "City picker", "combobox City picker @0"},
		{"a <label for> a combobox named otherwise leaves its name, and names it too", `
combobox Speed [aria-label] [no-text]
LabelText Delivery speed [label]`, "Delivery speed", "combobox Speed @0"},
		{"the same combobox by its own name", `
combobox Speed [aria-label] [no-text]
LabelText Delivery speed [label]`, "Speed", "combobox Speed @0"},
		{"a <label for> a combobox whose aria-label is what it shows names it", `
combobox Lyon [aria-label]
LabelText City [label]`, "City", "combobox City @0"},
		{"two field hosts of one name are two fields", `
generic Contact [aria-label]
  textbox
generic Contact [aria-label]
  textbox`, "Contact", "ambiguous"},
		{"a concealed checkbox that carries the role alone stays", `
checkbox Remember me [concealed]`, "Remember me", "checkbox Remember me @0"},
		{"a host of two controls is a group, not a control", `
generic Address [aria-label]
  textbox Street
  textbox City`, "Address", "generic Address @0"},
		{"a host whose control says something else", `
generic Card [aria-label]
  button Open`, "Card", "generic Card @0"},
		{"a concealed radio beside a visible radio of another name", `
group Size
  radio Small [concealed]
  radio Large`, "Small", "radio Small @1 in Size"},
		{"a clickable part of another name inside an option", `
option Ada
  *generic Remove`, "Remove", "generic Remove @1 in Ada"},
		{"a list item's caption names the one field it holds", `
list
  listitem Full name
    generic
      textbox Your name [placeholder]`, "Full name", "textbox Full name @3 in "},
		{"a list item holding two fields names neither", `
list
  listitem Phone
    textbox
    textbox`, "Phone", "listitem Phone @1 in "},
		{"a clickable drawn over the clickable around it, named as it, is one with it", `
*generic Country
  *generic Country`, "Country", "generic Country @0"},
		{"a tab, not its focusable panel named after it", `
tablist
  tab Details
  tab Help
*tabpanel Help [labelledby]`, "Help", "tab Help @1 in "},
		{"a tab and a panel named so by its own words tie", `
tablist
  tab Help
*tabpanel Help`, "Help", "ambiguous"},
		{"two radios labelled Phone in two groups", `
group Home
  radio Phone
  *LabelText Phone [label]
group Work
  radio Phone
  *LabelText Phone [label]`, "Phone", "ambiguous"},
	} {
		snap := kitTree(t, c.outline)
		if got := kitPick(t, snap, c.target); got != c.want {
			t.Errorf("%s: %s: got %s, want %s", c.name, c.target, got, c.want)
		}
	}
}

// kitPick is pick, with " label" after a node that is a <label>.
func kitPick(t *testing.T, snap *Snapshot, y string) string {
	t.Helper()
	got := pick(t, snap, y)
	tg, _ := flows.ParseTargetYAML(y)
	if r := Resolve(context.Background(), snap, nil, tg, nil); r.Err == nil && r.Node.Tag == "label" {
		got += " label"
	}
	return got
}

// The snapshot shows one line for each control a person sees
// (docs/targets.md "The snapshot", "Labels, hosts and hidden native
// controls").
func TestKitControlsOneLine(t *testing.T) {
	for _, c := range []struct{ name, outline, want string }{
		{"a list item, a host and a button, all Plan", `
*listitem Plan [aria-label]
  generic Plan [host] [aria-label]
    button Plan`, `- button "Plan" [ref=ea]`},
		{"a list item, a select host and a button named by the label, then what it shows", `
*listitem Size [host]
  *generic Size [host]
    LabelText Size
      button Size, Choose a size [aria-label]`, `- button "Size" [ref=ea]`},
		{"a checkbox host", `
generic Private project [host] [aria-label]
  *LabelText [label]
    checkbox`, `- checkbox "Private project" [ref=ea]`},
		{"a radio and its label", `
radio Phone
*LabelText Phone [label]`, `- radio "Phone" [ref=ea]`},
		{"a concealed checkbox and its label", `
checkbox Newsletter [concealed]
*LabelText Newsletter [label]`, `- checkbox "Newsletter" [ref=ea]`},
		{"a native checkbox under its widget", `
*checkbox Sync contacts
  checkbox [concealed]`, `- checkbox "Sync contacts" [clickable, ref=ea]`},
		{"a hidden native select's label and the combobox drawn for it, with what it shows", `
LabelText Home city [label-of-hidden]
combobox Home city [concealed]
generic [beside]
  combobox Choose a city`, `- combobox "Home city" [ref=ea]: Choose a city`},
		{"a collapsed button beside its visible twin is no native input a widget replaces", `
button Buy [concealed] [button]
button Buy`, "- button \"Buy\" [ref=ea]\n- button \"Buy\" [ref=eb]"},
	} {
		got := strings.TrimSpace(kitTree(t, c.outline).String())
		if got != c.want {
			t.Errorf("%s:\n%s\nwant:\n%s", c.name, got, c.want)
		}
	}
}
