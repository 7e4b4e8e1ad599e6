// Package testpage opens pages for the ginkgo suites that drive Chromium:
// a fresh incognito context per page, closed when the spec ends.
package testpage

import (
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
)

// Open gives a page of b at url, loaded, in a fresh incognito context;
// both are closed after the spec.
func Open(b *browser.Browser, url string) *browser.Page {
	GinkgoHelper()
	return OpenWith(b, url, browser.PageOptions{})
}

// OpenWith is Open with page options (a viewport, secrets to hide).
func OpenWith(b *browser.Browser, url string, o browser.PageOptions) *browser.Page {
	GinkgoHelper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	DeferCleanup(cancel)
	bc, p, err := b.OpenPage(ctx, o, url, "load")
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() { _ = bc.Close() })
	return p
}
