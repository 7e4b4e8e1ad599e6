package browser

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/go-rod/rod/lib/proto"
	"github.com/smokeflow/smokeflow/locate"
)

// axe-core, pinned and embedded (browser/axe/README.md): the accessibility
// rules of `expect: {a11y}` (docs/flows.md "Accessibility checks") and of
// explore's walk (docs/explore.md "Accessibility"). smokeflow has no rules
// of its own.

// AxeSource is axe-core's axe.min.js, as its npm package ships it, its
// MPL-2.0 header intact.
//
//go:embed axe/axe.min.js
var AxeSource string

// AxeVersion is the version of AxeSource (flows.AxeRules was generated
// from it; a test checks both).
const AxeVersion = "4.14.1"

// AxeOptions say which rules a run of axe-core runs: Rules (only those),
// else Tags (the rules of those tags), else axe-core's default set; less
// Disable.
type AxeOptions struct {
	Rules   []string
	Tags    []string
	Disable []string
}

// axeRun is axe.run's options object: violations only, in the one
// document (docs/flows.md "Accessibility checks": frames are not
// checked).
type axeRun struct {
	RunOnly     *axeRunOnly        `json:"runOnly,omitempty"`
	Rules       map[string]axeRule `json:"rules,omitempty"`
	ResultTypes []string           `json:"resultTypes"`
	Iframes     bool               `json:"iframes"`
}

type axeRunOnly struct {
	Type   string   `json:"type"` // rule or tag
	Values []string `json:"values"`
}

// axeRule is a rule's setting for axe.run: turned off.
type axeRule struct {
	Enabled bool `json:"enabled"`
}

// RunOptions is o as axe.run's options.
func (o AxeOptions) RunOptions() any {
	r := axeRun{ResultTypes: []string{"violations"}}
	switch {
	case len(o.Rules) > 0:
		r.RunOnly = &axeRunOnly{Type: "rule", Values: o.Rules}
	case len(o.Tags) > 0:
		r.RunOnly = &axeRunOnly{Type: "tag", Values: o.Tags}
	}
	if len(o.Disable) > 0 {
		r.Rules = make(map[string]axeRule, len(o.Disable))
		for _, id := range o.Disable {
			r.Rules[id] = axeRule{}
		}
	}
	return r
}

// AxeViolation is one axe-core rule the page breaks, and where.
type AxeViolation struct {
	Rule    string    `json:"rule"`
	Impact  string    `json:"impact"`
	Help    string    `json:"help"`
	HelpURL string    `json:"help_url"`
	Nodes   []AxeNode `json:"nodes"`
}

// AxeNode is an element that breaks a rule: axe-core's CSS selector of it,
// its HTML, the impact there and axe-core's summary of what to fix.
type AxeNode struct {
	Target  string `json:"target"`
	HTML    string `json:"html"`
	Impact  string `json:"impact"`
	Summary string `json:"summary"`
}

// Axe runs axe-core in smokeflow's isolated world (docs/flows.md
// "Accessibility checks"), on the main document, or within the element n
// in its own document when n is not nil; axe-core is loaded into that
// world first when it is not there yet (LoadAxe). The page's scripts
// neither see nor break it.
func (p *Page) Axe(ctx context.Context, n *locate.Node, o AxeOptions) ([]AxeViolation, error) {
	if err := p.LoadAxe(ctx, n); err != nil {
		return nil, err
	}
	var raw json.RawMessage
	var err error
	if n == nil {
		var r proto.RuntimeRemoteObject
		r, err = p.EvalOwn(ctx, Invoke(AxeRunJS(), nil, o.RunOptions()))
		raw = resultJSON(&r)
	} else {
		raw, err = p.callOn(ctx, n, "function(o) { return ("+AxeRunJS()+")(this, o); }", o.RunOptions())
	}
	if err != nil {
		return nil, fmt.Errorf("running axe-core: %w", err)
	}
	var vs []AxeViolation
	if err := json.Unmarshal(raw, &vs); err != nil {
		return nil, fmt.Errorf("reading axe-core's answer: %w", err)
	}
	for i := range vs {
		// axe-core tags its links with the API that asked
		// (?application=axeAPI): the page is the same without
		vs[i].HelpURL, _, _ = strings.Cut(vs[i].HelpURL, "?application=")
	}
	return vs, nil
}

// LoadAxe loads axe-core into smokeflow's world of the main document, or
// of n's document, unless it is there already: some 650 kB of script to
// compile, a fraction of a second, once per document.
func (p *Page) LoadAxe(ctx context.Context, n *locate.Node) error {
	const there = "typeof axe === 'object'"
	r, err := p.ownEval(ctx, n, "", there)
	if err != nil {
		return fmt.Errorf("axe-core: %w", err)
	}
	if string(r) == "true" {
		return nil
	}
	if _, err := p.ownEval(ctx, n, AxeSource, there); err != nil {
		return fmt.Errorf("loading axe-core: %w", err)
	}
	return nil
}

// ownEval runs the statements pre, then returns the value of the
// expression expr, in smokeflow's world of the main document, or of n's
// document when n is not nil.
func (p *Page) ownEval(ctx context.Context, n *locate.Node, pre, expr string) (json.RawMessage, error) {
	if n != nil {
		return p.callOn(ctx, n, "function() {\n"+pre+"\n;return ("+expr+");\n}")
	}
	r, err := p.EvalOwn(ctx, pre+"\n;("+expr+")")
	if err != nil {
		return nil, err
	}
	return resultJSON(&r), nil
}
