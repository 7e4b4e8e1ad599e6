package reports

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strconv"
	"sync"
	"time"

	"github.com/smokeflow/smokeflow/results"
)

// The HTML report (docs/results.md "HTML report"): one file, its style
// and script inline, its images embedded as data: URIs, and a
// Content-Security-Policy that forbids every request, so it opens from
// disk or a CI artifact store and never loads anything.

//go:embed html/report.html.tmpl
var htmlTemplate string

//go:embed html/report.css
var htmlCSS string

//go:embed html/report.js
var htmlJS string

// htmlPage is the report's template and the trends' (html/trend.html.tmpl,
// parsed second: its text outside its definitions is blank, so it adds
// nothing to the page's body), parsed on first use: most commands write
// no HTML, and every process start would parse it (docs/benchmarks.md
// "The agent session against agent-browser").
var htmlPage = sync.OnceValue(parseHTMLPage)

func parseHTMLPage() *template.Template {
	return template.Must(template.Must(template.New("report").Funcs(template.FuncMap{
		"dur":       func(d time.Duration) string { return seconds(d) + "s" },
		"stamp":     func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05 UTC") },
		"clock":     func(t time.Time) string { return t.UTC().Format("15:04:05.000") },
		"num":       func(f float64) string { return strconv.FormatFloat(f, 'f', 0, 64) },
		"inc":       func(i int) int { return i + 1 },
		"indent":    func(depth int) int { return 8 + 16*depth },
		"logwindow": func() string { return fmt.Sprintf("%d entries of the %s", logLines, logWindow) },
		"pct":       pct,
		"runs":      runsText,
	}).Parse(htmlTemplate)).Parse(htmlTrendTemplate))
}

// HTMLOptions configure WriteHTML.
type HTMLOptions struct {
	// ArtifactsDir is where the artifact files are read from: the run's
	// ArtifactsDir when "".
	ArtifactsDir string
}

// WriteHTML writes run as one self-contained HTML page: the summary, a
// filter, each flow with its attempts and step timeline, and, for the
// attempts that did not pass, the failure's diagnostics, screenshot,
// logs, baseline diffs and trace, images read from the artifacts folder.
func WriteHTML(w io.Writer, run *results.Run, o HTMLOptions) error {
	if run == nil {
		return fmt.Errorf("reports: no run to write")
	}
	dir := o.ArtifactsDir
	if dir == "" {
		dir = run.ArtifactsDir
	}
	v := buildHTMLView(run, dir)
	// the report's own style and script, embedded at build time
	v.CSS, v.JS = template.CSS(htmlCSS), template.JS(htmlJS)
	if err := htmlPage().Execute(w, v); err != nil {
		return fmt.Errorf("reports: html: %w", err)
	}
	return nil
}
