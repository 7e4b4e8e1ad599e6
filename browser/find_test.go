package browser

import (
	"os"
	"path/filepath"
	"testing"
)

// A headless run takes Chromium's headless shell when there is one, a
// headed run the full browser (docs/running.md "The browser").
func TestFindBrowserPrefersTheHeadlessShellHeadless(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"chromium", "chrome-headless-shell"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", dir)
	t.Setenv("SMOKEFLOW_BROWSER", "")
	kept := shellPlaces
	shellPlaces = []string{filepath.Join(dir, "no-such-shell")}
	t.Cleanup(func() { shellPlaces = kept })

	for _, c := range []struct {
		headed bool
		want   string
	}{{false, "chrome-headless-shell"}, {true, "chromium"}} {
		got, err := FindBrowser("", c.headed)
		if err != nil || got != filepath.Join(dir, c.want) {
			t.Errorf("headed %v: got %q, %v; want %s", c.headed, got, err, c.want)
		}
	}
	// given, the browser is the one given, headless or not
	if got, _ := FindBrowser("chromium", false); got != filepath.Join(dir, "chromium") {
		t.Errorf("--browser chromium: got %q", got)
	}
	t.Setenv("SMOKEFLOW_BROWSER", filepath.Join(dir, "chromium"))
	if got, _ := FindBrowser("", false); got != filepath.Join(dir, "chromium") {
		t.Errorf("$SMOKEFLOW_BROWSER: got %q", got)
	}
}
