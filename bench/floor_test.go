package bench

import (
	"sync"
	"testing"
	"time"

	"github.com/go-rod/rod/lib/proto"
)

// BenchmarkChromiumReads measures the floor under a snapshot of the
// dashboard: the browser's own time for the two reads a snapshot makes,
// as round trips with the answer left undecoded. "ax" is
// Accessibility.getFullAXTree, "dom" DOMSnapshot.captureSnapshot, "both"
// the two sent together as a snapshot sends them (the renderer answers
// them one after the other), and "query-exact-name" an
// Accessibility.queryAXTree for one exact name: the browser walking the
// tree and computing every name, with nothing to serialise.
func BenchmarkChromiumReads(b *testing.B) {
	srv := server(b)
	br := launch(b)
	p := open(b, br, srv.URL+"/dashboard.html")
	ctx := bg(b)
	c := p.Client(ctx)
	sid := string(c.GetSessionID())
	doc, err := proto.DOMGetDocument{}.Call(c)
	if err != nil {
		b.Fatal(err)
	}
	call := func(b *testing.B, method string, params any) int {
		out, err := c.Call(ctx, sid, method, params)
		if err != nil {
			b.Fatal(err)
		}
		return len(out)
	}
	ax := func(b *testing.B) int {
		return call(b, "Accessibility.getFullAXTree", proto.AccessibilityGetFullAXTree{})
	}
	dom := func(b *testing.B) int {
		return call(b, "DOMSnapshot.captureSnapshot", proto.DOMSnapshotCaptureSnapshot{ComputedStyles: []string{"cursor", "visibility"}})
	}
	for range 5 { // warm-up
		ax(b)
		dom(b)
	}
	cases := []struct {
		name string
		read func(b *testing.B) int
	}{
		{"ax", ax},
		{"dom", dom},
		{"both", func(b *testing.B) int {
			var wg sync.WaitGroup
			var n1, n2 int
			wg.Add(2)
			go func() { defer wg.Done(); n1 = ax(b) }()
			go func() { defer wg.Done(); n2 = dom(b) }()
			wg.Wait()
			return n1 + n2
		}},
		{"query-exact-name", func(b *testing.B) int {
			return call(b, "Accessibility.queryAXTree", proto.AccessibilityQueryAXTree{BackendNodeID: doc.Root.BackendNodeID, AccessibleName: "Export CSV"})
		}},
	}
	for _, cs := range cases {
		b.Run(cs.name, func(b *testing.B) {
			var t timings
			n := 0
			for b.Loop() {
				start := time.Now()
				n = cs.read(b)
				t = append(t, time.Since(start))
			}
			reportMedian(b, t, "median-ms")
			b.ReportMetric(float64(n), "bytes")
		})
	}
}
