package agent_test

import (
	"net/http"
	"net/http/httptest"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
)

var _ = Describe(`a page whose load never finishes (docs/agents.md "Timeouts")`, func() {
	var e *agent.Engine
	var srv *httptest.Server
	BeforeEach(func() {
		release := make(chan struct{})
		hold := func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-r.Context().Done():
			case <-release:
			}
		}
		page := func(html string) http.HandlerFunc {
			return func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte(html)) }
		}
		mux := http.NewServeMux()
		mux.HandleFunc("/state.html", page(`<!doctype html><title>State</title><p role="status" id="out"></p>
<script>document.getElementById("out").textContent = document.cookie + " theme=" + localStorage.getItem("theme") + " tab=" + sessionStorage.getItem("tab");</script>`))
		mux.HandleFunc("/unanswered.html", hold)
		mux.HandleFunc("/held-document.html", func(w http.ResponseWriter, r *http.Request) {
			_, _ = w.Write([]byte(`<!doctype html><title>Held</title><p>Loading the rest`))
			w.(http.Flusher).Flush()
			hold(w, r)
		})
		mux.HandleFunc("/held-image.html", page(`<!doctype html><title>Held image</title><p>A picture:</p><img src="/never.png" alt="never">`))
		mux.HandleFunc("/held-script.html", page(`<!doctype html><title>Held script</title><p>A script:</p><script src="/never.js"></script><p>after</p>`))
		mux.HandleFunc("/polling.html", page(`<!doctype html><title>Polling</title><p>Loaded</p>
<script>addEventListener("load", () => fetch("/poll"))</script>`))
		mux.HandleFunc("/poll", hold)
		mux.HandleFunc("/never.png", hold)
		mux.HandleFunc("/never.js", hold)
		srv = httptest.NewServer(mux)
		DeferCleanup(func() { close(release); srv.Close() })
		e = newEngine(agent.Options{})
		must(e, cmd(agent.VerbOpen, srv.URL+"/state.html"))
		must(e, cmd(agent.VerbEval, `document.cookie = "sid=abc123; path=/"; localStorage.setItem("theme", "dark"); sessionStorage.setItem("tab", "one"); 1`))
	})

	DescribeTable("an open that times out keeps the cookies and storage, and names the requests still in flight, never a script",
		func(held, request string) {
			c := cmd(agent.VerbOpen, srv.URL+held)
			c.Timeout = 2 * time.Second
			r := fails(e, c, agent.ExitFailed)
			Expect(r.Stdout).To(ContainSubstring("reason: timeout"))
			Expect(r.Stdout).To(ContainSubstring("note: the page's load had not finished when the command timed out: still in flight: GET " + srv.URL + request))
			Expect(r.Stdout).NotTo(ContainSubstring("a script"))
			Expect(r.Stdout).NotTo(ContainSubstring("fresh"))
			must(e, cmd(agent.VerbOpen, srv.URL+"/state.html"))
			Expect(status(e)).To(Equal("sid=abc123 theme=dark tab=one"))
		},
		Entry("a document that never answers", "/unanswered.html", "/unanswered.html"),
		Entry("a document held open", "/held-document.html", "/held-document.html"),
		Entry("an image held open", "/held-image.html", "/never.png"),
		Entry("a script held open", "/held-script.html", "/never.js"),
	)

	It("a command that times out on a page that loaded names the requests still in flight, never its load", func() {
		must(e, cmd(agent.VerbOpen, srv.URL+"/polling.html"))
		c := cmd(agent.VerbEval, "new Promise(() => {})")
		c.Timeout = 2 * time.Second
		r := fails(e, c, agent.ExitFailed)
		Expect(r.Stdout).To(ContainSubstring("reason: timeout"))
		Expect(r.Stdout).To(ContainSubstring("note: requests still in flight when the command timed out: GET " + srv.URL + "/poll"))
		Expect(r.Stdout).NotTo(ContainSubstring("load had not finished"))
	})
})
