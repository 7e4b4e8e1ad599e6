package browser

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
)

// Downloads of one context are its own (docs/flows.md "Downloads"):
// Chromium sends Browser.downloadWillBegin to every browser session that
// asked for download events, so two contexts downloading in the same
// browser must not see each other's files.
func TestDownloadsAreTheContextsOwn(t *testing.T) {
	b := sharedBrowser(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/" {
			w.Header().Set("Content-Type", "text/html")
			_, _ = w.Write([]byte(`<!doctype html><title>Files</title><a href="/file?n=a" download="a.csv">A</a><a href="/file?n=b" download="b.csv">B</a>` +
				`<iframe srcdoc="<a href='/file?n=framed' download='framed.csv'>F</a>"></iframe>`))
			return
		}
		w.Header().Set("Content-Type", "text/csv")
		_, _ = w.Write([]byte("name\n" + r.URL.Query().Get("n") + "\n"))
	}))
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithTimeout(context.Background(), stubDeadline)
	defer cancel()
	open := func() (*Context, *Page) {
		c, err := b.NewContext(ctx)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = c.Close() })
		if err := c.EnableDownloads(ctx, t.TempDir()); err != nil {
			t.Fatal(err)
		}
		p, err := c.OpenPage(ctx, PageOptions{}, srv.URL, "load")
		if err != nil {
			t.Fatal(err)
		}
		return c, p
	}
	download := func(c *Context, p *Page, js string, n int) []Download {
		t.Helper()
		if _, err := p.Eval(ctx, js); err != nil {
			t.Fatal(err)
		}
		var got []Download
		err := c.WaitDownloads(ctx, func(l []Download) bool {
			got = l
			return len(l) >= n && l[n-1].Done()
		})
		if err != nil {
			t.Fatalf("waiting for download %d: %v (saw %+v)", n, err, got)
		}
		return got
	}
	ca, pa := open()
	cb, pb := open()
	download(ca, pa, `document.querySelector('a[download="a.csv"]').click()`, 1)
	// b's events arrive in order: once b has seen its own download, it has
	// seen a's too, and must have let it pass
	got := download(cb, pb, `document.querySelector('a[download="b.csv"]').click()`, 1)
	if len(got) != 1 || got[0].Name != "b.csv" {
		t.Fatalf("context b sees %+v, want only b.csv", got)
	}
	// a download a frame of the page starts is the context's too
	got = download(cb, pb, `document.querySelector('iframe').contentDocument.querySelector('a').click()`, 2)
	if len(got) != 2 || got[1].Name != "framed.csv" {
		t.Fatalf("context b sees %+v, want b.csv then framed.csv", got)
	}
	if got, _ := ca.Downloads(); len(got) != 1 || got[0].Name != "a.csv" {
		t.Fatalf("context a sees %+v, want only a.csv", got)
	}
}
