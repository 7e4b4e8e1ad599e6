package main

import (
	"context"
	"fmt"
	"io"
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
(docs/targets.md "The snapshot").`,
		Args: cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, pos []string) error {
			return cmdSnapshot(c.Context(), pos, sf, c.OutOrStdout())
		},
	}
	fs := c.Flags()
	sf.full = fs.Bool("full", false, "keep every node, not just actionable ones and their context")
	sf.compact = fs.Bool("compact", false, "keep the visible text next to actionable elements too")
	sf.asJSON = fs.Bool("json", false, "print JSON: each node with ref, role, name, attributes, value, frame, backend node id")
	sf.selector = fs.String("selector", "", "only the subtree of the first element matching this `CSS` selector")
	sf.bin = fs.String("browser", "", "Chromium or Chrome executable")
	sf.cdp = fs.String("cdp", "", "attach to a running browser")
	sf.wait = fs.String("wait", "load", "wait for load, domcontentloaded or networkidle")
	return c
}

// cmdSnapshot prints the snapshot of the page at pos[0].
func cmdSnapshot(ctx context.Context, pos []string, sf snapshotFlags, stdout io.Writer) error {
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
	b, err := browser.Launch(ctx, browser.Options{Bin: *bin, CDP: *cdp})
	if err != nil {
		return err
	}
	defer b.Close()
	tctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	bc, p, err := b.OpenPage(tctx, browser.PageOptions{}, pos[0], *wait)
	if err != nil {
		return err
	}
	defer bc.Close()
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
