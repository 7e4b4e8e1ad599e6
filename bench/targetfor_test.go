package bench

import (
	"slices"
	"testing"
	"time"

	"github.com/smokeflow/smokeflow/locate"
)

// BenchmarkTargetFor measures finding the target of a clicked ref, as a
// recorder does (docs/targets.md "From a node back to a target"): the
// shortest target that picks the element alone on the dashboard, every
// guess resolved over the snapshot. Each loop finds one for every visible
// ref; it reports the median and the slowest per ref (a row button that
// only a row's text or nth tells apart tries the most guesses).
func BenchmarkTargetFor(b *testing.B) {
	srv := server(b)
	br := launch(b)
	p := open(b, br, srv.URL+"/dashboard.html")
	snap, err := p.Snapshot(bg(b))
	if err != nil {
		b.Fatal(err)
	}
	var nodes []*locate.Node
	for _, n := range snap.All {
		if n.Ref != "" && n.Visible {
			nodes = append(nodes, n)
		}
	}
	var per timings
	for b.Loop() {
		for _, n := range nodes {
			start := time.Now()
			if _, err := locate.TargetFor(snap, n); err != nil {
				b.Fatalf("@%s: %v", n.Ref, err)
			}
			per = append(per, time.Since(start))
		}
	}
	if testing.Verbose() {
		for _, n := range nodes {
			t, err := locate.TargetFor(snap, n)
			if err != nil {
				b.Fatalf("@%s: %v", n.Ref, err)
			}
			y, err := t.YAML()
			if err != nil {
				b.Fatalf("@%s: %v", n.Ref, err)
			}
			b.Logf("@%s %s", n.Ref, y)
		}
	}
	b.ReportMetric(float64(len(nodes)), "refs")
	b.ReportMetric(ms(slices.Max(per)), "max-ms/ref")
	reportMedian(b, per, "median-ms/ref")
}
