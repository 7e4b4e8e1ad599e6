package testsite

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// api is a small JSON API under /api/ for the request step's tests:
//
//	POST /api/items {"name": …}   201 {"id", "name"}, Location /api/items/ID; 400 without a name
//	GET  /api/items               200 [{"id", "name"}, …]
//	GET  /api/items/ID            200 {"id", "name"}, or 404 {"error"}
//	DELETE /api/items/ID          204
//	ANY  /api/echo                200 {"method", "headers", "cookies", "body"} (lower-case header
//	                              names); ?set_cookie=NAME=VALUE sets that cookie
//	POST /api/login               204, sets the HttpOnly cookie session=ada
//	POST /api/logout              204, deletes that cookie (Max-Age=0)
//	GET  /api/me                  200 {"user": "ada"} with that cookie, else 401 {"error"}
//	GET  /api/big?bytes=N         N bytes of text
//	GET  /api/slow?ms=N           200 ["alpha", "beta", "gamma"] after N ms (at most 10 s)
//
// The pages items.html and me.html of testdata/runner/pages read it; the
// settle-*.html pages of testdata/conformance/pages read /api/slow.
type api struct {
	mu    sync.Mutex
	items []item
	next  int
}

type item struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

func newAPI() http.Handler {
	a := &api{next: 1}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/items", a.addItem)
	mux.HandleFunc("GET /api/items", a.listItems)
	mux.HandleFunc("GET /api/items/{id}", a.getItem)
	mux.HandleFunc("DELETE /api/items/{id}", a.deleteItem)
	mux.HandleFunc("/api/echo", echo)
	mux.HandleFunc("POST /api/login", func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, &http.Cookie{Name: "session", Value: "ada", Path: "/", HttpOnly: true})
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("POST /api/logout", func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, &http.Cookie{Name: "session", Value: "", Path: "/", MaxAge: -1})
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("GET /api/me", func(w http.ResponseWriter, r *http.Request) {
		if c, err := r.Cookie("session"); err == nil && c.Value == "ada" {
			writeJSON(w, http.StatusOK, map[string]string{"user": "ada"})
			return
		}
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "not signed in"})
	})
	mux.HandleFunc("GET /api/big", func(w http.ResponseWriter, r *http.Request) {
		n, err := strconv.Atoi(r.URL.Query().Get("bytes"))
		if err != nil || n < 0 {
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "send ?bytes=N"})
			return
		}
		w.Header().Set("Content-Type", "text/plain")
		_, _ = io.WriteString(w, strings.Repeat("x", n))
	})
	mux.HandleFunc("GET /api/slow", slow)
	return mux
}

// slow answers a short JSON list after ?ms=N milliseconds, for the pages
// that fetch their content after load (docs/targets.md "Settling").
func slow(w http.ResponseWriter, r *http.Request) {
	valid, waited := holdMS(r, r.URL.Query().Get("ms"))
	if !valid {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "send ?ms=N, 0..10000"})
		return
	}
	if !waited {
		return
	}
	writeJSON(w, http.StatusOK, []string{"alpha", "beta", "gamma"})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (a *api) addItem(w http.ResponseWriter, r *http.Request) {
	var in item
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.Name == "" {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "send {\"name\": \"…\"}"})
		return
	}
	a.mu.Lock()
	in.ID = a.next
	a.next++
	a.items = append(a.items, in)
	a.mu.Unlock()
	w.Header().Set("Location", "/api/items/"+strconv.Itoa(in.ID))
	writeJSON(w, http.StatusCreated, in)
}

func (a *api) listItems(w http.ResponseWriter, r *http.Request) {
	a.mu.Lock()
	out := append([]item{}, a.items...)
	a.mu.Unlock()
	writeJSON(w, http.StatusOK, out)
}

// find is the index of the item of the request's {id}, or -1.
func (a *api) find(r *http.Request) int {
	id, err := strconv.Atoi(r.PathValue("id"))
	if err != nil {
		return -1
	}
	for i, it := range a.items {
		if it.ID == id {
			return i
		}
	}
	return -1
}

func (a *api) getItem(w http.ResponseWriter, r *http.Request) {
	a.mu.Lock()
	defer a.mu.Unlock()
	i := a.find(r)
	if i < 0 {
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "no item " + r.PathValue("id")})
		return
	}
	writeJSON(w, http.StatusOK, a.items[i])
}

func (a *api) deleteItem(w http.ResponseWriter, r *http.Request) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if i := a.find(r); i >= 0 {
		a.items = append(a.items[:i], a.items[i+1:]...)
	}
	w.WriteHeader(http.StatusNoContent)
}

func echo(w http.ResponseWriter, r *http.Request) {
	if set := r.URL.Query().Get("set_cookie"); set != "" {
		name, value, _ := strings.Cut(set, "=")
		http.SetCookie(w, &http.Cookie{Name: name, Value: value, Path: "/"})
	}
	headers := map[string]string{}
	for k, vs := range r.Header {
		headers[strings.ToLower(k)] = strings.Join(vs, ", ")
	}
	cookies := map[string]string{}
	for _, c := range r.Cookies() {
		cookies[c.Name] = c.Value
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": err.Error()})
		return
	}
	w.Header().Set("X-Echo", "yes")
	writeJSON(w, http.StatusOK, map[string]any{"method": r.Method, "headers": headers, "cookies": cookies, "body": string(body)})
}
