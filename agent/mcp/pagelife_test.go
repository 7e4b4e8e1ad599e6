package mcp_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
	"github.com/smokeflow/smokeflow/browser"
)

var _ = Describe("the tools of the page's life, through the SDK's client on a real page", func() {
	It("find, console, network, tab, dialog, cookies and storage answer as the verbs do, and fail with the fix", func() {
		ctx := context.Background()
		b, err := browser.Launch(ctx, browser.Options{})
		Expect(err).NotTo(HaveOccurred(), "this test drives a real Chromium: install it or set SMOKEFLOW_BROWSER")
		DeferCleanup(func() { Expect(b.Close()).To(Succeed()); browser.ReapZombies() })
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/missing" {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, checkoutHTML+`<script>console.error("cart failed"); fetch("/missing")</script>`)
		}))
		DeferCleanup(srv.Close)
		dir := GinkgoT().TempDir()
		e, err := agent.New(ctx, agent.Options{Use: b, ArtifactsDir: dir, StepTimeout: time.Second})
		Expect(err).NotTo(HaveOccurred())
		DeferCleanup(func() { Expect(e.Close()).To(Succeed()) })
		r := &engineRunner{e: e, dir: dir}
		cs := connect(r)
		text, isErr := call(cs, "navigate", map[string]any{"url": srv.URL + "/checkout"})
		Expect(isErr).To(BeFalse(), text)

		text, isErr = call(cs, "find", map[string]any{"target": "Sign in"})
		Expect(isErr).To(BeFalse(), text)
		Expect(text).To(MatchRegexp(`^- button "Sign in" \[ref=e\d+\]$`))
		text, isErr = call(cs, "find", map[string]any{"target": "Checkout now"})
		Expect(isErr).To(BeTrue())
		Expect(text).To(ContainSubstring(`failed: find Checkout now: no element matches "Checkout now"`))

		Eventually(func() string { t, _ := call(cs, "console", map[string]any{"errors": true}); return t }).
			Should(Equal("[error] cart failed (" + srv.URL + "/checkout:6)"))
		Eventually(func() string { t, _ := call(cs, "network", map[string]any{"failed": true}); return t }).
			Should(MatchRegexp(`^GET ` + srv.URL + `/missing → 404 fetch`))

		text, isErr = call(cs, "tab", map[string]any{"action": "new", "url": "/help"})
		Expect(isErr).To(BeFalse(), text)
		Expect(text).To(ContainSubstring("* 1 " + srv.URL + "/help"))
		text, isErr = call(cs, "tab", map[string]any{"action": "switch", "index": 9})
		Expect(isErr).To(BeTrue())
		Expect(text).To(ContainSubstring("there is no tab 9 (tabs count from 0)"))

		text, isErr = call(cs, "dialog", map[string]any{"action": "dismiss"})
		Expect(isErr).To(BeFalse(), text)
		text, isErr = call(cs, "cookies", map[string]any{"action": "set", "name": "theme", "value": "dark"})
		Expect(isErr).To(BeFalse(), text)
		text, _ = call(cs, "cookies", map[string]any{"action": "get", "name": "theme"})
		Expect(text).To(HavePrefix("theme=dark (domain 127.0.0.1, path /"))
		text, isErr = call(cs, "cookies", map[string]any{"action": "get", "name": "sid"})
		Expect(isErr).To(BeTrue())
		Expect(text).To(ContainSubstring(`the session has no cookie named "sid"; its cookies are: theme`))
		text, isErr = call(cs, "storage", map[string]any{"area": "local", "action": "set", "key": "cart", "value": "2"})
		Expect(isErr).To(BeFalse(), text)
		text, _ = call(cs, "storage", map[string]any{"area": "local", "key": "cart"})
		Expect(text).To(Equal("2"))
		text, isErr = call(cs, "storage", map[string]any{"area": "local", "key": "token"})
		Expect(isErr).To(BeTrue())
		Expect(text).To(ContainSubstring(`localStorage has no key "token"; its keys are: cart`))

		text, isErr = call(cs, "get", map[string]any{"what": "text", "target": "Checkout"})
		Expect(isErr).To(BeFalse(), text)
		Expect(text).To(Equal("Checkout"))
		text, isErr = call(cs, "get", map[string]any{"what": "text", "target": "Nowhere"})
		Expect(isErr).To(BeTrue())
		Expect(text).To(ContainSubstring("reason: not_found"))
		text, isErr = call(cs, "get", map[string]any{"what": "attr", "target": "Home"})
		Expect(isErr).To(BeTrue(), "a malformed command: attr without its name")
		Expect(text).To(ContainSubstring("get: attr takes TARGET NAME"))
		text, isErr = call(cs, "act", map[string]any{"action": "drag", "target": "Nowhere", "value": "Home"})
		Expect(isErr).To(BeTrue())
		Expect(text).To(ContainSubstring("reason: not_found"))
	})
})
