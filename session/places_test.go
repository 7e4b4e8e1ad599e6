package session_test

import (
	"context"
	"net"
	"net/http/httptest"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
)

// A context with a device holds the tabs its pages open until they are
// set up (browser/hold.go), as the guard does until they are guarded: a
// tab must wait for both (docs/flows.md "Devices and places").
var _ = Describe("allowed domains with a device and places", func() {
	It("still block every channel of the page, its frames, workers and tabs toward another origin", func() {
		b := newCounter()
		DeferCleanup(b.Close)
		var a *httptest.Server = originA(b.URL)
		DeferCleanup(a.Close)
		_, port, _ := net.SplitHostPort(a.Listener.Addr().String())
		allowA, err := flows.ParseDomains([]string{"127.0.0.1:" + port, "localhost:" + port})
		Expect(err).NotTo(HaveOccurred())
		d, err := flows.LookupDevice("Pixel 8")
		Expect(err).NotTo(HaveOccurred())
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		bctx, err := shared.NewContextWith(ctx, browser.ContextOptions{AllowedDomains: allowA})
		Expect(err).NotTo(HaveOccurred())
		DeferCleanup(func() { _ = bctx.Close() })
		o := browser.PageOptions{Emulation: browser.Emulation{Device: d, Locale: "fr-FR", Timezone: "Europe/Paris"}}
		_, err = bctx.OpenPage(ctx, o, a.URL+"/exfil.html", "load")
		Expect(err).NotTo(HaveOccurred())
		Eventually(func() []string { return blockedPaths(bctx, b.URL) }, 10*time.Second, 50*time.Millisecond).Should(ContainElements(channels))
		Expect(b.paths()).To(BeEmpty())
		Expect(bctx.GuardErr()).NotTo(HaveOccurred())
	})
})
