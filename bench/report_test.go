package bench

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/reports"
	"github.com/smokeflow/smokeflow/results"
)

// reportPages are what the failure screenshots and trace frames of the
// HTML report benchmark show: real captures of real pages.
var reportPages = []string{"/dashboard.html", "/sized?n=400", "/diffs/page.html"}

// captures are JPEG frames, PNG screenshots and snapshot texts taken from
// reportPages.
type captures struct {
	jpegs, pngs [][]byte
	snaps       []string
}

func capturePages(b *testing.B, br *browser.Browser, base string) captures {
	var c captures
	for _, u := range reportPages {
		p := open(b, br, base+u)
		j, err := p.TraceShot(bg(b))
		if err != nil {
			b.Fatal(err)
		}
		png, err := p.Screenshot(bg(b), false, nil)
		if err != nil {
			b.Fatal(err)
		}
		s, err := p.Snapshot(bg(b))
		if err != nil {
			b.Fatal(err)
		}
		c.jpegs, c.pngs = append(c.jpegs, j), append(c.pngs, png)
		c.snaps = append(c.snaps, s.Render(locate.RenderOptions{}))
	}
	return c
}

// reportRun is a run of flows flows of 10 steps each, every
// failEvery-th failed on its 7th step with a failure screenshot,
// diagnostics and a trace of its 7 steps, its files written in dir.
func reportRun(b *testing.B, dir string, c captures, flows, failEvery int) *results.Run {
	put := func(rel string, data []byte) {
		full := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(full, data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	start := time.Now()
	run := &results.Run{SchemaVersion: results.SchemaVersion, Tool: "smokeflow bench", StartedAt: start, ArtifactsDir: dir, Workers: 2}
	for i := range flows {
		failed := i%failEvery == 0
		slug := fmt.Sprintf("flow-%03d", i)
		a := &results.Attempt{Number: 1, Status: results.Passed, StartedAt: start, Duration: 4 * time.Second}
		for s := 1; s <= 10; s++ {
			st := &results.Step{Index: fmt.Sprint(s), Phase: "steps", Action: "click", Target: fmt.Sprintf("Button %d", s),
				File: slug + ".yaml", Line: 3 + s, Status: results.Passed, Duration: time.Duration(100+s*37) * time.Millisecond}
			switch {
			case failed && s == 7:
				st.Status, st.Error = results.Failed, "button \"Button 7\" is covered by div.modal-backdrop"
			case failed && s > 7:
				st.Status, st.Duration = results.Skipped, 0
			}
			a.Steps = append(a.Steps, st)
			if failed && s <= 7 {
				k := (i + s) % len(c.jpegs)
				put(fmt.Sprintf("%s/trace/%d.jpg", slug, s), c.jpegs[k])
				put(fmt.Sprintf("%s/trace/%d.before.txt", slug, s), []byte(c.snaps[k]))
				a.Artifacts = append(a.Artifacts,
					results.Artifact{Kind: results.ArtifactTraceSnapshot, Path: fmt.Sprintf("%s/trace/%d.before.txt", slug, s), Step: fmt.Sprint(s)},
					results.Artifact{Kind: results.ArtifactTraceScreenshot, Path: fmt.Sprintf("%s/trace/%d.jpg", slug, s), Step: fmt.Sprint(s)})
			}
		}
		if failed {
			a.Status = results.Failed
			put(slug+"/click-button-7.failure.png", c.pngs[i%len(c.pngs)])
			put(slug+"/click-button-7.failure.txt", []byte(c.snaps[i%len(c.snaps)]))
			a.Failure = &results.Failure{Message: "step 7 (" + slug + ".yaml:10) click Button 7: covered", StepIndex: "7", Action: "click",
				Target: "Button 7", File: slug + ".yaml", Line: 10, Reason: diagnostics.ReasonCovered,
				Source: []results.SourceLine{{Line: 10, Text: "  - click: Button 7"}},
				Diagnostics: &diagnostics.Diagnostics{Reason: diagnostics.ReasonCovered, Message: "covered", Verdict: "a backdrop receives the click",
					Candidates: []diagnostics.Candidate{{Ref: "e7", Role: "button", Name: "Button 7", Visible: true, Enabled: true,
						CoveredBy: "div.modal-backdrop", Box: &diagnostics.Box{X: 300, Y: 200, Width: 120, Height: 32}}},
					Screenshot: slug + "/click-button-7.failure.png", Snapshot: slug + "/click-button-7.failure.txt"}}
			for k := range 30 {
				a.Console = append(a.Console, results.Console{Type: "error", Text: fmt.Sprintf("error %d", k), Time: start.Add(time.Duration(k) * 100 * time.Millisecond)})
			}
		}
		f := &results.Flow{Name: fmt.Sprintf("Flow %d", i), File: slug + ".yaml", Tags: []string{"smoke"}, Status: a.Status, Duration: a.Duration, Attempts: []*results.Attempt{a}}
		run.Flows = append(run.Flows, f)
	}
	return run
}

// BenchmarkHTMLReport writes the HTML report of 200 flows, 20 of them
// failed with their trace, from real captures, and opens it in Chromium:
// its size, the time to write it, and the time from navigation to the
// load event and to the report's script being done (the filter usable),
// by the Performance API (docs/benchmarks.md "HTML report").
func BenchmarkHTMLReport(b *testing.B) {
	br := launch(b)
	c := capturePages(b, br, server(b).URL)
	for i := range c.jpegs {
		b.Logf("%s: frame %d KB, screenshot %d KB, snapshot %d KB", reportPages[i], len(c.jpegs[i])>>10, len(c.pngs[i])>>10, len(c.snaps[i])>>10)
	}
	dir := b.TempDir()
	run := reportRun(b, dir, c, 200, 10)
	out := b.TempDir()
	path := filepath.Join(out, "report.html")
	srv := httptest.NewServer(http.FileServer(http.Dir(out)))
	b.Cleanup(srv.Close)
	var write, load, ready timings
	for b.Loop() {
		start := time.Now()
		if err := reports.WriteFile(path, reports.FormatHTML, run); err != nil {
			b.Fatal(err)
		}
		write = append(write, time.Since(start))
		l, r := loadReport(b, br, srv.URL+"/report.html")
		load, ready = append(load, l), append(ready, r)
	}
	st, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(st.Size())/1e6, "MB")
	reportMedian(b, write, "write-ms")
	reportMedian(b, load, "load-ms")
	reportMedian(b, ready, "ready-ms")
}

// loadReport opens the report in a fresh context and reads, from the
// Performance API, when the load event ended and when the report's script
// marked itself done.
func loadReport(b *testing.B, br *browser.Browser, url string) (load, ready time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	p := open(b, br, url)
	v, err := p.RunScript(ctx, `[performance.getEntriesByType('navigation')[0].loadEventEnd,
	  performance.getEntriesByName('smokeflow-ready')[0].startTime]`)
	if err != nil {
		b.Fatal(err)
	}
	xs, ok := v.([]any)
	if !ok || len(xs) != 2 {
		b.Fatalf("performance: %v", v)
	}
	msOf := func(x any) time.Duration {
		f, ok := x.(float64)
		if !ok {
			b.Fatalf("performance: %v", v)
		}
		return time.Duration(f * float64(time.Millisecond))
	}
	return msOf(xs[0]), msOf(xs[1])
}
