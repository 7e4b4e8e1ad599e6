package session_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/session"
)

const pageURL = "/session/page.html"

var _ = Describe("a session without a flow file", func() {
	var (
		dir string
		s   *session.Session
		ev  *events
	)
	BeforeEach(func() {
		dir = GinkgoT().TempDir()
		ev = &events{}
		s = openSession(dir, ev)
		do(s, "open: "+pageURL)
	})

	It("runs an action, and an expectation that holds once it did", func() {
		do(s, `expect: { text: { css: "#out" }, equals: waiting }`)
		rec := do(s, "click: Go")
		Expect(rec.Index).To(Equal("3"))
		Expect(rec.Target).To(Equal(`"Go"`))
		do(s, `expect: { text: { css: "#out" }, equals: clicked }`)

		var indexes []string
		for _, r := range s.Steps() {
			indexes = append(indexes, r.Index)
		}
		Expect(indexes).To(Equal([]string{"1", "2", "3", "4"}))
		var kinds []results.EventKind
		for _, e := range ev.list {
			kinds = append(kinds, e.Kind)
		}
		Expect(kinds).To(Equal([]results.EventKind{results.StepStarted, results.StepFinished, results.StepStarted, results.StepFinished,
			results.StepStarted, results.StepFinished, results.StepStarted, results.StepFinished}))
		Expect(ev.list[5].Step).To(BeIdenticalTo(rec))
	})

	It("fails an expectation that does not hold, with its reason and diagnostics", func() {
		rec, se := doFails(s, "expect: { text: { css: \"#out\" }, equals: clicked }\ntimeout: 500ms")
		Expect(se.Reason()).To(Equal(diagnostics.ReasonAssertion))
		Expect(se.Failure.StepIndex).To(Equal("2"))
		Expect(se.Failure.Message).To(HavePrefix("step 2 (steps.yaml:3) expect"))
		d := se.Failure.Diagnostics
		Expect(d.Reason).To(Equal(diagnostics.ReasonAssertion))
		Expect(d.Message).To(ContainSubstring(`to equal "clicked", but it is "waiting"`))
		Expect(d.URL).To(HaveSuffix(pageURL))
		Expect(d.Title).To(Equal("Session page"))
		Expect(existing(dir, d.Screenshot, d.Snapshot)).To(Equal([]bool{true, true}))
		Expect(rec.Error).To(ContainSubstring(`but it is "waiting"`))
	})

	It("diagnoses a target that matches nothing: reason not_found, with its near misses", func() {
		_, se := doFails(s, "click: Log an eror\ntimeout: 500ms")
		Expect(se.Reason()).To(Equal(diagnostics.ReasonNotFound))
		var near []string
		for _, n := range se.Failure.Diagnostics.NearMisses {
			near = append(near, n.Name)
		}
		Expect(near).To(ContainElement("Log an error"))
	})

	It("runs the steps of a group through the same path, and names the inner step that fails", func() {
		_, se := doFails(s, "group:\n  steps:\n    - click: Go\n    - expect: { text: { css: \"#out\" }, equals: never }\n      timeout: 300ms")
		Expect(se.Failure.StepIndex).To(Equal("2.2"))
		Expect(se.Failure.Action).To(Equal("expect"))
		var got []string
		for _, r := range s.Steps() {
			got = append(got, r.Index+" "+string(r.Status))
		}
		Expect(got).To(Equal([]string{"1 passed", "2 failed", "2.1 passed", "2.2 failed"}))
	})

	It("takes a snapshot whose refs the next steps resolve", func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		snap, err := s.Snapshot(ctx)
		Expect(err).NotTo(HaveOccurred())
		Expect(s.Refs()).To(BeIdenticalTo(snap))
		var goRef string
		for ref, n := range snap.Refs {
			if n.Role == "button" && n.Name == "Go" {
				goRef = ref
			}
		}
		Expect(goRef).NotTo(BeEmpty(), snap.Render(locate.RenderOptions{}))
		do(s, `click: "@`+goRef+`"`)
		do(s, `expect: { text: { css: "#out" }, equals: clicked }`)
	})

	It("records console errors, failed requests, navigations and dialogs, and writes the logs when it closes", func() {
		Expect(s.Console()).To(BeEmpty())
		Expect(s.FailedRequests()).To(BeEmpty())
		Expect(s.Dialogs()).To(BeEmpty())
		do(s, "click: Log an error")
		do(s, "click: Fail a request")
		do(s, "click: Alert")
		do(s, "click: Next")
		Eventually(s.Console).Should(ContainElement(HaveField("Text", "boom from the page")))
		Eventually(s.FailedRequests).Should(ContainElement(HaveField("Status", 500)))
		Expect(s.Dialogs()).To(ConsistOf(And(HaveField("Type", "alert"), HaveField("Message", "hello from the page"))))
		Eventually(s.Navigations).Should(ContainElement(And(HaveField("URL", HaveSuffix(pageURL+"#next")), HaveField("SameDocument", true))))
		Expect(s.Navigations()).To(ContainElement(And(HaveField("URL", HaveSuffix(pageURL)), HaveField("SameDocument", false))))

		Expect(s.Close()).To(Succeed())
		Expect(paths(s)).To(Equal([]string{"session/console.log", "session/network.log"}))
		Expect(existing(dir, paths(s)...)).To(Equal([]bool{true, true}))
		log, err := os.ReadFile(filepath.Join(dir, "session", "console.log"))
		Expect(err).NotTo(HaveOccurred())
		Expect(string(log)).To(ContainSubstring("[error] boom from the page"))
	})

	It("reads the page's URL and title in one read, and the URL again after a same-document navigation", func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		u, title, err := s.URLAndTitle(ctx)
		Expect(err).NotTo(HaveOccurred())
		Expect(u).To(Equal(site.URL + pageURL))
		Expect(title).To(Equal("Session page"))
		do(s, "click: Next")
		u, title, err = s.URLAndTitle(ctx)
		Expect(err).NotTo(HaveOccurred())
		Expect(u).To(Equal(site.URL + pageURL + "#next"))
		Expect(title).To(Equal("Session page"))
	})

	It("writes a snapshot step's artifact after the page's header, with the text next to it when compact", func() {
		do(s, "snapshot: plain")
		do(s, "snapshot: { name: words, compact: true }")
		plain, err := os.ReadFile(filepath.Join(dir, "session", "plain.txt"))
		Expect(err).NotTo(HaveOccurred())
		Expect(string(plain)).To(MatchRegexp(`^# http://\S+` + pageURL + ` "Session page"\n- heading "Session" \[level=1\]\n`))
		Expect(string(plain)).NotTo(ContainSubstring(`- text "waiting"`))
		words, err := os.ReadFile(filepath.Join(dir, "session", "words.txt"))
		Expect(err).NotTo(HaveOccurred())
		Expect(string(words)).To(ContainSubstring("- button \"Go\" [ref=e1]\n- text \"waiting\"\n"))
	})

	It("writes a snapshot step's artifact of a page with nothing actionable yet: what it shows, and a note", func() {
		do(s, "open: /snapshot/loading.html")
		do(s, "snapshot: loading")
		text, err := os.ReadFile(filepath.Join(dir, "session", "loading.txt"))
		Expect(err).NotTo(HaveOccurred())
		Expect(string(text)).To(MatchRegexp(`^# http://\S+/snapshot/loading.html "Still rendering"\n- text "Loading…"\n# note: nothing actionable yet: ` + "`wait`" + `, or take the snapshot again\n$`))
	})

	It("writes artifacts under their step's key", func() {
		do(s, "screenshot: home")
		do(s, "name: Whole page\nsnapshot: { full: true }")
		doFails(s, "name: Wrong button\nclick: Log out\ntimeout: 300ms")
		Expect(paths(s)).To(Equal([]string{"session/home.png", "session/whole-page.txt",
			"session/wrong-button.failure.txt", "session/wrong-button.failure.png"}))
		Expect(existing(dir, paths(s)...)).To(Equal([]bool{true, true, true, true}))
	})
})

var _ = Describe("steps made in Go", func() {
	var s *session.Session
	BeforeEach(func() {
		s = openSession(GinkgoT().TempDir(), nil)
	})
	doGo := func(st *flows.Step) (*results.Step, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		return s.Do(ctx, st)
	}

	It("run as parsed ones do, and fail without a file position in the message, quoting no YAML", func() {
		rec, err := doGo(&flows.Step{Action: &flows.Open{URL: pageURL}})
		Expect(err).NotTo(HaveOccurred())
		Expect(rec.Action).To(Equal("open"))
		_, err = doGo(&flows.Step{Action: &flows.Pointer{Target: &flows.Target{Phrase: "Log out"}}, Timeout: 300 * time.Millisecond})
		var se *session.StepError
		Expect(errors.As(err, &se)).To(BeTrue(), "got %v", err)
		Expect(se.Reason()).To(Equal(diagnostics.ReasonNotFound))
		Expect(se.Failure.Message).To(Equal(`step 2 click "Log out": no element matches "Log out"`))
		Expect(se.Failure.Source).To(BeEmpty())
		Expect(paths(s)).To(Equal([]string{"session/click-log-out.failure.txt", "session/click-log-out.failure.png"}))
	})

	It("fail with reason config on a relative URL without a base URL, naming no flag", func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		bctx, err := shared.NewContext(ctx)
		Expect(err).NotTo(HaveOccurred())
		DeferCleanup(func() { _ = bctx.Close() })
		bare, err := session.Open(ctx, bctx, session.Options{ArtifactsDir: GinkgoT().TempDir()})
		Expect(err).NotTo(HaveOccurred())
		DeferCleanup(func() { _ = bare.Close() })
		_, err = bare.Do(ctx, &flows.Step{Action: &flows.Open{URL: "/login"}})
		var se *session.StepError
		Expect(errors.As(err, &se)).To(BeTrue(), "got %v", err)
		Expect(se.Reason()).To(Equal(diagnostics.ReasonConfig))
		Expect(se.Failure.Message).To(Equal("step 1 open /login: /login: a relative URL needs base_url in the flow or a base URL for the run"))
	})

	It("fail with reason internal when they have no action", func() {
		rec, err := doGo(&flows.Step{Name: "Nothing"})
		var se *session.StepError
		Expect(errors.As(err, &se)).To(BeTrue(), "got %v", err)
		Expect(se.Reason()).To(Equal(diagnostics.ReasonInternal))
		Expect(se.Failure.Message).To(Equal("step 1: the step has no action"))
		Expect(rec.Status).To(Equal(results.Failed))
		Expect(rec.Action).To(BeEmpty())
	})
})

var _ = Describe("artifact names", func() {
	// steps runs the same steps in a new session and returns the paths of
	// its artifacts.
	steps := func() []string {
		s := openSession(GinkgoT().TempDir(), nil)
		do(s, "open: "+pageURL)
		do(s, "screenshot: home")
		do(s, "click: Go")
		do(s, "screenshot: home")
		doFails(s, "name: home\nexpect: { text: { css: \"#out\" }, equals: never }\ntimeout: 300ms")
		do(s, "snapshot")
		return paths(s)
	}

	It("give a name used twice distinct names, the same in every session", func() {
		first := steps()
		Expect(first).To(Equal([]string{"session/home.png", "session/home-2.png",
			"session/home-3.failure.txt", "session/home-3.failure.png", "session/snapshot.txt"}))
		Expect(steps()).To(Equal(first))
	})
})

var _ = Describe("opening a session with a flow", func() {
	open := func(lookup func(string) (string, bool)) (*session.Session, error) {
		GinkgoHelper()
		f, err := flows.Parse("secret.yaml", []byte("name: secret\nsecrets: [SF_SESSION_SECRET]\nsteps:\n  - open: "+pageURL+"\n"),
			flows.LoadOptions{BaseURL: site.URL, LookupEnv: func(string) (string, bool) { return "set", true }})
		Expect(err).NotTo(HaveOccurred())
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		bctx, err := shared.NewContext(ctx)
		Expect(err).NotTo(HaveOccurred())
		DeferCleanup(func() { _ = bctx.Close() })
		return session.Open(ctx, bctx, session.Options{Flow: f, BaseURL: site.URL, LookupEnv: lookup, ArtifactsDir: GinkgoT().TempDir()})
	}

	It("fails with a config error when a secret is not set, before any page opens", func() {
		s, err := open(func(string) (string, bool) { return "", false })
		var ce *session.ConfigError
		Expect(errors.As(err, &ce)).To(BeTrue(), "got %v", err)
		Expect(ce.Reason()).To(Equal(diagnostics.ReasonConfig))
		Expect(ce.Error()).To(ContainSubstring(`secret "SF_SESSION_SECRET" is not set`))
		Expect(s).To(BeNil())
	})

	It("opens in the flow's folder when the secret is set, and masks it", func() {
		s, err := open(func(k string) (string, bool) { return "hunter2", k == "SF_SESSION_SECRET" })
		Expect(err).NotTo(HaveOccurred())
		DeferCleanup(func() { _ = s.Close() })
		Expect(s.Mask("the password is hunter2")).To(Equal("the password is " + flows.Mask))
		rec := do(s, "screenshot: home")
		Expect(rec.Log).To(ConsistOf("screenshot → secret/home.png"))
	})
})
