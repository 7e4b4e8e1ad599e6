package main

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"os"

	"github.com/spf13/pflag"

	"github.com/smokeflow/smokeflow/notify"
	"github.com/smokeflow/smokeflow/results"
)

// notifyFlags are --notify, --notify-always and --report-url, of run and
// merge-reports (docs/running.md "Notifications").
type notifyFlags struct {
	urls      []string
	always    bool
	reportURL string
}

func (nf *notifyFlags) register(fs *pflag.FlagSet) {
	fs.StringArrayVar(&nf.urls, "notify", nil, "post a summary to this webhook `URL` when the run fails, Slack-style JSON (repeatable)")
	fs.BoolVar(&nf.always, "notify-always", false, "post the --notify summary after a run that passed too")
	fs.StringVar(&nf.reportURL, "report-url", "", "link the notification to the reports at this `URL` (default in GitHub Actions: the workflow run)")
}

// notifier sends a run's notification as the flags ask.
type notifier struct{ opts notify.Options }

// parse checks the flags.
func (nf notifyFlags) parse() (notifier, error) {
	if len(nf.urls) == 0 {
		if nf.always {
			return notifier{}, usagef("--notify-always needs --notify URL: the webhook to post to")
		}
		if nf.reportURL != "" {
			return notifier{}, usagef("--report-url is the link a --notify notification gives: it needs --notify URL")
		}
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
	o := notify.Options{URLs: nf.urls, Always: nf.always, ReportURL: nf.reportURL}
	if o.ReportURL == "" {
		o.ReportURL = gitHubRunURL()
	}
	return notifier{opts: o}, nil
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
// is why the run could not run its flows, or nil.
func (n notifier) send(ctx context.Context, run *results.Run, written []string, runErr error, stderr io.Writer) {
	o := n.opts
	o.Reports = written
	if runErr != nil {
		o.Error = describe(runErr)
	}
	// an interrupted run is notified too: its context is done by now
	for _, err := range notify.Send(context.WithoutCancel(ctx), run, o) {
		fmt.Fprintf(stderr, "smokeflow: warning: %v; the run's exit code is unchanged\n", err)
	}
}
