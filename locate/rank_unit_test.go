package locate

import "testing"

// The step's log names only the tie-breaks that told the chosen match
// from the others (docs/targets.md "Resolution", 4).
func TestRankReasonNamesWhatDecided(t *testing.T) {
	cases := []struct {
		name   string
		best   score
		others []score
		want   string
	}{
		{"clicks decide, though the other's name is exact",
			score{clicks: 1, region: 2, view: 1}, []score{{exact: 1, region: 2, view: 1}}, "taking clicks"},
		{"both take clicks: the exact name decides",
			score{clicks: 1, exact: 1, region: 2, view: 1}, []score{{clicks: 1, region: 2, view: 1}}, "exact name"},
		{"main against navigation",
			score{clicks: 1, region: 2}, []score{{clicks: 1, region: 0, view: 1}}, "being in main"},
		{"no landmark against the footer",
			score{clicks: 1, region: 1}, []score{{clicks: 1, region: 0}}, "not being in navigation, banner or contentinfo"},
		{"two others, told apart by two tie-breaks",
			score{clicks: 1, exact: 1, region: 1, view: 1}, []score{{exact: 1, region: 1, view: 1}, {clicks: 1, exact: 1, region: 1}},
			"taking clicks, being in view"},
	}
	for _, c := range cases {
		scores := append([]score{c.best}, c.others...)
		if got := rankReason(c.best, scores); got != c.want {
			t.Errorf("%s: rankReason = %q, want %q", c.name, got, c.want)
		}
	}
}

// A match that takes clicks beats one that does not, before the exact
// name; among matches that all take clicks, the exact name still wins.
func TestRankTakesClicksFirst(t *testing.T) {
	header := &Node{Role: "columnheader", Name: "Browser: activate to sort column ascending", Clickable: true, Visible: true}
	footer := &Node{Role: "columnheader", Name: "Browser", Visible: true}
	snap := page("http://x/", "t", 200, header, footer)
	r := &Result{Rung: RungRole, Phrase: "Browser"}
	if _, top, _ := rank(snap, r, []*Node{footer, header}); len(top) != 1 || top[0] != header {
		t.Fatalf("rank chose %v, want the header that takes clicks", top)
	}
	save := &Node{Role: "button", Name: "Save", Visible: true}
	draft := &Node{Role: "button", Name: "Save draft", Visible: true}
	snap = page("http://x/", "t", 200, draft, save)
	if _, top, _ := rank(snap, &Result{Rung: RungRole, Phrase: "Save"}, []*Node{draft, save}); len(top) != 1 || top[0] != save {
		t.Fatalf("rank chose %v, want the exact name among buttons", top)
	}
}
