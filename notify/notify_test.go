package notify_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/notify"
	"github.com/smokeflow/smokeflow/results"
)

// hook is a webhook that records what it was sent and answers each post
// with the next status of answers (200 once they run out).
type hook struct {
	mu      sync.Mutex
	bodies  [][]byte
	answers []int
	srv     *httptest.Server
}

func newHook(answers ...int) *hook {
	h := &hook{answers: answers}
	h.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, err := io.ReadAll(r.Body)
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Method).To(Equal(http.MethodPost))
		Expect(r.Header.Get("Content-Type")).To(Equal("application/json"))
		h.mu.Lock()
		h.bodies = append(h.bodies, b)
		code := http.StatusOK
		if len(h.answers) > 0 {
			code, h.answers = h.answers[0], h.answers[1:]
		}
		h.mu.Unlock()
		w.WriteHeader(code)
	}))
	DeferCleanup(h.srv.Close)
	return h
}

func (h *hook) posts() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.bodies)
}

func failedRun() *results.Run {
	start := time.Date(2026, 3, 14, 2, 0, 0, 0, time.UTC)
	return &results.Run{
		SchemaVersion: 1, StartedAt: start, Duration: 83 * time.Second, BaseURL: "https://staging.example.com",
		Flows: []*results.Flow{
			{Name: "Home", File: "flows/home.yaml", Status: results.Passed},
			{Name: "Checkout", File: "flows/checkout.yaml", Status: results.Failed, Attempts: []*results.Attempt{{
				Number: 1, Status: results.Failed,
				Failure: &results.Failure{
					Message:   `step 3 (flows/checkout.yaml:12) click "Place order": no element matches "Place order"`,
					StepIndex: "3", Action: "click", Target: "Place order", File: "flows/checkout.yaml", Line: 12,
					Reason: diagnostics.ReasonNotFound,
				},
			}}},
			{Name: "Search", File: "flows/search.yaml", Status: results.Flaky},
		},
	}
}

var _ = Describe("a notification", func() {
	It("holds a readable text and the facts as fields", func() {
		p := notify.Build(failedRun(), notify.Options{ReportURL: "https://ci.example.com/runs/7"})
		Expect(p.Status).To(Equal(notify.StatusFailed))
		Expect(p.Summary).To(Equal(results.Summary{Total: 3, Passed: 1, Failed: 1, Flaky: 1}))
		Expect(p.Failed).To(HaveLen(1))
		Expect(p.Failed[0].Name).To(Equal("Checkout"))
		Expect(*p.Failed[0].Step).To(Equal(notify.FailedStep{Index: "3", File: "flows/checkout.yaml", Line: 12, Action: "click",
			Target: "Place order", Reason: diagnostics.ReasonNotFound,
			Message: `step 3 (flows/checkout.yaml:12) click "Place order": no element matches "Place order"`}))
		Expect(p.Text).To(Equal("❌ smokeflow run failed: 1 passed, 1 failed, 1 flaky of 3 flows in 1m23s on https://staging.example.com\n" +
			`• Checkout (flows/checkout.yaml): step 3 (flows/checkout.yaml:12) click "Place order": no element matches "Place order" [not_found]` + "\n" +
			"report: https://ci.example.com/runs/7"))
	})

	It("names the reports written when there is no report URL", func() {
		p := notify.Build(failedRun(), notify.Options{Reports: []string{"out/junit.xml", "out/report.md"}})
		Expect(p.Text).To(HaveSuffix("\nreports: out/junit.xml, out/report.md"))
		Expect(p.Reports).To(Equal([]string{"out/junit.xml", "out/report.md"}))
	})

	It("is due after a failed, interrupted or broken run, and after a passing one only when always", func() {
		o := notify.Options{URLs: []string{"http://x"}}
		passed := &results.Run{Flows: []*results.Flow{{Status: results.Passed}}}
		Expect(notify.Due(failedRun(), o)).To(BeTrue())
		Expect(notify.Due(passed, o)).To(BeFalse())
		Expect(notify.Due(&results.Run{Interrupted: true}, o)).To(BeTrue())
		Expect(notify.Due(passed, notify.Options{URLs: o.URLs, Error: "no browser"})).To(BeTrue())
		Expect(notify.Due(passed, notify.Options{URLs: o.URLs, On: notify.OnAlways})).To(BeTrue())
		Expect(notify.Due(failedRun(), notify.Options{})).To(BeFalse(), "no webhook")
	})
})

var _ = Describe("sending", func() {
	It("posts the JSON payload to every webhook", func() {
		a, b := newHook(), newHook()
		errs := notify.Send(context.Background(), failedRun(), notify.Options{URLs: []string{a.srv.URL, b.srv.URL + "/services/T0/B0/secret"}})
		Expect(errs).To(BeEmpty())
		Expect(a.posts()).To(Equal(1))
		Expect(b.posts()).To(Equal(1))
		var got map[string]any
		Expect(json.Unmarshal(a.bodies[0], &got)).To(Succeed())
		Expect(got["text"]).To(HavePrefix("❌ smokeflow run failed"))
		Expect(got["status"]).To(Equal("failed"))
		Expect(got["summary"]).To(HaveKeyWithValue("failed", BeNumerically("==", 1)))
	})

	It("retries a webhook that answers non-2xx once, then gives up with an error that hides the URL's path", func() {
		h := newHook(http.StatusInternalServerError, http.StatusBadGateway, http.StatusOK)
		errs := notify.Send(context.Background(), failedRun(), notify.Options{URLs: []string{h.srv.URL + "/hooks/secret-token"}, RetryDelay: time.Millisecond})
		Expect(h.posts()).To(Equal(2), "one try and one retry")
		Expect(errs).To(HaveLen(1))
		Expect(errors.Is(errs[0], notify.ErrStatus)).To(BeTrue())
		Expect(errs[0].Error()).To(ContainSubstring("500 Internal Server Error; then the webhook answered 502 Bad Gateway"))
		Expect(errs[0].Error()).NotTo(ContainSubstring("secret-token"))
	})

	It("takes a retry that succeeds", func() {
		h := newHook(http.StatusServiceUnavailable)
		Expect(notify.Send(context.Background(), failedRun(), notify.Options{URLs: []string{h.srv.URL}, RetryDelay: time.Millisecond})).To(BeEmpty())
		Expect(h.posts()).To(Equal(2))
	})

	It("bounds a webhook that does not answer by the timeout", func() {
		release := make(chan struct{})
		slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-release:
			case <-r.Context().Done():
			}
		}))
		DeferCleanup(slow.Close)
		DeferCleanup(func() { close(release) })
		errs := notify.Send(context.Background(), failedRun(), notify.Options{URLs: []string{slow.URL + "/x"},
			Timeout: 50 * time.Millisecond, RetryDelay: time.Millisecond})
		Expect(errs).To(HaveLen(1))
		Expect(errors.Is(errs[0], context.DeadlineExceeded)).To(BeTrue())
		Expect(errs[0].Error()).To(ContainSubstring("no answer within 50ms"))
	})

	It("sends nothing after a passing run unless always", func() {
		h := newHook()
		passed := &results.Run{Flows: []*results.Flow{{Name: "Home", Status: results.Passed}}}
		Expect(notify.Send(context.Background(), passed, notify.Options{URLs: []string{h.srv.URL}})).To(BeEmpty())
		Expect(h.posts()).To(Equal(0))
		Expect(notify.Send(context.Background(), passed, notify.Options{URLs: []string{h.srv.URL}, On: notify.OnAlways})).To(BeEmpty())
		Expect(h.posts()).To(Equal(1))
		Expect(string(h.bodies[0])).To(ContainSubstring(`"text":"✅ smokeflow run passed: 1 passed of 1 flows`))
	})

	It("shows a webhook by its host only", func() {
		Expect(notify.Endpoint("https://hooks.slack.com/services/T0/B0/XXXX")).To(Equal("https://hooks.slack.com/…"))
		Expect(notify.Endpoint("http://127.0.0.1:8080")).To(Equal("http://127.0.0.1:8080"))
		Expect(strings.Contains(notify.Endpoint("https://x.test/?token=abc"), "abc")).To(BeFalse())
	})
})

var _ = Describe("a failed step's target", func() {
	It("is the target as the flow wrote it: a phrase plain, a target of keys as messages write it", func() {
		target := func(t *flows.Target) string {
			run := failedRun()
			run.Flows[1].Final().Failure.Target = t.String() // as the session records it
			return notify.Build(run, notify.Options{}).Failed[0].Step.Target
		}
		Expect(target(&flows.Target{Phrase: "Place order"})).To(Equal("Place order"))
		Expect(target(&flows.Target{Phrase: `Say "hi"`})).To(Equal(`Say "hi"`))
		Expect(target(&flows.Target{Ref: "e3"})).To(Equal("@e3"))
		Expect(target(&flows.Target{Role: "button", Name: "Sign in"})).To(Equal(`role="button" name="Sign in"`))
		b, err := json.Marshal(notify.Build(func() *results.Run {
			run := failedRun()
			run.Flows[1].Final().Failure.Target = (&flows.Target{Phrase: "Place order"}).String()
			return run
		}(), notify.Options{}))
		Expect(err).NotTo(HaveOccurred())
		Expect(string(b)).To(ContainSubstring(`"target":"Place order"`))
	})
})
