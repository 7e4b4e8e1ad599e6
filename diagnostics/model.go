// Package diagnostics is what a failed resolution or action gathers, in
// people's form (Render) and machine form (the Diagnostics struct, kept in
// the reports). It is pure data and text: the runner and locate gather the
// facts from the page, this package ranks, caps and explains them.
package diagnostics

import "slices"

// Reason is the category of a failure: every failure smokeflow reports
// carries one of Reasons (docs/results.md "Reasons"). Typed errors in
// locate unwrap to one.
type Reason string

const (
	ReasonNotFound    Reason = "not_found" // nothing matched
	ReasonAmbiguous   Reason = "ambiguous" // several equal matches
	ReasonHidden      Reason = "hidden"    // matches exist, none visible
	ReasonDisabled    Reason = "disabled"  // the element stayed disabled
	ReasonCovered     Reason = "covered"   // another element receives the click
	ReasonNotEditable Reason = "not_editable"
	ReasonUnstable    Reason = "unstable"   // kept moving
	ReasonDetached    Reason = "detached"   // removed mid-action
	ReasonMismatch    Reason = "mismatch"   // a ref now names another element
	ReasonAssertion   Reason = "assertion"  // an expect, assert or wait did not hold
	ReasonRepeatMax   Reason = "repeat_max" // a repeat's while/until still went on at max
	ReasonExpression  Reason = "expression" // an expression or ${...} could not be evaluated
	ReasonNavigation  Reason = "navigation" // open failed, or a request got no response
	ReasonTimeout     Reason = "timeout"
	ReasonScript      Reason = "script"      // the page's JavaScript threw (eval)
	ReasonFile        Reason = "file"        // a file could not be read or written
	ReasonConfig      Reason = "config"      // a flow setting wrong only at run time
	ReasonBrowser     Reason = "browser"     // the browser crashed, went away or refused a call
	ReasonInterrupted Reason = "interrupted" // the run was stopped
	ReasonInternal    Reason = "internal"    // a smokeflow bug
)

// Reasons lists every reason, in the order docs/results.md lists them.
func Reasons() []Reason {
	return []Reason{ReasonNotFound, ReasonAmbiguous, ReasonHidden, ReasonDisabled, ReasonCovered,
		ReasonNotEditable, ReasonUnstable, ReasonDetached, ReasonMismatch, ReasonAssertion,
		ReasonRepeatMax, ReasonExpression, ReasonNavigation, ReasonTimeout, ReasonScript, ReasonFile,
		ReasonConfig, ReasonBrowser, ReasonInterrupted, ReasonInternal}
}

// Known reports whether r is one of Reasons.
func (r Reason) Known() bool { return slices.Contains(Reasons(), r) }

// Diagnostics is what the page held when a step failed (docs/results.md
// "Diagnostics").
type Diagnostics struct {
	Reason  Reason   `json:"reason"`
	Message string   `json:"message"`           // one line: what went wrong
	Verdict string   `json:"verdict,omitempty"` // one line: what the page holds
	Hints   []string `json:"hints,omitempty"`   // what to try

	Target string      `json:"target,omitempty"` // the target as written
	Rungs  []RungCount `json:"rungs,omitempty"`

	Candidates []Candidate `json:"candidates,omitempty"` // at most MaxCandidates
	NearMisses []NearMiss  `json:"near_misses,omitempty"`
	Links      []Link      `json:"links,omitempty"` // at most MaxLinks

	URL   string `json:"url,omitempty"`
	Title string `json:"title,omitempty"`

	// Artifacts, as paths relative to the artifacts folder.
	Screenshot string `json:"screenshot,omitempty"`
	Snapshot   string `json:"snapshot,omitempty"`

	// Truncated is set when caps dropped something.
	Truncated bool `json:"truncated,omitempty"`
}

// Caps that keep a huge page from blowing up a report.
const (
	MaxCandidates = 10
	MaxNearMisses = 5
	MaxLinks      = 15
	MaxNameLen    = 80
)

// RungCount is how many elements one rung of the ladder matched.
type RungCount struct {
	Rung    string `json:"rung"` // role, label, placeholder, text, testid, css, ref
	Phrase  string `json:"phrase,omitempty"`
	Matches int    `json:"matches"`
	Visible int    `json:"visible"`
}

// Candidate is one element that matched (or nearly matched) the target.
type Candidate struct {
	Ref       string `json:"ref,omitempty"`
	Role      string `json:"role"`
	Name      string `json:"name"`
	Visible   bool   `json:"visible"`
	Enabled   bool   `json:"enabled"`
	CoveredBy string `json:"covered_by,omitempty"` // e.g. div.modal-backdrop
	Box       *Box   `json:"box,omitempty"`
	Region    string `json:"region,omitempty"` // main, navigation, banner, contentinfo
	Frame     string `json:"frame,omitempty"`  // iframe name or url when not the main frame
}

// Box is an element's border box in CSS pixels of the top-level viewport.
type Box struct {
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

// NearMiss is an interactive element whose name is close to the phrase.
type NearMiss struct {
	Ref   string  `json:"ref,omitempty"`
	Role  string  `json:"role"`
	Name  string  `json:"name"`
	Score float64 `json:"score"` // 0..1, higher is closer
}

// Link is one link of the page.
type Link struct {
	Text string `json:"text"`
	Href string `json:"href"`
}
