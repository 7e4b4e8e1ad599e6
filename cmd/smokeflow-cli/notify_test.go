package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// webhook records the JSON posted to it and answers every post with code.
type webhook struct {
	mu     sync.Mutex
	bodies []map[string]any
	srv    *httptest.Server
}

func newWebhook(code int) *webhook {
	h := &webhook{}
	h.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, err := io.ReadAll(r.Body)
		Expect(err).NotTo(HaveOccurred())
		var m map[string]any
		Expect(json.Unmarshal(b, &m)).To(Succeed(), string(b))
		h.mu.Lock()
		h.bodies = append(h.bodies, m)
		h.mu.Unlock()
		w.WriteHeader(code)
	}))
	DeferCleanup(h.srv.Close)
	return h
}

func (h *webhook) posts() []map[string]any {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]map[string]any(nil), h.bodies...)
}

var _ = Describe("run --notify", func() {
	It("posts a Slack-shaped summary of a failed run, with its first failing step and the report", func() {
		h := newWebhook(http.StatusOK)
		dir := GinkgoT().TempDir()
		GinkgoT().Setenv("GITHUB_RUN_ID", "") // the report link is --report-url's
		code, out := smokeflow("run", "--artifacts", dir, "--notify", h.srv.URL+"/services/T0/B0/token",
			"--report-url", "https://ci.example.com/runs/42", "--report", "junit="+filepath.Join(dir, "junit.xml"),
			"../../testdata/cli/unreachable.yaml")
		Expect(code).To(Equal(1), out)
		posts := h.posts()
		Expect(posts).To(HaveLen(1))
		p := posts[0]
		// Slack (and Mattermost, Teams, Google Chat) show `text`
		Expect(p["text"]).To(HavePrefix("❌ smokeflow run failed: 0 passed, 1 failed of 1 flows"))
		Expect(p["text"]).To(ContainSubstring("• Unreachable server (../../testdata/cli/unreachable.yaml): step 1 (../../testdata/cli/unreachable.yaml:3) open"))
		Expect(p["text"]).To(HaveSuffix("report: https://ci.example.com/runs/42"))
		Expect(p).To(HaveKeyWithValue("status", "failed"))
		Expect(p).To(HaveKeyWithValue("report_url", "https://ci.example.com/runs/42"))
		Expect(p).To(HaveKeyWithValue("reports", ConsistOf(filepath.Join(dir, "junit.xml"))))
		Expect(p["summary"]).To(HaveKeyWithValue("failed", BeNumerically("==", 1)))
		failed := p["failed"].([]any)
		Expect(failed).To(HaveLen(1))
		step := failed[0].(map[string]any)["step"].(map[string]any)
		Expect(step).To(HaveKeyWithValue("index", "1"))
		Expect(step).To(HaveKeyWithValue("line", BeNumerically("==", 3)))
		Expect(step).To(HaveKeyWithValue("action", "open"))
		Expect(step).To(HaveKeyWithValue("reason", "navigation"))
	})

	It("sends nothing after a passing run, unless --notify-always", func() {
		h := newWebhook(http.StatusOK)
		run := []string{"run", "--base-url", site.URL, "--artifacts", GinkgoT().TempDir(), "--notify", h.srv.URL, "../../testdata/cli/ok.yaml"}
		code, out := smokeflow(run...)
		Expect(code).To(Equal(0), out)
		Expect(h.posts()).To(BeEmpty())
		code, out = smokeflow(append(run, "--notify-always")...)
		Expect(code).To(Equal(0), out)
		Expect(h.posts()).To(HaveLen(1))
		Expect(h.posts()[0]).To(HaveKeyWithValue("status", "passed"))
	})

	It("logs a webhook that answers 500, retried once, and keeps the run's exit code", func() {
		down := newWebhook(http.StatusInternalServerError)
		code, out := smokeflow("run", "--base-url", site.URL, "--artifacts", GinkgoT().TempDir(), "--notify", down.srv.URL+"/hook/token",
			"--notify-always", "../../testdata/cli/ok.yaml")
		Expect(code).To(Equal(0), out)
		Expect(down.posts()).To(HaveLen(2), "one try and one retry")
		Expect(out).To(ContainSubstring("smokeflow: warning: notifying " + down.srv.URL + "/… failed 2 times: the webhook answered 500 Internal Server Error"))
		Expect(out).NotTo(ContainSubstring("/hook/token"))

		code, out = smokeflow("run", "--artifacts", GinkgoT().TempDir(), "--notify", down.srv.URL, "../../testdata/cli/unreachable.yaml")
		Expect(code).To(Equal(1), out)
	})

	It("rejects a webhook that is not a web address, and --notify-always alone, exit 2", func() {
		code, out := smokeflow("run", "--base-url", site.URL, "--notify", "hooks.example.com/T0/secret", "../../testdata/cli/ok.yaml")
		Expect(code).To(Equal(2), out)
		Expect(out).To(ContainSubstring("--notify takes a whole http:// or https:// URL"))
		Expect(out).NotTo(ContainSubstring("secret"))
		code, out = smokeflow("run", "--base-url", site.URL, "--notify-always", "../../testdata/cli/ok.yaml")
		Expect(code).To(Equal(2), out)
		Expect(out).To(ContainSubstring("--notify-always needs --notify URL"))
	})
})
