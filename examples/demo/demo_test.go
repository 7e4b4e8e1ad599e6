package demo

import (
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// client is a browser-like HTTP client with a cookie jar that does not
// follow redirects, so tests can check them.
type client struct {
	t    *testing.T
	base string
	hc   *http.Client
}

func newClient(t *testing.T, base string) *client {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &client{t: t, base: base, hc: &http.Client{
		Jar:           jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

func newShopServer(t *testing.T) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(Handler())
	t.Cleanup(ts.Close)
	return ts
}

func (c *client) do(req *http.Request) (int, http.Header, string) {
	c.t.Helper()
	res, err := c.hc.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		c.t.Fatal(err)
	}
	return res.StatusCode, res.Header, string(b)
}

func (c *client) get(path string) (int, string) {
	c.t.Helper()
	req, err := http.NewRequest(http.MethodGet, c.base+path, nil)
	if err != nil {
		c.t.Fatal(err)
	}
	code, _, body := c.do(req)
	return code, body
}

// postForm posts a form and returns the status, the Location header and the body.
func (c *client) postForm(path string, form url.Values) (int, string, string) {
	c.t.Helper()
	req, err := http.NewRequest(http.MethodPost, c.base+path, strings.NewReader(form.Encode()))
	if err != nil {
		c.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	code, h, body := c.do(req)
	return code, h.Get("Location"), body
}

func (c *client) postJSON(path string, v any) (int, cartView) {
	c.t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	req, err := http.NewRequest(http.MethodPost, c.base+path, strings.NewReader(string(b)))
	if err != nil {
		c.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	code, _, body := c.do(req)
	var cv cartView
	if code == http.StatusOK {
		if err := json.Unmarshal([]byte(body), &cv); err != nil {
			c.t.Fatalf("POST %s: %v in %s", path, err, body)
		}
	}
	return code, cv
}

func (c *client) cookie(name string) string {
	u, _ := url.Parse(c.base)
	for _, ck := range c.hc.Jar.Cookies(u) {
		if ck.Name == name {
			return ck.Value
		}
	}
	return ""
}

func mustContain(t *testing.T, what, body string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(body, w) {
			t.Errorf("%s: missing %q", what, w)
		}
	}
}

func mustNotContain(t *testing.T, what, body string, unwanted ...string) {
	t.Helper()
	for _, w := range unwanted {
		if strings.Contains(body, w) {
			t.Errorf("%s: unexpected %q", what, w)
		}
	}
}

func TestPages(t *testing.T) {
	ts := newShopServer(t)
	c := newClient(t, ts.URL)
	pages := []struct {
		path  string
		wants []string
	}{
		{"/", []string{"<title>Home | Mug &amp; Bean</title>", "Featured products", ">Blue Mug</a>", "$12.00",
			`placeholder="Search products"`, `<nav aria-label="Main">`, "<main>", "<footer", "Accept cookies"}},
		{"/login", []string{"<h1>Sign in</h1>", `<label for="email">Email</label>`, "<label>Password",
			"Remember me", `<button type="submit" class="primary">Sign in</button>`}},
		{"/search?q=mug", []string{"<title>Search: mug | Mug &amp; Bean</title>", "Loading…", `data-query="mug"`, `value="mug"`}},
		{"/search", []string{"<title>Search | Mug &amp; Bean</title>", "Loading…"}},
		{"/product/blue-mug", []string{"<h1>Blue Mug</h1>", "$12.00", `<label for="qty">Quantity</label>`,
			"Add to cart", "Show more reviews", `role="dialog"`, `aria-modal="true"`, "Continue shopping", "View cart",
			"Good value for the price."}},
		{"/product/coffee-beans", []string{"<h1>Coffee Beans</h1>", "$14.00"}},
		{"/cart", []string{"<h1>Your cart</h1>", "Your cart is empty."}},
		{"/checkout", []string{"<h1>Checkout</h1>", "Your cart is empty."}},
		{"/static/app.css", []string{".cookie-banner"}},
		{"/static/app.js", []string{"Accept cookies", "MIN_SPINNER_MS = 600"}},
		{"/static/favicon.svg", []string{"<svg"}},
	}
	for _, p := range pages {
		code, body := c.get(p.path)
		if code != http.StatusOK {
			t.Errorf("GET %s: status %d, want 200", p.path, code)
			continue
		}
		mustContain(t, "GET "+p.path, body, p.wants...)
	}
}

func TestNotFound(t *testing.T) {
	ts := newShopServer(t)
	c := newClient(t, ts.URL)
	for _, p := range []string{"/nope", "/product/nope", "/product/", "/product/blue-mug/extra",
		"/order/SF-1001", "/static/nope.css", "/static/", "/api/nope", "/login/"} {
		code, body := c.get(p)
		if code != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", p, code)
		}
		if !strings.HasPrefix(p, "/api/") {
			mustContain(t, "GET "+p, body, "Page not found")
		}
	}
}

// TestSignInMarkup checks what docs/targets.md "Resolution" relies on for `click: Sign in` on
// the login page: three elements named "Sign in", the button alone in main.
func TestSignInMarkup(t *testing.T) {
	ts := newShopServer(t)
	c := newClient(t, ts.URL)
	_, body := c.get("/login")
	mainStart, mainEnd := strings.Index(body, "<main>"), strings.Index(body, "</main>")
	navStart, navEnd := strings.Index(body, "<nav"), strings.Index(body, "</nav>")
	footStart := strings.Index(body, "<footer")
	button := strings.Index(body, `<button type="submit" class="primary">Sign in</button>`)
	if mainStart < 0 || mainEnd < 0 || navStart < 0 || footStart < 0 || button < 0 {
		t.Fatalf("login page lacks main, nav, footer or the Sign in button:\n%s", body)
	}
	if button < mainStart || button > mainEnd {
		t.Error("the Sign in button is not inside <main>")
	}
	navLink := strings.Index(body[navStart:navEnd], `<a href="/login">Sign in</a>`)
	footLink := strings.Index(body[footStart:], `<a href="/login">Sign in</a>`)
	if navLink < 0 || footLink < 0 {
		t.Error("want a Sign in link in the nav and in the footer")
	}
	if n := strings.Count(body[mainStart:mainEnd], ">Sign in<"); n != 2 { // the heading and the button
		t.Errorf("main has %d elements with the text Sign in, want 2 (h1, button)", n)
	}
}

func TestSignIn(t *testing.T) {
	ts := newShopServer(t)
	c := newClient(t, ts.URL)

	if code, loc, _ := c.postForm("/login", nil); code != http.StatusOK || loc != "" {
		t.Errorf("empty sign-in: %d %q, want 200 and the form", code, loc)
	}
	code, _ := c.get("/login")
	if code != http.StatusOK || c.cookie(sessionCookie) == "" {
		t.Fatalf("GET /login: %d, session cookie %q", code, c.cookie(sessionCookie))
	}
	sid := c.cookie(sessionCookie)

	if code, loc := c.get("/account"); code != http.StatusSeeOther {
		t.Errorf("GET /account signed out: %d %q, want 303 to /login", code, loc)
	}

	code, loc, body := c.postForm("/login", url.Values{"email": {"qa@example.com"}, "password": {"wrong"}})
	if code != http.StatusOK || loc != "" {
		t.Errorf("wrong password: %d %q, want 200", code, loc)
	}
	mustContain(t, "wrong password", body, `role="alert"`, "Wrong email or password", `value="qa@example.com"`)

	code, loc, _ = c.postForm("/login", url.Values{"email": {"qa@example.com"}, "password": {"secret"}, "remember": {"1"}})
	if code != http.StatusSeeOther || loc != "/account" {
		t.Fatalf("sign in: %d %q, want 303 to /account", code, loc)
	}
	if c.cookie(sessionCookie) != sid {
		t.Errorf("session changed on sign-in")
	}
	code, body = c.get("/account")
	if code != http.StatusOK {
		t.Fatalf("GET /account: %d", code)
	}
	mustContain(t, "account", body, "Welcome back, qa@example.com", `<a href="/account">Account</a>`, "You have no orders yet.", "Sign out")
	_, body = c.get("/")
	mustContain(t, "home signed in", body, `<a href="/account">Account</a>`)

	// Another client has its own session.
	other := newClient(t, ts.URL)
	if code, _ := other.get("/account"); code != http.StatusSeeOther {
		t.Errorf("other session sees /account: %d", code)
	}

	if code, loc, _ := c.postForm("/logout", nil); code != http.StatusSeeOther || loc != "/" {
		t.Errorf("sign out: %d %q", code, loc)
	}
	if code, _ := c.get("/account"); code != http.StatusSeeOther {
		t.Errorf("GET /account after sign out: %d, want 303", code)
	}
}

func TestCart(t *testing.T) {
	ts := newShopServer(t)
	c := newClient(t, ts.URL)

	code, loc, _ := c.postForm("/cart/add", url.Values{"id": {"red-mug"}, "qty": {"2"}})
	if code != http.StatusSeeOther || loc != "/cart" {
		t.Fatalf("add: %d %q", code, loc)
	}
	_, body := c.get("/cart")
	mustContain(t, "cart", body, `<a href="/product/red-mug">Red Mug</a>`, `<option value="2" selected>2</option>`,
		"$24.00", `aria-label="Quantity"`, "Remove", "Proceed to checkout", `id="cart-count">2<`)

	code, cart := c.postJSON("/api/cart", map[string]any{"id": "blue-mug", "qty": 1})
	if code != http.StatusOK || cart.Count != 3 || cart.SubtotalText != "$36.00" || len(cart.Lines) != 2 {
		t.Fatalf("api add: %d %+v", code, cart)
	}
	code, cart = c.postJSON("/api/cart/update", map[string]any{"id": "red-mug", "qty": 3})
	if code != http.StatusOK || cart.Count != 4 || cart.SubtotalText != "$48.00" || cart.Lines[0].TotalText != "$36.00" {
		t.Fatalf("api update: %d %+v", code, cart)
	}
	for _, bad := range []map[string]any{{"id": "nope", "qty": 1}, {"id": "red-mug", "qty": 0}, {"id": "red-mug", "qty": 11}} {
		if code, _ := c.postJSON("/api/cart", bad); code == http.StatusOK {
			t.Errorf("api add %v: 200, want an error", bad)
		}
	}
	if code, _ := c.postJSON("/api/cart/update", map[string]any{"id": "green-tea", "qty": 1}); code != http.StatusNotFound {
		t.Errorf("update of a product not in the cart: %d, want 404", code)
	}

	code, loc, _ = c.postForm("/cart/remove", url.Values{"id": {"red-mug"}})
	if code != http.StatusSeeOther || loc != "/cart" {
		t.Fatalf("remove: %d %q", code, loc)
	}
	_, body = c.get("/cart")
	mustNotContain(t, "cart after remove", body, "Red Mug")
	mustContain(t, "cart after remove", body, "Blue Mug", "$12.00")

	code, cart = c.postJSON("/api/cart/update", map[string]any{"id": "blue-mug", "qty": 0})
	if code != http.StatusOK || cart.Count != 0 || len(cart.Lines) != 0 {
		t.Fatalf("api update to 0: %d %+v", code, cart)
	}
	_, body = c.get("/cart")
	mustContain(t, "emptied cart", body, "Your cart is empty.")

	// Quantities are capped at 10 a line.
	for range 3 {
		c.postForm("/cart/add", url.Values{"id": {"green-tea"}, "qty": {"5"}})
	}
	req, _ := http.NewRequest(http.MethodGet, ts.URL+"/api/cart", nil)
	_, _, raw := c.do(req)
	if !strings.Contains(raw, `"qty":10`) {
		t.Errorf("qty not capped at 10: %s", raw)
	}

	// Carts are per session.
	other := newClient(t, ts.URL)
	_, body = other.get("/cart")
	mustContain(t, "other session's cart", body, "Your cart is empty.")
}

func TestCheckout(t *testing.T) {
	ts := newShopServer(t)
	c := newClient(t, ts.URL)
	c.postForm("/login", url.Values{"email": {"qa@example.com"}, "password": {"secret"}})
	c.postForm("/cart/add", url.Values{"id": {"coffee-beans"}, "qty": {"2"}})

	code, body := c.get("/checkout")
	if code != http.StatusOK {
		t.Fatalf("GET /checkout: %d", code)
	}
	mustContain(t, "checkout", body, `<label for="name">Full name</label>`, "<label>Address", `aria-label="Card number"`,
		"I accept the terms", `<label for="delivery">Delivery</label>`, "Express (", "2 × Coffee Beans", "$28.00")
	if !strings.Contains(body, `id="place-order" aria-describedby="place-order-hint" disabled>Place order</button>`) {
		t.Error("Place order is not disabled at first")
	}

	valid := url.Values{"name": {"Ada Lovelace"}, "address": {"12 Analytical St, London"},
		"card": {"4242 4242 4242 4242"}, "terms": {"1"}, "delivery": {"express"}}
	for _, missing := range []string{"name", "address", "card", "terms"} {
		form := url.Values{}
		for k, v := range valid {
			if k != missing {
				form[k] = v
			}
		}
		code, loc, body := c.postForm("/checkout", form)
		if code != http.StatusOK || loc != "" {
			t.Errorf("checkout without %s: %d %q, want the form again", missing, code, loc)
		}
		mustContain(t, "checkout without "+missing, body, `role="alert"`, "Please fill in all fields")
	}
	bad := url.Values{}
	for k, v := range valid {
		bad[k] = v
	}
	bad.Set("card", "4242")
	if code, loc, _ := c.postForm("/checkout", bad); code != http.StatusOK || loc != "" {
		t.Errorf("short card number accepted: %d %q", code, loc)
	}

	code, loc, _ := c.postForm("/checkout", valid)
	if code != http.StatusSeeOther || loc != "/order/SF-1001" {
		t.Fatalf("place order: %d %q, want 303 to /order/SF-1001", code, loc)
	}
	code, body = c.get(loc)
	if code != http.StatusOK {
		t.Fatalf("GET %s: %d", loc, code)
	}
	mustContain(t, "confirmation", body, "<title>Order SF-1001 | Mug &amp; Bean</title>", "Thank you for your order!",
		`data-testid="order-id"`, ">SF-1001</strong> is confirmed.", "Ada Lovelace", "express delivery", "ending in 4242",
		"Coffee Beans", "$33.00")

	_, body = c.get("/cart")
	mustContain(t, "cart after order", body, "Your cart is empty.")
	_, body = c.get("/account")
	mustContain(t, "account after order", body, `<a href="/order/SF-1001">Order SF-1001</a>`, "$33.00")

	// An empty cart cannot be ordered, and orders are private to their session.
	if code, loc, _ := c.postForm("/checkout", valid); code != http.StatusOK || loc != "" {
		t.Errorf("order with an empty cart: %d %q", code, loc)
	}
	other := newClient(t, ts.URL)
	if code, _ := other.get("/order/SF-1001"); code != http.StatusNotFound {
		t.Errorf("another session sees the order: %d", code)
	}
	other.postForm("/cart/add", url.Values{"id": {"blue-mug"}})
	if _, loc, _ := other.postForm("/checkout", valid); loc != "/order/SF-1002" {
		t.Errorf("second order: %q, want /order/SF-1002", loc)
	}
}

func TestSearchAPI(t *testing.T) {
	ts := newShopServer(t)
	c := newClient(t, ts.URL)
	for q, want := range map[string][]string{
		"mug":       {"Blue Mug", "Red Mug", "Travel Mug"},
		"TEA":       {"Green Tea", "Earl Grey Tea"},
		"blue mug":  {"Blue Mug"},
		"":          nil, // everything
		"teapot 9x": {},
	} {
		req, _ := http.NewRequest(http.MethodGet, ts.URL+"/api/search?q="+url.QueryEscape(q), nil)
		code, h, body := c.do(req)
		if code != http.StatusOK || !strings.HasPrefix(h.Get("Content-Type"), "application/json") {
			t.Fatalf("search %q: %d %s", q, code, h.Get("Content-Type"))
		}
		var got []struct {
			Name      string `json:"name"`
			URL       string `json:"url"`
			PriceText string `json:"price_text"`
		}
		if err := json.Unmarshal([]byte(body), &got); err != nil {
			t.Fatalf("search %q: %v", q, err)
		}
		if want == nil {
			if len(got) != len(catalog) {
				t.Errorf("empty search: %d results, want %d", len(got), len(catalog))
			}
			continue
		}
		var names []string
		for _, g := range got {
			names = append(names, g.Name)
			if !strings.HasPrefix(g.URL, "/product/") || !strings.HasPrefix(g.PriceText, "$") {
				t.Errorf("search %q: bad result %+v", q, g)
			}
		}
		if strings.Join(names, ",") != strings.Join(want, ",") {
			t.Errorf("search %q: %v, want %v", q, names, want)
		}
	}
}

func TestCookieBanner(t *testing.T) {
	ts := newShopServer(t)
	c := newClient(t, ts.URL)
	_, body := c.get("/")
	mustContain(t, "first visit", body, `id="cookie-banner"`, `aria-label="Cookie consent"`, "Accept cookies")
	u, _ := url.Parse(ts.URL)
	c.hc.Jar.SetCookies(u, []*http.Cookie{{Name: consentCookie, Value: "accepted", Path: "/"}})
	for _, p := range []string{"/", "/login", "/product/blue-mug"} {
		_, body = c.get(p)
		mustNotContain(t, "after consent "+p, body, "cookie-banner", "Accept cookies")
	}
}

// TestHandlersAreIndependent checks that each Handler has its own state.
func TestHandlersAreIndependent(t *testing.T) {
	a, b := newShopServer(t), newShopServer(t)
	ca := newClient(t, a.URL)
	ca.postForm("/cart/add", url.Values{"id": {"blue-mug"}})
	// Reuse a's session cookie on b: b does not know it and starts afresh.
	cb := newClient(t, b.URL)
	ub, _ := url.Parse(b.URL)
	cb.hc.Jar.SetCookies(ub, []*http.Cookie{{Name: sessionCookie, Value: ca.cookie(sessionCookie), Path: "/"}})
	_, body := cb.get("/cart")
	mustContain(t, "other handler", body, "Your cart is empty.")
	if cb.cookie(sessionCookie) == ca.cookie(sessionCookie) {
		t.Error("unknown session id was kept")
	}
}

// TestNoExternalResources checks that the site loads nothing from outside
// (the machines running flows have no internet).
func TestNoExternalResources(t *testing.T) {
	err := fs.WalkDir(siteFS, "site", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := siteFS.ReadFile(path)
		if err != nil {
			return err
		}
		s := strings.ReplaceAll(string(b), `xmlns="http://www.w3.org/2000/svg"`, "")
		for _, bad := range []string{"http://", "https://", "//cdn", "@import", "@font-face"} {
			if strings.Contains(s, bad) {
				t.Errorf("%s contains %q", path, bad)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, err := Serve(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(s.URL, "http://127.0.0.1:") {
		t.Errorf("URL %q", s.URL)
	}
	res, err := http.Get(s.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("GET /: %d", res.StatusCode)
	}

	cancel() // ending ctx stops the server
	deadline := time.Now().Add(5 * time.Second)
	for {
		hc := &http.Client{Timeout: time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
		res, err := hc.Get(s.URL + "/")
		if err != nil {
			break
		}
		res.Body.Close()
		if time.Now().After(deadline) {
			t.Fatal("server still answers after ctx ended")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := s.Close(); err != nil {
		t.Errorf("Close after ctx ended: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

func TestServeClose(t *testing.T) {
	s, err := Serve(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	hc := &http.Client{Timeout: time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	if res, err := hc.Get(s.URL + "/"); err == nil {
		res.Body.Close()
		t.Error("server answers after Close")
	}
}

// TestExampleFlows checks, without a YAML parser, what examples/flows must
// keep: tagged demo, no base_url, no refs, and every opened path exists.
func TestExampleFlows(t *testing.T) {
	files, err := filepath.Glob("../flows/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 7 {
		t.Fatalf("%d example flows, want at least 7", len(files))
	}
	ts := newShopServer(t)
	c := newClient(t, ts.URL)
	openRe := regexp.MustCompile(`open: (/\S*)`)
	failing := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		if !strings.Contains(s, "\ntags: [demo") {
			t.Errorf("%s: not tagged demo", f)
		}
		if strings.Contains(s, "\ntags: [demo, failing]") {
			failing++
			if filepath.Base(f) != "failing-on-purpose.yaml" {
				t.Errorf("%s: tagged failing", f)
			}
		}
		if strings.Contains(s, "base_url") {
			t.Errorf("%s: has base_url (the runner passes --base-url)", f)
		}
		if regexp.MustCompile(`@e\d`).MatchString(s) {
			t.Errorf("%s: uses a ref", f)
		}
		for _, m := range openRe.FindAllStringSubmatch(s, -1) {
			if code, _ := c.get(m[1]); code != http.StatusOK {
				t.Errorf("%s: open %s: status %d", f, m[1], code)
			}
		}
	}
	if failing != 1 {
		t.Errorf("%d flows tagged failing, want 1", failing)
	}
}
