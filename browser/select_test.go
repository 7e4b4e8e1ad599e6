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
