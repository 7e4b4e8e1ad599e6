package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/explore"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/session"
)

// exploreFlags are the flags of `explore`.
type exploreFlags struct {
	out, avoidFile, policy, state, bin, cdp string
	maxPages, maxActions                    int
	limit                                   time.Duration
	scope, avoid, allowedDomains            []string
	headed                                  bool
}

// errFound is a walk that found something: exit 1, said by the summary
// already.
var errFound = fmt.Errorf("explore found bugs: %w", errFlowsFailed)

// newExploreCmd is `smokeflow explore URL` (docs/explore.md).
func newExploreCmd() *cobra.Command {
	var ef exploreFlags
	c := &cobra.Command{
		Use:   "explore URL",
		Short: "walk an app like a first-time user; write a bug report with repro flows",
		Long: `Walk the app at URL the way a first-time user would, without a model: every page
in scope, breadth-first, every control tried once, forms filled and submitted.
Controls that delete, pay or sign out are never touched. What goes wrong is
written to --out as explore-report.md, explore-report.json and flows/, one repro
flow per finding that fails while the bug is there (docs/explore.md). Exit 0
when it found nothing, 1 when it found something.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, pos []string) error {
			return cmdExplore(c.Context(), pos, ef, c.OutOrStdout(), c.ErrOrStderr())
		},
	}
	fs := c.Flags()
	fs.StringVar(&ef.out, "out", "smokeflow-explore", "folder for explore-report.md, explore-report.json and flows/")
	fs.IntVar(&ef.maxPages, "max-pages", explore.DefaultMaxPages, "open at most `N` pages")
	fs.IntVar(&ef.maxActions, "max-actions", explore.DefaultMaxActions, "try at most `N` actions")
	fs.DurationVar(&ef.limit, "time", explore.DefaultTime, "stop after this long")
	fs.StringArrayVar(&ef.scope, "scope", nil, "walk only pages whose URL starts with this `PREFIX` (repeatable; default: the URL's origin)")
	fs.StringArrayVar(&ef.avoid, "avoid", nil, "never act on controls whose name matches this `REGEX` (repeatable), on top of the built-in list")
	fs.StringVar(&ef.avoidFile, "avoid-file", "", "read more --avoid patterns from a `FILE`, one a line")
	fs.StringArrayVar(&ef.allowedDomains, "allowed-domains", nil, "let the pages reach only these `DOMAINS` (docs/security.md)")
	fs.StringVar(&ef.policy, "policy", "", "the action policy `FILE` (docs/security.md)")
	fs.StringVar(&ef.state, "state", "", "start every page with this saved state `FILE` (docs/security.md)")
	fs.StringVar(&ef.bin, "browser", "", "Chromium or Chrome executable (else $SMOKEFLOW_BROWSER, else found on PATH)")
	fs.StringVar(&ef.cdp, "cdp", "", "attach to a running browser: host:port or ws://...")
	fs.BoolVar(&ef.headed, "headed", false, "show the browser window")
	return c
}

func cmdExplore(ctx context.Context, pos []string, ef exploreFlags, stdout, stderr io.Writer) error {
	opts, err := ef.options(pos)
	if err != nil {
		return err
	}
	opts.Progress = progressLine(stderr, isTTY(stderr))
	rep, err := explore.Run(ctx, opts)
	if isTTY(stderr) {
		fmt.Fprint(stderr, "\r\033[K")
	}
	var oe *explore.OptionError
	if errors.As(err, &oe) {
		flag := map[string]string{"scope": "--scope ", "avoid pattern": "--avoid "}[oe.What]
		return usagef("%s%v", flag, err)
	}
	if err != nil {
		return err
	}
	if err := rep.Write(ef.out); err != nil {
		var fe *explore.FolderError
		if errors.As(err, &fe) {
			return usagef("--out %v", err)
		}
		return fmt.Errorf("writing the report: %w", err)
	}
	counts := make([]string, 0, len(explore.Severities()))
	for _, s := range explore.Severities() {
		counts = append(counts, fmt.Sprintf("%d %s", rep.Count(s), s))
	}
	fmt.Fprintf(stdout, "explore: walked %s and tried %s in %s (%s)\nfindings: %d: %s\nreport: %s, repro flows in %s\n",
		count(len(rep.Pages), "page"), count(rep.Actions, "action"), (time.Duration(rep.TookMS) * time.Millisecond).Round(100*time.Millisecond), rep.Stopped,
		len(rep.Findings), strings.Join(counts, ", "), filepath.Join(ef.out, "explore-report.md"), filepath.Join(ef.out, "flows"))
	if len(rep.Findings) > 0 {
		return errFound
	}
	return nil
}

// options reads the arguments and flags into the walk's options.
func (ef exploreFlags) options(pos []string) (explore.Options, error) {
	if len(pos) != 1 {
		return explore.Options{}, usagef("explore takes one URL")
	}
	if err := flows.CheckPageURL(pos[0]); err != nil {
		return explore.Options{}, usagef("explore %v", err) // docs/flows.md "URLs"
	}
	// the guard rails (docs/explore.md "Guard rails")
	domains, err := allowedDomainsFlag(strings.Join(ef.allowedDomains, ","))
	if err != nil {
		return explore.Options{}, err
	}
	if !domains.Allows(pos[0]) {
		return explore.Options{}, usagef("explore: %s is not in --allowed-domains %s", pos[0], strings.Join(ef.allowedDomains, ","))
	}
	var pol *flows.Policy
	if ef.policy != "" {
		if pol, err = flows.LoadPolicy(ef.policy); err != nil {
			return explore.Options{}, err
		}
	}
	var st *browser.State
	if ef.state != "" {
		if st, err = session.ReadState(ef.state, os.LookupEnv); err != nil {
			return explore.Options{}, usagef("--state: %v", err)
		}
	}
	if ef.maxPages < 1 || ef.maxActions < 1 || ef.limit <= 0 {
		return explore.Options{}, usagef("--max-pages and --max-actions must be at least 1, --time more than 0")
	}
	avoid := ef.avoid
	if ef.avoidFile != "" {
		more, err := explore.ReadAvoidFile(ef.avoidFile)
		if err != nil {
			return explore.Options{}, usagef("--avoid-file: %v", err)
		}
		avoid = append(avoid, more...)
	}
	return explore.Options{URL: pos[0], MaxPages: ef.maxPages, MaxActions: ef.maxActions, Time: ef.limit,
		Scope: ef.scope, Avoid: avoid, Browser: browser.Options{Bin: ef.bin, CDP: ef.cdp, Headed: ef.headed},
		AllowedDomains: domains, Policy: pol, State: st}, nil
}

// progressLine prints where the walk is on stderr: one line rewritten in
// place on a terminal, else a line per page opened.
func progressLine(w io.Writer, tty bool) func(explore.Progress) {
	return func(p explore.Progress) {
		line := fmt.Sprintf("explore: %d pages · %d actions · %d findings · %s · %s", p.Pages, p.Actions, p.Findings,
			p.Elapsed.Round(time.Second), p.Doing)
		switch {
		case tty:
			fmt.Fprintf(w, "\r\033[K%s", line)
		case strings.HasPrefix(p.Doing, "open "):
			fmt.Fprintln(w, line)
		}
	}
}

// count is "1 page", "2 pages".
func count(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
