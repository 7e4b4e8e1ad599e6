package browser

import (
	"testing"

	"github.com/smokeflow/smokeflow/locate"
)

// TestSelectMatch: how a custom select's option is told by its name, and
// the did-you-mean of a missing one (docs/targets.md "Custom selects").
func TestSelectMatch(t *testing.T) {
	opt := func(name string) *locate.Node { return &locate.Node{Role: "option", Name: name, Text: name} }
	pop := &popup{choices: []*locate.Node{
		opt("Paris"), opt("Lyon"), opt("Team Up to 10 seats"), opt("Team Plus Up to 50 seats"),
		opt("Enterprise Unlimited seats"), opt("New  York"),
	}}
	for _, c := range []struct{ want, got string }{
		{"Lyon", "Lyon"},
		{"lyon", "Lyon"},
		{"New York", "New  York"},
		{"Enterprise", "Enterprise Unlimited seats"}, // the one option led by it
		{"Team", ""},                                 // two options are led by it: none is guessed
		{"Ly", ""},
	} {
		var got string
		if n := pop.match(c.want); n != nil {
			got = n.Name
		}
		if got != c.got {
			t.Errorf("match(%q) = %q, want %q", c.want, got, c.got)
		}
	}
	seen := []string{"Paris", "Lyon", "Marseille", "Toulouse", "Lille"}
	for _, c := range []struct{ want, got string }{
		{"Lyonn", "Lyon"},         // holds it
		{"Marseile", "Marseille"}, // one edit
		{"Toulose", "Toulouse"},
		{"Berlin", ""}, // nothing near
	} {
		if got := closestName(c.want, seen); got != c.got {
			t.Errorf("closestName(%q) = %q, want %q", c.want, got, c.got)
		}
	}
}

// TestSelectTook: what counts as the widget showing the choice (docs/
// targets.md "Custom selects", step 5), on snapshots built by hand: the
// combobox's own text, a list it owns, and the field's box around it.
func TestSelectTook(t *testing.T) {
	snapOf := func(shows string, listOpen bool, beside string) (*locate.Snapshot, *locate.Node) {
		field := &locate.Node{Role: "generic", Text: shows}
		w := &locate.Node{Role: "combobox", Name: "Size", Value: shows, Text: shows, Parent: field}
		w.Backend = 7
		field.Children = []*locate.Node{w}
		if listOpen {
			list := &locate.Node{Role: "listbox", Name: "Size", Text: "Small Large", Parent: w}
			w.Children, w.Value, w.Text = []*locate.Node{list}, shows+" Size", shows+" Small Large"
			field.Text += " Small Large"
		}
		if beside != "" {
			field.Text += " " + beside
		}
		return &locate.Snapshot{All: []*locate.Node{field, w}}, w
	}
	for _, c := range []struct {
		name         string
		shows, after string
		beside       string
		want         bool
	}{
		{"the list closed, nothing shown", "Choose", "Choose", "", false},
		{"the list closed, the box's text gained another word", "Choose", "Choose", "Saved", false},
		{"the choice shown", "Choose", "Large", "", true},
		{"a short form shown", "Choose", "L", "", true},
		{"the choice shown beside it", "", "", "Large", true},
	} {
		before, w := snapOf(c.shows, true, "")
		now, _ := snapOf(c.after, false, c.beside)
		if got := shownValue(now, w).took(shownValue(before, w), "Large Press to select", "Large"); got != c.want {
			t.Errorf("%s: took = %v, want %v", c.name, got, c.want)
		}
	}
}
