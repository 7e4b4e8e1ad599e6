package bench

import (
	"testing"
	"time"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

// BenchmarkSuggestions measures what checking the hints of an ambiguous
// target costs on the dashboard (docs/targets.md "Hints that hold"): one
// suggestion for each of the first 5 tied candidates, every guess
// resolved over the snapshot the failure was diagnosed on.
//   - "by-name": {role: button, name: View} ties 35 row buttons; each is
//     picked by its whole name.
//   - "by-nth": {css: "td.actions button"} ties 105 buttons that only nth
//     tells apart, after every other guess (row texts included) failed;
//     the selector is asked of the page once.
func BenchmarkSuggestions(b *testing.B) {
	srv := server(b)
	br := launch(b)
	p := open(b, br, srv.URL+"/dashboard.html")
	ctx := bg(b)
	cases := []struct {
		name string
		t    *flows.Target
	}{
		{"by-name", &flows.Target{Role: "button", Name: "View"}},
		{"by-nth", &flows.Target{CSS: "td.actions button"}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			snap, err := p.Snapshot(ctx)
			if err != nil {
				b.Fatal(err)
			}
			r := locate.Resolve(ctx, snap, nil, c.t, p.QueryCSS)
			if locate.ReasonOf(r.Err) != diagnostics.ReasonAmbiguous {
				b.Fatalf("%s: %v, want ambiguous", c.t, r.Err)
			}
			var t timings
			var got []locate.Suggestion
			for b.Loop() {
				start := time.Now()
				sg := &locate.Suggester{Ctx: ctx, Snap: snap, CSS: p.QueryCSS}
				got = sg.Disambiguate(r, r.Matches, diagnostics.MaxSuggestions)
				t = append(t, time.Since(start))
			}
			if len(got) != diagnostics.MaxSuggestions {
				b.Fatalf("%d suggestions, want %d", len(got), diagnostics.MaxSuggestions)
			}
			reportMedian(b, t, "median-ms")
			if testing.Verbose() {
				for _, s := range got {
					b.Logf("%s  # @%s", s.YAML, s.Node.Ref)
				}
			}
		})
	}
}
