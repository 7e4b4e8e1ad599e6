package reports

import "github.com/smokeflow/smokeflow/results"

// compareLines are the verdict of run --compare-to and what only one side
// had, a line each, for the terminal and the Markdown (docs/running.md
// "Was it this deploy?"); nil without a comparison.
func compareLines(c *results.Compare) []string {
	if c == nil {
		return nil
	}
	out := []string{"compared: " + c.Message}
	for _, s := range c.OnlyHere {
		out = append(out, "  only here: "+oneLine(s))
	}
	for _, s := range c.OnlyThere {
		out = append(out, "  only on "+c.URL+": "+oneLine(s))
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
