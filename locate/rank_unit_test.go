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
		{"the exact name decides; both in main and in view",
			score{exact: 1, region: 2, view: 1}, []score{{region: 2, view: 1}}, "exact name"},
		{"main against navigation, both in view",
			score{region: 2, view: 1}, []score{{region: 0, view: 1}}, "being in main"},
		{"no landmark against the footer",
			score{region: 1}, []score{{region: 0}}, "not being in navigation, banner or contentinfo"},
		{"in view, the rest equal",
			score{exact: 1, region: 1, view: 1}, []score{{exact: 1, region: 1}}, "being in view"},
		{"two others, told apart by two tie-breaks",
			score{exact: 1, region: 1, view: 1}, []score{{region: 1, view: 1}, {exact: 1, region: 1}},
			"exact name, being in view"},
	}
	for _, c := range cases {
		scores := append([]score{c.best}, c.others...)
		if got := rankReason(c.best, scores); got != c.want {
			t.Errorf("%s: rankReason = %q, want %q", c.name, got, c.want)
		}
	}
}

// The tie-breaks are the contract's, in its order: an exact name beats a
// substring even when the substring match is the one that takes clicks
// (a data table's sortable header and the footer cell that repeats its
// name).
func TestRankExactNameFirst(t *testing.T) {
	header := &Node{Role: "columnheader", Name: "Browser: activate to sort column ascending", Clickable: true, Visible: true}
	footer := &Node{Role: "columnheader", Name: "Browser", Visible: true}
	snap := page("http://x/", "t", 200, header, footer)
	best, top, scores := rank(snap, &Result{Rung: RungRole, Phrase: "Browser"}, []*Node{header, footer})
	if len(top) != 1 || top[0] != footer {
		t.Fatalf("rank chose %v, want the footer cell, whose name is the phrase whole", top)
	}
	if got := rankReason(best, scores); got != "exact name" {
		t.Errorf("rankReason = %q, want %q", got, "exact name")
	}
}

// A name is exact with its glyphs aside: a select's "Country ▾" is
// the phrase Country whole, "Country code" is not; a phrase of glyphs
// alone is matched as written.
func TestExactNameGlyphsAside(t *testing.T) {
	for _, c := range []struct {
		name, phrase string
		want         bool
	}{
		{"Country ▾", "country", true},
		{"Next ›", "next", true},
		{"Country code", "country", false},
		{"× Close", "close", true},
		{"▾", "▾", true},
		{"Sort ▾", "▾", false},
	} {
		if got := exactName(&Node{Name: c.name}, RungRole, c.phrase); got != c.want {
			t.Errorf("exactName(%q, %q) = %v, want %v", c.name, c.phrase, got, c.want)
		}
	}
}

// A contains-match starts at a word boundary: "Age" is not inside
// "page"; and one that ends in a digit ends a number: "20" is not the
// start of "2025" (docs/targets.md "Resolution", 3: Matching).
func TestMatchStartsAtWord(t *testing.T) {
	cases := []struct {
		want, name string
		ok         bool
	}{
		{"Age", "Age: activate to sort column ascending", true},
		{"Age", "Show 10 entries per page", false},
		{"Age", "per page; Age group", true},
		{"age", "the (age) column", true},
		{"Add", "Address", true},
		{"dress", "Address", false},
		{"10 entries", "Show 10 entries per page", true},
		{"-x", "a-x", true},
		{"été", "Un été", true},
		{"té", "Un été", false},
		{"20", "Friday, June 20th, 2025", true},
		{"20", "Sunday, June 1st, 2025", false},
		{"20", "June 20, 2025", true},
		{"Room 1", "Room 12", false},
		{"Room 1", "Room 12, Room 1", true},
		{"Page 1", "Page 1 of 3", true},
		{"v2", "v2.1", true},
	}
	for _, c := range cases {
		m, err := newMatcher(c.want, false)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.match(c.name); got != c.ok {
			t.Errorf("%q in %q: match = %v, want %v", c.want, c.name, got, c.ok)
		}
	}
}
