package explore_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/explore"
	"github.com/smokeflow/smokeflow/internal/cpuload"
)

// A busy machine makes every page slow by the clock; the walk judges a
// page by its own share, the clock's less its main thread's wait for a
// processor (docs/explore.md "Slowness on a busy machine"). The heavy
// page's script is about a third of a second of a processor's work; the slow
// page waits 2.5 s for its server. From a page's request until its
// script, at its end, asks for an image (which the load waits for), sixteen threads spin beside Chromium.
var _ = Describe("slowness on a busy machine", func() {
	It("reports the page whose server is slow, and not the page that the machine made slow", func() {
		var mu sync.Mutex
		var stop func()
		busy := func(on bool) {
			mu.Lock()
			defer mu.Unlock()
			if stop != nil {
				stop()
				stop = nil
			}
			if on {
				stop = cpuload.Start(16)
			}
		}
		DeferCleanup(busy, false)
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			switch r.URL.Path {
			case "/done.svg":
				busy(false)
				w.Header().Set("Content-Type", "image/svg+xml")
				fmt.Fprint(w, `<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>`)
				return
			case "/slow":
				busy(true)
				time.Sleep(2500 * time.Millisecond)
			case "/heavy":
				busy(true)
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, `<!doctype html><html lang="en"><head><title>Work</title></head><body><main><h1>Work</h1>
<script>let x = 0; for (let i = 0; i < 1.5e8; i++) { x += i % 7 }
document.querySelector('main').append(Object.assign(new Image(), {src: '/done.svg', alt: 'done'}))</script></main></body></html>`)
		}))
		defer srv.Close()
		const slow = 1500 * time.Millisecond
		walk := func(path string) *explore.Report {
			rep, err := explore.Run(context.Background(), explore.Options{URL: srv.URL + path, Use: shared, SlowPage: slow, MaxPages: 1})
			Expect(err).NotTo(HaveOccurred())
			Expect(rep.Pages).To(HaveLen(1))
			return rep
		}
		heavy := walk("/heavy")
		// the check can fail: by the clock, the busy machine made the page slow
		Expect(heavy.Pages[0].LoadMS).To(BeNumerically(">", slow.Milliseconds()), "the machine was not busy enough to show anything")
		Expect(heavy.Pages[0].CPUWaitMS).To(BeNumerically(">", 0), fmt.Sprintf("%+v", heavy.Pages[0]))
		for _, f := range heavy.Findings {
			Expect(f.Kind).NotTo(Equal(explore.KindSlowPage), f.Title+": "+f.Actual)
		}
		var found []string
		for _, f := range walk("/slow").Findings {
			if f.Kind == explore.KindSlowPage {
				found = append(found, f.Title+": "+f.Actual)
			}
		}
		Expect(found).To(HaveLen(1))
		Expect(found[0]).To(HavePrefix("Page /slow is slow to load (more than 1.5s): it took"))
		Expect(strings.Contains(found[0], "waited")).To(BeTrue(), found[0])
	})
})
