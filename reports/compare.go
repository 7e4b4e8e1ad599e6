package reports

import "github.com/smokeflow/smokeflow/results"

// The verdict of run --compare-to and what only one side had, the one
// wording the terminal, the Markdown and the HTML report share
// (docs/running.md "Was it this deploy?"): the verdict is the runner's
// sentence (results.Compare.Message), each difference a side and a line.

// compareEntry is one thing only one side had at its failure.
type compareEntry struct {
	// Side is "only here" or "only on URL".
	Side string
	// Kind is what it is (results.CompareKind).
	Kind results.CompareKind
	// Text is the entry as the runner wrote it ("request GET /api 500");
	// What is it without its kind ("GET /api 500").
	Text, What string
}

// compareEntries are what only one side had, this side's first.
func compareEntries(c *results.Compare) []compareEntry {
	var out []compareEntry
	add := func(side string, all []string) {
		for _, s := range all {
			e := compareEntry{Side: side, Text: oneLine(s)}
			e.Kind, e.What = results.CompareKindOf(e.Text)
			out = append(out, e)
		}
	}
	add("only here", c.OnlyHere)
	add("only on "+c.URL, c.OnlyThere)
	return out
}

// compareLines are the verdict of run --compare-to and what only one side
// had, a line each, for the terminal and the Markdown; nil without a
// comparison.
func compareLines(c *results.Compare) []string {
	if c == nil {
		return nil
	}
	out := []string{"compared: " + c.Message}
	for _, e := range compareEntries(c) {
		out = append(out, "  "+e.Side+": "+e.Text)
	}
	if s := c.Screenshots; s != nil {
		line := "  screenshots at the step: " + s.Differs
		if s.Diff != "" {
			line += " (" + s.Diff + ")"
		}
		out = append(out, line)
	}
	return out
}
