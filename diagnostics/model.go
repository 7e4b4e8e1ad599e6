// Package diagnostics is what a failed resolution or action gathers, in
// people's form (Render) and machine form (the Diagnostics struct, kept in
// the reports). It is pure data and text: the runner and locate gather the
// facts from the page, this package ranks, caps and explains them.
package diagnostics

import (
	"fmt"
	"slices"
)

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
	ReasonPolicy      Reason = "policy"      // the action policy or the allowed domains stopped the step
	ReasonSetup       Reason = "setup"       // a setup flow the flow needs failed
	ReasonBrowser     Reason = "browser"     // the browser crashed, went away or refused a call
	ReasonInterrupted Reason = "interrupted" // the run was stopped
	ReasonInternal    Reason = "internal"    // a smokeflow bug
)

// Reasons lists every reason, in the order docs/results.md lists them.
func Reasons() []Reason {
	return []Reason{ReasonNotFound, ReasonAmbiguous, ReasonHidden, ReasonDisabled, ReasonCovered,
		ReasonNotEditable, ReasonUnstable, ReasonDetached, ReasonMismatch, ReasonAssertion,
		ReasonRepeatMax, ReasonExpression, ReasonNavigation, ReasonTimeout, ReasonScript, ReasonFile,
		ReasonConfig, ReasonPolicy, ReasonSetup, ReasonBrowser, ReasonInterrupted, ReasonInternal}
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

	// Suggestions are targets checked against the failure's snapshot to
	// resolve to exactly one element (docs/targets.md "Failure
	// diagnostics"); Explain turns them into hints.
	Suggestions []Suggestion `json:"suggestions,omitempty"`
	// Beside says the suggestion picks the control beside the element the
	// target matched, which could not take the action (a check on a
	// switch's label drawn as plain text), not the element itself.
	Beside bool `json:"-"`
	// Form is what the form of a control that stayed disabled holds back.
	Form *Form `json:"form,omitempty"`

	Target string `json:"target,omitempty"` // the target as written
	// Container is the target's `within` container when that matched
	// nothing visible: the failure is about it, and the near misses are
	// its own (docs/targets.md "Failure diagnostics").
	Container string `json:"container,omitempty"`
	// ContainerHidden counts the container's matches when it had some,
	// none visible; 0 when it matched nothing (docs/results.md).
	ContainerHidden int         `json:"container_hidden,omitempty"`
	Rungs           []RungCount `json:"rungs,omitempty"`
	// HiddenFromTree says what hides matches a person sees from the
	// accessibility tree, when that is why none matched:
	// `aria-hidden="true" on div#root` (docs/results.md).
	HiddenFromTree string `json:"hidden_from_tree,omitempty"`
	// HiddenByPage says no dialog or popup is open that hides them: the
	// page hides them itself (a kit's aria-hidden label).
	HiddenByPage bool `json:"hidden_by_page,omitempty"`

	Candidates []Candidate `json:"candidates,omitempty"` // at most MaxCandidates
	NearMisses []NearMiss  `json:"near_misses,omitempty"`
	Links      []Link      `json:"links,omitempty"` // at most MaxLinks

	URL   string `json:"url,omitempty"`
	Title string `json:"title,omitempty"`
	// HTTPStatus is the HTTP status of the page's document when it is an
	// error (4xx, 5xx), 0 otherwise; URL says where.
	HTTPStatus int `json:"http_status,omitempty"`
	// FailedRequests are the requests of the page's document that failed
	// (a network error or a 4xx/5xx, as "GET URL → 404"), its own
	// response aside, at most MaxFailedRequests.
	FailedRequests []string `json:"failed_requests,omitempty"`

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
	// MaxSuggestions is how many candidates of an ambiguous target get
	// a suggestion.
	MaxSuggestions = 5
	// MaxBlockers is how many fields of a form are listed.
	MaxBlockers = 10
	// MaxFailedRequests is how many of the page's failed requests are
	// listed.
	MaxFailedRequests = 5
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
	// Cover is how what covers it stands to it: its container, a part
	// of its own component, or something else.
	Cover  Cover  `json:"cover,omitempty"`
	Box    *Box   `json:"box,omitempty"`
	Region string `json:"region,omitempty"` // main, navigation, banner, contentinfo
	Frame  string `json:"frame,omitempty"`  // iframe name or url when not the main frame
}

// Cover is how the element that takes a covered element's events stands
// to it, which decides the advice (docs/targets.md "Actionability",
// "Receives events").
type Cover string

const (
	// CoverOther is anything else: a cookie banner, a modal, an overlay.
	CoverOther Cover = ""
	// CoverContainer holds the element: the element lets pointer events
	// through (pointer-events: none), or its container draws over it.
	CoverContainer Cover = "container"
	// CoverComponent is a part of a web component that holds the
	// element: inside one of the element's shadow hosts.
	CoverComponent Cover = "component"
	// CoverPopup is part of a popup the element is not in: a date
	// picker, a menu or a list of suggestions left open.
	CoverPopup Cover = "popup"
)

// Says is what a message adds after "is covered by X": how X stands to
// the element.
func (c Cover) Says() string {
	switch c {
	case CoverContainer:
		return ", which holds it"
	case CoverComponent:
		return ", a part of its own component"
	}
	return ""
}

// Hint is the advice for a cover so related to the element.
func (c Cover) Hint() string {
	switch c {
	case CoverContainer:
		return "the element lets the click through to what holds it (pointer-events: none, as a kit sets while busy), or its container draws over it: nothing to close; wait until it takes clicks, or target what holds it"
	case CoverComponent:
		return "a part of the element's own component takes the click, not a banner: nothing to close; target the component's control as the snapshot shows it (take a `snapshot`), or wait until the component is ready"
	case CoverPopup:
		return "a popup left open covers it (a date picker, a menu, a list of suggestions): close it first with `press: Escape`, as a person does, or finish in it"
	}
	return "close what covers it first (a cookie banner, a modal, an overlay), or wait until it goes away"
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

// Suggestion is a target that resolves, over the snapshot the failure was
// diagnosed on, to exactly one element: the one Ref names.
type Suggestion struct {
	Ref  string `json:"ref,omitempty"`
	Role string `json:"role"`
	Name string `json:"name"`
	// Target is the target as a flow file writes it:
	// {role: link, name: Sign in, within: {role: navigation}}.
	Target string `json:"target"`
	// Line is ready to paste in place of the step's target line:
	// `click: {...}`, or `target: {...}` in a map form.
	Line string `json:"line"`
}

// Hint is the suggestion as one line: the line to paste and, as a YAML
// comment, the element it picks.
func (s Suggestion) Hint() string { return s.Line + "  # " + s.picks() }

func (s Suggestion) picks() string {
	if s.Ref != "" {
		return "@" + s.Ref
	}
	return fmt.Sprintf("%s %q", s.Role, s.Name)
}

// Form is the form a disabled control belongs to, and its fields that
// hold it back.
type Form struct {
	Role     string    `json:"role"`           // form, or the role the snapshot gives it
	Name     string    `json:"name,omitempty"` // its accessible name
	Blockers []Blocker `json:"blockers"`       // empty: none of its fields is required and empty, or invalid
}

// FieldState is what is wrong with a field of a form.
type FieldState string

const (
	FieldEmpty      FieldState = "empty"      // required, no value
	FieldUnchecked  FieldState = "unchecked"  // a required checkbox or switch, not checked
	FieldUnselected FieldState = "unselected" // a required radio group or select with nothing chosen
	FieldInvalid    FieldState = "invalid"    // a value the field does not accept
)

// Blocker is a field of the form that is required and empty (or
// unchecked), or invalid.
type Blocker struct {
	Ref      string     `json:"ref,omitempty"` // none when the snapshot does not show it
	Role     string     `json:"role"`
	Name     string     `json:"name"`
	Required bool       `json:"required"`
	State    FieldState `json:"state"`
	// ValidationMessage is the browser's own message for the field
	// (validationMessage), or the text of its aria-errormessage.
	ValidationMessage string `json:"validation_message,omitempty"`
}

// Line is the field as the snapshot writes it, and what is wrong with it:
// textbox "Email" [ref=e4] required, empty.
func (b Blocker) Line() string {
	s := fmt.Sprintf("%s %q", b.Role, b.Name)
	if b.Ref != "" {
		s += " [ref=" + b.Ref + "]"
	}
	if b.Required {
		s += " required,"
	}
	s += " " + string(b.State)
	if b.State == FieldInvalid && b.ValidationMessage != "" {
		s += fmt.Sprintf(" (%q)", b.ValidationMessage)
	}
	return s
}

// Refs are the refs the diagnostics hand a reader, candidates' first
// when withCandidates, then near misses', suggestions' and the form's
// blockers': each resolves in a later step (docs/targets.md "Resolution",
// 1).
func (d *Diagnostics) Refs(withCandidates bool) []string {
	var out []string
	add := func(ref string) {
		if ref != "" {
			out = append(out, ref)
		}
	}
	if withCandidates {
		for _, c := range d.Candidates {
			add(c.Ref)
		}
	}
	for _, n := range d.NearMisses {
		add(n.Ref)
	}
	for _, s := range d.Suggestions {
		add(s.Ref)
	}
	if d.Form != nil {
		for _, b := range d.Form.Blockers {
			add(b.Ref)
		}
	}
	return out
}
