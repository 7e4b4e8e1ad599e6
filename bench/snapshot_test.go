package bench

import (
	"fmt"
	"testing"
	"time"

	"github.com/smokeflow/smokeflow/locate"
)

// BenchmarkSnapshot measures a snapshot as the `snapshot` step takes it:
// reading the page (Page.Snapshot: the CDP reads, built by locate.Build) and rendering the interactive
// text (docs/targets.md "The snapshot"). On the dashboard it also reports the size: characters,
// tokens (estimated as chars/4; bench/run.sh counts real tokens), the
// number of actionable elements (refs) and tokens per actionable element.
// The sized pages show how the cost grows with the number of elements.
func BenchmarkSnapshot(b *testing.B) {
	srv := server(b)
	br := launch(b)
	cases := []struct{ name, path string }{
		{"dashboard", "/dashboard.html"},
		{"nodes=100", "/sized?n=100"},
		{"nodes=1000", "/sized?n=1000"},
		{"nodes=10000", "/sized?n=10000"},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			p := open(b, br, srv.URL+c.path)
			ctx := bg(b)
			elems, err := p.Eval(ctx, "document.getElementsByTagName('*').length")
			if err != nil {
				b.Fatal(err)
			}
			warmUp(b, p)
			var t timings
			var text string
			var snap *locate.Snapshot
			for b.Loop() {
				start := time.Now()
				snap, err = p.Snapshot(ctx)
				if err != nil {
					b.Fatal(err)
				}
				text = snap.Render(locate.RenderOptions{})
				t = append(t, time.Since(start))
			}
			chars := float64(len([]rune(text)))
			refs := float64(len(snap.Refs))
			reportMedian(b, t, "median-ms")
			b.ReportMetric(float64(elems.Value.Int()), "elements")
			b.ReportMetric(chars, "chars")
			b.ReportMetric(chars/4, "tokens")
			b.ReportMetric(refs, "actionable")
			if refs > 0 {
				b.ReportMetric(chars/4/refs, "tokens/actionable")
			}
		})
	}
}

// BenchmarkSnapshotStable takes two snapshots of the unchanged dashboard
// per iteration and fails unless they render byte-identical (refs
// included): a flow's snapshot artifacts and an agent's view of the page
// must not churn when nothing changed.
func BenchmarkSnapshotStable(b *testing.B) {
	srv := server(b)
	br := launch(b)
	p := open(b, br, srv.URL+"/dashboard.html")
	ctx := bg(b)
	for b.Loop() {
		s1, err := p.Snapshot(ctx)
		if err != nil {
			b.Fatal(err)
		}
		s2, err := p.Snapshot(ctx)
		if err != nil {
			b.Fatal(err)
		}
		r1, r2 := s1.Render(locate.RenderOptions{}), s2.Render(locate.RenderOptions{})
		if r1 != r2 {
			b.Fatalf("two snapshots of the unchanged dashboard differ:\n%s", firstDiff(r1, r2))
		}
		f1, f2 := s1.Render(locate.RenderOptions{Full: true}), s2.Render(locate.RenderOptions{Full: true})
		if f1 != f2 {
			b.Fatalf("two full snapshots of the unchanged dashboard differ:\n%s", firstDiff(f1, f2))
		}
	}
}

func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-80)
	return fmt.Sprintf("at byte %d:\n--- first\n%s\n--- second\n%s", i, a[lo:min(len(a), i+80)], b[lo:min(len(b), i+80)])
}
