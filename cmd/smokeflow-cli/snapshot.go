package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/session"
)

// snapshotFlags are the flags of `snapshot`, as pflag returns them.
type snapshotFlags struct {
	full, compact, asJSON, diff *bool
	selector, bin, cdp, wait    *string
	allowed                     *string
}

// oneShotOnly and sessionOnly are the flags of `snapshot URL` and of the
// session's `snapshot` alone.
var (
	oneShotOnly = []string{"selector", "wait"}
	sessionOnly = []string{"diff", "session", "timeout", "headed", "state", "secret", "idle-timeout",
		"policy", "max-output", "content-boundaries"}
)

// newSnapshotCmd is `smokeflow snapshot URL`, the one-shot read
// (docs/targets.md "The snapshot"), and, without URL, the session's
// snapshot (docs/agent-session.md).
func newSnapshotCmd() *cobra.Command {
	var sf snapshotFlags
	var sess sessionFlags
	c := &cobra.Command{
		Use:   "snapshot [URL]",
		Short: "print the page's accessibility snapshot",
		Long: `Open URL in Chromium and print its accessibility snapshot, as the snapshot step
sees it: the actionable nodes with their refs, and their context
(docs/targets.md "The snapshot").

The page is read once it has settled: redirects followed, no request in
flight, and the renderer idle with the DOM unchanged, for at most --wait; a
note on stderr says when it had not (docs/targets.md "Settling").

Without URL, print the snapshot of the session's page, which the next
commands' refs resolve against; --diff prints only what changed since the
session's last snapshot (docs/agent-session.md).`,
		Args: argsBetween(0, 1),
		RunE: func(c *cobra.Command, pos []string) error {
			if *sf.full && *sf.compact {
				return usagef("snapshot takes --full or --compact, not both")
			}
			if len(pos) == 0 {
				if f := changed(c, oneShotOnly); f != "" {
					return usagef("snapshot --%s reads a URL once: give the URL, or leave --%s out for the session's page", f, f)
				}
				return runVerb(c, &sess, agent.Command{Verb: agent.VerbSnapshot, Full: *sf.full, Compact: *sf.compact, Diff: *sf.diff})
			}
			if f := changed(c, sessionOnly); f != "" {
				return usagef("snapshot --%s is for the session's page: leave the URL out, or --%s", f, f)
			}
			return cmdSnapshot(c.Context(), pos, sf, c.OutOrStdout(), c.ErrOrStderr())
		},
	}
	addSessionFlags(c, &sess)
	fs := c.Flags()
	sf.full = fs.Bool("full", false, "keep every node, not just actionable ones and their context")
	sf.compact = fs.Bool("compact", false, "keep the visible text next to actionable elements too")
	sf.diff = fs.Bool("diff", false, "only what changed since the session's last snapshot (without URL)")
	sf.asJSON, sf.bin, sf.cdp, sf.allowed = &sess.asJSON, &sess.browser, &sess.cdp, &sess.allowedDomains
	fs.Lookup("json").Usage = "print JSON: each node with ref, role, name, attributes, value, frame, backend node id"
	fs.Lookup("browser").Usage = "the `PATH` of Chromium or Chrome: for URL, or when the command starts the session"
	fs.Lookup("cdp").Usage = "attach to a running browser (`host:port` or ws://…): for URL, or when the command starts the session"
	sf.selector = fs.String("selector", "", "only the subtree of the first element matching this `CSS` selector (with URL)")
	sf.wait = fs.String("wait", browser.DefaultSettle.String(), "settle for at most this `duration`; or wait for load, domcontentloaded or networkidle only (with URL)")
	fs.Lookup("allowed-domains").Usage = "load only from these hosts: `LIST`, such as example.com,*.example.com: for URL, or when the command starts the session (docs/security.md)"
	return c
}

// changed is the first of names that was given on the command line, or "".
func changed(c *cobra.Command, names []string) string {
	for _, n := range names {
		if f := c.Flags().Lookup(n); f != nil && f.Changed {
			return n
		}
	}
	return ""
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
	domains, err := allowedDomainsFlag(*sf.allowed)
	if err != nil {
		return err
	}
	if !domains.Allows(pos[0]) {
		return usagef("snapshot: %s is not in --allowed-domains %s", pos[0], *sf.allowed)
	}
	b, err := browser.Launch(ctx, browser.Options{Bin: *bin, CDP: *cdp})
	if err != nil {
		return err
	}
	defer b.Close()
	tctx, cancel := context.WithTimeout(ctx, 30*time.Second+bound)
	defer cancel()
	bc, err := b.NewContextWith(tctx, browser.ContextOptions{AllowedDomains: domains})
	if err != nil {
		return err
	}
	defer bc.Close()
	defer printBlocked(bc, stderr)
	_, r, err := readURL(tctx, bc, pos[0], load, bound, *selector, func(note string) error {
		_, err := fmt.Fprintf(stderr, "smokeflow: note: %s; read as it was then\n", note)
		return err
	})
	if err != nil {
		return err
	}
	snap := r.Snapshot
	o := locate.RenderOptions{Full: *full, Compact: *sf.compact, NoHeader: true, KnownURL: pos[0], Idle: true, Scope: r.Scope}
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

// readURL opens url in a session on bc and reads it with Session.Read:
// settled for at most bound (none when 0; docs/cli.md "snapshot --wait"),
// scoped to selector when it is not "". note gets what kept a page busy at
// the bound. The session's page closes with bc: the command writes no
// artifacts, so the session is not closed on its own.
func readURL(ctx context.Context, bc *browser.Context, url, load string, bound time.Duration, selector string,
	note func(string) error) (*session.Session, *session.Read, error) {
	ss, err := session.Open(ctx, bc, session.Options{Settle: session.SettlePolicy{Max: bound, Off: bound <= 0}, LeaveDownloads: true})
	if err != nil {
		return nil, nil, err
	}
	r, err := ss.Read(ctx, session.ReadOptions{URL: url, Load: load, Settle: session.ReadSettled, Selector: selector})
	if n := r.Settled.Note(); n != "" {
		if err := note(n); err != nil {
			return nil, nil, err
		}
	}
	var re *session.ReadError
	if errors.As(err, &re) && re.Stage == session.ReadScoping {
		return nil, nil, usagef("--selector %q: %v", selector, re.Err)
	}
	if err != nil {
		return nil, nil, err
	}
	if selector != "" && len(r.Scope) == 0 {
		return nil, nil, fmt.Errorf("--selector %q matches nothing on %s", selector, url)
	}
	return ss, r, nil
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

// allowedDomainsFlag reads --allowed-domains (nil when not given).
func allowedDomainsFlag(list string) (*flows.Domains, error) {
	if list == "" {
		return nil, nil
	}
	d, err := flows.SplitDomains(list)
	if err != nil {
		return nil, usagef("--allowed-domains: %v", err)
	}
	return d, nil
}

// printBlocked notes on stderr each request the allowed domains blocked
// (docs/security.md "Allowed domains"); the notes are best effort.
func printBlocked(bc *browser.Context, stderr io.Writer) {
	for _, b := range bc.Blocked() {
		_, _ = fmt.Fprintf(stderr, "smokeflow: note: %s\n", b)
	}
}
