// Command serve serves the real apps of `make realapps` on the loopback
// interface: the pages of realapps/pages, the npm packages that
// realapps/run.sh installed, and the small pet API that the API console's
// OpenAPI document describes (docs/realapps.md "How it runs").
//
//	go run ./realapps/serve -pages realapps/pages -modules realapps/.cache/node_modules
//
// It prints "serving on http://127.0.0.1:PORT" once it listens, and serves
// until it is interrupted or terminated.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "address to listen on")
	pages := flag.String("pages", "realapps/pages", "folder of the assembled pages")
	modules := flag.String("modules", "realapps/.cache/node_modules", "folder of the installed npm packages")
	flag.Parse()
	if err := serve(*addr, *pages, *modules); err != nil {
		log.Fatal(err)
	}
}

// serve listens on addr and serves until SIGINT or SIGTERM.
func serve(addr, pages, modules string) error {
	for _, dir := range []string{pages, modules} {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return fmt.Errorf("serve: %s is not a folder (run realapps/run.sh, which installs the packages): %w", dir, errNotDir(err))
		}
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("serve: listen on %s: %w", addr, err)
	}
	srv := &http.Server{Handler: handler(pages, modules), ReadHeaderTimeout: 10 * time.Second}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		if err := srv.Shutdown(shut); err != nil {
			log.Printf("serve: shutdown: %v", err)
		}
	}()
	fmt.Printf("serving on http://%s\n", ln.Addr())
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}

// errNotDir is the cause to wrap when a folder is missing or is a file.
func errNotDir(err error) error {
	if err != nil {
		return err
	}
	return errors.New("not a directory")
}

// handler routes /api/ to the pet API, /node_modules/ to the packages and
// everything else to the pages. Nothing is cached, so a page changed
// between two runs is read again.
func handler(pages, modules string) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/pets", listPets)
	mux.HandleFunc("GET /api/pets/{id}", getPet)
	mux.HandleFunc("POST /api/pets", addPet)
	mux.Handle("/node_modules/", http.StripPrefix("/node_modules/", http.FileServer(http.Dir(modules))))
	mux.Handle("/", http.FileServer(http.Dir(pages)))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		mux.ServeHTTP(w, r)
	})
}

// pet is one animal of the pet API (realapps/pages/swagger/openapi.yaml).
type pet struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
	Tag  string `json:"tag"`
}

// pets is the API's fixed data; POST answers as if it stored a pet, but
// stores nothing, so that flows stay independent of each other.
var pets = []pet{{1, "Rex", "dog"}, {2, "Tom", "cat"}, {3, "Nemo", "fish"}}

func listPets(w http.ResponseWriter, r *http.Request) {
	tag := r.URL.Query().Get("tag")
	out := []pet{}
	for _, p := range pets {
		if tag == "" || strings.EqualFold(p.Tag, tag) {
			out = append(out, p)
		}
	}
	writeJSON(w, http.StatusOK, out)
}

func getPet(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.Atoi(r.PathValue("id"))
	if err == nil {
		for _, p := range pets {
			if p.ID == id {
				writeJSON(w, http.StatusOK, p)
				return
			}
		}
	}
	writeJSON(w, http.StatusNotFound, map[string]string{"message": "no pet with id " + r.PathValue("id")})
}

func addPet(w http.ResponseWriter, r *http.Request) {
	var p pet
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&p); err != nil || p.Name == "" {
		writeJSON(w, http.StatusBadRequest, map[string]string{"message": "a pet needs a name"})
		return
	}
	p.ID = len(pets) + 1
	writeJSON(w, http.StatusCreated, p)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(v); err != nil {
		log.Printf("serve: write response: %v", err)
	}
}
