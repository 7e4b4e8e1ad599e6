package runner_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// loginSite serves testdata/runner/setup/site: POST /login signs in (and
// is counted), GET /private welcomes a signed-in visitor and sends any
// other to the login page.
type loginSite struct {
	*httptest.Server
	logins, privates atomic.Int32
}

func newLoginSite() *loginSite {
	s := &loginSite{}
	files := http.FileServer(http.Dir("../testdata/runner/setup/site"))
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/login":
			s.logins.Add(1)
			http.SetCookie(w, &http.Cookie{Name: "sid", Value: "signed-in", Path: "/", HttpOnly: true})
			http.Redirect(w, r, "/private", http.StatusSeeOther)
		case "/private":
			s.privates.Add(1)
			if c, err := r.Cookie("sid"); err != nil || c.Value != "signed-in" {
				http.Redirect(w, r, "/login.html", http.StatusSeeOther)
				return
			}
			_, _ = w.Write([]byte("<!doctype html><title>Private</title><h1>Welcome back</h1>"))
		default:
			files.ServeHTTP(w, r)
		}
	}))
	return s
}

// loadSetup loads flows of testdata/runner/setup with the site's base URL.
func loadSetup(site *loginSite, files ...string) []*flows.Flow {
	GinkgoHelper()
	var out []*flows.Flow
	for _, f := range files {
		fl, err := flows.Load("../testdata/runner/setup/"+f, flows.LoadOptions{BaseURL: site.URL})
		Expect(err).NotTo(HaveOccurred())
		out = append(out, fl)
	}
	return out
}

var _ = Describe("setup flows", func() {
	var site *loginSite
	BeforeEach(func() {
		site = newLoginSite()
		DeferCleanup(site.Close)
	})
	runWith := func(cfg runner.Config, list []*flows.Flow) *results.Run {
		GinkgoHelper()
		cfg.Use, cfg.BaseURL, cfg.ArtifactsDir = shared, site.URL, GinkgoT().TempDir()
		run, err := runner.Run(context.Background(), cfg, list)
		Expect(err).NotTo(HaveOccurred())
		return run
	}

	It("run once per run, across workers, and every flow that names one starts from its cookies and localStorage", func() {
		run := runWith(runner.Config{Workers: 2}, loadSetup(site, "needs-login-1.yaml", "needs-login-2.yaml", "needs-login-3.yaml"))
		for _, f := range run.Flows {
			Expect(f.Status).To(Equal(results.Passed), failureText(f))
		}
		Expect(site.logins.Load()).To(Equal(int32(1)), "the login ran once")
		Expect(run.Setup).To(HaveLen(1))
		Expect(run.Setup[0].Name).To(Equal("Log in"))
		Expect(run.Setup[0].Status).To(Equal(results.Passed))
		Expect(run.Summary().Total).To(Equal(3), "a setup flow is no test case")
	})

	It("are needed: without one the flow meets the login page (the control)", func() {
		run := runWith(runner.Config{}, loadSetup(site, "no-login.yaml"))
		Expect(run.Flows[0].Status).To(Equal(results.Failed))
		Expect(site.logins.Load()).To(BeZero())
	})

	It("can be given to every flow of a run", func() {
		sf, err := flows.LoadSetupFlow("../testdata/runner/setup/_login.yaml", flows.LoadOptions{BaseURL: site.URL})
		Expect(err).NotTo(HaveOccurred())
		list := loadSetup(site, "no-login.yaml", "no-login.yaml")
		list[1].Name = "Without the login, again"
		run := runWith(runner.Config{Workers: 2, Setup: []*flows.SetupFlow{sf}}, list)
		for _, f := range run.Flows {
			Expect(f.Status).To(Equal(results.Passed), failureText(f))
		}
		Expect(site.logins.Load()).To(Equal(int32(1)))
	})

	It("that fail, fail the flows that need them without running them, and say which and why", func() {
		run := runWith(runner.Config{}, loadSetup(site, "needs-bad-login.yaml"))
		f := run.Flows[0]
		Expect(f.Status).To(Equal(results.Failed))
		a := f.Final()
		Expect(a.Steps).To(BeEmpty(), "the flow did not run")
		Expect(a.Failure.Reason).To(Equal(diagnostics.ReasonSetup))
		Expect(a.Failure.Message).To(HavePrefix(`setup flow "Bad login" (../testdata/runner/setup/_bad-login.yaml) failed: step 2 (../testdata/runner/setup/_bad-login.yaml:4) expect`))
		Expect(a.Failure.File).To(Equal("../testdata/runner/setup/needs-bad-login.yaml"))
		Expect(a.Failure.Line).To(Equal(2))
		Expect(site.privates.Load()).To(BeZero(), "nothing of the flow ran")
		Expect(run.Setup[0].Status).To(Equal(results.Failed))
	})
})

var _ = Describe("a flow's allowed domains", func() {
	It("block what the flow opens elsewhere, with reason policy, in the run", func() {
		site := newLoginSite()
		defer site.Close()
		run, err := runner.Run(context.Background(), runner.Config{Use: shared, BaseURL: site.URL, ArtifactsDir: GinkgoT().TempDir()},
			loadSetup(site, "guarded.yaml"))
		Expect(err).NotTo(HaveOccurred())
		a := run.Flows[0].Final()
		Expect(a.Failure.Reason).To(Equal(diagnostics.ReasonPolicy), failureText(run.Flows[0]))
		Expect(a.Failure.Message).To(ContainSubstring("blocked: localhost:1 is not in the allowed domains (127.0.0.1)"))
		Expect(a.Blocked).To(ContainElement(HaveField("URL", "http://localhost:1/elsewhere")))
	})

	It("are narrowed by the run's", func() {
		site := newLoginSite()
		defer site.Close()
		d, err := flows.ParseDomains([]string{"example.com"})
		Expect(err).NotTo(HaveOccurred())
		run, err := runner.Run(context.Background(), runner.Config{Use: shared, BaseURL: site.URL, ArtifactsDir: GinkgoT().TempDir(),
			AllowedDomains: d}, loadSetup(site, "guarded.yaml"))
		Expect(err).NotTo(HaveOccurred())
		a := run.Flows[0].Final()
		Expect(a.Failure.Reason).To(Equal(diagnostics.ReasonPolicy))
		Expect(a.Failure.StepIndex).To(Equal("1"), "127.0.0.1 is not in the run's list")
		Expect(strings.Join(a.Failure.Diagnostics.Hints, " ")).To(ContainSubstring("allowed_domains"))
		Expect(site.privates.Load()).To(BeZero())
	})
})

var _ = Describe("a run's action policy", func() {
	It("holds back the steps to confirm unless the run confirms them", func() {
		site := newLoginSite()
		defer site.Close()
		pol, err := flows.ParsePolicy("policy.yaml", []byte(`confirm: ["click:/sign in/i"]`))
		Expect(err).NotTo(HaveOccurred())
		run, err := runner.Run(context.Background(), runner.Config{Use: shared, BaseURL: site.URL, ArtifactsDir: GinkgoT().TempDir(),
			Policy: pol}, loadSetup(site, "needs-login-1.yaml"))
		Expect(err).NotTo(HaveOccurred())
		a := run.Flows[0].Final()
		Expect(a.Failure.Reason).To(Equal(diagnostics.ReasonSetup))
		Expect(a.Failure.Message).To(ContainSubstring(`click "Sign in" needs a confirmation (rule "click:/sign in/i" (policy.yaml:1:11)), and the run does not confirm steps`))
		Expect(site.logins.Load()).To(BeZero())

		run, err = runner.Run(context.Background(), runner.Config{Use: shared, BaseURL: site.URL, ArtifactsDir: GinkgoT().TempDir(),
			Policy: pol, Yes: true}, loadSetup(site, "needs-login-1.yaml"))
		Expect(err).NotTo(HaveOccurred())
		Expect(run.Flows[0].Status).To(Equal(results.Passed), failureText(run.Flows[0]))
		Expect(site.logins.Load()).To(Equal(int32(1)))
	})
})
