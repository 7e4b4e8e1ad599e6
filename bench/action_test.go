package bench

import (
	"testing"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
)

// BenchmarkActOnRef acts on the dashboard through refs from the latest
// snapshot, as an agent does after reading the page: the target is
// checked live (Page.Find with Live), so what is timed is the action itself —
// the actionability checks, the guarded click or the focus and insert of
// fill, each a call into smokeflow's isolated world in the page
// (docs/targets.md "smokeflow's code in the page") — not a page read.
// The checks wait for two rendered frames, so a frame or two of the
// figure is the page's, not smokeflow's.
func BenchmarkActOnRef(b *testing.B) {
	srv := server(b)
	br := launch(b)
	p := open(b, br, srv.URL+"/dashboard.html")
	warmUp(b, p)
	ctx := bg(b)
	snap, err := p.TakeSnapshot(ctx)
	if err != nil {
		b.Fatal(err)
	}
	refOf := func(role, name string) *flows.Target {
		for r, n := range snap.Refs {
			if n.Role == role && n.Name == name {
				return &flows.Target{Ref: r}
			}
		}
		b.Fatalf("no ref for %s %q", role, name)
		return nil
	}
	cases := []struct {
		name string
		act  func(t *flows.Target) (*browser.Outcome, error)
		t    *flows.Target
	}{
		{"click", func(t *flows.Target) (*browser.Outcome, error) {
			return p.Click(ctx, t, browser.ClickOptions{})
		}, refOf("button", "Export CSV")},
		{"fill", func(t *flows.Target) (*browser.Outcome, error) {
			return p.Fill(ctx, t, "Ada")
		}, refOf("textbox", "Customer")},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			var tm timings
			for b.Loop() {
				start := time.Now()
				_, err := c.act(c.t)
				tm = append(tm, time.Since(start))
				if err != nil {
					b.Fatal(err)
				}
			}
			reportMedian(b, tm, "median-ms")
		})
	}
}
