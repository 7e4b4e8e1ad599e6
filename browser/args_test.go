package browser

import (
	"slices"
	"strings"
	"testing"
)

// Chromium reads the last --disable-features only, so the command line
// has one, holding smokeflow's features, site isolation's when it is off,
// and those of ExtraArgs (docs/running.md "The browser").
func TestLaunchArgsHaveOneFeatureList(t *testing.T) {
	args := launchArgs(Options{DisableSiteIsolation: true,
		ExtraArgs: []string{"--disable-features=PaintHolding", "--lang=fr"}}, "/tmp/p")
	var lists []string
	for _, a := range args {
		if v, ok := strings.CutPrefix(a, "--disable-features="); ok {
			lists = append(lists, v)
		}
	}
	if len(lists) != 1 {
		t.Fatalf("want one --disable-features, got %q", lists)
	}
	off := strings.Split(lists[0], ",")
	for _, f := range []string{"SpareRendererForSitePerProcess", "Translate", "site-per-process", "PaintHolding"} {
		if !slices.Contains(off, f) {
			t.Errorf("--disable-features=%s lacks %s", lists[0], f)
		}
	}
	if !slices.Contains(args, "--lang=fr") || !slices.Contains(args, "--disable-site-isolation-trials") {
		t.Errorf("args lack the extra argument or site isolation's switch: %q", args)
	}
	if got := launchArgs(Options{}, "/tmp/p"); slices.Contains(got, "--disable-site-isolation-trials") {
		t.Error("site isolation is on by default")
	}
}
