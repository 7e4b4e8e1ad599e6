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
			[]string{`the closest is button "Sign in" (@e3)`}},
		{diagnostics.Diagnostics{Reason: diagnostics.ReasonCovered, Target: `"Buy"`, Candidates: []diagnostics.Candidate{
			{Role: "button", Name: "Buy", Visible: true, CoveredBy: "div.modal-backdrop"}}},
			[]string{"covered by div.modal-backdrop", "close what covers it"}},
		{diagnostics.Diagnostics{Reason: diagnostics.ReasonDisabled, Target: `"Place order"`}, []string{"stayed disabled", "enabled"}},
		{diagnostics.Diagnostics{Reason: diagnostics.ReasonHidden, Target: `"Menu"`, Candidates: []diagnostics.Candidate{{Role: "button", Name: "Menu"}}},
			[]string{"none visible", "reveals it"}},
		{diagnostics.Diagnostics{Reason: diagnostics.ReasonHidden, Target: `"Save"`, HiddenFromTree: `aria-hidden="true" on div#root`,
			Candidates: []diagnostics.Candidate{{Role: "button", Name: "Save", Visible: true}}},
			[]string{`1 element(s) match "Save" on the page, but aria-hidden="true" on div#root hides them`, "press: Escape"}},
		{diagnostics.Diagnostics{Reason: diagnostics.ReasonHidden, Target: `"Full name"`, HiddenFromTree: `aria-hidden="true" on label#name`,
			HiddenByPage: true, Candidates: []diagnostics.Candidate{{Role: "label", Name: "Full name", Visible: true}}},
			[]string{`aria-hidden="true" on label#name hides them`, "no dialog or popup is open", "its role and name or its ref"}},
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

// TestCoverAdviceFitsTheCover: a cover that is the element's own
// container or a part of its own component is no banner to close
// (docs/targets.md "Actionability", "Receives events").
func TestCoverAdviceFitsTheCover(t *testing.T) {
	cases := []struct {
		cover      diagnostics.Cover
		want, not  string
		verdictEnd string
	}{
		{diagnostics.CoverOther, "a cookie banner", "nothing to close", "covered by span.x"},
		{diagnostics.CoverComponent, "nothing to close", "cookie", "covered by span.x, a part of its own component"},
		{diagnostics.CoverContainer, "pointer-events: none", "cookie", "covered by span.x, which holds it"},
		{diagnostics.CoverPopup, "press: Escape", "cookie", "covered by span.x"},
	}
	for _, c := range cases {
		d := diagnostics.Diagnostics{Reason: diagnostics.ReasonCovered, Target: `"Save"`, Candidates: []diagnostics.Candidate{
			{Role: "button", Name: "Save", Visible: true, CoveredBy: "span.x", Cover: c.cover}}}
		d.Explain()
		text := diagnostics.Render(&d, true)
		if !strings.Contains(text, c.want) || strings.Contains(text, c.not) || !strings.Contains(d.Verdict, c.verdictEnd) {
			t.Errorf("cover %q: want %q and %q, not %q, in\n%s", c.cover, c.verdictEnd, c.want, c.not, text)
		}
	}
}

func TestAmbiguityHintsAreOnlyTheCheckedSuggestions(t *testing.T) {
	cands := []diagnostics.Candidate{
		{Ref: "e6", Role: "link", Name: "Sign in", Visible: true, Region: "navigation"},
		{Ref: "e12", Role: "link", Name: "Sign in", Visible: true, Region: "contentinfo"},
	}
	// Without checked suggestions, no target is offered: not even one that
	// "looks" right, such as within main, which holds neither.
	d := diagnostics.Diagnostics{Reason: diagnostics.ReasonAmbiguous, Target: `"Sign in"`, Candidates: cands}
	d.Explain()
	if len(d.Hints) != 0 {
		t.Fatalf("hints without checked suggestions: %q", d.Hints)
	}
	d = diagnostics.Diagnostics{Reason: diagnostics.ReasonAmbiguous, Target: `"Sign in"`, Candidates: cands,
		Suggestions: []diagnostics.Suggestion{
			{Ref: "e6", Role: "link", Name: "Sign in", Target: "{role: link, name: Sign in, within: {role: navigation}}",
				Line: "click: {role: link, name: Sign in, within: {role: navigation}}"},
			{Ref: "e12", Role: "link", Name: "Sign in", Target: "{role: link, name: Sign in, within: {role: contentinfo}}",
				Line: "click: {role: link, name: Sign in, within: {role: contentinfo}}"},
		}}
	d.Explain()
	want := []string{
		"click: {role: link, name: Sign in, within: {role: navigation}}  # @e6",
		"click: {role: link, name: Sign in, within: {role: contentinfo}}  # @e12",
	}
	if strings.Join(d.Hints, "\n") != strings.Join(want, "\n") {
		t.Fatalf("hints = %q, want %q", d.Hints, want)
	}
	text := diagnostics.Render(&d, false)
	block := "try one of:\n" +
		"  click: {role: link, name: Sign in, within: {role: navigation}}   # @e6\n" +
		"  click: {role: link, name: Sign in, within: {role: contentinfo}}  # @e12"
	if !strings.Contains(text, block) {
		t.Fatalf("no aligned block in\n%s", text)
	}
}

func TestNearMissHintOnlyWhenChecked(t *testing.T) {
	nm := []diagnostics.NearMiss{{Ref: "e3", Role: "button", Name: "Sign in", Score: 0.57}}
	d := diagnostics.Diagnostics{Reason: diagnostics.ReasonNotFound, Target: `"Log in"`, NearMisses: nm}
	d.Explain()
	if len(d.Hints) != 0 {
		t.Fatalf("a target offered without a check: %q", d.Hints)
	}
	d = diagnostics.Diagnostics{Reason: diagnostics.ReasonNotFound, Target: `"Log in"`, NearMisses: nm,
		Suggestions: []diagnostics.Suggestion{{Ref: "e3", Role: "button", Name: "Sign in",
			Target: "{role: button, name: Sign in}", Line: "click: {role: button, name: Sign in}"}}}
	d.Explain()
	if want := "if the copy changed: click: {role: button, name: Sign in}  # @e3"; len(d.Hints) != 1 || d.Hints[0] != want {
		t.Fatalf("hints = %q, want %q", d.Hints, want)
	}
}

func TestDisabledSaysWhatTheFormHoldsBack(t *testing.T) {
	form := &diagnostics.Form{Role: "form", Name: "Checkout", Blockers: []diagnostics.Blocker{
		{Ref: "e4", Role: "textbox", Name: "Email", Required: true, State: diagnostics.FieldEmpty, ValidationMessage: "Please fill out this field."},
		{Ref: "e7", Role: "checkbox", Name: "I accept the terms", Required: true, State: diagnostics.FieldUnchecked},
		{Role: "textbox", Name: "Coupon", State: diagnostics.FieldInvalid, ValidationMessage: "Please match the requested format."},
	}}
	d := diagnostics.Diagnostics{Reason: diagnostics.ReasonDisabled, Target: `"Place order"`, Form: form}
	d.Explain()
	want := `"Place order" stayed disabled; its form "Checkout" has: textbox "Email" [ref=e4] required, empty; ` +
		`checkbox "I accept the terms" [ref=e7] required, unchecked; textbox "Coupon" invalid ("Please match the requested format.")`
	if d.Verdict != want {
		t.Fatalf("verdict = %q\nwant      %q", d.Verdict, want)
	}
	d = diagnostics.Diagnostics{Reason: diagnostics.ReasonAssertion, Target: `"Place order"`, Form: form}
	d.Explain()
	if !strings.HasPrefix(d.Verdict, `"Place order" is disabled; its form "Checkout" has: textbox "Email"`) {
		t.Fatalf("verdict = %q", d.Verdict)
	}
	for _, f := range []*diagnostics.Form{nil, {Role: "form", Blockers: []diagnostics.Blocker{}}} {
		d = diagnostics.Diagnostics{Reason: diagnostics.ReasonDisabled, Target: `"Send"`, Form: f}
		d.Explain()
		if strings.Contains(d.Verdict, "has:") || strings.Contains(strings.Join(d.Hints, " "), "fill in") {
			t.Fatalf("a reason invented: %q %q", d.Verdict, d.Hints)
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

// TestContainerVerdictFromItsMatches: a container whose matches are all
// hidden is worded so whatever the failure's reason (`assertion` on a
// check), and one that matched nothing is worded so (docs/targets.md
// "Resolution", 5; docs/results.md `container_hidden`).
func TestContainerVerdictFromItsMatches(t *testing.T) {
	for _, c := range []struct {
		reason diagnostics.Reason
		hidden int
		want   string
	}{
		{diagnostics.ReasonAssertion, 2, `the container css=".todo-list" matched 2 element(s), none visible, so nothing inside it was looked at`},
		{diagnostics.ReasonHidden, 1, `the container css=".todo-list" matched 1 element(s), none visible, so nothing inside it was looked at`},
		{diagnostics.ReasonAssertion, 0, `the container css=".todo-list" matched nothing, so nothing inside it was looked at`},
		{diagnostics.ReasonNotFound, 0, `the container css=".todo-list" matched nothing, so nothing inside it was looked at`},
	} {
		d := &diagnostics.Diagnostics{Reason: c.reason, Container: `css=".todo-list"`, ContainerHidden: c.hidden}
		d.Explain()
		if d.Verdict != c.want {
			t.Errorf("%s, %d hidden: verdict %q, want %q", c.reason, c.hidden, d.Verdict, c.want)
		}
	}
}
