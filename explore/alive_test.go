package explore_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/explore"
)

// alivePage has a control for each kind of "something happened" that no
// DOM change shows (docs/explore.md "Dead controls"), beside four that do
// nothing at all ("Follow", a placeholder link to "#" far down the page,
// adds a history entry and scrolls to the top: the browser's doing). A
// control that resets or clears has nothing to reset on the page as it
// opened: logged, not reported. "Help" shows its tip by CSS alone (:focus-within): only
// the snapshot's visible nodes tell. Radios and fields outside a form are left alone by the
// walk; the labels and buttons are clicked.
const alivePage = `<!doctype html><html lang="en"><head><title>Controls</title><style>
.btn-group-toggle input, .clipped { position: absolute; clip: rect(0, 0, 0, 0); pointer-events: none; }
.pick { cursor: pointer; padding: 4px; border: 1px solid #333; }
#box { height: 80px; overflow: auto; } #box div { height: 600px; }
#menu { display: none; } #menutoggle:checked ~ #menu { display: inline; }
#spacer { height: 3000px; }
.tip { display: none; } .tipwrap:focus-within .tip { display: inline; }
</style></head><body><main><h1>Controls</h1>
<div role="group" aria-label="Range">
 <input type="radio" class="clipped" name="range" id="r7" value="7"><label class="pick" role="button" for="r7">7d</label>
 <input type="radio" class="clipped" name="range" id="r30" value="30" checked><label class="pick" role="button" for="r30">30d</label>
</div>
<p>Rating: <input type="radio" name="stars" id="s1" value="1" aria-label="One star" checked> <input type="radio" name="stars" id="s3" value="3" aria-label="3 stars">
<span class="pick" onclick="document.getElementById('s3').checked = true">Three stars</span></p>
<p><input type="checkbox" id="menutoggle" class="clipped"><label for="menutoggle" class="pick" role="button">Menu</label>
<span id="menu">More options</span></p>
<p><label class="pick" for="q">Search label</label> <input id="q" aria-label="Query" value=""></p>
<p><button type="button" aria-expanded="false" onclick="this.setAttribute('aria-expanded', this.getAttribute('aria-expanded') === 'true' ? 'false' : 'true')">Details</button></p>
<p><button type="button" onclick="window.scrollTo(0, 1500)">Scroll down</button>
<button type="button" onclick="document.getElementById('box').scrollTop = 300">Scroll the box</button></p>
<div id="box"><div>box</div></div>
<p><button type="button" onclick="fetch('/api/ping')">Ping</button>
<button type="button" onclick="window.open('/other')">Open a tab</button>
<button type="button" onclick="const c = document.getElementById('cv').getContext('2d'); c.fillStyle = 'red'; c.fillRect(0, 0, 20, 20)">Draw</button>
<canvas id="cv" width="40" height="40"></canvas>
<button type="button" onclick="navigator.clipboard && navigator.clipboard.writeText('copied').catch(() => {})">Copy link</button>
<button type="button" onclick="document.getElementById('q').focus()">Focus search</button>
<button type="button" onclick="document.getElementById('q').value = '42'">Fill 42</button>
<button type="button" onclick="history.pushState({}, '', location.href)">Push state</button>
<button type="button" onclick="const v = document.getElementById('vid'); v.muted = !v.muted">Mute</button>
<video id="vid" width="40" height="30"></video>
<button type="button" onclick="const a = document.createElement('a'); a.href = window.URL.createObjectURL(new Blob(['hi'])); a.download = 'hi.txt'; a.click()">Download</button>
<button type="button" onclick="alert('hello')">Say hello</button></p>
<p><span class="tipwrap"><button type="button">Help</button> <span class="tip">Press F1 for the manual</span></span></p>
<p><span class="pick" title="Reset zoom">•</span> <button type="button">Clear filters</button></p>
<p><button type="button">Compare</button> <button type="button" onclick="void 0">Share</button>
<span class="pick" onclick="void 0">Like</span></p>
<div id="spacer"></div>
<p><a href="#">Follow</a></p>
</main></body></html>`

var _ = Describe("what counts as something happened", func() {
	It("reports the controls that do nothing, and none that changed a state, the focus, the scroll, a canvas, media, the clipboard, the history or started a download", func() {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			switch r.URL.Path {
			case "/":
				fmt.Fprint(w, alivePage)
			case "/api/ping":
				fmt.Fprint(w, "pong")
			default:
				fmt.Fprint(w, `<!doctype html><html lang="en"><head><title>Other</title></head><body><main><h1>Other</h1></main></body></html>`)
			}
		}))
		defer srv.Close()
		rep, err := explore.Run(context.Background(), explore.Options{URL: srv.URL + "/", Use: shared, SlowAction: time.Minute})
		Expect(err).NotTo(HaveOccurred())
		var why []string
		for _, s := range rep.Skipped {
			why = append(why, s.What+": "+s.Why)
		}
		Expect(why).To(ContainElements(
			`span element "•": it resets, clears or undoes, and the page as it opened has nothing to reset`,
			`button "Clear filters": it resets, clears or undoes, and the page as it opened has nothing to reset`))
		Expect(titles(rep)).To(ConsistOf(
			`F1 medium Clicking the button "Compare" on / does nothing`,
			`F2 medium Clicking the button "Share" on / does nothing`,
			`F3 medium Clicking the span element "Like" on / does nothing`,
			`F4 medium Clicking the link "Follow" on / does nothing`,
		))
	})
})
