// Command snapstat takes smokeflow's snapshot of one page the way
// bench/playwright/snapshot.js takes Playwright's, for bench/run.sh:
//
//	snapstat NAME URL OUTDIR [REPEAT]
//
// NAME picks the preparation: "search" waits for "3 products found",
// "checkout" puts a product in the cart first. It writes
// OUTDIR/snap-smokeflow-NAME.txt (the interactive snapshot, as
// `smokeflow snapshot` prints it) and prints JSON: characters, refs, the
// median time of a snapshot (Page.Snapshot + Render) over REPEAT
// snapshots after five untimed ones, and the time from start to the first snapshot (launch
// included).
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "snapstat:", err)
		os.Exit(1)
	}
}

func run() error {
	if len(os.Args) < 4 {
		return fmt.Errorf("usage: snapstat NAME URL OUTDIR [REPEAT]")
	}
	name, target, outdir := os.Args[1], os.Args[2], os.Args[3]
	repeat := 10
	if len(os.Args) > 4 {
		n, err := strconv.Atoi(os.Args[4])
		if err != nil {
			return err
		}
		repeat = n
	}
	t0 := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	b, err := browser.Launch(ctx, browser.Options{Bin: os.Getenv("CHROMIUM")})
	if err != nil {
		return err
	}
	defer b.Close()
	u, err := url.Parse(target)
	if err != nil {
		return err
	}
	openURL := target
	if name == "checkout" {
		openURL = u.Scheme + "://" + u.Host + "/"
	}
	bc, p, err := b.OpenPage(ctx, browser.PageOptions{}, openURL, "load")
	if err != nil {
		return err
	}
	defer bc.Close()
	if name == "checkout" {
		if _, err := p.Eval(ctx, `fetch('/cart/add', {method: 'POST', body: new URLSearchParams({id: 'blue-mug', qty: '2'})}).then(r => r.status)`); err != nil {
			return err
		}
		if _, err := p.Navigate(ctx, target, "load"); err != nil {
			return err
		}
	}
	if name == "search" {
		wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
		_, err := p.Find(wctx, &flows.Target{Text: "3 products found"}, browser.FindOptions{Wait: true})
		wcancel()
		if err != nil {
			return err
		}
	}
	snap, err := p.TakeSnapshot(ctx)
	if err != nil {
		return err
	}
	text := snap.Render(locate.RenderOptions{})
	first := time.Since(t0)
	// Four more untimed snapshots: with the first, the warm-up both tools
	// get (bench/playwright/snapshot.js does the same). Chromium's
	// accessibility tree is slow to read the first few times on a page.
	for range 4 {
		if _, err := p.Snapshot(ctx); err != nil {
			return err
		}
	}
	var times []float64
	for range repeat {
		s := time.Now()
		snap, err = p.Snapshot(ctx)
		if err != nil {
			return err
		}
		text = snap.Render(locate.RenderOptions{})
		times = append(times, float64(time.Since(s))/1e6)
	}
	slices.Sort(times)
	median := 0.0
	if n := len(times); n > 0 {
		median = times[n/2]
		if n%2 == 0 {
			median = (times[n/2-1] + times[n/2]) / 2
		}
	}
	if err := os.WriteFile(filepath.Join(outdir, "snap-smokeflow-"+name+".txt"), []byte(text), 0o644); err != nil {
		return err
	}
	return json.NewEncoder(os.Stdout).Encode(map[string]any{
		"tool": "smokeflow", "page": name, "chars": utf8.RuneCountInString(text), "refs": len(snap.Refs),
		"median_ms": median, "first_ms": float64(first) / 1e6,
	})
}
