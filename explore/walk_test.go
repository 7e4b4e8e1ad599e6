package explore_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/explore"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/internal/exploresite"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// planted are the bugs of testdata/explore, one finding each: its kind,
// the path of its page, and a word of its title.
var planted = []string{
	"page_error /reports /reports",
	"broken_link / Pricing",
	"exception /dashboard forEach",
	"exception /settings Save settings",
	"form_server_error /contact Send message",
	"console_error / analytics",
	"console_error /settings Apply coupon",
	"failed_request / missing-logo.png",
	"failed_request /products /api/stock",
	"failed_request /settings /api/refresh",
	"dead_control /products Compare",
	"form_accepts_empty /signup Create account",
	"unnamed_control /products button",
	"unnamed_control /signup combobox",
	"axe /about image-alt",
	"axe /about color-contrast",
	"covered /help Chat with us",
	"off_screen /help Special offer",
	"slow_page /archive /archive",
	"slow_action /settings Export",
}

// unplanted lists the findings no planted bug accounts for, and the
// planted bugs no finding accounts for.
func unplanted(fs []*explore.Finding) (extra, missing []string) {
	left := append([]string(nil), planted...)
	for _, f := range fs {
		u, err := url.Parse(f.Page)
		Expect(err).NotTo(HaveOccurred())
		found := false
		for i, p := range left {
			w := strings.SplitN(p, " ", 3)
			if string(f.Kind) == w[0] && u.Path == w[1] && strings.Contains(f.Title, w[2]) {
				left = append(left[:i], left[i+1:]...)
				found = true
				break
			}
		}
		if !found {
			extra = append(extra, fmt.Sprintf("%s %s: %s", f.Kind, u.Path, f.Title))
		}
	}
	return extra, left
}

// walkOpts walks the fixture app with thresholds well below its slow page
// and action.
func walkOpts(start string) explore.Options {
	return explore.Options{URL: start, Use: shared, SlowPage: exploresite.SlowPage * 4 / 7,
		SlowAction: exploresite.SlowAction * 4 / 7}
}

// titles are the findings as the report lists them.
func titles(r *explore.Report) []string {
	var out []string
	for _, f := range r.Findings {
		out = append(out, f.ID+" "+string(f.Severity)+" "+f.Title)
	}
	return out
}

var _ = Describe("a walk of the fixture app", Ordered, func() {
	var rep *explore.Report
	var out string

	BeforeAll(func() {
		start := time.Now()
		var err error
		rep, err = explore.Run(context.Background(), walkOpts(site.URL+"/"))
		Expect(err).NotTo(HaveOccurred())
		AddReportEntry("wall time of the walk", time.Since(start).Round(100*time.Millisecond).String())
		out = GinkgoT().TempDir()
		Expect(rep.Write(out)).To(Succeed())
	})

	It("finds every planted bug, and nothing else", func() {
		extra, missing := unplanted(rep.Findings)
		Expect(extra).To(BeEmpty(), "false positives")
		Expect(missing).To(BeEmpty(), "planted bugs not found")
		Expect(rep.Stopped).To(Equal("every page in scope was visited"))
	})

	It("gives each finding its severity and category, worst first", func() {
		by := map[explore.Kind]*explore.Finding{}
		for i, f := range rep.Findings {
			Expect(f.ID).To(Equal("F" + strconv.Itoa(i+1)))
			by[f.Kind] = f
			if i > 0 {
				Expect(rep.Findings[i-1].Severity).To(BeElementOf(explore.Severities()[:indexOf(f.Severity)+1]))
			}
		}
		Expect(by[explore.KindPageError].Severity).To(Equal(explore.Critical))
		Expect(by[explore.KindException].Category).To(Equal(explore.Console))
		Expect(by[explore.KindCovered].Category).To(Equal(explore.UX))
		Expect(by[explore.KindSlowPage].Category).To(Equal(explore.Performance))
		Expect(by[explore.KindAxe].Category).To(Equal(explore.Accessibility))
		Expect(by[explore.KindDeadControl].Category).To(Equal(explore.Functional))
		Expect(by[explore.KindFailedRequest].Category).To(Equal(explore.Network))
	})

	It("never presses Delete account or Cancel subscription, never signs out, never leaves for the partner site", func() {
		Expect(site.Deletes.Load()).To(BeZero())
		Expect(site.Logouts.Load()).To(BeZero())
		Expect(site.PartnerHits.Load()).To(BeZero())
		var why []string
		for _, s := range rep.Skipped {
			why = append(why, s.What+": "+s.Why)
		}
		Expect(why).To(ContainElements(
			`button "Delete account": matches the avoid pattern delete`,
			ContainSubstring(`button "Cancel subscription": matches the avoid pattern cancel`),
			`link "Log out": matches the avoid pattern log[ -]?out`,
			HavePrefix(`link "Partner site": it leaves the scope, for `+site.Partner.URL),
			`button "Grid view": it is pressed or selected already, and clicking it again changed nothing`,
		))
	})

	It("opens three months of the endless calendar and every other page", func() {
		calendar := 0
		var paths []string
		for _, p := range rep.Pages {
			u, err := url.Parse(p.URL)
			Expect(err).NotTo(HaveOccurred())
			if u.Path == "/calendar" {
				calendar++
				continue
			}
			paths = append(paths, u.Path)
		}
		Expect(calendar).To(Equal(3))
		Expect(paths).To(ConsistOf("/", "/products", "/settings", "/contact", "/signup", "/about", "/help",
			"/account", "/dashboard", "/reports", "/pricing", "/archive"))
	})

	It("finds the same findings in the same order on a second walk", func() {
		again, err := explore.Run(context.Background(), walkOpts(site.URL+"/"))
		Expect(err).NotTo(HaveOccurred())
		Expect(titles(again)).To(Equal(titles(rep)))
	})

	It("writes repro flows that fail, each at its last step, with exactly those findings", func() {
		run := runFlows(filepath.Join(out, "flows"), site.URL)
		Expect(run.Flows).To(HaveLen(len(rep.Findings)))
		names := map[string]bool{}
		for _, f := range rep.Findings {
			names[f.ID+": "+f.Title] = true
		}
		for _, f := range run.Flows {
			Expect(names).To(HaveKey(f.Name))
			Expect(f.Status).To(Equal(results.Failed), f.Name)
			failure := f.Final().Failure
			fl, err := flows.Load(f.File, flows.LoadOptions{})
			Expect(err).NotTo(HaveOccurred())
			last := strconv.Itoa(len(fl.Steps))
			Expect(failure.StepIndex).To(Or(Equal(last), HavePrefix(last+".")), f.Name+": "+failure.Message)
		}
	})

	It("writes repro flows that pass once the bugs are fixed", func() {
		fixed := exploresite.ServeFixed("../testdata/explore")
		defer fixed.Close()
		run := runFlows(filepath.Join(out, "flows"), fixed.URL)
		for _, f := range run.Flows {
			msg := ""
			if f.Status != results.Passed {
				msg = f.Final().Failure.Message
			}
			Expect(f.Status).To(Equal(results.Passed), f.Name+": "+msg)
		}
	})

	It("writes the report: the table by severity, a section per finding with its steps, screenshot and flow", func() {
		md, err := os.ReadFile(filepath.Join(out, "explore-report.md"))
		Expect(err).NotTo(HaveOccurred())
		Expect(string(md)).To(ContainSubstring("| severity | findings |\n|---|---|\n| critical | 1 |"))
		for _, f := range rep.Findings {
			Expect(string(md)).To(ContainSubstring("## " + f.ID + ". " + f.Title))
			Expect(filepath.Join(out, f.Flow)).To(BeAnExistingFile())
			Expect(f.Steps).NotTo(BeEmpty())
			Expect(f.Steps[0]).To(HavePrefix("Open "))
			if f.Screenshot != "" {
				Expect(filepath.Join(out, f.Screenshot)).To(BeAnExistingFile())
			}
		}
		js, err := os.ReadFile(filepath.Join(out, "explore-report.json"))
		Expect(err).NotTo(HaveOccurred())
		Expect(string(js)).To(ContainSubstring(`"kind": "dead_control"`))
	})
})

var _ = Describe("a walk of the fixed app", func() {
	It("finds nothing", func() {
		fixed := exploresite.ServeFixed("../testdata/explore")
		defer fixed.Close()
		rep, err := explore.Run(context.Background(), walkOpts(fixed.URL+"/"))
		Expect(err).NotTo(HaveOccurred())
		Expect(titles(rep)).To(BeEmpty())
		Expect(fixed.Deletes.Load() + fixed.Logouts.Load() + fixed.PartnerHits.Load()).To(BeZero())
	})
})

func indexOf(s explore.Severity) int {
	for i, x := range explore.Severities() {
		if x == s {
			return i
		}
	}
	return -1
}

// runFlows runs the flows of dir on the app at base.
func runFlows(dir, base string) *results.Run {
	GinkgoHelper()
	list, err := flows.LoadAll([]string{dir}, flows.LoadOptions{BaseURL: base})
	Expect(err).NotTo(HaveOccurred())
	run, err := runner.Run(context.Background(), runner.Config{Use: shared, BaseURL: base, Workers: 2,
		ArtifactsDir: GinkgoT().TempDir()}, list)
	Expect(err).NotTo(HaveOccurred())
	return run
}

// shopHTML is the one document a server serves both at /shop/ and at
// /shop/index.html, as nginx or Apache do: with a planted bug, a button
// that does nothing.
const shopHTML = `<!doctype html><html lang="en"><head><title>Shop</title></head><body><main>
<h1>Shop</h1><p>Our products.</p><button type="button">Compare</button>
<a href="/">Home</a></main></body></html>`

var _ = Describe("a walk of a site that serves one document at two addresses", func() {
	It("walks it as one page and reports its bug once", func() {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			switch r.URL.Path {
			case "/":
				fmt.Fprint(w, `<!doctype html><html lang="en"><head><title>Home</title></head><body><main><h1>Home</h1>
<a href="/shop/">Shop</a> <a href="/shop/index.html">Our shop</a> <a href="/shop/index.html#top">Shop top</a></main></body></html>`)
			case "/shop/", "/shop/index.html":
				fmt.Fprint(w, shopHTML)
			default:
				http.NotFound(w, r)
			}
		}))
		defer srv.Close()
		rep, err := explore.Run(context.Background(), explore.Options{URL: srv.URL + "/", Use: shared})
		Expect(err).NotTo(HaveOccurred())
		var paths []string
		for _, p := range rep.Pages {
			paths = append(paths, urlOf(p.URL).Path)
		}
		Expect(paths).To(Equal([]string{"/", "/shop/"}))
		Expect(titles(rep)).To(Equal([]string{"F1 medium Clicking the button \"Compare\" on /shop/ does nothing"}))
		var why []string
		for _, s := range rep.Skipped {
			why = append(why, s.Why)
		}
		Expect(why).To(ContainElement("it is the same document as " + srv.URL + "/shop/"))
	})
})

func urlOf(s string) *url.URL {
	GinkgoHelper()
	u, err := url.Parse(s)
	Expect(err).NotTo(HaveOccurred())
	return u
}
