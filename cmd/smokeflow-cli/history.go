package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/history"
	"github.com/smokeflow/smokeflow/results"
)

// historyCmdFlags are the flags of `smokeflow history`.
type historyCmdFlags struct {
	hist        historyFlags
	flow, since string
	last        int
	json        bool
}

// newHistoryCmd is `smokeflow history` (docs/running.md "History").
func newHistoryCmd() *cobra.Command {
	var hf historyCmdFlags
	c := &cobra.Command{
		Use:   "history",
		Short: "print each flow's recent runs from the history store: strip, pass and flaky rates, durations",
		Long: `Print, for each flow recorded in the history store (--history, else
$SMOKEFLOW_HISTORY), its last runs as a strip, oldest first (✓ passed,
✗ failed, ~ flaky), its pass and flaky rates and median and p90 durations
over them, since when it fails and when it last passed, the reason of its
last failure, and for failures compared by run --compare-to their
verdicts under the strip (D this deploy broke it; docs/running.md
"History").`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return cmdHistory(c.Context(), hf, c.OutOrStdout())
		},
	}
	fs := c.Flags()
	fs.StringVar(&hf.hist.url, "history", "", "the history store: a file `PATH`, sqlite:PATH or postgres://USER@HOST/DB (else $"+history.EnvVar+")")
	fs.StringVar(&hf.hist.envLabel, "env-label", "", "only the runs recorded with this --env-label `LABEL`")
	fs.StringVar(&hf.flow, "flow", "", "only the flows whose name matches this `GLOB` (* and ?, any case)")
	fs.StringVar(&hf.since, "since", "", "only the runs since `DUR|DATE`: 7d, 36h, 2026-12-01 or an RFC 3339 time")
	fs.IntVar(&hf.last, "last", 10, "show each flow's last `N` runs")
	fs.BoolVar(&hf.json, "json", false, "print JSON: {store, flows: [{name, strip, pass_rate, …, runs}]}")
	return c
}

func cmdHistory(ctx context.Context, hf historyCmdFlags, stdout io.Writer) error {
	hf.hist.fromEnv()
	if hf.hist.url == "" {
		return usagef("history needs a store: --history PATH|postgres://… or $%s, as the runs were recorded with", history.EnvVar)
	}
	if hf.last < 1 {
		return usagef("--last must be 1 or more")
	}
	since, err := parseSince(hf.since, time.Now())
	if err != nil {
		return err
	}
	s, err := history.Open(ctx, hf.hist.url)
	if err != nil {
		return err
	}
	defer s.Close()
	fl := history.Filter{Flow: hf.flow, EnvLabel: hf.hist.envLabel, Since: since, Last: hf.last}
	hs, err := s.History(ctx, fl)
	if err != nil {
		return err
	}
	if hf.json {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			Store string                `json:"store"`
			Flows []history.FlowHistory `json:"flows"`
		}{s.Name(), nonNil(hs)})
	}
	return printHistory(stdout, s.Name(), fl, hs)
}

func nonNil(hs []history.FlowHistory) []history.FlowHistory {
	if hs == nil {
		return []history.FlowHistory{}
	}
	return hs
}

// daysRe is a number of days, which Go's durations do not take.
var daysRe = regexp.MustCompile(`^(\d+)d$`)

// parseSince reads --since: a duration back from now (7d, 36h), a date
// (2026-12-01, local midnight) or an RFC 3339 time; "" is no bound.
func parseSince(s string, now time.Time) (time.Time, error) {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
		return time.Time{}, nil
	case daysRe.MatchString(s):
		n, _ := strconv.Atoi(daysRe.FindStringSubmatch(s)[1])
		return now.AddDate(0, 0, -n), nil
	}
	if d, err := time.ParseDuration(s); err == nil && d > 0 {
		return now.Add(-d), nil
	}
	if t, err := time.ParseInLocation("2006-01-02", s, time.Local); err == nil {
		return t, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	return time.Time{}, usagef("--since %q: give a duration back from now (7d, 36h) or a date (2006-01-02, or RFC 3339 2006-01-02T15:04:05Z)", s)
}

// printHistory prints each flow's strip and figures, then its failing
// streak and last failure.
func printHistory(w io.Writer, store string, fl history.Filter, hs []history.FlowHistory) error {
	var b strings.Builder
	if len(hs) == 0 {
		fmt.Fprintf(&b, "no run recorded in %s%s\n", store, filterText(fl))
		_, err := io.WriteString(w, b.String())
		return err
	}
	fmt.Fprintf(&b, "%s%s: the last %d runs of each flow, oldest first (✓ passed, ✗ failed, ~ flaky)\n", store, filterText(fl), fl.Last)
	for _, h := range hs {
		fmt.Fprintf(&b, "\n%s  (%s)\n", h.Name, h.File)
		fmt.Fprintf(&b, "  %-*s  passed %s, flaky %s, median %s, p90 %s\n", fl.Last, h.Strip,
			percent(h.PassRate), percent(h.FlakyRate), seconds(h.Median), seconds(h.P90))
		switch {
		case h.FailingSince != nil && h.LastPassed != nil:
			fmt.Fprintf(&b, "  failing since %s, last passed %s\n", stamp(*h.FailingSince), stamp(*h.LastPassed))
		case h.FailingSince != nil:
			fmt.Fprintf(&b, "  failing since %s, never passed\n", stamp(*h.FailingSince))
		}
		if f := h.LastFailure; f != nil {
			msg, _, _ := strings.Cut(f.Message, "\n")
			fmt.Fprintf(&b, "  last failure %s: %s: %s\n", stamp(f.StartedAt), f.Reason, msg)
			if f.CompareMessage != "" {
				fmt.Fprintf(&b, "  compared: %s\n", f.CompareMessage)
			}
		}
		if h.Compared != nil {
			fmt.Fprintf(&b, "  %-*s  %s\n", fl.Last, compareStrip(h.Runs), comparedText(h.Compared))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// compareStrip is the runs' verdicts, a mark each under the strip's
// (docs/running.md "History"): a failure not compared is "·", a run that
// did not fail " ".
func compareStrip(runs []history.Entry) string {
	var b strings.Builder
	for _, e := range runs {
		m := " "
		switch {
		case e.CompareVerdict != "":
			m = e.CompareVerdict.Mark()
		case e.Status == results.Failed:
			m = "·"
		}
		b.WriteString(m)
	}
	return b.String()
}

// comparedText counts the verdicts, each after its mark: "compared: D
// this deploy broke it 2, S not this deploy (same step) 1".
func comparedText(n map[results.CompareVerdict]int) string {
	var parts []string
	for _, v := range results.CompareVerdicts {
		if n[v] > 0 {
			parts = append(parts, fmt.Sprintf("%s %s %d", v.Mark(), v.Words(), n[v]))
		}
	}
	return "compared: " + strings.Join(parts, ", ")
}

// filterText says which runs a filter keeps.
func filterText(fl history.Filter) string {
	var parts []string
	if fl.Flow != "" {
		parts = append(parts, "flows "+strconv.Quote(fl.Flow))
	}
	if fl.EnvLabel != "" {
		parts = append(parts, "--env-label "+fl.EnvLabel)
	}
	if !fl.Since.IsZero() {
		parts = append(parts, "since "+stamp(fl.Since))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

func percent(x float64) string { return strconv.Itoa(int(x*100+0.5)) + "%" }

func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', 2, 64) + " s"
}

func stamp(t time.Time) string { return t.Local().Format("2006-01-02 15:04") }
