package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent"
	"github.com/smokeflow/smokeflow/agent/daemon"
	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diffs"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

// updateBaselinesFix is how a failure of a missing or differing baseline
// says to write it (session.Options.BaselineFix, docs/flows.md
// "Baselines").
const updateBaselinesFix = "smokeflow run FILE --update-baselines"

// urlDiffImage is where `diff url --screenshot` writes the diff image
// when --output does not say.
const urlDiffImage = "smokeflow-diff.png"

// newDiffCmd is `smokeflow diff` and its three comparisons (docs/diffs.md
// "On the command line"). Each exits 0 when nothing differs and 1 when
// something does.
func newDiffCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "diff screenshot|snapshot|url",
		Short: "compare two screenshots, two snapshots or two pages",
		Long: `Compare two screenshots pixel by pixel, two snapshots line by line (refs aside),
or two pages (their snapshots, and with --screenshot their screenshots). Exit 0
when nothing differs, 1 when something does (docs/diffs.md).`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("diff needs what to compare: screenshot, snapshot or url")
			}
			return usagef("unknown diff %q: screenshot, snapshot or url", args[0])
		},
		RunE: func(*cobra.Command, []string) error { return nil },
	}
	c.AddCommand(newDiffScreenshotCmd(), newDiffSnapshotCmd(), newDiffURLCmd())
	return c
}

func newDiffScreenshotCmd() *cobra.Command {
	var baseline, output string
	var threshold float64
	var sf sessionFlags
	c := &cobra.Command{
		Use:   "screenshot --baseline PNG [CURRENT.png]",
		Short: "compare a screenshot with a baseline, pixel by pixel",
		Long: `Compare CURRENT.png with the baseline pixel by pixel: a pixel differs when its
perceptual colour distance is above --threshold and it is not anti-aliasing
(docs/diffs.md "Screenshot diffs"). Prints how many pixels differ; --output
writes the differing pixels in red over a faded grey copy of the baseline.
Without CURRENT.png, the current side is a screenshot of the session's page
(docs/agent-session.md).`,
		Args: cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, pos []string) error {
			if len(pos) > 1 || baseline == "" {
				return usagef("diff screenshot takes --baseline PNG and one CURRENT.png, or none for the session's page")
			}
			if threshold <= 0 || threshold > 1 {
				return usagef("--threshold %g: want a number above 0 and up to 1, such as 0.1", threshold)
			}
			a, err := readArg(baseline, "--baseline")
			if err != nil {
				return err
			}
			b, err := currentScreenshot(c, pos, &sf)
			if err != nil {
				return err
			}
			d, err := diffs.PNGs(a, b, diffs.ImageOptions{Threshold: threshold})
			if err != nil {
				return usagef("diff screenshot: %v", err)
			}
			return reportImageDiff(c.OutOrStdout(), d, output)
		},
	}
	fs := c.Flags()
	fs.StringVar(&baseline, "baseline", "", "the baseline screenshot, a `PNG` file")
	fs.Float64Var(&threshold, "threshold", diffs.DefaultThreshold, "colour distance above which a pixel differs, from 0 to 1")
	fs.StringVar(&output, "output", "", "write the diff image to this `PNG` file")
	addSessionFlags(c, &sf)
	return c
}

func newDiffSnapshotCmd() *cobra.Command {
	var baseline string
	var sf sessionFlags
	c := &cobra.Command{
		Use:   "snapshot [--baseline FILE] [CURRENT.txt]",
		Short: "compare a snapshot with a baseline, line by line",
		Long: `Compare the snapshot CURRENT.txt with the baseline line by line, refs aside, and
print the changed lines with their context and a count line (docs/diffs.md
"Snapshot diffs"). Without CURRENT.txt, the current side is the session's page
(docs/agent-session.md); without --baseline either, the session's page is
compared with its last snapshot, as 'smokeflow snapshot --diff' does.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, pos []string) error {
			switch {
			case len(pos) > 1, len(pos) == 1 && baseline == "":
				return usagef("diff snapshot takes --baseline FILE and one CURRENT.txt, or no CURRENT.txt for the session's page")
			case baseline == "":
				if _, err := liveSession(&sf); err != nil {
					return err
				}
				return runVerb(c, &sf, agent.Command{Verb: agent.VerbSnapshot, Diff: true})
			}
			a, err := readArg(baseline, "--baseline")
			if err != nil {
				return err
			}
			b, err := currentSnapshot(c, pos, &sf)
			if err != nil {
				return err
			}
			d := diffs.Snapshots(diffs.SameHeaders(diffs.WithoutOrigin(string(a)), diffs.WithoutOrigin(string(b))))
			if _, err := fmt.Fprint(c.OutOrStdout(), d.String()); err != nil {
				return err
			}
			if d.Changed() {
				return errDiffers
			}
			return nil
		},
	}
	c.Flags().StringVar(&baseline, "baseline", "", "the baseline snapshot, a text `FILE`")
	addSessionFlags(c, &sf)
	return c
}

// currentSnapshot is the current side of `diff snapshot`: the file named,
// or the snapshot of the session's page.
func currentSnapshot(c *cobra.Command, pos []string, sf *sessionFlags) ([]byte, error) {
	if len(pos) == 1 {
		return readArg(pos[0], "the current snapshot")
	}
	res, err := sessionRead(c, sf, agent.Command{Verb: agent.VerbSnapshot})
	return []byte(res), err
}

// currentScreenshot is the current side of `diff screenshot`: the file
// named, or a screenshot of the session's page.
func currentScreenshot(c *cobra.Command, pos []string, sf *sessionFlags) ([]byte, error) {
	if len(pos) == 1 {
		return readArg(pos[0], "the current screenshot")
	}
	dir, err := os.MkdirTemp("", "smokeflow-diff-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	shot := filepath.Join(dir, "current.png")
	if _, err := sessionRead(c, sf, agent.Command{Verb: agent.VerbScreenshot, Args: []string{shot}}); err != nil {
		return nil, err
	}
	return os.ReadFile(shot)
}

// liveSession is the client of the session the flags name, which must be
// running: a diff compares a page someone opened, and starts no browser.
func liveSession(sf *sessionFlags) (*daemon.Client, error) {
	client, err := sessionClient(sf)
	if err != nil {
		return nil, err
	}
	st, err := client.Status()
	if err != nil {
		return nil, err
	}
	if st == nil {
		return nil, usagef("diff: no session runs to compare: open a page first (smokeflow open URL), or name the current file")
	}
	return client, nil
}

// sessionRead runs a read in the session and returns what it printed; a
// command that failed prints its result and ends the diff with its code.
func sessionRead(c *cobra.Command, sf *sessionFlags, cmd agent.Command) (string, error) {
	client, err := liveSession(sf)
	if err != nil {
		return "", err
	}
	text := *sf
	text.asJSON = false // the diff reads the text
	res, err := send(c, client, &text, &cmd)
	if err != nil {
		return "", err
	}
	if res.Code != agent.ExitOK {
		if werr := printResult(c.OutOrStdout(), c.ErrOrStderr(), res); werr != nil {
			return "", werr
		}
		return "", &resultError{code: res.Code}
	}
	return res.Stdout, nil
}

// readArg reads a file named on the command line; a missing one is a
// usage error.
func readArg(path, what string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, usagef("%s %s: no such file", what, path)
	}
	return b, err
}

// reportImageDiff prints what differs between two screenshots, writes the
// diff image when output names a file, and returns errDiffers when
// something does.
func reportImageDiff(w io.Writer, d diffs.ImageDiff, output string) error {
	if _, err := fmt.Fprintln(w, d.String()); err != nil {
		return err
	}
	if output != "" && d.Image != nil {
		var b bytes.Buffer
		if err := png.Encode(&b, d.Image); err != nil {
			return err
		}
		if err := os.WriteFile(output, b.Bytes(), 0o644); err != nil {
			return fmt.Errorf("writing the diff image: %w", err)
		}
		if _, err := fmt.Fprintf(w, "diff image: %s\n", output); err != nil {
			return err
		}
	}
	if d.Differs() {
		return errDiffers
	}
	return nil
}

// diffURLFlags are the flags of `diff url`.
type diffURLFlags struct {
	screenshot                           bool
	threshold                            float64
	selector, output, bin, cdp, waitFlag string
}

func newDiffURLCmd() *cobra.Command {
	var f diffURLFlags
	c := &cobra.Command{
		Use:   "url URL_A URL_B",
		Short: "compare two pages: their snapshots, and their screenshots",
		Long: `Open URL_A and URL_B, each in its own incognito context, let them settle as
'smokeflow snapshot URL' does, and print the diff of their snapshots (refs
aside; each page named by its path, so that two hosts compare). With
--screenshot, also compare their screenshots, held still, and write the diff
image (docs/diffs.md "On the command line").`,
		Args: cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, pos []string) error {
			return cmdDiffURL(c.Context(), pos, f, c.OutOrStdout(), c.ErrOrStderr())
		},
	}
	fs := c.Flags()
	fs.BoolVar(&f.screenshot, "screenshot", false, "compare the screenshots too, and write the diff image")
	fs.StringVar(&f.selector, "selector", "", "only the first element matching this `CSS` selector, in the snapshots and screenshots")
	fs.StringVar(&f.output, "output", "", "write the diff image to this `PNG` file (with --screenshot; default "+urlDiffImage+")")
	fs.Float64Var(&f.threshold, "threshold", diffs.DefaultThreshold, "colour distance above which a pixel differs, from 0 to 1")
	fs.StringVar(&f.bin, "browser", "", "Chromium or Chrome executable")
	fs.StringVar(&f.cdp, "cdp", "", "attach to a running browser")
	fs.StringVar(&f.waitFlag, "wait", browser.DefaultSettle.String(), "settle for at most this `duration`; or wait for load, domcontentloaded or networkidle only")
	return c
}

// pageRead is what `diff url` reads of one page.
type pageRead struct {
	snapshot string
	png      []byte
}

func cmdDiffURL(ctx context.Context, pos []string, f diffURLFlags, stdout, stderr io.Writer) error {
	if len(pos) != 2 {
		return usagef("diff url takes two URLs")
	}
	for _, u := range pos {
		if err := flows.CheckPageURL(u); err != nil {
			return usagef("diff url %v", err) // docs/flows.md "URLs"
		}
	}
	if f.threshold <= 0 || f.threshold > 1 {
		return usagef("--threshold %g: want a number above 0 and up to 1, such as 0.1", f.threshold)
	}
	if f.output != "" && !f.screenshot {
		return usagef("--output writes the screenshots' diff: add --screenshot")
	}
	load, bound, err := snapshotWait(f.waitFlag)
	if err != nil {
		return err
	}
	b, err := browser.Launch(ctx, browser.Options{Bin: f.bin, CDP: f.cdp})
	if err != nil {
		return err
	}
	defer b.Close()
	var reads [2]*pageRead
	for i, u := range pos {
		if reads[i], err = readPage(ctx, b, u, f, load, bound, stderr); err != nil {
			return err
		}
	}
	d := diffs.Snapshots(reads[0].snapshot, reads[1].snapshot)
	if _, err := fmt.Fprint(stdout, d.String()); err != nil {
		return err
	}
	differs := d.Changed()
	if f.screenshot {
		out := f.output
		if out == "" {
			out = urlDiffImage
		}
		img, err := diffs.PNGs(reads[0].png, reads[1].png, diffs.ImageOptions{Threshold: f.threshold})
		if err != nil {
			return err
		}
		if _, err := fmt.Fprint(stdout, "screenshot: "); err != nil {
			return err
		}
		if err := reportImageDiff(stdout, img, out); err != nil && !errors.Is(err, errDiffers) {
			return err
		}
		differs = differs || img.Differs()
	}
	if differs {
		return errDiffers
	}
	return nil
}

// readPage opens url in a fresh incognito context, lets it settle, and
// reads its snapshot (and screenshot), scoped to the selector.
func readPage(ctx context.Context, b *browser.Browser, url string, f diffURLFlags, load string, bound time.Duration, stderr io.Writer) (*pageRead, error) {
	tctx, cancel := context.WithTimeout(ctx, 30*time.Second+bound)
	defer cancel()
	bc, err := b.NewContext(tctx)
	if err != nil {
		return nil, err
	}
	defer bc.Close()
	ss, read, err := readURL(tctx, bc, url, load, bound, f.selector, func(note string) error {
		_, err := fmt.Fprintf(stderr, "smokeflow: note: %s: %s; read as it was then\n", url, note)
		return err
	})
	if err != nil {
		return nil, err
	}
	snap := read.Snapshot
	o := locate.RenderOptions{Scope: read.Scope}
	var target *flows.Target
	if f.selector != "" {
		target = &flows.Target{CSS: f.selector, Nth: new(int)}
	}
	r := &pageRead{snapshot: diffs.WithoutOrigin(snap.Render(o))}
	if f.screenshot {
		shot, err := ss.StillScreenshot(tctx, browser.ShotOptions{Target: target})
		if err != nil {
			return nil, err
		}
		r.png = shot.PNG
	}
	return r, nil
}
