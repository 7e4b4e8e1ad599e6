package bench

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diffs"
	"github.com/smokeflow/smokeflow/locate"
)

// pixelPair is two screenshots of 1280×800 to compare: a page, and the
// same page after a change made by a script (or another page).
type pixelPair struct {
	Name   string `json:"name"`
	Before string `json:"before"` // path
	After  string `json:"after"`
	Change string `json:"-"`      // JavaScript run on the page for After, or
	Other  string `json:"-"`      // another page for After
	Path   string `json:"-"`      // the page for Before
	Pixels int    `json:"pixels"` // differing pixels, as diffs.Images counts them
}

// pixelPairs are the pairs of BenchmarkImageDiff and of bench/pixelmatch.sh,
// which counts them again with pixelmatch from npm.
func pixelPairs() []*pixelPair {
	return []*pixelPair{
		{Name: "dashboard-edited", Path: "/dashboard.html", Change: `
document.querySelector('[role=tab]').textContent = 'Every order';
document.querySelector('h1').style.marginLeft = '12px';
for (const td of [...document.querySelectorAll('td')].slice(0, 6)) td.textContent = td.textContent + '7';`},
		{Name: "dashboard-identical", Path: "/dashboard.html", Change: `0`},
		{Name: "fixture-moved-button", Path: "/diffs/page.html", Change: `document.documentElement.classList.add('moved')`},
		{Name: "fixture-border", Path: "/diffs/page.html", Change: `document.documentElement.classList.add('border')`},
		{Name: "fixture-text-subpixel", Path: "/diffs/page.html", Change: `document.documentElement.classList.add('subpixel')`},
		{Name: "fixture-heading-subpixel", Path: "/diffs/page.html", Change: `document.documentElement.classList.add('subpixel-heading')`},
		{Name: "dashboard-vs-fixture", Path: "/dashboard.html", Other: "/diffs/page.html"},
	}
}

// shootPair takes the pair's two screenshots, held still, as PNG.
func shootPair(b *testing.B, br *browser.Browser, base string, pp *pixelPair) ([]byte, []byte) {
	b.Helper()
	ctx := bg(b)
	p := open(b, br, base+pp.Path)
	before, err := p.StillScreenshot(ctx, browser.ShotOptions{})
	if err != nil {
		b.Fatal(err)
	}
	if pp.Other != "" {
		p = open(b, br, base+pp.Other)
	} else if _, err := p.Eval(ctx, pp.Change); err != nil {
		b.Fatal(err)
	}
	after, err := p.StillScreenshot(ctx, browser.ShotOptions{})
	if err != nil {
		b.Fatal(err)
	}
	return before.PNG, after.PNG
}

func decode(b *testing.B, data []byte) image.Image {
	b.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		b.Fatal(err)
	}
	return img
}

// BenchmarkImageDiff measures diffs.Images on pairs of 1280×800
// screenshots (decoded before timing; the diff image is drawn): the goal
// is under 30 ms (docs/diffs.md "Speed"). It reports the median wall
// time, the CPU time per diff (the process's, GC included: on a shared
// machine the wall time counts the waits for a core) and the differing
// pixels. With PIXEL_PAIRS=DIR it also writes each pair and its count to
// DIR, for bench/pixelmatch.sh.
func BenchmarkImageDiff(b *testing.B) {
	srv := server(b)
	br := launch(b)
	pairs := pixelPairs()
	out := os.Getenv("PIXEL_PAIRS")
	for _, pp := range pairs {
		b.Run(pp.Name, func(b *testing.B) {
			before, after := shootPair(b, br, srv.URL, pp)
			ia, ib := decode(b, before), decode(b, after)
			var d diffs.ImageDiff
			var t timings
			cpu := cpuTime()
			for b.Loop() {
				start := time.Now()
				d = diffs.Images(ia, ib, diffs.ImageOptions{})
				t = append(t, time.Since(start))
			}
			b.ReportMetric(ms(cpuTime()-cpu)/float64(b.N), "cpu-ms")
			if !d.SameSize() || d.Image == nil {
				b.Fatalf("%s: %s", pp.Name, d)
			}
			pp.Pixels = d.Pixels
			reportMedian(b, t, "median-ms")
			b.ReportMetric(float64(d.Pixels), "pixels")
			if out != "" {
				writePair(b, out, pp, before, after)
			}
		})
	}
	if out != "" {
		j, err := json.MarshalIndent(pairs, "", "  ")
		if err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, "pairs.json"), j, 0o644); err != nil {
			b.Fatal(err)
		}
	}
}

func writePair(b *testing.B, dir string, pp *pixelPair, before, after []byte) {
	b.Helper()
	pp.Before, pp.After = filepath.Join(dir, pp.Name+".before.png"), filepath.Join(dir, pp.Name+".after.png")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	for p, data := range map[string][]byte{pp.Before: before, pp.After: after} {
		if err := os.WriteFile(p, data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSnapshotDiff measures diffs.Snapshots on the dashboard's
// snapshot against itself with a few lines changed and its refs
// renumbered, as the agent session's `snapshot --diff` and a snapshot
// baseline compare them: the goal is under 5 ms (docs/diffs.md "Speed").
func BenchmarkSnapshotDiff(b *testing.B) {
	srv := server(b)
	br := launch(b)
	p := open(b, br, srv.URL+"/dashboard.html")
	ctx := bg(b)
	snap, err := p.Snapshot(ctx)
	if err != nil {
		b.Fatal(err)
	}
	before := snap.Render(locate.RenderOptions{})
	lines := strings.Split(before, "\n")
	// a renumbering (one ref more at the top), an edited line near the
	// top, one in the middle, and a line removed near the end
	after := strings.ReplaceAll(strings.Join(lines, "\n"), "[ref=e1]", "[ref=e99]")
	al := strings.Split(after, "\n")
	al[3] += " (edited)"
	al[len(al)/2] = "  - button \"New\""
	al = append(al[:len(al)-5], al[len(al)-4:]...)
	after = strings.Join(al, "\n")
	var d diffs.SnapshotDiff
	var t timings
	cpu := cpuTime()
	for b.Loop() {
		start := time.Now()
		d = diffs.Snapshots(before, after)
		t = append(t, time.Since(start))
	}
	b.ReportMetric(ms(cpuTime()-cpu)/float64(b.N), "cpu-ms")
	if !d.Changed() {
		b.Fatal("the edited dashboard compares unchanged")
	}
	reportMedian(b, t, "median-ms")
	b.ReportMetric(float64(len(lines)), "lines")
	b.ReportMetric(float64(d.Additions+d.Removals), "changed")
}
