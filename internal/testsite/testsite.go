// Package testsite serves the testdata fixture pages for the test suites:
// one server reachable under two origins (127.0.0.1 and localhost), so
// that pages can embed cross-origin iframes.
package testsite

import (
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Site is a fixture server.
type Site struct {
	*httptest.Server
	// Cross is the same server under another origin (http://localhost:PORT).
	Cross string
}

// Serve serves the folder root. In .html files the text {{CROSS}} becomes
// the cross origin; a missing .html page of a folder with a 404.html is
// that page, with the status 404; with ?no-store an .html file is sent
// with Cache-Control: no-store (as the demo shop's pages are), which keeps
// it out of the back/forward cache; with ?delay=MS (0..10000) it is sent
// that many milliseconds late, as a slow server's page. /status/500 answers 500; /hang never
// answers; /api/ is a small JSON API (see api); /download/stalled starts
// the download of stalled.bin and never ends it.
func Serve(root string) *Site {
	s := &Site{}
	files := http.FileServer(http.Dir(root))
	api := newAPI()
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/status/500":
			http.Error(w, "boom", http.StatusInternalServerError)
		case r.URL.Path == "/hang":
			<-r.Context().Done()
		case strings.HasPrefix(r.URL.Path, "/api/"):
			api.ServeHTTP(w, r)
		case r.URL.Path == "/download/stalled":
			stalledDownload(w, r)
		case strings.HasSuffix(r.URL.Path, ".html"):
			if !delay(w, r) {
				return
			}
			file := filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(r.URL.Path, "/")))
			status := http.StatusOK
			b, err := os.ReadFile(file)
			if err != nil {
				// a folder's 404.html answers for its missing pages
				status = http.StatusNotFound
				if b, err = os.ReadFile(filepath.Join(filepath.Dir(file), "404.html")); err != nil {
					http.NotFound(w, r)
					return
				}
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			if r.URL.Query().Has("no-store") {
				w.Header().Set("Cache-Control", "no-store")
			}
			w.WriteHeader(status)
			_, _ = w.Write([]byte(strings.ReplaceAll(string(b), "{{CROSS}}", s.Cross)))
		default:
			files.ServeHTTP(w, r)
		}
	}))
	_, port, _ := net.SplitHostPort(s.Listener.Addr().String())
	s.Cross = "http://localhost:" + port
	return s
}

// delay holds an .html page back for its ?delay=MS milliseconds. It
// reports false when the request ended first, or answered a bad delay.
func delay(w http.ResponseWriter, r *http.Request) bool {
	v := r.URL.Query().Get("delay")
	if v == "" {
		return true
	}
	valid, waited := holdMS(r, v)
	if !valid {
		http.Error(w, "send ?delay=N, 0..10000", http.StatusBadRequest)
	}
	return waited
}

// holdMS waits v milliseconds, 0 to 10000 (valid: v is such a number),
// or until r ends (waited: it waited them all).
func holdMS(r *http.Request, v string) (valid, waited bool) {
	ms, err := strconv.Atoi(v)
	if err != nil || ms < 0 || ms > 10000 {
		return false, false
	}
	select {
	case <-time.After(time.Duration(ms) * time.Millisecond):
		return true, true
	case <-r.Context().Done():
		return true, false
	}
}

// stalledDownload sends the first 10 of 1000 bytes of an attachment, then
// waits for the browser to give up.
func stalledDownload(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Content-Disposition", `attachment; filename="stalled.bin"`)
	w.Header().Set("Content-Length", "1000")
	_, _ = w.Write([]byte("0123456789"))
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
	<-r.Context().Done()
}
