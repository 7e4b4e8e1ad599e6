package bench

import (
	"testing"
	"time"

	"github.com/smokeflow/smokeflow/browser"
)

// BenchmarkSettle measures what settling adds to opening a page
// (docs/targets.md "Settling"): a fresh context and page, the navigation
// up to load (browser.Browser.OpenPage), then Page.Settle, against the
// same without Page.Settle; settle-ms is the time in Page.Settle alone.
// "static" is a page of 1,000 elements and no
// script: quiet from its load. "scripted" is the dashboard, whose one
// inline script only adds a listener: it is as quiet, but a page that runs
// scripts is watched for the quiet windows before it counts as settled.
func BenchmarkSettle(b *testing.B) {
	srv := server(b)
	br := launch(b)
	cases := []struct {
		name, path string
		settle     bool
	}{
		{"static/open", "/sized?n=1000", false},
		{"static/open+settle", "/sized?n=1000", true},
		{"scripted/open", "/dashboard.html", false},
		{"scripted/open+settle", "/dashboard.html", true},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			ctx := bg(b)
			var t, settle timings
			for b.Loop() {
				start := time.Now()
				bc, p, err := br.OpenPage(ctx, browser.PageOptions{}, srv.URL+c.path, "load")
				if err != nil {
					b.Fatal(err)
				}
				if c.settle {
					s, err := p.Settle(ctx, browser.DefaultSettle)
					if err != nil {
						b.Fatal(err)
					}
					if s.Busy != "" {
						b.Fatal(s.Note())
					}
					settle = append(settle, s.Took)
				}
				t = append(t, time.Since(start))
				if err := bc.Close(); err != nil {
					b.Fatal(err)
				}
			}
			reportMedian(b, t, "median-ms")
			if c.settle {
				reportMedian(b, settle, "settle-ms")
			}
		})
	}
}
