package demo

import (
	"bytes"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

//go:embed site
var siteFS embed.FS

const (
	sessionCookie = "sf_session"
	consentCookie = "cookie_consent"
	maxQty        = 10 // per cart line
	firstOrderNum = 1001
	demoPassword  = "secret"
)

// shop is the state of one Handler.
type shop struct {
	mu        sync.Mutex
	sessions  map[string]*session
	orders    map[string]*order
	nextOrder int

	pages    map[string]*template.Template
	staticFS fs.FS
	static   http.Handler
}

type session struct {
	email  string
	cart   []cartLine // in the order items were first added
	orders []string   // order IDs, oldest first
}

type cartLine struct {
	ID  string
	Qty int
}

type order struct {
	ID       string
	Session  string
	Email    string
	Name     string
	Address  string
	Card     string // last four digits
	Delivery delivery
	Lines    []lineView
	Subtotal int
	Total    int
	Placed   time.Time
}

// lineView is a cart or order line as pages and the JSON API show it.
type lineView struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Qty       int    `json:"qty"`
	Price     int    `json:"price"`
	Total     int    `json:"total"`
	TotalText string `json:"total_text"`
}

// cartView is a cart as pages and the JSON API show it.
type cartView struct {
	Count        int        `json:"count"`
	Lines        []lineView `json:"lines"`
	Subtotal     int        `json:"subtotal"`
	SubtotalText string     `json:"subtotal_text"`
}

func newShop() *shop {
	s := &shop{
		sessions:  map[string]*session{},
		orders:    map[string]*order{},
		nextOrder: firstOrderNum,
		pages:     map[string]*template.Template{},
	}
	funcs := template.FuncMap{
		"money": money,
		"qtyOptions": func() []int {
			o := make([]int, maxQty)
			for i := range o {
				o[i] = i + 1
			}
			return o
		},
		"stars": func(n int) string {
			return strings.Repeat("★", n) + strings.Repeat("☆", 5-n)
		},
		"hiddenReview": func(i int) bool { return i >= visibleReviews },
	}
	for _, name := range []string{"home", "login", "account", "search", "product", "cart", "checkout", "order", "notfound"} {
		s.pages[name] = template.Must(template.New(name).Funcs(funcs).ParseFS(siteFS,
			"site/templates/layout.html", "site/templates/"+name+".html"))
	}
	static, err := fs.Sub(siteFS, "site/static")
	if err != nil {
		panic(err)
	}
	s.staticFS = static
	s.static = http.StripPrefix("/static/", http.FileServerFS(static))
	return s
}

func (s *shop) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.home)
	mux.HandleFunc("GET /login", s.loginPage)
	mux.HandleFunc("POST /login", s.login)
	mux.HandleFunc("POST /logout", s.logout)
	mux.HandleFunc("GET /account", s.account)
	mux.HandleFunc("GET /search", s.search)
	mux.HandleFunc("GET /product/{id}", s.product)
	mux.HandleFunc("GET /cart", s.cart)
	mux.HandleFunc("GET /cart.csv", s.cartCSV)
	mux.HandleFunc("POST /cart/add", s.cartAdd)
	mux.HandleFunc("POST /cart/remove", s.cartRemove)
	mux.HandleFunc("GET /checkout", s.checkout)
	mux.HandleFunc("POST /checkout", s.placeOrder)
	mux.HandleFunc("GET /order/{id}", s.order)
	mux.HandleFunc("GET /api/search", s.apiSearch)
	mux.HandleFunc("GET /api/cart", s.apiCart)
	mux.HandleFunc("POST /api/cart", s.apiCartAdd)
	mux.HandleFunc("POST /api/cart/update", s.apiCartUpdate)
	mux.HandleFunc("GET /static/", func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/static/")
		if st, err := fs.Stat(s.staticFS, name); err != nil || st.IsDir() { // no directory listings
			s.notFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		s.static.ServeHTTP(w, r)
	})
	mux.HandleFunc("/", s.notFound)
	return mux
}

// --- sessions -------------------------------------------------------------

// sessionLocked returns the request's session, creating it (and setting its
// cookie) when the request has none or an unknown one. Call it before
// writing the response. The caller must hold s.mu.
func (s *shop) sessionLocked(w http.ResponseWriter, r *http.Request) (string, *session) {
	if c, err := r.Cookie(sessionCookie); err == nil {
		if sess, ok := s.sessions[c.Value]; ok {
			return c.Value, sess
		}
	}
	id := newID()
	sess := &session{}
	s.sessions[id] = sess
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: id, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode})
	return id, sess
}

func newID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func (sess *session) add(id string, qty int) {
	for i := range sess.cart {
		if sess.cart[i].ID == id {
			sess.cart[i].Qty = min(sess.cart[i].Qty+qty, maxQty)
			return
		}
	}
	sess.cart = append(sess.cart, cartLine{ID: id, Qty: min(qty, maxQty)})
}

// set sets a line's quantity; 0 removes it. It reports whether the product
// was in the cart.
func (sess *session) set(id string, qty int) bool {
	for i := range sess.cart {
		if sess.cart[i].ID == id {
			if qty <= 0 {
				sess.cart = append(sess.cart[:i], sess.cart[i+1:]...)
			} else {
				sess.cart[i].Qty = min(qty, maxQty)
			}
			return true
		}
	}
	return false
}

func (sess *session) view() cartView {
	v := cartView{Lines: []lineView{}}
	for _, l := range sess.cart {
		p, _ := findProduct(l.ID)
		t := p.Price * l.Qty
		v.Lines = append(v.Lines, lineView{ID: p.ID, Name: p.Name, Qty: l.Qty, Price: p.Price, Total: t, TotalText: money(t)})
		v.Count += l.Qty
		v.Subtotal += t
	}
	v.SubtotalText = money(v.Subtotal)
	return v
}

// --- pages ----------------------------------------------------------------

// page is what every template gets.
type page struct {
	Title        string
	Email        string // signed-in user, or ""
	CartCount    int
	CookieBanner bool
	Query        string

	Error    string
	Form     map[string]string
	Featured []product
	Product  product
	Reviews  []review
	Cart     cartView

	Deliveries []delivery
	Order      *order
	Orders     []*order
}

// baseLocked finds or starts the session and fills the fields every page
// needs. The caller must hold s.mu.
func (s *shop) baseLocked(w http.ResponseWriter, r *http.Request, title string) (*page, *session) {
	_, sess := s.sessionLocked(w, r)
	return s.pageFor(r, sess, title), sess
}

// pageFor fills the fields every page needs. The caller must hold s.mu.
func (s *shop) pageFor(r *http.Request, sess *session, title string) *page {
	consent, _ := r.Cookie(consentCookie)
	p := &page{
		Title:        title,
		Email:        sess.email,
		CartCount:    sess.view().Count,
		CookieBanner: consent == nil || consent.Value != "accepted",
		Form:         map[string]string{},
	}
	return p
}

func (s *shop) render(w http.ResponseWriter, status int, name string, p *page) {
	var buf bytes.Buffer
	if err := s.pages[name].ExecuteTemplate(&buf, "layout", p); err != nil {
		http.Error(w, "template: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = buf.WriteTo(w)
}

func (s *shop) home(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	p, _ := s.baseLocked(w, r, "Home")
	s.mu.Unlock()
	for _, pr := range catalog {
		if pr.Featured {
			p.Featured = append(p.Featured, pr)
		}
	}
	s.render(w, http.StatusOK, "home", p)
}

func (s *shop) notFound(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/api/") {
		jsonError(w, http.StatusNotFound, "not found")
		return
	}
	s.mu.Lock()
	p, _ := s.baseLocked(w, r, "Page not found")
	s.mu.Unlock()
	s.render(w, http.StatusNotFound, "notfound", p)
}

func (s *shop) loginPage(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	p, _ := s.baseLocked(w, r, "Sign in")
	s.mu.Unlock()
	s.render(w, http.StatusOK, "login", p)
}

// login accepts any email with the password "secret". A wrong password
// shows the form again with an alert (status 200, as many sites do).
func (s *shop) login(w http.ResponseWriter, r *http.Request) {
	email := strings.TrimSpace(r.PostFormValue("email"))
	password := r.PostFormValue("password")
	s.mu.Lock()
	sid, sess := s.sessionLocked(w, r)
	p := s.pageFor(r, sess, "Sign in")
	if email == "" || !strings.Contains(email, "@") || password != demoPassword {
		s.mu.Unlock()
		p.Error = "Wrong email or password"
		p.Form["email"] = email
		s.render(w, http.StatusOK, "login", p)
		return
	}
	sess.email = email
	s.mu.Unlock()
	if r.PostFormValue("remember") != "" { // keep the session for 30 days
		http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: sid, Path: "/", HttpOnly: true,
			SameSite: http.SameSiteLaxMode, MaxAge: 30 * 24 * 3600})
	}
	http.Redirect(w, r, "/account", http.StatusSeeOther)
}

func (s *shop) logout(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	_, sess := s.sessionLocked(w, r)
	sess.email = ""
	s.mu.Unlock()
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

func (s *shop) account(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	p, sess := s.baseLocked(w, r, "Your account")
	if sess.email == "" {
		s.mu.Unlock()
		http.Redirect(w, r, "/login", http.StatusSeeOther)
		return
	}
	for i := len(sess.orders) - 1; i >= 0; i-- {
		p.Orders = append(p.Orders, s.orders[sess.orders[i]])
	}
	s.mu.Unlock()
	s.render(w, http.StatusOK, "account", p)
}

func (s *shop) search(w http.ResponseWriter, r *http.Request) {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	title := "Search"
	if q != "" {
		title = "Search: " + q
	}
	s.mu.Lock()
	p, _ := s.baseLocked(w, r, title)
	s.mu.Unlock()
	p.Query = q
	s.render(w, http.StatusOK, "search", p)
}

func (s *shop) product(w http.ResponseWriter, r *http.Request) {
	pr, ok := findProduct(r.PathValue("id"))
	if !ok {
		s.notFound(w, r)
		return
	}
	s.mu.Lock()
	p, _ := s.baseLocked(w, r, pr.Name)
	s.mu.Unlock()
	p.Product = pr
	p.Reviews = reviews
	s.render(w, http.StatusOK, "product", p)
}

func (s *shop) cart(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	p, sess := s.baseLocked(w, r, "Cart")
	p.Cart = sess.view()
	s.mu.Unlock()
	s.render(w, http.StatusOK, "cart", p)
}

// cartCSV downloads the cart as a CSV file (the download example of
// docs/flows.md "Downloads").
func (s *shop) cartCSV(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	_, sess := s.sessionLocked(w, r)
	v := sess.view()
	s.mu.Unlock()
	w.Header().Set("Content-Type", "text/csv")
	w.Header().Set("Content-Disposition", `attachment; filename="cart.csv"`)
	fmt.Fprintln(w, "product,quantity,total")
	for _, l := range v.Lines {
		fmt.Fprintf(w, "%s,%d,%s\n", l.Name, l.Qty, l.TotalText)
	}
}

// parseQty reads a quantity from 1 to maxQty; empty means 1.
func parseQty(v string) (int, bool) {
	if v == "" {
		return 1, true
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > maxQty {
		return 0, false
	}
	return n, true
}

// cartAdd is the form fallback of "Add to cart" (the page's script uses
// POST /api/cart instead): it adds and redirects to the cart.
func (s *shop) cartAdd(w http.ResponseWriter, r *http.Request) {
	pr, ok := findProduct(r.PostFormValue("id"))
	if !ok {
		s.notFound(w, r)
		return
	}
	qty, ok := parseQty(r.PostFormValue("qty"))
	if !ok {
		http.Error(w, "bad quantity", http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	_, sess := s.sessionLocked(w, r)
	sess.add(pr.ID, qty)
	s.mu.Unlock()
	http.Redirect(w, r, "/cart", http.StatusSeeOther)
}

// cartRemove is the cart page's "Remove" button.
func (s *shop) cartRemove(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	_, sess := s.sessionLocked(w, r)
	sess.set(r.PostFormValue("id"), 0)
	s.mu.Unlock()
	http.Redirect(w, r, "/cart", http.StatusSeeOther)
}

func (s *shop) checkout(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	p, sess := s.baseLocked(w, r, "Checkout")
	p.Cart = sess.view()
	s.mu.Unlock()
	p.Deliveries = deliveries
	p.Form["delivery"] = "standard"
	s.render(w, http.StatusOK, "checkout", p)
}

// cardDigits returns the digits of a card number written with optional
// spaces or dashes, or "" when it is not 12 to 19 digits.
func cardDigits(v string) string {
	d := strings.NewReplacer(" ", "", "-", "").Replace(strings.TrimSpace(v))
	if len(d) < 12 || len(d) > 19 {
		return ""
	}
	for _, c := range d {
		if c < '0' || c > '9' {
			return ""
		}
	}
	return d
}

// placeOrder validates the checkout form like the page's script does, turns
// the cart into an order and redirects to its confirmation page.
func (s *shop) placeOrder(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimSpace(r.PostFormValue("name"))
	address := strings.TrimSpace(r.PostFormValue("address"))
	card := cardDigits(r.PostFormValue("card"))
	terms := r.PostFormValue("terms") != ""
	dlv, dlvOK := findDelivery(r.PostFormValue("delivery"))

	s.mu.Lock()
	sid, sess := s.sessionLocked(w, r)
	p := s.pageFor(r, sess, "Checkout")
	p.Cart = sess.view()
	if len(sess.cart) == 0 || name == "" || address == "" || card == "" || !terms || !dlvOK {
		s.mu.Unlock()
		p.Deliveries = deliveries
		p.Form = map[string]string{"name": name, "address": address, "delivery": r.PostFormValue("delivery")}
		if !dlvOK {
			p.Form["delivery"] = "standard"
		}
		if len(p.Cart.Lines) > 0 {
			p.Error = "Please fill in all fields and accept the terms."
		}
		s.render(w, http.StatusOK, "checkout", p)
		return
	}
	o := &order{
		ID:       fmt.Sprintf("SF-%d", s.nextOrder),
		Session:  sid,
		Email:    sess.email,
		Name:     name,
		Address:  address,
		Card:     card[len(card)-4:],
		Delivery: dlv,
		Lines:    p.Cart.Lines,
		Subtotal: p.Cart.Subtotal,
		Total:    p.Cart.Subtotal + dlv.Price,
		Placed:   time.Now(),
	}
	s.nextOrder++
	s.orders[o.ID] = o
	sess.orders = append(sess.orders, o.ID)
	sess.cart = nil
	s.mu.Unlock()
	http.Redirect(w, r, "/order/"+o.ID, http.StatusSeeOther)
}

// order is the confirmation page; only the session that placed an order
// can see it.
func (s *shop) order(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	sid, sess := s.sessionLocked(w, r)
	o, ok := s.orders[r.PathValue("id")]
	if !ok || o.Session != sid {
		p := s.pageFor(r, sess, "Page not found")
		s.mu.Unlock()
		s.render(w, http.StatusNotFound, "notfound", p)
		return
	}
	p := s.pageFor(r, sess, "Order "+o.ID)
	s.mu.Unlock()
	p.Order = o
	s.render(w, http.StatusOK, "order", p)
}

// --- JSON API ---------------------------------------------------------------

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func jsonError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

type searchResult struct {
	product
	PriceText string `json:"price_text"`
	URL       string `json:"url"`
}

// apiSearch returns the products matching q. The search page shows a
// spinner until this has answered and at least 600 ms have passed.
func (s *shop) apiSearch(w http.ResponseWriter, r *http.Request) {
	out := []searchResult{}
	for _, p := range searchProducts(r.URL.Query().Get("q")) {
		out = append(out, searchResult{product: p, PriceText: money(p.Price), URL: "/product/" + p.ID})
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *shop) apiCart(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	_, sess := s.sessionLocked(w, r)
	v := sess.view()
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, v)
}

type cartRequest struct {
	ID  string `json:"id"`
	Qty int    `json:"qty"`
}

func readCartRequest(w http.ResponseWriter, r *http.Request) (cartRequest, bool) {
	var req cartRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&req); err != nil {
		jsonError(w, http.StatusBadRequest, "bad JSON: "+err.Error())
		return req, false
	}
	if _, ok := findProduct(req.ID); !ok {
		jsonError(w, http.StatusNotFound, "no such product: "+req.ID)
		return req, false
	}
	return req, true
}

// apiCartAdd adds {id, qty} (qty 1 to 10) to the cart and returns the cart.
func (s *shop) apiCartAdd(w http.ResponseWriter, r *http.Request) {
	req, ok := readCartRequest(w, r)
	if !ok {
		return
	}
	if req.Qty < 1 || req.Qty > maxQty {
		jsonError(w, http.StatusBadRequest, "qty must be 1 to 10")
		return
	}
	s.mu.Lock()
	_, sess := s.sessionLocked(w, r)
	sess.add(req.ID, req.Qty)
	v := sess.view()
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, v)
}

// apiCartUpdate sets a line's quantity (0 removes it) and returns the cart.
func (s *shop) apiCartUpdate(w http.ResponseWriter, r *http.Request) {
	req, ok := readCartRequest(w, r)
	if !ok {
		return
	}
	if req.Qty < 0 || req.Qty > maxQty {
		jsonError(w, http.StatusBadRequest, "qty must be 0 to 10")
		return
	}
	s.mu.Lock()
	_, sess := s.sessionLocked(w, r)
	found := sess.set(req.ID, req.Qty)
	v := sess.view()
	s.mu.Unlock()
	if !found {
		jsonError(w, http.StatusNotFound, "not in the cart: "+req.ID)
		return
	}
	writeJSON(w, http.StatusOK, v)
}
