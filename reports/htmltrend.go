package reports

// This file builds the trends the HTML report shows with --history
// (docs/results.md "Trends"): a strip of squares, one per run, and
// sparklines drawn as inline SVG, so that the report stays one file that
// loads nothing.

import (
	_ "embed"
	"html/template"
	"strconv"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/internal/words"
	"github.com/smokeflow/smokeflow/results"
)

// htmlTrendCSS styles the trends; the report holds it only when it shows
// them, so that a report without --history is as it was.
//
//go:embed html/trend.css
var htmlTrendCSS string

// The sparklines' size, in CSS pixels.
const (
	sparkW = 80
	sparkH = 16
)

// htmlTrend is a flow's trend: its squares and its durations' sparkline.
type htmlTrend struct {
	*results.Trend
	Squares []htmlSquare
	Spark   htmlSpark
}

// htmlRunTrend is the run-level trend: a square per run (passed when
// every flow that ran passed), the pass rates' and the durations'
// sparklines.
type htmlRunTrend struct {
	Squares  []htmlSquare
	PassRate htmlSpark
	Duration htmlSpark
	// Last is this run.
	Last results.RunPoint
}

// htmlSquare is one run in a strip, its tooltip the date, status and
// duration, and the verdict of run --compare-to when the run was
// compared (docs/running.md "Was it this deploy?"), which also marks it.
type htmlSquare struct {
	Status  results.Status
	Title   string
	Compare results.CompareVerdict
}

// htmlSpark is a sparkline: Points for a polyline, Dot the last point.
type htmlSpark struct {
	W, H   int
	Points string
	DotX   string
	DotY   string
}

// trendStamp is the date of a run in a tooltip.
func trendStamp(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") }

// htmlTrendOf is the HTML view of a flow's trend, nil for none.
func htmlTrendOf(t *results.Trend) *htmlTrend {
	if t == nil || len(t.Runs) == 0 {
		return nil
	}
	ht := &htmlTrend{Trend: t}
	durs := make([]float64, len(t.Runs))
	for i, r := range t.Runs {
		sq := htmlSquare{Status: r.Status, Title: trendStamp(r.StartedAt) + " · " + string(r.Status) + " · " + human(r.Duration), Compare: r.Compare}
		if r.Compare != "" {
			sq.Title += " · compared: " + r.Compare.Words()
		}
		ht.Squares = append(ht.Squares, sq)
		durs[i] = r.Duration.Seconds()
	}
	ht.Spark = sparkline(durs, 0)
	return ht
}

// htmlRunTrendOf is the HTML view of the run-level trend, nil for none.
func htmlRunTrendOf(t *results.RunTrend) *htmlRunTrend {
	if t == nil || len(t.Runs) == 0 {
		return nil
	}
	rt := &htmlRunTrend{Last: t.Runs[len(t.Runs)-1]}
	rates, durs := make([]float64, len(t.Runs)), make([]float64, len(t.Runs))
	for i, p := range t.Runs {
		st := results.Passed
		if p.Passed < p.Ran {
			st = results.Failed
		}
		rt.Squares = append(rt.Squares, htmlSquare{Status: st, Title: trendStamp(p.StartedAt) + " · " + strconv.Itoa(p.Passed) + " of " +
			strconv.Itoa(p.Ran) + " passed · " + human(p.Duration)})
		rates[i], durs[i] = p.PassRate(), p.Duration.Seconds()
	}
	rt.PassRate, rt.Duration = sparkline(rates, 1), sparkline(durs, 0)
	return rt
}

// sparkline draws vs left to right, 0 at the bottom and top at the top
// (the largest of vs when top is 0).
func sparkline(vs []float64, top float64) htmlSpark {
	s := htmlSpark{W: sparkW, H: sparkH}
	for _, v := range vs {
		top = max(top, v)
	}
	pts := make([]string, len(vs))
	for i, v := range vs {
		x := float64(sparkW) / 2
		if len(vs) > 1 {
			x = 1 + float64(i)*float64(sparkW-2)/float64(len(vs)-1)
		}
		y := float64(sparkH) - 1
		if top > 0 {
			y = 1 + (1-v/top)*float64(sparkH-2)
		}
		s.DotX, s.DotY = coord(x), coord(y)
		pts[i] = s.DotX + "," + s.DotY
	}
	s.Points = strings.Join(pts, " ")
	return s
}

// runsText is "run" or "7 runs", after "the last".
func runsText(n int) string {
	if n == 1 {
		return "run"
	}
	return words.Count(n, "run", "runs")
}

// coord is a coordinate with one decimal at most.
func coord(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) }

// pct is a rate as a whole percentage: 0.333 is "33%".
func pct(r float64) string { return strconv.Itoa(int(r*100+0.5)) + "%" }

//go:embed html/trend.html.tmpl
var htmlTrendTemplate string

// withTrends adds the trends to v, and their style when there are any.
func (v *htmlView) withTrends(run *results.Run) {
	v.RunTrend = htmlRunTrendOf(run.History)
	shown := v.RunTrend != nil
	for i := range v.Flows {
		v.Flows[i].Trend = htmlTrendOf(v.Flows[i].History)
		shown = shown || v.Flows[i].Trend != nil
	}
	if shown {
		v.TrendCSS = template.CSS(htmlTrendCSS)
	}
}
