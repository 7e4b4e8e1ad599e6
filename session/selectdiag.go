package session

import (
	"fmt"
	"strings"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
)

// optionDiag is what a select whose option its widget did not offer
// tells (docs/targets.md "Custom selects"): the widget was found, so the
// follow-up lines are about the option (the options seen, the closest
// one, ready to paste) or about a widget that did not open, never about
// the target.
func optionDiag(s *flows.Step, t *flows.Target, oe *browser.OptionError) *diagnostics.Diagnostics {
	d := &diagnostics.Diagnostics{Reason: oe.Reason(), Message: oe.Error()}
	d.Target = shownTarget(s, t)
	if oe.Popup == "" && len(oe.Seen) == 0 {
		d.Verdict = fmt.Sprintf("%s was found, but no options appeared when it was clicked", oe.Widget)
		if oe.NotASelect() {
			d.Hints = append(d.Hints, fmt.Sprintf("the target is %s, not a select: target the widget itself, e.g. {role: combobox, name: ...} or the button that shows its value", oe.Widget))
			return d
		}
		d.Hints = append(d.Hints,
			"check that it opens by hand: a widget whose script failed to load or threw stays shut (look at the console lines)",
			"if another control opens it (its own button, an input inside it), target that control")
		return d
	}
	d.Verdict = fmt.Sprintf("%s was found; the option %q is not among the %d it shows", oe.Widget, oe.Wanted, len(oe.Seen))
	if c := oe.Closest(); c != "" {
		d.Hints = append(d.Hints, fmt.Sprintf("did you mean %q? %s", c, withOption(s, oe.Wanted, c)))
	} else {
		d.Hints = append(d.Hints, "name the option as the widget shows it, one of: "+strings.Join(oe.Seen[:min(len(oe.Seen), 8)], ", "))
	}
	if oe.Typed {
		d.Hints = append(d.Hints, fmt.Sprintf("%q was typed to filter the list: the options listed are what the filter left", oe.Wanted))
	}
	return d
}

// withOption is the step with the option want replaced by got, as YAML
// to paste.
func withOption(s *flows.Step, want, got string) string {
	a, ok := s.Action.(*flows.Select)
	if !ok {
		return ""
	}
	opts := make([]string, len(a.Options))
	for i, o := range a.Options {
		opts[i] = o
		if o == want {
			opts[i] = got
		}
	}
	y, err := (&flows.Step{Action: &flows.Select{Target: a.Target, Options: opts}}).YAML()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(strings.TrimPrefix(y, "- "))
}
