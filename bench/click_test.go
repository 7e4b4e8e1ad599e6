package bench

import (
	"testing"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
)

// smallPage is a small form page (a dozen elements): the kind of page most
// steps of a flow act on.
const smallPage = `<!doctype html><html><head><title>Sign in</title></head><body>
<nav><a href="#home">Home</a> <a href="#help">Help</a></nav>
<main><h1>Sign in</h1>
<form onsubmit="return false">
<label>Email <input name="email" type="email"></label>
<label>Password <input name="password" type="password"></label>
<label><input type="checkbox"> Remember me</label>
<button id="go" type="button">Sign in</button>
<button type="button" onclick="document.getElementById('n').textContent = String(++window.clicks)">Count</button>
<p>Clicked <span id="n">0</span> times</p>
</form></main>
<footer><a href="#terms">Terms</a></footer>
<script>window.clicks = 0;</script>
</body></html>`

// BenchmarkClick clicks a button through the whole action path
// (Page.Click: resolve, the actionability checks, the guarded click), on
// the small page and on the dashboard, by phrase and by ref from the
// latest snapshot, with nothing changing on the page between clicks
// ("Sign in" and "Export CSV" do nothing) or with every click changing the
// page ("Count"). "resolve-ms" is an action's lookup alone (findToAct), timed on its
// own just before each click; "click-ms" the click, from its resolve to
// its events dispatched; the phases of the click are reported by
// Outcome.Phases, and "settle-ms" is Page.Settle (AfterAction) after it, as
// an agent's next read waits (docs/benchmarks.md "A click, phase by
// phase").
func BenchmarkClick(b *testing.B) {
	srv := server(b)
	br := launch(b)
	cases := []struct {
		name, path, phrase string
	}{
		{"small/quiet", "/small", "Sign in"},
		{"small/changing", "/small", "Count"},
		{"dashboard/quiet", "/dashboard.html", "Export CSV"},
	}
	for _, c := range cases {
		for _, byRef := range []bool{false, true} {
			name := c.name + "/phrase"
			if byRef {
				name = c.name + "/ref"
			}
			b.Run(name, func(b *testing.B) {
				p := open(b, br, srv.URL+c.path)
				warmUp(b, p)
				ctx := bg(b)
				t := &flows.Target{Role: "button", Name: c.phrase, Exact: true}
				if byRef {
					snap, err := p.TakeSnapshot(ctx)
					if err != nil {
						b.Fatal(err)
					}
					for r, n := range snap.Refs {
						if n.Role == "button" && n.Name == c.phrase {
							t = &flows.Target{Ref: r}
						}
					}
				}
				var res, click, settle timings
				ph := map[string]timings{}
				for b.Loop() {
					start := time.Now()
					if _, _, err := findToAct(ctx, p, t); err != nil {
						b.Fatal(err)
					}
					res = append(res, time.Since(start))
					start = time.Now()
					out, err := p.Click(ctx, t, browser.ClickOptions{})
					click = append(click, time.Since(start))
					if err != nil {
						b.Fatal(err)
					}
					addPhases(ph, out)
					start = time.Now()
					if _, err := p.Settle(ctx, browser.SettleWait{Bound: 2 * time.Second, AfterAction: true}); err != nil {
						b.Fatal(err)
					}
					settle = append(settle, time.Since(start))
				}
				reportMedian(b, res, "resolve-ms")
				reportMedian(b, click, "click-ms")
				reportMedian(b, settle, "settle-ms")
				for k, v := range ph {
					reportMedian(b, v, k+"-ms")
				}
			})
		}
	}
}
