package bench

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

// findToAct is an action's lookup (docs/targets.md "One lookup"): a
// plain ref checked live, else the latest read when nothing changed, else
// a read.
func findToAct(ctx context.Context, p *browser.Page, t *flows.Target) (*locate.Result, *locate.Snapshot, error) {
	f, err := p.Find(ctx, t, browser.FindOptions{Live: true, Reuse: true})
	return f.Result, f.Snap, err
}

// BenchmarkResolvePresent resolves a target that is on the dashboard, as
// every action does before acting (Page.Find with Live and Reuse,
// findToAct): a phrase or
// role+name is one snapshot of the page plus one pass of the ladder; a ref
// from the latest snapshot is checked on its element alone
// (Page.Find with Live).
// "over-snapshot" is the ladder alone, over a snapshot already taken.
// On an unchanged page the latest read is reused (docs/targets.md
// "Reusing a read"); "phrase/changed" changes a text of the page before
// each resolution (untimed), so that every resolution reads the page.
func BenchmarkResolvePresent(b *testing.B) {
	srv := server(b)
	br := launch(b)
	p := open(b, br, srv.URL+"/dashboard.html")
	warmUp(b, p)
	cases := []struct {
		name string
		t    *flows.Target
		want string // role "name" of the expected element
	}{
		{"phrase", &flows.Target{Phrase: "Export CSV"}, `button "Export CSV"`},
		{"role+name", &flows.Target{Role: "button", Name: "Edit order #10017"}, `button "Edit order #10017"`},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			ctx := bg(b)
			var t timings
			for b.Loop() {
				start := time.Now()
				r, _, err := findToAct(ctx, p, c.t)
				t = append(t, time.Since(start))
				if err != nil {
					b.Fatal(err)
				}
				if r.Err != nil || r.Node == nil {
					b.Fatalf("%s: %v", c.t, r.Err)
				}
				if got := fmt.Sprintf("%s %q", r.Node.Role, r.Node.Name); got != c.want {
					b.Fatalf("%s resolved to %s, want %s", c.t, got, c.want)
				}
			}
			reportMedian(b, t, "median-ms")
		})
	}
	b.Run("phrase/changed", func(b *testing.B) {
		ctx := bg(b)
		t := &flows.Target{Phrase: "Export CSV"}
		var tm timings
		i := 0
		for b.Loop() {
			i++
			b.StopTimer()
			if _, err := p.Eval(ctx, fmt.Sprintf("document.querySelector('h1').textContent = 'Dashboard %d'", i)); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			start := time.Now()
			r, _, err := findToAct(ctx, p, t)
			tm = append(tm, time.Since(start))
			if err != nil || r.Err != nil {
				b.Fatal(err, r.Err)
			}
		}
		reportMedian(b, tm, "median-ms")
	})
	// A ref from the latest snapshot (`click: "@e77"`, as an agent acts
	// after reading the page): its element is checked live, without a
	// full read (Page.Find with Live).
	b.Run("ref", func(b *testing.B) {
		ctx := bg(b)
		snap, err := p.TakeSnapshot(ctx)
		if err != nil {
			b.Fatal(err)
		}
		ref := ""
		for r, n := range snap.Refs {
			if n.Role == "button" && n.Name == "Edit order #10017" {
				ref = r
			}
		}
		if ref == "" {
			b.Fatal("no ref for Edit order #10017")
		}
		t := &flows.Target{Ref: ref}
		var tm timings
		for b.Loop() {
			start := time.Now()
			r, s, err := findToAct(ctx, p, t)
			tm = append(tm, time.Since(start))
			if err != nil {
				b.Fatal(err)
			}
			if r.Err != nil || r.Node == nil || r.Node.Name != "Edit order #10017" {
				b.Fatalf("@%s: %v", ref, r.Err)
			}
			if s != nil {
				b.Fatal("the ref was resolved over a full snapshot, not live")
			}
		}
		reportMedian(b, tm, "median-ms")
	})
	b.Run("phrase/over-snapshot", func(b *testing.B) {
		ctx := bg(b)
		snap, err := p.Snapshot(ctx)
		if err != nil {
			b.Fatal(err)
		}
		t := &flows.Target{Phrase: "Export CSV"}
		var tm timings
		for b.Loop() {
			start := time.Now()
			r := locate.Resolve(ctx, snap, nil, t, p.QueryCSS)
			tm = append(tm, time.Since(start))
			if r.Err != nil {
				b.Fatal(r.Err)
			}
		}
		reportMedian(b, tm, "median-ms")
	})
}

// missing is a target the dashboard does not have: the copy says
// "Export CSV".
var missing = &flows.Target{Phrase: "Download CSV"}

// BenchmarkDiagnostics measures gathering the failure diagnostics for a
// missing target on the dashboard. session/diagnose.go's diagnose is
// unexported, so this calls the pieces it is made of, in its order:
// Page.Snapshot (locate.Build) and locate.Resolve (the resolution the
// failure reports), diagnostics.NearMisses over the visible actionable
// elements, the link sample, the snapshot text artifact, Explain, and the
// viewport screenshot (no candidate to outline here), both artifacts
// written to disk. In a real run the capture and resolution are the last
// poll of the failing step, already done when diagnose starts: the
// "extra-ms" metric is what diagnose adds on top of them.
func BenchmarkDiagnostics(b *testing.B) {
	srv := server(b)
	br := launch(b)
	p := open(b, br, srv.URL+"/dashboard.html")
	ctx := bg(b)
	dir := b.TempDir()
	var total, capture, resolve, near, render, explain, shot timings
	var d *diagnostics.Diagnostics
	for b.Loop() {
		t0 := time.Now()
		snap, err := p.Snapshot(ctx)
		if err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		r := locate.Resolve(ctx, snap, p.RefTable(), missing, p.QueryCSS)
		if r.Err == nil {
			b.Fatalf("%s resolved on the dashboard", missing)
		}
		t2 := time.Now()
		d = &diagnostics.Diagnostics{Reason: locate.ReasonOf(r.Err), Message: r.Err.Error(), Target: missing.String(), Rungs: r.Rungs}
		d.NearMisses = locate.NearMisses(snap, r, "")
		for _, n := range snap.All {
			if n.Role == "link" && n.Href != "" && len(d.Links) < diagnostics.MaxLinks {
				d.Links = append(d.Links, diagnostics.Link{Text: n.Name, Href: n.Href})
			}
		}
		d.URL, d.Title = snap.URL, snap.Title
		t3 := time.Now()
		text := snap.Render(locate.RenderOptions{})
		if err := os.WriteFile(filepath.Join(dir, "failure-step.txt"), []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
		t4 := time.Now()
		d.Explain()
		_ = diagnostics.Render(d, false)
		t5 := time.Now()
		png, err := p.Screenshot(ctx, false, nil)
		if err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "failure-01.png"), png, 0o644); err != nil {
			b.Fatal(err)
		}
		t6 := time.Now()
		total = append(total, t6.Sub(t0))
		capture = append(capture, t1.Sub(t0))
		resolve = append(resolve, t2.Sub(t1))
		near = append(near, t3.Sub(t2))
		render = append(render, t4.Sub(t3))
		explain = append(explain, t5.Sub(t4))
		shot = append(shot, t6.Sub(t5))
	}
	if d.Reason != diagnostics.ReasonNotFound || len(d.NearMisses) == 0 {
		b.Fatalf("unexpected diagnostics: reason %s, near misses %v", d.Reason, d.NearMisses)
	}
	reportMedian(b, total, "median-ms")
	reportMedian(b, capture, "capture-ms")
	reportMedian(b, resolve, "resolve-ms")
	reportMedian(b, near, "nearmiss+links-ms")
	reportMedian(b, render, "snapshot-text-ms")
	reportMedian(b, explain, "explain-ms")
	reportMedian(b, shot, "screenshot-ms")
	extra := make(timings, len(total))
	for i := range total {
		extra[i] = total[i] - capture[i] - resolve[i]
	}
	reportMedian(b, extra, "extra-ms")
	if b.N > 0 && testing.Verbose() {
		b.Logf("diagnostics for %s:\n%s", missing, diagnostics.Render(d, false))
	}
}

// BenchmarkAbsentTimeout measures how close to its step timeout an absent
// target fails: Page.Find with Wait (the wait every action does) with a 1 s
// context. ratio = elapsed / timeout; 1.00 is exact. It is reported as
// metrics (median and worst), not asserted.
func BenchmarkAbsentTimeout(b *testing.B) {
	srv := server(b)
	br := launch(b)
	p := open(b, br, srv.URL+"/dashboard.html")
	const timeout = time.Second
	var t timings
	var reasons = map[diagnostics.Reason]int{}
	for b.Loop() {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		start := time.Now()
		_, err := p.Find(ctx, missing, browser.FindOptions{Wait: true})
		el := time.Since(start)
		cancel()
		t = append(t, el)
		var le *browser.LocateError
		if !errors.As(err, &le) {
			b.Fatalf("Find(%s, Wait) = %v, want a LocateError", missing, err)
		}
		// not_found, or timeout when the deadline fell in the middle of a
		// page read ("timed out reading the page"): both are counted.
		reasons[le.Reason()]++
		if le.Result == nil || le.Result.Err == nil {
			b.Fatalf("Find(%s, Wait) = %v, without the last resolution", missing, err)
		}
	}
	worst := time.Duration(0)
	for _, d := range t {
		worst = max(worst, d)
	}
	b.ReportMetric(float64(t.median())/float64(timeout), "median-ratio")
	b.ReportMetric(float64(worst)/float64(timeout), "max-ratio")
	reportMedian(b, t, "median-ms")
	b.ReportMetric(float64(reasons[diagnostics.ReasonNotFound])/float64(len(t)), "not_found-share")
}

// BenchmarkFindLate measures how soon a waiting step sees an element that
// appears while it waits: a button added 300 ms after load. "after-ms" is
// the time from the button's appearance to Page.Find with Wait returning it (both
// read on the page's clock), the reaction time of the wait; with fixed
// pauses alone it would be up to a pause long (250–500 ms at that point),
// with the change watcher it is about one snapshot.
func BenchmarkFindLate(b *testing.B) {
	srv := server(b)
	br := launch(b)
	bc, err := br.NewContext(bg(b))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = bc.Close() })
	p, err := bc.NewPage(bg(b), browser.PageOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = p.Close() })
	t := &flows.Target{Role: "button", Name: "Continue"}
	var after timings
	for b.Loop() {
		ctx := bg(b)
		if _, err := p.Navigate(ctx, srv.URL+"/late", "load"); err != nil {
			b.Fatal(err)
		}
		lctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		_, err := p.Find(lctx, t, browser.FindOptions{Wait: true})
		cancel()
		if err != nil {
			b.Fatal(err)
		}
		r, err := p.Eval(ctx, "performance.now() - window.appearedAt")
		if err != nil {
			b.Fatal(err)
		}
		after = append(after, time.Duration(r.Value.Num()*float64(time.Millisecond)))
	}
	reportMedian(b, after, "after-ms")
}

// BenchmarkBusyWait waits 2 s for a target that never comes on a page
// whose DOM changes on every frame, and reports how often it read the page
// ("polls/s") and the share of the wait spent reading it ("busy-%"): the
// change watcher wakes the wait at every change, and Page.Poll's gaps
// (at least 40 ms, and three times what a poll took) keep that from
// becoming a loop that starves the page under test.
func BenchmarkBusyWait(b *testing.B) {
	srv := server(b)
	br := launch(b)
	p := open(b, br, srv.URL+"/busy")
	warmUp(b, p)
	var polls, busy []float64
	for b.Loop() {
		ctx, cancel := context.WithTimeout(bg(b), 2*time.Second)
		n := 0
		var spent time.Duration
		start := time.Now()
		_ = p.Poll(ctx, func() (bool, error) {
			t := time.Now()
			_, err := p.Snapshot(ctx)
			spent += time.Since(t)
			n++
			return false, err
		})
		cancel()
		wall := time.Since(start)
		polls = append(polls, float64(n)/wall.Seconds())
		busy = append(busy, 100*spent.Seconds()/wall.Seconds())
	}
	b.ReportMetric(medianOf(polls), "polls/s")
	b.ReportMetric(medianOf(busy), "busy-%")
}

func medianOf(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2]
}
