//go:build linux

package runner_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/internal/procs"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// pool is a browser pool as browserless runs one: every websocket
// connection gets a Chromium of its own, launched for it and ended when
// the connection closes; the connection is proxied to that browser's
// DevTools endpoint. Each browser sends its own User-Agent,
// pool-browser-K, so a page's server can tell them apart.
type pool struct {
	srv      *httptest.Server
	mu       sync.Mutex
	launched int
	live     int
	profiles []string
}

func newPool() *pool {
	p := &pool{}
	p.srv = httptest.NewServer(http.HandlerFunc(p.serve))
	DeferCleanup(p.srv.Close)
	return p
}

// wsURL is the pool's endpoint, as --cdp takes it.
func (p *pool) wsURL() string { return "ws" + strings.TrimPrefix(p.srv.URL, "http") + "/chromium" }

func (p *pool) serve(w http.ResponseWriter, r *http.Request) {
	defer GinkgoRecover()
	p.mu.Lock()
	p.launched++
	k := p.launched
	p.live++
	p.mu.Unlock()
	defer func() { p.mu.Lock(); p.live--; p.mu.Unlock() }()

	profile, err := os.MkdirTemp("", "smokeflow-pool-")
	Expect(err).NotTo(HaveOccurred())
	defer func() { _ = browser.RemoveProfile(profile) }()
	p.mu.Lock()
	p.profiles = append(p.profiles, profile)
	p.mu.Unlock()
	bin, err := browser.FindBrowser("")
	Expect(err).NotTo(HaveOccurred())
	cmd := exec.Command(bin, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-breakpad",
		"--disable-dev-shm-usage", "--mute-audio", "--remote-debugging-port=0", "--user-data-dir="+profile,
		fmt.Sprintf("--user-agent=pool-browser-%d", k), "about:blank")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	stderr, err := cmd.StderrPipe()
	Expect(err).NotTo(HaveOccurred())
	Expect(cmd.Start()).To(Succeed())
	defer func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		_ = cmd.Wait()
		browser.ReapZombies()
	}()
	sc := bufio.NewScanner(stderr)
	var ws string
	for ws == "" && sc.Scan() {
		if m := regexp.MustCompile(`DevTools listening on (ws://\S+)`).FindStringSubmatch(sc.Text()); m != nil {
			ws = m[1]
		}
	}
	Expect(ws).NotTo(BeEmpty())
	go func() { _, _ = io.Copy(io.Discard, stderr) }()
	p.proxy(w, r, ws)
}

// proxy hands the websocket handshake to the browser and copies bytes
// both ways until either side closes.
func (p *pool) proxy(w http.ResponseWriter, r *http.Request, ws string) {
	u, err := url.Parse(ws)
	Expect(err).NotTo(HaveOccurred())
	backend, err := net.Dial("tcp", u.Host)
	Expect(err).NotTo(HaveOccurred())
	defer backend.Close()
	client, buf, err := w.(http.Hijacker).Hijack()
	Expect(err).NotTo(HaveOccurred())
	defer client.Close()
	r.URL.Path, r.Host = u.Path, u.Host
	Expect(r.Write(backend)).To(Succeed())
	done := make(chan struct{}, 2)
	go func() { _, _ = io.Copy(backend, buf); done <- struct{}{} }()
	go func() { _, _ = io.Copy(client, backend); done <- struct{}{} }()
	<-done
}

func (p *pool) counts() (launched, live int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.launched, p.live
}

// poolBrowsersLeft lists the processes below this one that use a profile
// of the pool.
func (p *pool) browsersLeft() []string {
	p.mu.Lock()
	profiles := append([]string(nil), p.profiles...)
	p.mu.Unlock()
	var out []string
	for _, d := range procs.BrowsersBelowMe() {
		for _, pr := range profiles {
			if strings.Contains(d, pr) {
				out = append(out, d)
			}
		}
	}
	return out
}

// rendezvous serves /rendezvous to requests that arrive together: each
// waits for the others (want in all), and the page says "together", or
// "alone" when they did not come. It records each one's User-Agent.
type rendezvous struct {
	want   int
	mu     sync.Mutex
	agents []string
	all    chan struct{}
}

func (rv *rendezvous) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/rendezvous" {
		http.NotFound(w, r)
		return
	}
	rv.mu.Lock()
	rv.agents = append(rv.agents, r.UserAgent())
	if len(rv.agents) == rv.want {
		close(rv.all)
	}
	rv.mu.Unlock()
	word := "together"
	select {
	case <-rv.all:
	case <-time.After(8 * time.Second):
		word = "alone"
	}
	fmt.Fprintf(w, "<!doctype html><title>rendezvous</title><h1>%s</h1>", word)
}

var _ = Describe("a browser pool (--cdp with --workers)", func() {
	It("gives each worker a connection, and so a browser, of its own, and closes them all", func() {
		p := newPool()
		rv := &rendezvous{want: 2, all: make(chan struct{})}
		site := httptest.NewServer(rv)
		DeferCleanup(site.Close)
		var list []*flows.Flow
		for _, f := range []string{"meet-1.yaml", "meet-2.yaml"} {
			fl, err := flows.Load("../testdata/runner/pool/"+f, flows.LoadOptions{BaseURL: site.URL})
			Expect(err).NotTo(HaveOccurred())
			list = append(list, fl)
		}
		run, err := runner.Run(context.Background(), runner.Config{Browser: browser.Options{CDP: p.wsURL()}, Workers: 2,
			BaseURL: site.URL, ArtifactsDir: GinkgoT().TempDir()}, list)
		Expect(err).NotTo(HaveOccurred())
		for _, f := range run.Flows {
			Expect(f.Status).To(Equal(results.Passed), failureText(f))
		}
		launched, _ := p.counts()
		Expect(launched).To(Equal(2), "one connection per worker")
		rv.mu.Lock()
		Expect(rv.agents).To(ConsistOf("pool-browser-1", "pool-browser-2"), "each worker's flow ran in its own browser")
		rv.mu.Unlock()
		Eventually(func() int { _, live := p.counts(); return live }).WithTimeout(10*time.Second).Should(Equal(0), "every connection closed")
		Eventually(p.browsersLeft).WithTimeout(10*time.Second).Should(BeEmpty(), "no Chromium of the pool left")
	})

	It("names the endpoint and the worker whose connection fails", func() {
		refuse := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "pool full", http.StatusServiceUnavailable)
		}))
		DeferCleanup(refuse.Close)
		endpoint := "ws" + strings.TrimPrefix(refuse.URL, "http") + "/chromium"
		_, err := runner.Run(context.Background(), runner.Config{Browser: browser.Options{CDP: endpoint}, Workers: 2,
			ArtifactsDir: GinkgoT().TempDir()}, load("check-storage.yaml"))
		var be *browser.BrowserError
		Expect(err).To(BeAssignableToTypeOf(be))
		Expect(err.Error()).To(MatchRegexp(`^worker [12] of 2: cannot connect to the browser at ` + regexp.QuoteMeta(endpoint)))
	})
})
