package flows

import (
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Baselines: `expect: {screenshot: NAME}` and `expect: {snapshot: NAME}`
// compare the page with a file kept beside the flow (docs/flows.md
// "Baselines").

// BaselinesDir is the folder of the baselines of the steps written in
// flowFile: beside it, named after it without its extension
// (flows/checkout.yaml: flows/checkout.baselines).
func BaselinesDir(flowFile string) string {
	base := filepath.Base(flowFile)
	base = strings.TrimSuffix(base, filepath.Ext(base))
	return filepath.Join(filepath.Dir(flowFile), base+".baselines")
}

// BaselineFile is the file of an expect screenshot (NAME.png), snapshot
// (NAME.txt) or a11y (NAME.a11y.txt) written in flowFile; "" for other
// expectations.
func (a *Expect) BaselineFile(flowFile string) string {
	switch a.Kind {
	case ExpectScreenshot:
		return filepath.Join(BaselinesDir(flowFile), a.Baseline+".png")
	case ExpectSnapshot:
		return filepath.Join(BaselinesDir(flowFile), a.Baseline+".txt")
	case ExpectA11y:
		return filepath.Join(BaselinesDir(flowFile), a.Baseline+".a11y.txt")
	}
	return ""
}

// ratio reads a number from 0 to 1.
func (p *parser) ratio(n *yaml.Node, what string) float64 {
	n = p.resolve(n)
	if n == nil {
		return 0
	}
	bad := func() float64 {
		hint := ""
		if strings.HasSuffix(strings.TrimSpace(n.Value), "%") {
			hint = " (write 1% as 0.01)"
		}
		p.errorf(n, "%s must be a number from 0 to 1, such as 0.01, not %s%s", what, kindName(n), hint)
		return 0
	}
	if n.Kind != yaml.ScalarNode || (n.ShortTag() != "!!int" && n.ShortTag() != "!!float") {
		return bad()
	}
	f, err := strconv.ParseFloat(n.Value, 64)
	if err != nil || math.IsNaN(f) || f < 0 || f > 1 {
		return bad()
	}
	return f
}

// targetList reads a list of targets, or one target.
func (p *parser) targetList(n *yaml.Node, what string) []*Target {
	r := p.resolve(n)
	if r == nil {
		return nil
	}
	items := []*yaml.Node{r}
	if r.Kind == yaml.SequenceNode {
		items = r.Content
		if len(items) == 0 {
			p.errorf(r, "%s must not be empty", what)
		}
	}
	var out []*Target
	for _, it := range items {
		if t := p.target(it, what); t != nil {
			out = append(out, t)
		}
	}
	return out
}

// targetsNode writes a list of targets in the flow style; nil for none.
func targetsNode(ts []*Target) *yaml.Node {
	if len(ts) == 0 {
		return nil
	}
	n := &yaml.Node{Kind: yaml.SequenceNode}
	for _, t := range ts {
		n.Content = append(n.Content, targetNode(t))
	}
	return oneLine(n)
}
