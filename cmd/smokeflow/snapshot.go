package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

// snapshotFlags are the flags of `snapshot`, as pflag returns them.
type snapshotFlags struct {
	full, compact, asJSON    *bool
	selector, bin, cdp, wait *string
}

// newSnapshotCmd is `smokeflow snapshot URL` (docs/targets.md "The
// snapshot").
func newSnapshotCmd() *cobra.Command {
	var sf snapshotFlags
	c := &cobra.Command{
		Use:   "snapshot URL",
		Short: "print the page's accessibility snapshot",
		Long: `Open URL in Chromium and print its accessibility snapshot, as the snapshot step
sees it: the actionable nodes with their refs, and their context
(docs/targets.md "The snapshot").

The page is read once it has settled: redirects followed, no request in
flight, and the renderer idle with the DOM unchanged, for at most --wait; a
note on stderr says when it had not (docs/targets.md "Settling").`,
		Args: cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, pos []string) error {
			return cmdSnapshot(c.Context(), pos, sf, c.OutOrStdout(), c.ErrOrStderr())
		},
	}
	fs := c.Flags()
	sf.full = fs.Bool("full", false, "keep every node, not just actionable ones and their context")
	sf.compact = fs.Bool("compact", false, "keep the visible text next to actionable elements too")
	sf.asJSON = fs.Bool("json", false, "print JSON: each node with ref, role, name, attributes, value, frame, backend node id")
	sf.selector = fs.String("selector", "", "only the subtree of the first element matching this `CSS` selector")
	sf.bin = fs.String("browser", "", "Chromium or Chrome executable")
	sf.cdp = fs.String("cdp", "", "attach to a running browser")
	sf.wait = fs.String("wait", browser.DefaultSettle.String(), "settle for at most this `duration`; or wait for load, domcontentloaded or networkidle only")
	return c
}

// cmdSnapshot prints the snapshot of the page at pos[0], once it has
// settled (docs/targets.md "Settling"); a note on stderr when it did not.
func cmdSnapshot(ctx context.Context, pos []string, sf snapshotFlags, stdout, stderr io.Writer) error {
	full, asJSON, selector, bin, cdp, wait := sf.full, sf.asJSON, sf.selector, sf.bin, sf.cdp, sf.wait
	if len(pos) != 1 {
		return usagef("snapshot takes one URL")
	}
	if *full && *sf.compact {
		return usagef("snapshot takes --full or --compact, not both")
	}
	if err := flows.CheckPageURL(pos[0]); err != nil {
		return usagef("snapshot %v", err) // docs/flows.md "URLs"
	}
	load, bound, err := snapshotWait(*wait)
	if err != nil {
		return err
	}
	b, err := browser.Launch(ctx, browser.Options{Bin: *bin, CDP: *cdp})
	if err != nil {
		return err
	}
	defer b.Close()
	tctx, cancel := context.WithTimeout(ctx, 30*time.Second+bound)
	defer cancel()
	bc, p, err := b.OpenPage(tctx, browser.PageOptions{}, pos[0], load)
	if err != nil {
		return err
	}
	defer bc.Close()
	if bound > 0 {
		settled, err := p.Settle(tctx, bound)
		if err != nil {
			return err
		}
		if note := settled.Note(); note != "" {
			if _, err := fmt.Fprintf(stderr, "smokeflow: note: %s; read as it was then\n", note); err != nil {
				return err
			}
		}
	}
	snap, err := p.TakeSnapshot(tctx)
	if err != nil {
		return err
	}
	o := locate.RenderOptions{Full: *full, Compact: *sf.compact}
	if *selector != "" {
		keys, err := p.QueryCSS(tctx, *selector)
		if err != nil {
			return usagef("--selector %q: %v", *selector, err)
		}
		for _, n := range snap.All {
			if keys[n.Key()] {
				o.Scope = append(o.Scope, n)
				break
			}
		}
		if len(o.Scope) == 0 {
			return fmt.Errorf("--selector %q matches nothing on %s", *selector, pos[0])
		}
	}
	if *asJSON {
		j, err := snap.JSON(o)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", j)
		return err
	}
	_, err = fmt.Fprint(stdout, snap.Render(o))
	return err
}

// snapshotWait reads `snapshot --wait`: a duration bounds the settle wait
// (0: none); a load state is waited for, without settling
// (docs/cli.md "snapshot --wait").
func snapshotWait(wait string) (load string, bound time.Duration, err error) {
	if slices.Contains(flows.LoadStates(), wait) {
		return wait, 0, nil
	}
	d, err := time.ParseDuration(wait)
	if err != nil || d < 0 {
		return "", 0, usagef("--wait %q: want a duration such as 5s, or load, domcontentloaded or networkidle", wait)
	}
	return "load", d, nil
}
