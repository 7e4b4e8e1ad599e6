package browser

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-rod/rod/lib/proto"

	"github.com/smokeflow/smokeflow/internal/procs"
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

// A context's page is the only thing Chromium runs for it: a headless
// window comes with no omnibox popup of its own, a page of browser UI
// with a renderer process of its own for every context, loaded and never
// shown (docs/running.md "The browser").
func TestAContextsPageIsItsOnlyTarget(t *testing.T) {
	b := sharedBrowser(t)
	ctx, cancel := context.WithTimeout(context.Background(), stubDeadline)
	defer cancel()
	renderers := func() []int {
		var pids []int
		for _, p := range procs.Below(b.PID(), func(p procs.Proc) bool { return strings.Contains(p.Cmdline, "--type=renderer") }) {
			pids = append(pids, p.PID)
		}
		return pids
	}
	before := renderers()
	c, err := b.NewContext(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = c.Close() }()
	if _, err := c.OpenPage(ctx, PageOptions{}, "about:blank", "load"); err != nil {
		t.Fatal(err)
	}
	all, err := proto.TargetGetTargets{}.Call(b.rod.Context(ctx))
	if err != nil {
		t.Fatal(err)
	}
	var mine []string
	for _, ti := range all.TargetInfos {
		if ti.BrowserContextID == c.id {
			mine = append(mine, string(ti.Type)+" "+ti.URL)
		}
	}
	if !slices.Equal(mine, []string{"page about:blank"}) {
		t.Errorf("the context holds %q, want its page alone", mine)
	}
	var started []int
	for _, pid := range renderers() {
		if !slices.Contains(before, pid) {
			started = append(started, pid)
		}
	}
	if len(started) != 1 {
		t.Errorf("%d renderer processes started for one page, want 1: %v", len(started), started)
	}
}

func TestHeadedRefusesAHeadlessShell(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "chrome-headless-shell")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := Launch(context.Background(), Options{Bin: bin, Headed: true})
	var be *BrowserError
	if !errors.As(err, &be) || !strings.Contains(be.Msg, "headless shell") || !strings.Contains(be.Fix, "--headed") {
		t.Fatalf("a headed launch of a headless shell: got %v, want the error that names it and the fix", err)
	}
}
