// Package exploresite serves the fixture app of the explore tests
// (testdata/explore): pages with planted bugs, the server side of them,
// and the traps the walk must not fall into, which it counts
// (docs/explore.md "Measured").
package exploresite

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"text/template"
	"time"
)

// Delays of the planted slow page and slow action: the tests run the walk
// with thresholds well below them.
const (
	SlowPage   = 3500 * time.Millisecond
	SlowAction = 3500 * time.Millisecond
)

// Site is the fixture app and a partner site on another origin.
type Site struct {
	*httptest.Server
	Partner *httptest.Server
	root    string
	fixed   bool
	// Deletes counts the calls of the delete-account API (the "Delete
	// account" and "Cancel subscription" buttons), Logouts the visits of
	// /logout, PartnerHits the requests to the partner site: all must stay
	// 0.
	Deletes, Logouts, PartnerHits atomic.Int64
}

// Serve serves the fixture app of the folder root, with its planted bugs.
func Serve(root string) *Site { return serve(root, false) }

// ServeFixed serves the same app with every planted bug fixed: the repro
// flows of the walk on Serve's app pass on it.
func ServeFixed(root string) *Site { return serve(root, true) }

func serve(root string, fixed bool) *Site {
	s := &Site{root: root, fixed: fixed}
	s.Partner = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		s.PartnerHits.Add(1)
		fmt.Fprint(w, "partner")
	}))
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// Close stops both servers.
func (s *Site) Close() {
	s.Server.Close()
	s.Partner.Close()
}

// pages are the pages served as they are on a GET.
var pages = map[string]string{
	"/": "index", "/products": "products", "/settings": "settings", "/contact": "contact", "/signup": "signup",
	"/about": "about", "/help": "help", "/account": "account", "/dashboard": "dashboard", "/archive": "archive",
}

// serve answers a request; every planted bug is a `.Fixed` test here or
// in the pages' templates.
func (s *Site) serve(w http.ResponseWriter, r *http.Request) {
	switch p := r.URL.Path; {
	case pages[p] != "" && r.Method == http.MethodGet:
		if p == "/archive" && !s.fixed && !pause(r, SlowPage) {
			return
		}
		s.page(w, pages[p], page{})
	case p == "/calendar":
		s.calendar(w, r)
	case p == "/signup" && r.Method == http.MethodPost:
		s.page(w, "signed-up", page{Name: r.FormValue("fullname")}) // the fixed form checks in the browser
	case p == "/contact" && r.Method == http.MethodPost:
		if !s.fixed {
			http.Error(w, "the mail service is down", http.StatusInternalServerError)
			return
		}
		s.page(w, "contacted", page{})
	case p == "/reports" || p == "/pricing":
		switch {
		case s.fixed:
			s.page(w, strings.TrimPrefix(p, "/"), page{})
		case p == "/reports":
			http.Error(w, "reports are broken", http.StatusInternalServerError)
		default:
			http.NotFound(w, r)
		}
	case p == "/api/stock", p == "/api/refresh":
		if !s.fixed {
			http.Error(w, `{"error": "unavailable"}`, http.StatusInternalServerError)
			return
		}
		fmt.Fprint(w, `{"ok": true}`)
	case p == "/api/export":
		if s.fixed || pause(r, SlowAction) {
			fmt.Fprint(w, `{"ok": true}`)
		}
	default:
		s.other(w, r)
	}
}

// other answers the APIs that work, the traps and the files.
func (s *Site) other(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case "/api/cart", "/api/newsletter":
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"ok": true, "count": 1}`)
	case "/api/delete-account":
		s.Deletes.Add(1)
		fmt.Fprint(w, `{"ok": true}`)
	case "/logout":
		s.Logouts.Add(1)
		fmt.Fprint(w, "signed out")
	case "/img/team.svg":
		w.Header().Set("Content-Type", "image/svg+xml")
		http.ServeFile(w, r, filepath.Join(s.root, "team.svg"))
	default:
		http.NotFound(w, r) // /img/missing-logo.png among them
	}
}

// pause waits d, or until the request is given up; it reports whether
// the request is still wanted.
func pause(r *http.Request, d time.Duration) bool {
	select {
	case <-time.After(d):
		return true
	case <-r.Context().Done():
		return false
	}
}

// page is what a page's template reads.
type page struct {
	Fixed             bool
	Partner           string
	Name              string
	Month, Prev, Next string
}

// page writes a page of the folder in the layout.
func (s *Site) page(w http.ResponseWriter, name string, data page) {
	t, err := template.ParseFiles(filepath.Join(s.root, "_layout.html"), filepath.Join(s.root, name+".html"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	data.Fixed, data.Partner = s.fixed, s.Partner.URL+"/"
	var b bytes.Buffer
	if err := t.ExecuteTemplate(&b, "_layout.html", data); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(b.Bytes())
}

// calendar is a month of a calendar without end: every month links the
// next one.
func (s *Site) calendar(w http.ResponseWriter, r *http.Request) {
	m, err := time.Parse("2006-01", r.URL.Query().Get("month"))
	if err != nil {
		m = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	s.page(w, "calendar", page{Month: m.Format("January 2006"), Prev: m.AddDate(0, -1, 0).Format("2006-01"),
		Next: m.AddDate(0, 1, 0).Format("2006-01")})
}
