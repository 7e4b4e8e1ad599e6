package explore_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/explore"
)

// A template's placeholder links (AdminLTE's "More info" on every card,
// its message list): links whose address leads nowhere and that do
// nothing are one finding of their page, listing them, not one a link
// (docs/explore.md "One root cause, one finding").
const deadLinksPage = `<!doctype html><html lang="en"><head><title>Cards</title></head><body><main><h1>Cards</h1>
<p>Orders <a href="#">More info</a></p><p>Users <a href="#">More info</a></p>
<p><a href="javascript:void(0)">View all users</a></p>
<p><button type="button">Compare</button></p></main></body></html>`

var _ = Describe("links that lead nowhere and do nothing", func() {
	It("are one finding of their page, with the links listed; a dead button stays a finding of its own", func() {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, deadLinksPage)
		}))
		defer srv.Close()
		rep, err := explore.Run(context.Background(), explore.Options{URL: srv.URL + "/", Use: shared})
		Expect(err).NotTo(HaveOccurred())
		Expect(titles(rep)).To(ConsistOf(
			`F1 medium 3 links that lead nowhere do nothing on / (their address is "#", none or javascript:)`,
			`F2 medium Clicking the button "Compare" on / does nothing`,
		))
		var links []string
		for _, f := range rep.Findings {
			if f.Kind == explore.KindDeadLinks {
				for _, c := range f.DeadControls {
					links = append(links, c.Control)
				}
			}
		}
		Expect(links).To(ConsistOf(`link "More info"`, `link "More info"`, `link "View all users"`))
	})
})

var _ = Describe("the same link that leads nowhere on pages of two patterns", func() {
	It("is one finding, with both pages", func() {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			next := ""
			if r.URL.Path == "/" {
				next = `<p><a href="/calendar/">Calendar</a></p>`
			}
			fmt.Fprintf(w, `<!doctype html><html lang="en"><head><title>Page</title></head><body><main><h1>Page</h1>
<p><a href="#">Home</a></p>%s</main></body></html>`, next)
		}))
		defer srv.Close()
		rep, err := explore.Run(context.Background(), explore.Options{URL: srv.URL + "/", Use: shared})
		Expect(err).NotTo(HaveOccurred())
		Expect(titles(rep)).To(ConsistOf(`F1 medium Clicking the link "Home" on / does nothing`))
		Expect(rep.Findings[0].Pages).To(ConsistOf(srv.URL + "/calendar/"))
	})
})
