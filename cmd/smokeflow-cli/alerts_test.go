package main

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sync/atomic"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/internal/pgtest"
)

// changeKinds are the kinds of a post's changes, "KIND FLOW".
func changeKinds(p map[string]any) []string {
	out := []string{}
	cs, _ := p["changes"].([]any)
	for _, c := range cs {
		m := c.(map[string]any)
		out = append(out, fmt.Sprint(m["kind"], " ", m["flow"]))
	}
	return out
}

// sqliteStore and postgresStore are a new store of each kind.
func sqliteStore() string { return "sqlite:" + filepath.Join(GinkgoT().TempDir(), "nightly.db") }

func postgresStore() string {
	c, err := pgtest.Start()
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(c.Stop)
	url, err := c.URL("alerts")
	Expect(err).NotTo(HaveOccurred())
	return url
}

// docs/running.md "Alerts"
var _ = Describe("alerts on change", func() {
	DescribeTable("two failing nights then a passing one post exactly one failing and one recovered", func(newStore func() string) {
		var broken atomic.Bool
		shop, flowsDir, store, h := nightlyShop(&broken), nightlyFlows(), newStore(), newWebhook(http.StatusOK)
		GinkgoT().Setenv("GITHUB_RUN_ID", "")
		// the cron of docs/running.md "Alerts"; --notify-on change is the
		// default with --history
		night := func() (int, string) {
			return smokeflow("run", "--history", store, "--env-label", "staging", "--base-url", shop.URL,
				"--artifacts", GinkgoT().TempDir(), "--notify", h.srv.URL+"/services/T0/B0/token",
				"--report-url", "https://ci.example.com/smoke/latest", flowsDir)
		}
		broken.Store(true)
		code, out := night()
		Expect(code).To(Equal(1), out)
		Expect(h.posts()).To(HaveLen(1), out)
		code, out = night()
		Expect(code).To(Equal(1), out)
		Expect(h.posts()).To(HaveLen(1), "a flow still failing is not posted again before --renotify")
		broken.Store(false)
		code, out = night()
		Expect(code).To(Equal(0), out)
		Expect(out).NotTo(ContainSubstring("warning"))

		posts := h.posts()
		Expect(posts).To(HaveLen(2))
		failing, recovered := posts[0], posts[1]
		Expect(changeKinds(failing)).To(Equal([]string{"failing Checkout"}))
		Expect(failing["text"]).To(HavePrefix("🔴 1 failing\n• failing: Checkout ("))
		Expect(failing["text"]).To(ContainSubstring("❌ smokeflow run failed in staging: 1 passed, 1 failed of 2 flows"))
		Expect(failing).To(HaveKeyWithValue("env_label", "staging"))
		Expect(changeKinds(recovered)).To(Equal([]string{"recovered Checkout"}))
		Expect(recovered["text"]).To(HavePrefix("🟢 1 recovered\n• recovered: Checkout ("))
		Expect(recovered["status"]).To(Equal("passed"))
		blocks := recovered["blocks"].([]any)
		Expect(blocks).To(HaveLen(3))
		Expect(blocks[0]).To(HaveKeyWithValue("text", HaveKeyWithValue("text", HavePrefix("*🟢 1 recovered*"))))
		Expect(blocks[2]).To(HaveKeyWithValue("elements", ContainElement(HaveKeyWithValue("text", "<https://ci.example.com/smoke/latest|report>"))))
	},
		Entry("in SQLite", sqliteStore),
		Entry("in PostgreSQL", postgresStore),
	)

	It("posts a run that cannot run, exit 2 or 3, whatever changed", func() {
		h := newWebhook(http.StatusOK)
		store := sqliteStore()
		dir := GinkgoT().TempDir()
		flow := filepath.Join(dir, "login.yaml")
		Expect(os.WriteFile(flow, []byte("name: Login\nsteps:\n  - open: /\n  - fill: { target: Password, value: \"${env.SF_ALERTS_PASSWORD}\" }\n"), 0o644)).To(Succeed())
		GinkgoT().Setenv("SF_ALERTS_PASSWORD", "")
		os.Unsetenv("SF_ALERTS_PASSWORD")
		code, out := smokeflow("run", "--history", store, "--env-label", "staging", "--base-url", site.URL,
			"--notify", h.srv.URL, flow)
		Expect(code).To(Equal(2), out)
		Expect(h.posts()).To(HaveLen(1), out)
		p := h.posts()[0]
		Expect(p).To(HaveKeyWithValue("status", "error"))
		Expect(p["text"]).To(HavePrefix("⚠️ smokeflow run could not run in staging on " + site.URL + "\n"))
		Expect(p["text"]).To(ContainSubstring(`SF_ALERTS_PASSWORD`))

		code, out = smokeflow(append([]string{"run", "--history", store, "--base-url", site.URL, "--artifacts", GinkgoT().TempDir(),
			"--notify", h.srv.URL}, append(noBrowser, "../../testdata/cli/ok.yaml")...)...)
		Expect(code).To(Equal(3), out)
		Expect(h.posts()).To(HaveLen(2), out)
		Expect(h.posts()[1]).To(HaveKeyWithValue("status", "error"))
	})

	It("says a store it cannot reach and notifies as without history, exit code unchanged", func() {
		var broken atomic.Bool
		broken.Store(true)
		shop, flowsDir, h := nightlyShop(&broken), nightlyFlows(), newWebhook(http.StatusOK)
		port, err := pgtest.FreePort()
		Expect(err).NotTo(HaveOccurred())
		store := fmt.Sprintf("postgres://smoke@127.0.0.1:%d/history", port)
		code, out := smokeflow("run", "--history", store, "--base-url", shop.URL, "--artifacts", GinkgoT().TempDir(),
			"--notify", h.srv.URL, flowsDir)
		Expect(code).To(Equal(1), out)
		Expect(out).To(ContainSubstring("smokeflow: warning: the run is not recorded: history store " + store + ": cannot open it"))
		Expect(out).To(ContainSubstring("smokeflow: warning: without its history store, --notify-on change cannot compare this run with the last one: the notification goes as --notify-on failure's"))
		Expect(h.posts()).To(HaveLen(1))
		Expect(h.posts()[0]).To(HaveKeyWithValue("status", "failed"))
		Expect(h.posts()[0]).NotTo(HaveKey("changes"))
	})

	It("checks --notify-on, --flaky-alert and --renotify, exit 2", func() {
		for _, c := range []struct {
			args []string
			want string
		}{
			{[]string{"--notify", "http://127.0.0.1:9/x", "--notify-on", "change"}, "--notify-on change compares each flow with its last recorded run: it needs --history URL or $SMOKEFLOW_HISTORY"},
			{[]string{"--notify", "http://127.0.0.1:9/x", "--notify-on", "sometimes"}, `--notify-on "sometimes": give one of change, failure, always`},
			{[]string{"--notify-on", "failure"}, "--notify-on needs --notify URL: the webhook to post to"},
			{[]string{"--flaky-alert", "20"}, "--flaky-alert 20: give a rate from 0 to 1"},
		} {
			GinkgoT().Setenv("SMOKEFLOW_HISTORY", "")
			code, out := smokeflow(append(append([]string{"run", "--base-url", site.URL}, c.args...), append(noBrowser, "../../testdata/cli/ok.yaml")...)...)
			Expect(code).To(Equal(2), out)
			Expect(out).To(ContainSubstring(c.want))
		}
	})
})
