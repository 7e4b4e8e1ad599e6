package reports

import (
	"fmt"
	"math"
	"strconv"

	"github.com/smokeflow/smokeflow/internal/words"
	"github.com/smokeflow/smokeflow/results"
)

// mdStripRuns is how many of the latest runs a Markdown history line
// shows as marks.
const mdStripRuns = 5

// mdHistory is the one line of history of a failed flow in the Markdown
// report, "" without a trend (docs/results.md "Trends"):
// "History: `✓✓✗✓✗` (last 5) · failed 2 of the last 20 runs · flaky 10%".
func mdHistory(t *results.Trend) string {
	if t == nil || len(t.Runs) == 0 {
		return ""
	}
	marks := []rune(t.Strip)
	shown := marks[max(0, len(marks)-mdStripRuns):]
	return fmt.Sprintf("History: %s (last %d, oldest first) · failed %d of the last %s · flaky %s · median %s\n",
		mdCode(string(shown), false), len(shown), t.Failed(), words.Count(len(t.Runs), "run", "runs"), pct(t.FlakyRate), human(t.Median))
}

// junitHistory adds to props the trend's figures (docs/results.md
// "Trends"): history.pass_rate and history.flaky_rate between 0 and 1,
// history.runs and history.strip.
func junitHistory(props *junitProperties, t *results.Trend) *junitProperties {
	if t == nil || len(t.Runs) == 0 {
		return props
	}
	if props == nil {
		props = &junitProperties{}
	}
	props.Props = append(props.Props,
		junitProperty{Name: "history.pass_rate", Value: rate(t.PassRate)},
		junitProperty{Name: "history.flaky_rate", Value: rate(t.FlakyRate)},
		junitProperty{Name: "history.runs", Value: strconv.Itoa(len(t.Runs))},
		junitProperty{Name: "history.strip", Value: t.Strip})
	return props
}

// rate is a rate with three decimals at most: 0.333, 0.1, 1.
func rate(r float64) string { return strconv.FormatFloat(math.Round(r*1000)/1000, 'f', -1, 64) }
