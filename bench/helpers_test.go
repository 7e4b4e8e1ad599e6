package bench

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/smokeflow/smokeflow/browser"
)

// server serves the dashboard at /dashboard.html, generated pages at
// /sized?n=N, smallPage at /small, latePage at /late, busyPage at /busy and the diff fixture
// at /diffs/page.html.
func server(b *testing.B) *httptest.Server {
	b.Helper()
	dash, err := os.ReadFile(filepath.Join("..", "testdata", "bench", "dashboard.html"))
	if err != nil {
		b.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /dashboard.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write(dash)
	})
	mux.HandleFunc("GET /sized", func(w http.ResponseWriter, r *http.Request) {
		n, err := strconv.Atoi(r.URL.Query().Get("n"))
		if err != nil || n < 10 || n > 200000 {
			http.Error(w, "n: 10..200000", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(SizedPage(n)))
	})
	mux.HandleFunc("GET /small", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(smallPage))
	})
	mux.HandleFunc("GET /late", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(latePage))
	})
	mux.HandleFunc("GET /busy", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(busyPage))
	})
	fixture, err := os.ReadFile(filepath.Join("..", "testdata", "diffs", "page.html"))
	if err != nil {
		b.Fatal(err)
	}
	mux.HandleFunc("GET /diffs/page.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write(fixture)
	})
	mux.HandleFunc("/", http.NotFound) // favicon and the like
	srv := httptest.NewServer(mux)
	b.Cleanup(srv.Close)
	return srv
}

// launch launches Chromium for one benchmark and closes it after.
func launch(b *testing.B) *browser.Browser {
	b.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	br, err := browser.Launch(ctx, browser.Options{})
	if err != nil {
		b.Skipf("no browser: %v", err)
	}
	b.Cleanup(func() { _ = br.Close() })
	return br
}

// open opens url in a fresh context of br (1280x800) and waits for load.
func open(b *testing.B, br *browser.Browser, url string) *browser.Page {
	b.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	bc, err := br.NewContext(ctx)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = bc.Close() })
	p, err := bc.NewPage(ctx, browser.PageOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = p.Close() })
	if _, err := p.Navigate(ctx, url, "load"); err != nil {
		b.Fatal(err)
	}
	return p
}

// warmUp takes a few snapshots of p before timing starts, so that the
// figures are of a warm page and browser (as the measure asks:
// "median over 20 runs after a warm-up").
func warmUp(b *testing.B, p *browser.Page) {
	b.Helper()
	for range 5 {
		if _, err := p.Snapshot(bg(b)); err != nil {
			b.Fatal(err)
		}
	}
}

// timings collects the duration of each iteration, for medians.
type timings []time.Duration

func (t timings) median() time.Duration {
	if len(t) == 0 {
		return 0
	}
	s := slices.Clone(t)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// reportMedian adds the median of t, in milliseconds, under unit.
func reportMedian(b *testing.B, t timings, unit string) {
	b.ReportMetric(ms(t.median()), unit)
}

func bg(b *testing.B) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	b.Cleanup(cancel)
	return ctx
}

// latePage adds a "Continue" button 300 ms after load (measured from
// the load event, in the page) and records when, in page time.
const latePage = `<!doctype html><html><head><title>Late</title></head><body><main><h1>Working…</h1></main>
<script>
addEventListener('load', () => setTimeout(() => {
  const b = document.createElement('button');
  b.textContent = 'Continue';
  document.querySelector('main').append(b);
  window.appearedAt = performance.now();
}, 300));
</script></body></html>`

// busyPage is the dashboard's size of page whose DOM never rests: a
// script rewrites a clock's text on every animation frame.
const busyPage = `<!doctype html><html><head><title>Busy</title></head><body><main><h1>Live</h1>
<p>Time: <span id="clock"></span></p>
<ul id="list"></ul></main>
<script>
const list = document.getElementById('list');
for (let i = 0; i < 300; i++) {
  const li = document.createElement('li');
  const b = document.createElement('button');
  b.textContent = 'Action ' + i;
  li.append(b);
  list.append(li);
}
const tick = () => { document.getElementById('clock').textContent = performance.now().toFixed(1); requestAnimationFrame(tick); };
tick();
</script></body></html>`
