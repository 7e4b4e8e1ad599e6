package explore_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/explore"
)

// bundlePage is a page of an app whose controls its script bundle wires:
// each page of the site loads it, and each has its own buttons.
func bundlePage(title, script string, buttons ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<!doctype html><html lang="en"><head><title>%s</title>%s</head><body>
<header><a href="/">Home</a> <a href="/reports">Reports</a></header><main><h1>%s</h1>`, title, script, title)
	for _, x := range buttons {
		fmt.Fprintf(&b, `<button type="button" data-action="%s">%s</button> `, x, x)
	}
	b.WriteString(`<img src="/chart.svg" id="chart"></main></body></html>`)
	return b.String()
}

// serveBundle serves a two-page app; its pages load the script at
// script, which the server answers with 404.
func serveBundle(script string) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, bundlePage("Dashboard", script, "Refresh", "Export", "Filter"))
		case "/reports":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, bundlePage("Reports", script, "Export", "Print"))
		case "/chart.svg":
			w.Header().Set("Content-Type", "image/svg+xml")
			fmt.Fprint(w, `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>`)
		default:
			http.NotFound(w, r)
		}
	}))
}

var _ = Describe("one root cause, one finding", func() {
	It("reports the controls of pages whose script bundle 404s under that script, once", func() {
		srv := serveBundle(`<script src="/js/app.js"></script>`)
		defer srv.Close()
		rep, err := explore.Run(context.Background(), explore.Options{URL: srv.URL + "/", Use: shared})
		Expect(err).NotTo(HaveOccurred())
		var cause *explore.Finding
		for _, f := range rep.Findings {
			Expect(f.Kind).NotTo(Equal(explore.KindDeadControl), f.Title)
			if f.Kind == explore.KindFailedRequest {
				Expect(cause).To(BeNil(), "one finding for the script: "+f.Title)
				cause = f
			}
		}
		Expect(cause).NotTo(BeNil(), strings.Join(titles(rep), "\n"))
		Expect(cause.Title).To(Equal("The page's script /js/app.js fails on /: 404 Not Found; 5 controls do nothing, probably because of it"))
		Expect(cause.Severity).To(Equal(explore.High))
		Expect(cause.Pages).To(Equal([]string{srv.URL + "/reports"}))
		var dead []string
		for _, c := range cause.DeadControls {
			dead = append(dead, strings.TrimPrefix(c.Page, srv.URL)+" "+c.Control)
		}
		Expect(dead).To(Equal([]string{`/ button "Refresh"`, `/ button "Export"`, `/ button "Filter"`,
			`/reports button "Export"`, `/reports button "Print"`}))
		Expect(rep.Markdown()).To(ContainSubstring("Controls that do nothing, probably because of it:\n\n- the button \"Refresh\" on " + srv.URL + "/\n"))
	})

	It("reports the same dead control and the same axe-core rule of the same element on several pages once, with its pages", func() {
		srv := serveBundle("")
		defer srv.Close()
		rep, err := explore.Run(context.Background(), explore.Options{URL: srv.URL + "/", Use: shared})
		Expect(err).NotTo(HaveOccurred())
		Expect(titles(rep)).To(Equal([]string{
			"F1 medium Images must have alternative text on / (axe-core image-alt, 1 element)",
			"F2 medium Clicking the button \"Refresh\" on / does nothing",
			"F3 medium Clicking the button \"Export\" on / does nothing",
			"F4 medium Clicking the button \"Filter\" on / does nothing",
			"F5 medium Clicking the button \"Print\" on /reports does nothing",
		}))
		pages := map[string][]string{}
		for _, f := range rep.Findings {
			pages[f.Title] = f.Pages
		}
		Expect(pages["Clicking the button \"Export\" on / does nothing"]).To(Equal([]string{srv.URL + "/reports"}))
		Expect(pages["Images must have alternative text on / (axe-core image-alt, 1 element)"]).To(Equal([]string{srv.URL + "/reports"}))
	})
})
