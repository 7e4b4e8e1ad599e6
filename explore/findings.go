package explore

import (
	"sort"
	"strconv"
	"strings"

	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
)

// Severity is how bad a finding is (docs/explore.md "Findings").
type Severity string

// The severities, worst first.
const (
	Critical Severity = "critical"
	High     Severity = "high"
	Medium   Severity = "medium"
	Low      Severity = "low"
)

// Severities lists the severities worst first, the order of the report.
func Severities() []Severity { return []Severity{Critical, High, Medium, Low} }

// rank orders severities: 0 is the worst.
func (s Severity) rank() int {
	for i, x := range Severities() {
		if x == s {
			return i
		}
	}
	return len(Severities())
}

// Category is what part of the app a finding is about (docs/explore.md
// "Findings").
type Category string

// The categories.
const (
	Functional    Category = "functional"
	Console       Category = "console"
	Network       Category = "network"
	Accessibility Category = "accessibility"
	UX            Category = "UX"
	Performance   Category = "performance"
)

// Kind is what the walker saw: one kind per check (docs/explore.md
// "Findings").
type Kind string

// The kinds of findings.
const (
	KindException     Kind = "exception"          // an uncaught exception
	KindConsoleError  Kind = "console_error"      // console.error
	KindFailedRequest Kind = "failed_request"     // a 4xx/5xx response or a network error
	KindBrokenLink    Kind = "broken_link"        // a link to a page that answers 404 or 410
	KindPageError     Kind = "page_error"         // a page that answers 5xx or does not load
	KindDeadControl   Kind = "dead_control"       // a click that changes nothing
	KindDeadLinks     Kind = "dead_links"         // the links of a page that lead nowhere and do nothing, one finding
	KindFormEmpty     Kind = "form_accepts_empty" // a form that takes an empty submission of required fields
	KindFormServer    Kind = "form_server_error"  // a form answered with a 5xx or a network error
	KindUnnamed       Kind = "unnamed_control"    // controls without an accessible name
	KindAxe           Kind = "axe"                // an axe-core rule violated
	KindSlowPage      Kind = "slow_page"          // a page slower to load than the threshold
	KindSlowAction    Kind = "slow_action"        // an action slower to settle than the threshold
	KindCovered       Kind = "covered"            // a control another element covers
	KindOffScreen     Kind = "off_screen"         // a control out of reach at the viewport
)

// kindCategory is each kind's category.
var kindCategory = map[Kind]Category{
	KindPageError: Network, KindException: Console, KindBrokenLink: Network, KindFormServer: Functional,
	KindConsoleError: Console, KindFailedRequest: Network, KindDeadControl: Functional, KindDeadLinks: Functional,
	KindFormEmpty: Functional, KindUnnamed: Accessibility, KindAxe: Accessibility, KindCovered: UX, KindOffScreen: UX,
	KindSlowPage: Performance, KindSlowAction: Performance,
}

// trait is a fact about a finding, beyond its kind, that its severity
// goes by.
type trait int

const (
	always        trait = iota
	serverError         // a request answered 5xx
	rootCause           // controls do nothing, probably because of it
	primaryAct          // a control that does nothing is a form's primary action
	seriousImpact       // axe-core's impact is serious or critical
	contrastRule        // axe-core's color-contrast
)

// has reports whether f has the trait t.
func (f *Finding) has(t trait) bool {
	switch t {
	case serverError:
		for _, r := range f.Requests {
			if r.Status >= 500 {
				return true
			}
		}
		return false
	case rootCause:
		return len(f.DeadControls) > 0
	case primaryAct:
		return f.primary
	case seriousImpact:
		return f.Axe != nil && (f.Axe.Impact == "serious" || f.Axe.Impact == "critical")
	case contrastRule:
		return f.Axe != nil && strings.HasPrefix(f.Axe.Rule, "color-contrast")
	}
	return true
}

// severityTable is the one table that decides a finding's severity
// (docs/explore.md "Severity"): the first row of its kind whose trait it
// has. axe-core rates every contrast failure serious, so contrast's row
// comes before the impact's.
var severityTable = []struct {
	kind  Kind
	trait trait
	sev   Severity
}{
	{KindPageError, always, Critical},
	{KindException, always, High},
	{KindBrokenLink, always, High},
	{KindFormServer, always, High},
	{KindFailedRequest, serverError, High},
	{KindFailedRequest, rootCause, High},
	{KindFailedRequest, always, Medium},
	{KindDeadControl, primaryAct, High},
	{KindDeadControl, always, Medium},
	{KindDeadLinks, always, Medium},
	{KindConsoleError, always, Medium},
	{KindFormEmpty, always, Medium},
	{KindUnnamed, always, Medium},
	{KindCovered, always, Medium},
	{KindOffScreen, always, Medium},
	{KindAxe, contrastRule, Low},
	{KindAxe, seriousImpact, Medium},
	{KindAxe, always, Low},
	{KindSlowPage, always, Low},
	{KindSlowAction, always, Low},
}

// severityOf is f's severity by severityTable.
func severityOf(f *Finding) Severity {
	for _, row := range severityTable {
		if row.kind == f.Kind && f.has(row.trait) {
			return row.sev
		}
	}
	return Medium
}

// Finding is one bug the walk found, with what it takes to see it again.
type Finding struct {
	ID       string   `json:"id"` // F1, F2, … in the report's order
	Kind     Kind     `json:"kind"`
	Severity Severity `json:"severity"`
	Category Category `json:"category"`
	Title    string   `json:"title"`
	Page     string   `json:"page"` // the URL of the page it is on
	// Steps are the repro steps in words, numbered from 1 in the report.
	Steps    []string `json:"steps"`
	Expected string   `json:"expected"`
	Actual   string   `json:"actual"`
	// Flow is the repro flow, Screenshot the page as the bug left it:
	// paths relative to the report's folder.
	Flow       string `json:"flow"`
	Screenshot string `json:"screenshot,omitempty"`
	// Evidence: the console messages and failed requests it caused, and
	// for an axe-core finding the rule and the elements.
	Console  []results.Console `json:"console,omitempty"`
	Requests []results.Request `json:"requests,omitempty"`
	Axe      *AxeViolation     `json:"axe,omitempty"`
	// TookMS is how long a slow page or action took, in milliseconds.
	TookMS int64 `json:"took_ms,omitempty"`
	// Pages are the other pages it was seen on, after Page.
	Pages []string `json:"pages,omitempty"`
	// DeadControls are the controls that do nothing, probably because
	// of this finding: a script that failed, an exception on load.
	DeadControls []DeadControl `json:"dead_controls,omitempty"`

	repro []*reproStep // the flow's steps, with their words
	key   string       // what makes it the same finding on another page
	seq   int          // the order it was found in
	shot  string       // the screenshot's name in Report.shots
	// primary marks a control that does nothing as the primary action
	// of a form (severityTable).
	primary bool
}

// reproStep is a step of a repro flow and how the report says it.
type reproStep struct {
	step *flows.Step
	say  string // "" for a step that is no user action (a wait)
}

// newFinding makes a finding of a kind with the kind's severity and
// category.
func newFinding(k Kind, key, title, page string) *Finding {
	f := &Finding{Kind: k, Category: kindCategory[k], key: string(k) + "|" + key, Title: title, Page: page}
	f.Severity = severityOf(f)
	return f
}

// order sorts findings worst first, then in the order they were found, and
// numbers them.
func order(fs []*Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		if ri, rj := fs[i].Severity.rank(), fs[j].Severity.rank(); ri != rj {
			return ri < rj
		}
		return fs[i].seq < fs[j].seq
	})
	for i, f := range fs {
		f.ID = "F" + strconv.Itoa(i+1)
	}
}
