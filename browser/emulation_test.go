package browser

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/go-rod/rod/lib/proto"
	"github.com/smokeflow/smokeflow/flows"
)

// Every name of the permissions table is one Browser.grantPermissions
// takes (docs/flows.md "Devices and places"): a name that maps to a
// permission type Chromium does not know would fail every flow naming it.
func TestPermissionsTableIsWhatChromiumGrants(t *testing.T) {
	ctx, c := freshContext(t)
	for _, p := range flows.Permissions() {
		if err := c.GrantPermissions(ctx, []string{p.Name}); err != nil {
			t.Errorf("%s (%s): %v", p.Name, p.Chromium, err)
		}
	}
	// the check can fail: a type Chromium does not know is refused
	err := proto.BrowserGrantPermissions{Permissions: []proto.BrowserPermissionType{"clipboardRead"}, BrowserContextID: c.id}.Call(sharedBrowser(t).rod.Context(ctx))
	if err == nil {
		t.Fatal("Browser.grantPermissions took an unknown permission type: the test above proves nothing")
	}
}

// An out-of-process iframe (another site) keeps its page's time zone,
// locale (its Accept-Language header too) and clock: they are set on its own target too (emulation.go
// frameCalls).
func TestCrossSiteFrameKeepsThePlaces(t *testing.T) {
	b := sharedBrowser(t)
	inner := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		_, _ = fmt.Fprintf(w, `<!doctype html><script>parent.postMessage([Intl.DateTimeFormat().resolvedOptions().timeZone, navigator.language, new Date().toISOString(), %q].join(' '), '*')</script>`,
			r.Header.Get("Accept-Language"))
	}))
	t.Cleanup(inner.Close)
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(inner.URL, "http://"))
	frameURL := "http://localhost:" + port + "/" // another site than 127.0.0.1
	outer := serveHTML(t, fmt.Sprintf(`<!doctype html><title>outer</title><script>window.got = new Promise(r => addEventListener('message', e => r(e.data)))</script><iframe src="%s"></iframe>`, frameURL))
	ctx, cancel := context.WithTimeout(context.Background(), stubDeadline)
	defer cancel()
	c, err := b.NewContext(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	at := time.Date(2024, 2, 29, 10, 0, 0, 0, time.UTC)
	o := PageOptions{Emulation: Emulation{Locale: "fr-FR", Timezone: "Asia/Tokyo", Clock: &flows.Clock{At: at, Fixed: true}}}
	p, err := c.OpenPage(ctx, o, outer.URL, "load")
	if err != nil {
		t.Fatal(err)
	}
	r, err := p.Eval(ctx, "window.got")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := r.Value.Str(), "Asia/Tokyo fr-FR 2024-02-29T10:00:00.000Z fr-FR"; got != want {
		t.Fatalf("the frame sees %q, want %q", got, want)
	}
	if n := len(p.Sessions()); n < 2 {
		t.Logf("the frame was not out of process (%d sessions): the test ran in-process only", n)
	}
}
