package diagnostics_test

import (
	"strings"
	"testing"

	"github.com/smokeflow/smokeflow/diagnostics"
)

func TestSimilarityFoldsCaseAndAccents(t *testing.T) {
	if s := diagnostics.Similarity("Café", "CAFE"); s != 1 {
		t.Fatalf("Café ~ CAFE = %v, want 1", s)
	}
	if s := diagnostics.Similarity("Log in", "Sign in"); s < diagnostics.NearMissThreshold {
		t.Fatalf("Log in ~ Sign in = %v, want a near miss", s)
	}
	if s := diagnostics.Similarity("Sign in", "Delete account"); s >= diagnostics.NearMissThreshold {
		t.Fatalf("Sign in ~ Delete account = %v, want no near miss", s)
	}
}

func TestNearMissesRankCapAndSkipExact(t *testing.T) {
	elems := []diagnostics.Named{
		{Ref: "e1", Role: "link", Name: "Sign in"},
		{Ref: "e2", Role: "button", Name: "Log on"},
		{Ref: "e3", Role: "button", Name: "Log in"}, // the phrase itself: not a miss
		{Ref: "e4", Role: "link", Name: "Privacy policy"},
		{Ref: "e5", Role: "link", Name: "Sign in"}, // same role and name: listed once
	}
	got := diagnostics.NearMisses("Log in", elems)
	if len(got) != 2 {
		t.Fatalf("got %d near misses, want 2: %+v", len(got), got)
	}
	if got[0].Name != "Log on" || got[1].Name != "Sign in" || got[1].Ref != "e1" {
		t.Fatalf("near misses = %+v, want Log on, then link Sign in @e1", got)
	}
	if got[0].Score < got[1].Score {
		t.Fatalf("not ranked: %+v", got)
	}
	var many []diagnostics.Named
	for i := 0; i < 50; i++ {
		many = append(many, diagnostics.Named{Role: "button", Name: "Log in " + strings.Repeat("x", i)})
	}
	if n := len(diagnostics.NearMisses("Log in", many)); n > diagnostics.MaxNearMisses {
		t.Fatalf("%d near misses, cap is %d", n, diagnostics.MaxNearMisses)
	}
}

func TestNearMissTiesGoToMain(t *testing.T) {
	got := diagnostics.NearMisses("Log in", []diagnostics.Named{
		{Ref: "e6", Role: "link", Name: "Sign in", Region: "navigation"},
		{Ref: "e10", Role: "button", Name: "Sign in", Region: "main"},
	})
	if len(got) != 2 || got[0].Ref != "e10" {
		t.Fatalf("near misses = %+v, want the button in main first", got)
	}
}

func TestExplainNamesCauseAndFix(t *testing.T) {
	cases := []struct {
		d    diagnostics.Diagnostics
		want []string
	}{
		{diagnostics.Diagnostics{Reason: diagnostics.ReasonAmbiguous, Target: `"Sign in"`, Candidates: []diagnostics.Candidate{
			{Ref: "e1", Role: "link", Name: "Sign in", Visible: true, Region: "navigation"},
			{Ref: "e2", Role: "link", Name: "Sign in", Visible: true, Region: "contentinfo"},
			{Ref: "e3", Role: "button", Name: "Sign in", Visible: true, Region: "main"},
		}}, []string{`3 elements match "Sign in": 2 links, 1 button`, "role:", "nth:", "within"}},
		{diagnostics.Diagnostics{Reason: diagnostics.ReasonNotFound, Target: `"Log in"`,
			NearMisses: []diagnostics.NearMiss{{Ref: "e3", Role: "button", Name: "Sign in", Score: 0.57}}},
			[]string{`the closest is button "Sign in" (@e3)`, "if the copy changed"}},
		{diagnostics.Diagnostics{Reason: diagnostics.ReasonCovered, Target: `"Buy"`, Candidates: []diagnostics.Candidate{
			{Role: "button", Name: "Buy", Visible: true, CoveredBy: "div.modal-backdrop"}}},
			[]string{"covered by div.modal-backdrop", "close what covers it"}},
		{diagnostics.Diagnostics{Reason: diagnostics.ReasonDisabled, Target: `"Place order"`}, []string{"stayed disabled", "enabled"}},
		{diagnostics.Diagnostics{Reason: diagnostics.ReasonHidden, Target: `"Menu"`, Candidates: []diagnostics.Candidate{{Role: "button", Name: "Menu"}}},
			[]string{"none visible", "reveals it"}},
	}
	for _, c := range cases {
		d := c.d
		d.Explain()
		text := diagnostics.Render(&d, true)
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: %q not in\n%s", d.Reason, w, text)
			}
		}
	}
}

func TestCapKeepsReportsSmall(t *testing.T) {
	d := diagnostics.Diagnostics{Reason: diagnostics.ReasonAmbiguous}
	for i := 0; i < 500; i++ {
		d.Candidates = append(d.Candidates, diagnostics.Candidate{Role: "button", Name: strings.Repeat("long name ", 50)})
		d.Links = append(d.Links, diagnostics.Link{Text: "x", Href: "/" + strings.Repeat("a", 500)})
	}
	d.Cap()
	if len(d.Candidates) != diagnostics.MaxCandidates || len(d.Links) != diagnostics.MaxLinks || !d.Truncated {
		t.Fatalf("not capped: %d candidates, %d links, truncated=%v", len(d.Candidates), len(d.Links), d.Truncated)
	}
	if n := len([]rune(d.Candidates[0].Name)); n > diagnostics.MaxNameLen {
		t.Fatalf("name of %d runes, cap is %d", n, diagnostics.MaxNameLen)
	}
}
