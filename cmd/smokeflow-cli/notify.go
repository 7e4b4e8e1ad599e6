package main

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/smokeflow/smokeflow/history"
	"github.com/smokeflow/smokeflow/notify"
	"github.com/smokeflow/smokeflow/results"
)

// notifyFlags are --notify, --notify-on, --notify-always and
// --report-url, of run and merge-reports (docs/running.md
// "Notifications", "Alerts").
type notifyFlags struct {
	urls      []string
	on        string
	always    bool
	reportURL string
}

func (nf *notifyFlags) register(fs *pflag.FlagSet) {
	fs.StringArrayVar(&nf.urls, "notify", nil, "post a summary to this webhook `URL` when the run fails, or on a change with --history: Slack-style JSON (repeatable)")
	fs.StringVar(&nf.on, "notify-on", "", "when to post, `MODE`: change (a flow goes failing or recovers; the default with --history), failure (every run that did not pass; the default without) or always (docs/running.md \"Alerts\")")
	fs.BoolVar(&nf.always, "notify-always", false, "post the --notify summary after a run that passed too: --notify-on always")
	fs.StringVar(&nf.reportURL, "report-url", "", "link the notification to the reports at this `URL` (default in GitHub Actions: the workflow run)")
}

// notifier sends a run's notification as the flags ask.
type notifier struct {
	opts notify.Options
	// tried says a notification of this run was considered already.
	tried bool
}

// parse checks the flags; withHistory says the run has a history store,
// which --notify-on change compares the run with.
func (nf notifyFlags) parse(withHistory bool) (notifier, error) {
	if len(nf.urls) == 0 {
		if nf.always {
			return notifier{}, usagef("--notify-always needs --notify URL: the webhook to post to")
		}
		if nf.on != "" {
			return notifier{}, usagef("--notify-on needs --notify URL: the webhook to post to")
		}
		if nf.reportURL != "" {
			return notifier{}, usagef("--report-url is the link a --notify notification gives: it needs --notify URL")
		}
	}
	mode, err := nf.mode(withHistory)
	if err != nil {
		return notifier{}, err
	}
	for _, u := range nf.urls {
		if err := checkWebURL("--notify", u); err != nil {
			return notifier{}, err
		}
	}
	if nf.reportURL != "" {
		if err := checkWebURL("--report-url", nf.reportURL); err != nil {
			return notifier{}, err
		}
	}
	o := notify.Options{URLs: nf.urls, On: mode, ReportURL: nf.reportURL}
	if o.ReportURL == "" {
		o.ReportURL = gitHubRunURL()
	}
	return notifier{opts: o}, nil
}

// mode is --notify-on, or its default: change with a history store,
// failure without (docs/running.md "Alerts").
func (nf notifyFlags) mode(withHistory bool) (notify.Mode, error) {
	if nf.on == "" {
		switch {
		case nf.always:
			return notify.OnAlways, nil
		case withHistory:
			return notify.OnChange, nil
		}
		return notify.OnFailure, nil
	}
	var names []string
	for _, m := range notify.Modes {
		names = append(names, string(m))
	}
	m := notify.Mode(nf.on)
	switch {
	case !slices.Contains(notify.Modes, m):
		return "", usagef("--notify-on %q: give one of %s (docs/running.md \"Alerts\")", nf.on, strings.Join(names, ", "))
	case nf.always && m != notify.OnAlways:
		return "", usagef("--notify-always is --notify-on always: give one of them")
	case m == notify.OnChange && !withHistory:
		return "", usagef("--notify-on change compares each flow with its last recorded run: it needs --history URL or $%s (docs/running.md \"Alerts\")", history.EnvVar)
	}
	return m, nil
}

// checkWebURL checks that u is a whole http:// or https:// URL.
func checkWebURL(flag, u string) error {
	if pu, err := url.Parse(u); err != nil || (pu.Scheme != "http" && pu.Scheme != "https") || pu.Host == "" {
		return usagef("%s takes a whole http:// or https:// URL, such as https://hooks.example.com/…; the one given is not (not printed: a webhook's URL may hold its token)", flag)
	}
	return nil
}

// gitHubRunURL is the page of the GitHub Actions run this is, or "".
func gitHubRunURL() string {
	server, repo, id := os.Getenv("GITHUB_SERVER_URL"), os.Getenv("GITHUB_REPOSITORY"), os.Getenv("GITHUB_RUN_ID")
	if server == "" || repo == "" || id == "" {
		return ""
	}
	return server + "/" + repo + "/actions/runs/" + id
}

// send posts the notification when it is due; a webhook that does not
// take it is a warning on stderr and never changes the exit code. runErr
// is why the run could not run its flows, or nil. It reports whether a
// webhook took the notification.
func (n *notifier) send(ctx context.Context, run *results.Run, written []string, runErr error, stderr io.Writer) bool {
	n.tried = true
	o := n.opts
	o.Reports = written
	if runErr != nil {
		o.Error = describe(runErr)
	}
	if !notify.Due(run, o) {
		return false
	}
	// an interrupted run is notified too: its context is done by now
	errs := notify.Send(context.WithoutCancel(ctx), run, o)
	for _, err := range errs {
		fmt.Fprintf(stderr, "smokeflow: warning: %v; the run's exit code is unchanged\n", err)
	}
	return len(errs) < len(o.URLs)
}

// cannotRun posts that a run could not run (exit 2 before its flows),
// once: a cron whose env file lost a variable is not silent
// (docs/running.md "Alerts").
func (n *notifier) cannotRun(ctx context.Context, baseURL string, start time.Time, err error, stderr io.Writer) {
	if n.tried || len(n.opts.URLs) == 0 {
		return
	}
	run := &results.Run{SchemaVersion: results.SchemaVersion, Tool: "smokeflow " + version, StartedAt: start,
		Duration: time.Since(start), BaseURL: baseURL}
	n.send(ctx, run, nil, err, stderr)
}
