package session

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
)

// hiddenMatches turns "not found" into "hidden" when the page holds
// matching elements it does not render, or renders inside what it hides
// from the accessibility tree (aria-hidden, inert, outside a modal
// <dialog>), and says what hides
// them (docs/targets.md "Failure diagnostics").
func (ss *Session) hiddenMatches(ctx context.Context, d *diagnostics.Diagnostics, phrase string) {
	r, err := ss.page.EvalOwn(ctx, browser.Invoke(browser.HiddenJS(), phrase))
	if err != nil {
		return
	}
	var found []struct {
		Role, Name, Why string
		Shown           bool
		// a dialog or popup is open that does not hold it
		Popup bool
		// an option's: a native <select>'s, and its field's name
		Native bool
		Field  string
	}
	if json.Unmarshal([]byte(r.Value.JSON("", "")), &found) != nil || len(found) == 0 {
		return
	}
	d.Reason = diagnostics.ReasonHidden
	d.Message = fmt.Sprintf("no visible element matches %q; %d hidden one(s) do", phrase, len(found))
	closed := ""
	for _, f := range found {
		d.Candidates = append(d.Candidates, diagnostics.Candidate{Role: f.Role, Name: f.Name, Visible: f.Shown, Enabled: true})
		if !f.Shown {
			d.Hints = append(d.Hints, fmt.Sprintf("%s %q is hidden by %s", f.Role, f.Name, f.Why))
			if f.Role == "option" && closed == "" {
				closed = closedListHint(f.Name, f.Field, f.Native)
			}
			continue
		}
		if d.HiddenFromTree == "" {
			// the verdict names it (diagnostics.Explain)
			d.HiddenFromTree, d.HiddenByPage = f.Why, !f.Popup
			d.Message = fmt.Sprintf("no element the accessibility tree holds matches %q; %d the page hides from it do", phrase, len(found))
		}
	}
	if closed != "" {
		d.Hints = append(d.Hints, closed)
	}
}

// closedListHint is what to do about a choice of a list that is closed
// (docs/targets.md "Failure diagnostics"): pick it with select through
// its field (named when the page says which), or open the list first; a
// combobox that opens on keys alone takes type, where fill sends none.
// A native <select>'s list is the browser's, which no click reaches.
func closedListHint(name, field string, native bool) string {
	if field == "" {
		field = "FIELD"
	}
	pick := fmt.Sprintf("`select: {target: %s, option: %s}`", flows.ScalarYAML(field), flows.ScalarYAML(name))
	if native {
		return fmt.Sprintf("option %q is a choice of a native <select>, whose list the browser draws and no click reaches: pick it with %s", name, pick)
	}
	return fmt.Sprintf("option %q is in a list that is closed: pick it with %s, or open the list first (`click` the field, or `type` into it: some comboboxes open on keys alone, and `fill` sends none)", name, pick)
}
