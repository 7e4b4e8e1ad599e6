package locate

import "testing"

func TestTriggerOf(t *testing.T) {
	for _, c := range []struct {
		name, outline string
		at            int // the button's line, from 1
		want          string
	}{
		{"the toggle beside its combobox", `
generic
  combobox Framework [labelledby]
  button Framework [labelledby] [popup]`, 3, "combobox Framework"},
		{"the toggle in a box of its own beside the combobox", `
generic
  combobox Framework [labelledby]
  generic
    button Framework [labelledby] [popup]`, 4, "combobox Framework"},
		{"a toggle that says it is collapsed, with no aria-haspopup", `
generic
  combobox City [labelledby]
  button City [aria-label] [expanded]`, 3, "combobox City"},
		// what is no trigger
		{"a button that opens no popup", `
generic
  combobox Framework [labelledby]
  button Framework [labelledby]`, 3, "none"},
		{"a popup button of another name", `
generic
  combobox Framework [labelledby]
  button Open [popup]`, 3, "none"},
		{"a popup button three boxes away from the combobox", `
generic
  combobox Framework
  generic
    generic
      generic
        button Framework [popup]`, 6, "none"},
	} {
		snap := kitTree(t, c.outline)
		got := "none"
		if cb := snap.All[c.at].TriggerOf(); cb != nil {
			got = cb.Role + " " + cb.Name
		}
		if got != c.want {
			t.Errorf("%s: got %s, want %s", c.name, got, c.want)
		}
	}
}
