// Package demo is a small in-memory shop ("Mug & Bean") used to show and
// test smokeflow: `smokeflow demo` serves it and runs examples/flows on it.
//
// The pages are plain HTML with a little vanilla JavaScript, embedded in
// the binary, and deliberately realistic where browser flows get hard: several
// elements named "Sign in", a placeholder-only search box, a cookie banner, a
// loading spinner, a modal dialog, a button disabled until a form is valid and
// a clickable div without a role. Sessions, carts and orders live in memory,
// keyed by a session cookie; each Handler has its own state.
package demo

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"
)

// Handler returns the demo shop. Each Handler has its own in-memory state.
func Handler() http.Handler {
	return newShop().routes()
}

// Server is the demo shop listening on a loopback port.
type Server struct {
	// URL is the shop's base URL, http://127.0.0.1:PORT, without a trailing slash.
	URL string

	srv       *http.Server
	done      chan struct{}
	closeOnce sync.Once
	closeErr  error
}

// Serve listens on a free loopback port (127.0.0.1:0) and serves Handler
// until ctx ends or Close is called.
func Serve(ctx context.Context) (*Server, error) {
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &Server{
		URL:  "http://" + ln.Addr().String(),
		srv:  &http.Server{Handler: Handler(), ReadHeaderTimeout: 10 * time.Second},
		done: make(chan struct{}),
	}
	go func() {
		defer close(s.done)
		_ = s.srv.Serve(ln)
	}()
	go func() {
		select {
		case <-ctx.Done():
			_ = s.Close()
		case <-s.done:
		}
	}()
	return s, nil
}

// Close stops the server at once, closing open connections. It is safe to
// call more than once, and after ctx has ended.
func (s *Server) Close() error {
	s.closeOnce.Do(func() {
		err := s.srv.Close()
		if errors.Is(err, net.ErrClosed) {
			err = nil
		}
		s.closeErr = err
	})
	<-s.done
	return s.closeErr
}

// Altered returns a copy of the demo shop whose HTML pages have each old
// text replaced by its new one (pairs: old, new, ...), for tests that need
// the shop as another deploy made it: a button renamed, a price wrong
// (docs/running.md "Fixes proposed and proven", the walkthrough). Each
// call has its own in-memory state, as Handler.
func Altered(oldNew ...string) http.Handler {
	h := Handler()
	r := strings.NewReplacer(oldNew...)
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		body := rec.Body.String()
		if strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
			body = r.Replace(body)
		}
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.Header().Del("Content-Length")
		w.WriteHeader(rec.Code)
		_, _ = io.WriteString(w, body)
	})
}
