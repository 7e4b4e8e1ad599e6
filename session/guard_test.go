package session_test

import (
	"context"
	"html"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/session"
)

// counter is origin B of the exfiltration fixture: it counts every
// request that reaches it, by path.
type counter struct {
	*httptest.Server
	mu   sync.Mutex
	hits map[string]int
}

func newCounter() *counter {
	c := &counter{hits: map[string]int{}}
	c.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.mu.Lock()
		c.hits[r.URL.Path]++
		c.mu.Unlock()
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte("<title>B</title>"))
	}))
	return c
}

func (c *counter) paths() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for p := range c.hits {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// originA serves testdata/guard, {{B}} standing for b and {{OTHER}} for
// A under its other name (localhost), and /redirect?to=URL.
func originA(b string) *httptest.Server {
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/redirect":
			http.Redirect(w, r, r.URL.Query().Get("to"), http.StatusFound)
			return
		case "/cookies":
			_, _ = w.Write([]byte("<title>Cookies</title><p>" + html.EscapeString(r.Header.Get("Cookie")) + "</p>"))
			return
		case "/state.html":
			host, _, _ := net.SplitHostPort(r.Host)
			http.SetCookie(w, &http.Cookie{Name: "sid", Value: "http-" + host + "-secret", Path: "/", HttpOnly: true, Expires: time.Now().Add(time.Hour)})
		}
		src, err := os.ReadFile(filepath.Join("..", "testdata", "guard", filepath.Base(r.URL.Path)))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
		text := strings.NewReplacer("{{B}}", b, "{{OTHER}}", "http://localhost:"+port).Replace(string(src))
		if strings.HasSuffix(r.URL.Path, ".js") {
			w.Header().Set("Content-Type", "text/javascript")
		} else if strings.HasSuffix(r.URL.Path, ".txt") {
			w.Header().Set("Content-Type", "text/plain")
		} else {
			w.Header().Set("Content-Type", "text/html")
		}
		_, _ = w.Write([]byte(text))
	}))
	return srv
}

// channels are the paths the exfiltration page (testdata/guard) aims at
// B, one per channel.
var channels = []string{"/css", "/script", "/img", "/redirected", "/bg", "/iframe", "/fetch", "/xhr", "/beacon",
	"/ws", "/sse", "/popup", "/form", "/refresh", "/oopif", "/oopif-fetch", "/oopif-ws", "/worker", "/worker-ws",
	"/shared", "/service-worker"}

// exfiltrate opens the exfiltration page of a in a fresh context with
// the options o.
func exfiltrate(a *httptest.Server, o browser.ContextOptions) *browser.Context {
	GinkgoHelper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	bctx, err := shared.NewContextWith(ctx, o)
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() { _ = bctx.Close() })
	_, err = bctx.OpenPage(ctx, browser.PageOptions{}, a.URL+"/exfil.html", "load")
	Expect(err).NotTo(HaveOccurred())
	return bctx
}

// blockedPaths are the paths of the URLs to b that bctx blocked.
func blockedPaths(bctx *browser.Context, b string) []string {
	var out []string
	for _, bl := range bctx.Blocked() {
		u, err := url.Parse(bl.URL)
		if err == nil && strings.HasSuffix(b, u.Host) {
			out = append(out, u.Path)
		}
	}
	return out
}

var _ = Describe("allowed domains", func() {
	var b *counter
	var a *httptest.Server
	var allowA *flows.Domains
	BeforeEach(func() {
		b = newCounter()
		DeferCleanup(b.Close)
		a = originA(b.URL)
		DeferCleanup(a.Close)
		_, port, _ := net.SplitHostPort(a.Listener.Addr().String())
		var err error
		allowA, err = flows.ParseDomains([]string{"127.0.0.1:" + port, "localhost:" + port})
		Expect(err).NotTo(HaveOccurred())
	})

	It("let every channel of the page reach another origin when there are none (the control)", func() {
		exfiltrate(a, browser.ContextOptions{})
		Eventually(b.paths, 10*time.Second, 50*time.Millisecond).Should(ContainElements(channels))
	})

	It("block every channel of the page, its frames, workers and tabs toward another origin, and log each", func() {
		bctx := exfiltrate(a, browser.ContextOptions{AllowedDomains: allowA})
		// every channel was tried, and blocked
		Eventually(func() []string { return blockedPaths(bctx, b.URL) }, 10*time.Second, 50*time.Millisecond).Should(ContainElements(channels))
		Expect(b.paths()).To(BeEmpty())
		Expect(bctx.GuardErr()).NotTo(HaveOccurred())
		for _, bl := range bctx.Blocked() {
			Expect(bl.Why).To(Equal("not in the allowed domains"), bl.String())
		}
	})
})

var _ = Describe("a session in a context with allowed domains", func() {
	var b *counter
	var a *httptest.Server
	var allowA *flows.Domains
	var bPort string
	BeforeEach(func() {
		b = newCounter()
		DeferCleanup(b.Close)
		a = originA(b.URL)
		DeferCleanup(a.Close)
		_, port, _ := net.SplitHostPort(a.Listener.Addr().String())
		_, bPort, _ = net.SplitHostPort(b.Listener.Addr().String())
		var err error
		allowA, err = flows.ParseDomains([]string{"127.0.0.1:" + port})
		Expect(err).NotTo(HaveOccurred())
	})

	var dir string
	open := func(d *flows.Domains) *session.Session {
		GinkgoHelper()
		dir = GinkgoT().TempDir()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		bctx, err := shared.NewContextWith(ctx, browser.ContextOptions{AllowedDomains: d})
		Expect(err).NotTo(HaveOccurred())
		DeferCleanup(func() { _ = bctx.Close() })
		s, err := session.Open(ctx, bctx, session.Options{ArtifactsDir: dir, StepTimeout: 5 * time.Second})
		Expect(err).NotTo(HaveOccurred())
		DeferCleanup(func() { _ = s.Close() })
		return s
	}

	It("fails an open or request step toward another host with reason policy, naming the host and the domains", func() {
		s := open(allowA)
		_, se := doFails(s, "open: "+b.URL+"/secret")
		Expect(se.Failure.Reason).To(Equal(diagnostics.ReasonPolicy))
		Expect(se.Failure.Message).To(ContainSubstring("blocked: 127.0.0.1:" + bPort + " is not in the allowed domains (" + allowA.String() + ")"))
		_, se = doFails(s, "open: "+a.URL+"/redirect?to="+b.URL+"/after-redirect")
		Expect(se.Failure.Reason).To(Equal(diagnostics.ReasonPolicy))
		Expect(se.Failure.Message).To(ContainSubstring("it goes on to " + b.URL + "/after-redirect, which is blocked"))
		_, se = doFails(s, "request: "+b.URL+"/api")
		Expect(se.Failure.Reason).To(Equal(diagnostics.ReasonPolicy), "smokeflow's own calls keep to the domains")
		_, se = doFails(s, "request: "+a.URL+"/redirect?to="+b.URL+"/api-redirect")
		Expect(se.Failure.Reason).To(Equal(diagnostics.ReasonPolicy))
		Expect(se.Failure.Message).To(ContainSubstring("request " + b.URL + "/api-redirect: blocked"))
		Expect(b.paths()).To(BeEmpty())
	})

	It("opens and calls the same URLs without allowed domains (the control)", func() {
		s := open(nil)
		do(s, "open: "+b.URL+"/secret")
		do(s, "open: "+a.URL+"/redirect?to="+b.URL+"/after-redirect")
		do(s, "request: "+b.URL+"/api")
		do(s, "request: "+a.URL+"/redirect?to="+b.URL+"/api-redirect")
		// the browser asks for /favicon.ico once a page has loaded, by the
		// end of the spec or after it: not what the control is about
		paths := slices.DeleteFunc(b.paths(), func(p string) bool { return p == "/favicon.ico" })
		Expect(paths).To(ConsistOf("/secret", "/after-redirect", "/api", "/api-redirect"))
	})

	It("logs each request it blocks in the step's log, in the results and in network.log", func() {
		s := open(allowA)
		logs := do(s, "open: "+a.URL+"/refresh.html").Log
		Eventually(func() []string {
			logs = append(logs, do(s, "wait: 50ms").Log...)
			return logs
		}, 10*time.Second).Should(ContainElement("blocked Document " + b.URL + "/top-refresh: not in the allowed domains"))
		Expect(s.Blocked()).To(ContainElement(HaveField("URL", b.URL+"/top-refresh")))
		Expect(s.Close()).To(Succeed())
		Expect(paths(s)).To(ContainElement("session/network.log"))
		log, err := os.ReadFile(filepath.Join(dir, "session", "network.log"))
		Expect(err).NotTo(HaveOccurred())
		Expect(string(log)).To(ContainSubstring("blocked Document " + b.URL + "/top-refresh"))
		Expect(b.paths()).To(BeEmpty())
	})
})
