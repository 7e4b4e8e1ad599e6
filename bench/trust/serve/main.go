// Command serve serves the pages of bench/trust/run.sh, the reproductions
// of issue 30's items 1–4 run with smokeflow and its peers
// (docs/benchmarks.md "Trust: the peers on issue 30's reproductions"):
//
//   - /catalog: six links and nothing else; the first opens /more, which has ten links of
//     its own (/detail/1 … /detail/10);
//   - /account: "Edit profile" and "Delete account"; a click on the latter
//     POSTs /delete from the page's script;
//   - /never: a page whose server never answers (no status, no headers);
//     /slow: a document whose body never ends;
//   - /state: a page of the same origin, to read cookies and storage on;
//   - /_count?path=P: how many requests P got (every path is counted);
//     /_count?prefix=P: how many requests the paths that start with P got;
//     /_reset forgets the counts.
//
// It listens on the loopback interface only, prints "serving on
// http://127.0.0.1:PORT" once it listens, and serves until SIGINT or
// SIGTERM; a request that never ends is let go then.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "address to listen on (loopback)")
	flag.Parse()
	if err := serve(*addr); err != nil {
		log.Fatal(err)
	}
}

// serve listens on addr and serves until SIGINT or SIGTERM.
func serve(addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("serve: listen on %s: %w", addr, err)
	}
	if ip := ln.Addr().(*net.TCPAddr).IP; !ip.IsLoopback() {
		return fmt.Errorf("serve: %s is not a loopback address", addr)
	}
	s := &server{counts: map[string]int{}, quit: make(chan struct{})}
	srv := &http.Server{Handler: s.handler(), ReadHeaderTimeout: 10 * time.Second}
	srv.RegisterOnShutdown(func() { close(s.quit) })
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(shut)
	}()
	fmt.Printf("serving on http://%s\n", ln.Addr())
	if err := srv.Serve(ln); err != nil && err != http.ErrServerClosed {
		return err
	}
	return nil
}

type server struct {
	mu     sync.Mutex
	counts map[string]int
	quit   chan struct{} // closed at shutdown: ends the requests that never end
}

func (s *server) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/catalog", func(w http.ResponseWriter, _ *http.Request) {
		page(w, "Catalog", "", links("Item", 6, func(i int) string {
			if i == 1 {
				return "/more"
			}
			return fmt.Sprintf("/item/%d", i)
		}))
	})
	mux.HandleFunc("/more", func(w http.ResponseWriter, _ *http.Request) {
		page(w, "More", "More", links("Detail", 10, func(i int) string { return fmt.Sprintf("/detail/%d", i) }))
	})
	mux.HandleFunc("/item/", func(w http.ResponseWriter, r *http.Request) {
		h := "Item " + r.URL.Path[6:]
		page(w, h, h, "")
	})
	mux.HandleFunc("/detail/", func(w http.ResponseWriter, r *http.Request) {
		h := "Detail " + r.URL.Path[8:]
		page(w, h, h, "")
	})
	mux.HandleFunc("/account", func(w http.ResponseWriter, _ *http.Request) {
		page(w, "Account", "Account", `<button type="button" onclick="document.getElementById('out').textContent='editing'">Edit profile</button>
<button type="button" onclick="fetch('/delete',{method:'POST'}).then(()=>{document.getElementById('out').textContent='deleted'})">Delete account</button>
<p id="out"></p>`)
	})
	mux.HandleFunc("/delete", func(w http.ResponseWriter, _ *http.Request) { fmt.Fprintln(w, "deleted") })
	mux.HandleFunc("/state", func(w http.ResponseWriter, r *http.Request) {
		page(w, "State", "State", "<p>cookie header: "+strings.ReplaceAll(r.Header.Get("Cookie"), "<", "&lt;")+"</p>")
	})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, "<!doctype html><html><head><title>Slow</title></head><body><h1>Slow</h1><p>Loading")
		w.(http.Flusher).Flush()
		s.hang(r)
	})
	mux.HandleFunc("/never", func(_ http.ResponseWriter, r *http.Request) { s.hang(r) })
	mux.HandleFunc("/_count", func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		defer s.mu.Unlock()
		n := s.counts[r.URL.Query().Get("path")]
		if prefix := r.URL.Query().Get("prefix"); prefix != "" {
			for p, c := range s.counts {
				if strings.HasPrefix(p, prefix) {
					n += c
				}
			}
		}
		fmt.Fprintln(w, n)
	})
	mux.HandleFunc("/_reset", func(w http.ResponseWriter, _ *http.Request) {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.counts = map[string]int{}
		fmt.Fprintln(w, "ok")
	})
	return s.count(mux)
}

// count counts every request by its path, but the counter's own.
func (s *server) count(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/_") {
			s.mu.Lock()
			s.counts[r.URL.Path]++
			s.mu.Unlock()
		}
		next.ServeHTTP(w, r)
	})
}

// hang holds the request until the client goes or the server shuts down.
func (s *server) hang(r *http.Request) {
	select {
	case <-r.Context().Done():
	case <-s.quit:
	}
}

func links(word string, n int, href func(int) string) string {
	var b strings.Builder
	b.WriteString("<ul>")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, `<li><a href="%s">%s %d</a></li>`, href(i), word, i)
	}
	b.WriteString("</ul>")
	return b.String()
}

// page writes an HTML page; no heading when h1 is empty (the catalog's
// snapshot then holds its six links alone, e1–e6 in every tool).
func page(w http.ResponseWriter, title, h1, body string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if h1 != "" {
		h1 = "<h1>" + h1 + "</h1>"
	}
	fmt.Fprintf(w, "<!doctype html><html><head><title>%s</title></head><body>%s%s</body></html>\n", title, h1, body)
}
