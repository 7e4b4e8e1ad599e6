package bench

import (
	"context"
	"testing"
	"time"

	"github.com/smokeflow/smokeflow/browser"
)

// BenchmarkSettle measures what settling adds to a one-shot read, as
// `smokeflow snapshot URL` makes it (docs/targets.md "Settling"): a fresh
// context and page, the navigation up to load (browser.Browser.OpenPage),
// Page.Settle, then the snapshot; against the same without Page.Settle.
// Each round reads the page both ways, in turns, so that both see the
// same machine. It reports the medians: read-ms (without settling),
// settled-read-ms (with), and settle-ms, the time in Page.Settle alone.
// Settle's first read of the page waits for the renderer to finish its
// work after load, which the snapshot waits for when nothing reads first.
//
// "static" is a page of 1,000 elements and no script: quiet from its load.
// "scripted" is the dashboard, whose one inline script only adds a
// listener: it is as quiet, but a page that runs scripts is watched for
// the quiet windows before it counts as settled.
func BenchmarkSettle(b *testing.B) {
	srv := server(b)
	br := launch(b)
	for _, c := range []struct{ name, path string }{{"static", "/sized?n=1000"}, {"scripted", "/dashboard.html"}} {
		b.Run(c.name, func(b *testing.B) {
			ctx := bg(b)
			var read, settled, settle timings
			i := 0
			for b.Loop() {
				for turn := range 2 {
					withSettle := (i+turn)%2 == 1
					d, s := readOnce(ctx, b, br, srv.URL+c.path, withSettle)
					if withSettle {
						settled, settle = append(settled, d), append(settle, s)
					} else {
						read = append(read, d)
					}
				}
				i++
			}
			reportMedian(b, read, "read-ms")
			reportMedian(b, settled, "settled-read-ms")
			reportMedian(b, settle, "settle-ms")
		})
	}
}

// readOnce opens url in a fresh context, settles it when asked, and takes
// its snapshot; it returns the time of it all and of the settle wait.
func readOnce(ctx context.Context, b *testing.B, br *browser.Browser, url string, settle bool) (time.Duration, time.Duration) {
	b.Helper()
	start := time.Now()
	bc, p, err := br.OpenPage(ctx, browser.PageOptions{}, url, "load")
	if err != nil {
		b.Fatal(err)
	}
	defer func() {
		if err := bc.Close(); err != nil {
			b.Fatal(err)
		}
	}()
	var s browser.Settled
	if settle {
		if s, err = p.Settle(ctx, browser.SettleWait{Bound: browser.DefaultSettle}); err != nil {
			b.Fatal(err)
		}
		if s.Busy != "" {
			b.Fatal(s.Note())
		}
	}
	if _, err := p.TakeSnapshot(ctx); err != nil {
		b.Fatal(err)
	}
	return time.Since(start), s.Took
}
