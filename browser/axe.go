package browser

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

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
// document (docs/flows.md "Accessibility checks", "Frames").
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
// world once per document. The page's scripts neither see nor break it.
func (p *Page) Axe(ctx context.Context, n *locate.Node, o AxeOptions) ([]AxeViolation, error) {
	var raw json.RawMessage
	var err error
	if n == nil {
		raw, err = p.axeOnPage(ctx, o)
	} else {
		raw, err = p.axeOn(ctx, n, o)
	}
	if err != nil {
		return nil, err
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

// axeLoadJS loads axe-core where it runs, and says whether it is there.
var axeLoadJS = AxeSource + "\n;typeof axe === 'object'"

// axeOnPage runs axe-core on the main document.
func (p *Page) axeOnPage(ctx context.Context, o AxeOptions) (json.RawMessage, error) {
	r, err := p.EvalOwn(ctx, "typeof axe === 'object'")
	if err != nil {
		return nil, fmt.Errorf("axe-core: %w", err)
	}
	if !r.Value.Bool() {
		if _, err := p.EvalOwn(ctx, axeLoadJS); err != nil {
			return nil, fmt.Errorf("loading axe-core: %w", err)
		}
	}
	r, err = p.EvalOwn(ctx, Invoke(AxeRunJS, nil, o.RunOptions()))
	if err != nil {
		return nil, fmt.Errorf("running axe-core: %w", err)
	}
	return resultJSON(&r), nil
}

// axeOn runs axe-core within n, in n's document.
func (p *Page) axeOn(ctx context.Context, n *locate.Node, o AxeOptions) (json.RawMessage, error) {
	raw, err := p.callOn(ctx, n, "function() { return typeof axe === 'object'; }")
	if err != nil {
		return nil, fmt.Errorf("axe-core: %w", err)
	}
	if string(raw) != "true" {
		if _, err := p.callOn(ctx, n, "function() {\n"+axeLoadJS+";\n}"); err != nil {
			return nil, fmt.Errorf("loading axe-core: %w", err)
		}
	}
	raw, err = p.callOn(ctx, n, "function(o) { return ("+AxeRunJS+")(this, o); }", o.RunOptions())
	if err != nil {
		return nil, fmt.Errorf("running axe-core: %w", err)
	}
	return raw, nil
}
