// Package flows is the smokeflow flow language: the types of a flow file,
// YAML parsing with positions, validation, interpolation and expression
// compiling. It never imports a browser.
package flows

import (
	"fmt"
	"regexp"
	"time"

	"github.com/expr-lang/expr/vm"
)

// Defaults of docs/flows.md "Flow fields".
const (
	DefaultTimeout     = 60 * time.Second
	DefaultStepTimeout = 10 * time.Second
	DefaultRepeatMax   = 100
)

// Pos is a place in a flow file. Line and Col are 1-based.
type Pos struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
}

func (p Pos) String() string {
	if p.Line == 0 {
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Flow is one flow file: one test case in reports.
type Flow struct {
	File        string // path as loaded
	Name        string
	Description string
	Tags        []string
	BaseURL     string // may hold ${...}; interpolated at run time
	Vars        []Var  // in file order
	Secrets     []string
	Timeout     time.Duration // whole flow; DefaultTimeout when unset
	StepTimeout time.Duration // each step; DefaultStepTimeout when unset
	Viewport    *Viewport
	// Places are the device, locale, time zone, place, media features,
	// permissions and clock the flow's browser has (docs/flows.md
	// "Devices and places").
	Places Places
	// AllowedDomains is `allowed_domains:`: the only hosts the browser
	// may load from (nil: any host).
	AllowedDomains *Domains
	// IgnoreRequests is `ignore_requests:`: the request URLs its
	// no_failed_requests checks leave out (docs/flows.md "Failed requests").
	IgnoreRequests URLPatterns
	// State is `state:`, a saved state file joined to the flow's folder
	// ("" for none), at StatePos.
	State    string
	StatePos Pos
	// Routes are `routes:` as rules, in order; RoutesHAR is `routes:` as
	// a HAR to replay; HARRecord is `har:` (docs/flows.md "Routes").
	Routes    []*Route
	RoutesHAR *HARReplay
	HARRecord *HARRecord
	// SetupFlows are `setup_flows:`, in order.
	SetupFlows []*SetupFlow
	Setup      []*Step
	Steps      []*Step
	Teardown   []*Step

	// Source holds the file's lines, for quoting steps in failures.
	Source []string
	// Pos of the flow's `name:` key.
	Pos Pos

	// Skip is the reason given by `skip:`; the flow is reported as
	// skipped instead of run (docs/flows.md "Skipping and focusing").
	Skip string
	// Only is `only: true`, at OnlyPos: when a run selects such flows, it
	// runs only them.
	Only    bool
	OnlyPos Pos
	// Data is `data:`, the rows the flow runs once each; Row is the row
	// a copy of the flow runs (ExpandRows), nil before (docs/flows.md
	// "Data rows").
	Data *Data
	Row  *Row
	// Quarantine is `quarantine:` (nil: none); Retries is `retries:`
	// (nil: none) (docs/flows.md "Quarantine", "Retries").
	Quarantine *Quarantine
	Retries    *Retries
	// VarsUsed lists, sorted, the variables the flow and its sub-flows
	// declare or read: what a --var may set.
	VarsUsed []string
}

// Var is one entry of `vars:`. Value is a YAML scalar (string, int, float,
// bool) or a list/map of them, decoded from a yaml.Node.
type Var struct {
	Name  string
	Value any
	Pos   Pos
}

// Viewport is the page size.
type Viewport struct {
	Width  int
	Height int
}

// Step is one `- ACTION: ARGUMENT` entry: its action, with its argument,
// and its common keys (docs/architecture-notes.md "Step actions").
type Step struct {
	Pos     Pos // position of the action key
	EndLine int // last line of the step in the file (for quoting)
	Action  Action

	// Common keys.
	Name     string
	If       *Expr
	Timeout  time.Duration // 0: the flow's step_timeout
	Optional bool
	// Soft: a failed expect or assert is recorded and the flow goes on,
	// to fail at its end (docs/flows.md "Soft checks").
	Soft  bool
	Retry int
}

// Target is what a step acts on (docs/targets.md). The string forms are a
// bare Phrase, a Ref (`@e6`) or a NameRegex (`/sign (in|up)/i`). All string
// fields may hold ${...} and are interpolated at run time.
type Target struct {
	Pos Pos `json:"-"`

	Phrase      string  `json:"phrase,omitempty"`
	Ref         string  `json:"ref,omitempty"` // without the @
	Role        string  `json:"role,omitempty"`
	Name        string  `json:"name,omitempty"` // "/re/flags" is a regex
	Label       string  `json:"label,omitempty"`
	Placeholder string  `json:"placeholder,omitempty"`
	Text        string  `json:"text,omitempty"`
	TestID      string  `json:"testid,omitempty"`
	CSS         string  `json:"css,omitempty"`
	HasText     string  `json:"has_text,omitempty"`
	Nth         *int    `json:"nth,omitempty"`
	Exact       bool    `json:"exact,omitempty"`
	Within      *Target `json:"within,omitempty"`
}

// String renders a target for messages: the phrase, @ref, or key=value pairs.
func (t *Target) String() string {
	if t == nil {
		return ""
	}
	if t.Phrase != "" && (*t == Target{Pos: t.Pos, Phrase: t.Phrase}) {
		return fmt.Sprintf("%q", t.Phrase)
	}
	s := ""
	add := func(k, v string) {
		if v == "" {
			return
		}
		if s != "" {
			s += " "
		}
		s += k + "=" + fmt.Sprintf("%q", v)
	}
	if t.Ref != "" {
		s = "@" + t.Ref
	}
	add("phrase", t.Phrase)
	add("role", t.Role)
	add("name", t.Name)
	add("label", t.Label)
	add("placeholder", t.Placeholder)
	add("text", t.Text)
	add("testid", t.TestID)
	add("css", t.CSS)
	add("has_text", t.HasText)
	if t.Exact {
		s += " exact"
	}
	if t.Nth != nil {
		s += fmt.Sprintf(" nth=%d", *t.Nth)
	}
	if t.Within != nil {
		s += " within (" + t.Within.String() + ")"
	}
	return s
}

// Match is an equals/contains/matches comparison on a string.
type Match struct {
	Equals   *string
	Contains *string
	Matches  *Regex
}

// Regex is a compiled regular expression with its source.
type Regex struct {
	Source string
	Re     *regexp.Regexp
}

// Expr is an expr-lang/expr expression compiled at load time against
// ExprEnv.
type Expr struct {
	Source  string
	Pos     Pos
	Program *vm.Program
}
