package reports

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"strings"

	"github.com/smokeflow/smokeflow/results"
)

// InGitHubActions reports whether the process runs in a GitHub Actions job
// (GITHUB_ACTIONS=true), where WriteGitHubAnnotations' output on stdout
// becomes annotations.
func InGitHubActions() bool { return os.Getenv("GITHUB_ACTIONS") == "true" }

// WriteGitHubAnnotations writes a GitHub Actions workflow command per
// failing flow,
//
//	::error file=FILE,line=LINE,title=TITLE::MESSAGE
//
// pointing at the failing step's line, and a ::warning per flaky flow. It
// writes whatever the environment; callers print it to stdout when
// InGitHubActions. Values are escaped as the Actions runner expects: % CR
// LF in the message, and also : and , in the properties.
func WriteGitHubAnnotations(w io.Writer, run *results.Run) error {
	if run == nil {
		return errors.New("reports: no run to write")
	}
	var b strings.Builder
	for _, f := range run.Flows {
		if f == nil {
			continue
		}
		switch f.Status {
		case results.Failed:
			final := f.Final()
			fi := failureOf(final)
			msg := fi.Message
			if fi.Type != "failure" {
				msg += "\nreason: " + fi.Type
			}
			if final != nil && final.Failure != nil && final.Failure.Diagnostics != nil {
				d := final.Failure.Diagnostics
				if v := oneLine(d.Verdict); v != "" {
					msg += "\n" + v
				}
				for _, h := range d.Hints {
					msg += "\nhint: " + oneLine(h)
				}
			}
			if n := len(f.Attempts); n > 1 {
				msg += fmt.Sprintf("\n(failed all %d attempts)", n)
			}
			level, title := "error", "smokeflow: "+oneLine(f.Name)+" failed"
			if f.Held() { // it does not fail the run (docs/flows.md "Quarantine")
				level, title = "warning", title+" ("+quarantineNote(f.Quarantine)[1:]
			}
			b.WriteString(annotation(level, f, fi, title, msg))
		case results.Flaky:
			failed := failedAttempts(f)
			if len(failed) == 0 {
				continue
			}
			fi := failureOf(failed[0])
			msg := fmt.Sprintf("passed on attempt %d of %d after failing: %s", f.Final().Number, len(f.Attempts), fi.Message)
			b.WriteString(annotation("warning", f, fi, "smokeflow: "+oneLine(f.Name)+" is flaky", msg))
		}
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("reports: write github annotations: %w", err)
	}
	return nil
}

// annotation is one workflow command line.
func annotation(level string, f *results.Flow, fi failureInfo, title, msg string) string {
	file, line := fi.File, fi.Line
	if file == "" {
		file, line = f.File, 0
	}
	var props []string
	if file = annotationPath(file); file != "" {
		props = append(props, "file="+escapeProperty(file))
		if line > 0 {
			props = append(props, "line="+itoa(line))
		}
	}
	props = append(props, "title="+escapeProperty(title))
	return "::" + level + " " + strings.Join(props, ",") + "::" + escapeData(clean(msg)) + "\n"
}

// annotationPath is a flow path as GitHub wants it: forward slashes,
// relative to the checkout, without a leading "./".
func annotationPath(p string) string {
	p = oneLine(p)
	if p == "" {
		return ""
	}
	p = path.Clean(strings.ReplaceAll(p, `\`, "/"))
	return strings.TrimPrefix(p, "./")
}

// escapeData escapes a workflow command's message.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty escapes a workflow command's property value.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// githubSummaryLimit is the most GitHub takes for one step's summary file.
const githubSummaryLimit = 1 << 20

// AppendGitHubStepSummary appends the Markdown report of run to the file
// named by GITHUB_STEP_SUMMARY, and does nothing when that is not set.
// Artifact paths are written as text, not links, and the report is cut to
// fit, with what the file already holds, within GitHub's 1 MiB.
func AppendGitHubStepSummary(run *results.Run) error {
	name := os.Getenv("GITHUB_STEP_SUMMARY")
	if name == "" {
		return nil
	}
	if run == nil {
		return errors.New("reports: no run to write")
	}
	var existing int64
	if fi, err := os.Stat(name); err == nil {
		existing = fi.Size()
	}
	budget := min(DefaultMarkdownMaxBytes, githubSummaryLimit-int(existing)-4096)
	budget = max(budget, 4*mdNoticeReserve)
	md := renderMarkdown(run, MarkdownOptions{NoLinks: true, MaxBytes: budget})
	if existing > 0 {
		md = "\n" + md
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("reports: append step summary: %w", err)
	}
	if _, err := f.WriteString(md); err != nil {
		_ = f.Close()
		return fmt.Errorf("reports: append step summary to %s: %w", name, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("reports: append step summary to %s: %w", name, err)
	}
	return nil
}
