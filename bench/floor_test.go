package bench

import (
	"fmt"
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
// tree and computing every name, with nothing to serialise; "both/changed"
// is "both" after a text of the page changed (untimed), as
// ResolvePresent's "phrase/changed" reads it.
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
	i := 0
	change := func(b *testing.B) {
		i++
		if _, err := p.Eval(ctx, fmt.Sprintf("document.querySelector('h1').textContent = 'Dashboard %d'", i)); err != nil {
			b.Fatal(err)
		}
	}
	both := func(b *testing.B) int {
		var wg sync.WaitGroup
		var n1, n2 int
		wg.Add(2)
		go func() { defer wg.Done(); n1 = ax(b) }()
		go func() { defer wg.Done(); n2 = dom(b) }()
		wg.Wait()
		return n1 + n2
	}
	cases := []struct {
		name string
		read func(b *testing.B) int
		prep func(b *testing.B) // untimed, before each read
	}{
		{"ax", ax, nil},
		{"dom", dom, nil},
		{"both", both, nil},
		{"both/changed", both, change},
		{"query-exact-name", func(b *testing.B) int {
			return call(b, "Accessibility.queryAXTree", proto.AccessibilityQueryAXTree{BackendNodeID: doc.Root.BackendNodeID, AccessibleName: "Export CSV"})
		}, nil},
	}
	for _, cs := range cases {
		b.Run(cs.name, func(b *testing.B) {
			var t timings
			n := 0
			for b.Loop() {
				if cs.prep != nil {
					cs.prep(b)
				}
				start := time.Now()
				n = cs.read(b)
				t = append(t, time.Since(start))
			}
			reportMedian(b, t, "median-ms")
			b.ReportMetric(float64(n), "bytes")
		})
	}
}
