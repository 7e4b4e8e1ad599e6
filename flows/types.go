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
	Setup       []*Step
	Steps       []*Step
	Teardown    []*Step

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

// Step is one `- ACTION: ARGUMENT` entry with its common keys. Exactly one
// of the argument pointers matching Action is set.
type Step struct {
	Pos     Pos // position of the action key
	EndLine int // last line of the step in the file (for quoting)
	Action  string

	// Common keys.
	Name     string
	If       *Expr
	Timeout  time.Duration // 0: the flow's step_timeout
	Optional bool
	Retry    int

	Open       *OpenArgs
	Snapshot   *SnapshotArgs
	Pointer    *PointerArgs // click, dblclick, hover
	Fill       *FillArgs
	Type       *TypeArgs
	Press      *PressArgs
	Select     *SelectArgs
	Check      *Target // check, uncheck
	Upload     *UploadArgs
	Scroll     *ScrollArgs
	Wait       *WaitArgs
	Expect     *ExpectArgs
	Assert     *AssertArgs
	Extract    *ExtractArgs
	Screenshot *ScreenshotArgs
	Eval       string
	Dialog     *DialogArgs
	Tab        *TabArgs
	Run        *RunArgs
	Group      *GroupArgs
	Repeat     *RepeatArgs
	Request    *RequestArgs
}

// Target returns the step's main target, or nil for steps without one.
func (s *Step) Target() *Target {
	_, t := s.TargetSlot()
	return t
}

// TargetSlot returns the step's main target and the key it is written
// under, for hints ready to paste (docs/targets.md "Failure
// diagnostics"): the action itself when the target is the step's whole
// argument (`click: X`, `check: X`), else `target`, `gone`, `from` or the
// expectation's kind.
func (s *Step) TargetSlot() (key string, t *Target) {
	switch {
	case s.Pointer != nil:
		if s.Pointer.Button == "" && len(s.Pointer.Modifiers) == 0 {
			return s.Action, s.Pointer.Target
		}
		return "target", s.Pointer.Target
	case s.Fill != nil:
		return "target", s.Fill.Target
	case s.Type != nil:
		return "target", s.Type.Target
	case s.Press != nil:
		return "target", s.Press.Target
	case s.Select != nil:
		return "target", s.Select.Target
	case s.Check != nil:
		return s.Action, s.Check
	case s.Upload != nil:
		return "target", s.Upload.Target
	case s.Scroll != nil:
		return "target", s.Scroll.Target
	case s.Wait != nil:
		if s.Wait.Target != nil {
			return "target", s.Wait.Target
		}
		return "gone", s.Wait.Gone
	case s.Expect != nil:
		return s.Expect.Kind, s.Expect.Target
	case s.Extract != nil:
		return "from", s.Extract.From
	case s.Screenshot != nil:
		return "target", s.Screenshot.Target
	}
	return "", nil
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

// OpenArgs is `open`.
type OpenArgs struct {
	URL  string
	Wait string // load (default), domcontentloaded, networkidle
}

// SnapshotArgs is `snapshot`.
type SnapshotArgs struct {
	Name string
	Full bool
}

// PointerArgs is `click`, `dblclick` and `hover`.
type PointerArgs struct {
	Target    *Target
	Button    string   // left (default), right, middle
	Modifiers []string // Alt, Control, Meta, Shift
}

// FillArgs is `fill`.
type FillArgs struct {
	Target *Target
	Value  string
}

// TypeArgs is `type`.
type TypeArgs struct {
	Target *Target
	Text   string
	Delay  time.Duration
}

// PressArgs is `press`. Target is nil for the focused element.
type PressArgs struct {
	Target *Target
	Key    string // "Enter", "Control+A"
}

// SelectArgs is `select`: one option or several, by label or value.
type SelectArgs struct {
	Target  *Target
	Options []string
}

// UploadArgs is `upload`. Files are as written, relative to the flow file.
type UploadArgs struct {
	Target *Target
	Files  []string
}

// ScrollArgs is `scroll`: exactly one of Target, To or By is set.
type ScrollArgs struct {
	Target *Target
	To     string // top, bottom
	By     int
}

// WaitArgs is `wait`: exactly one form is set.
type WaitArgs struct {
	Duration time.Duration
	Text     string
	Target   *Target
	Gone     *Target
	URL      *Match
	Load     string // networkidle, load, domcontentloaded
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

// Expect kinds.
const (
	ExpectVisible          = "visible"
	ExpectHidden           = "hidden"
	ExpectText             = "text"
	ExpectValue            = "value"
	ExpectURL              = "url"
	ExpectTitle            = "title"
	ExpectCount            = "count"
	ExpectEnabled          = "enabled"
	ExpectDisabled         = "disabled"
	ExpectChecked          = "checked"
	ExpectUnchecked        = "unchecked"
	ExpectNoConsoleErrors  = "no_console_errors"
	ExpectNoFailedRequests = "no_failed_requests"
	ExpectDialog           = "dialog"
	ExpectDownload         = "download"
)

// ExpectArgs is `expect`. Kind is one of the Expect* constants.
type ExpectArgs struct {
	Kind   string
	Target *Target // visible, hidden, text, value, count, enabled, ...
	Match  *Match  // text, value, url, title; dialog: the message; download: the file name
	// count: at least one of these.
	Equals *int
	Min    *int
	Max    *int
}

// AssertArgs is `assert`.
type AssertArgs struct {
	That    *Expr
	Message string
}

// ExtractArgs is `extract`: From (with optional Attr) or Expr.
type ExtractArgs struct {
	Var  string
	From *Target
	Attr string
	Expr *Expr
}

// ScreenshotArgs is `screenshot`.
type ScreenshotArgs struct {
	Name     string
	FullPage bool
	Target   *Target
}

// DialogArgs is `dialog`: how to answer the next native dialog (alert,
// confirm, prompt, beforeunload). docs/flows.md "dialog".
type DialogArgs struct {
	Accept bool
	Text   *string // the prompt's answer (nil: the prompt's default); with Accept only
}

// TabArgs is `tab`: exactly one of Previous, Index or URL is set.
// docs/flows.md "tab".
type TabArgs struct {
	Previous bool
	Index    *int   // 0 is the first open tab, in the order they opened
	URL      *Match // the one open tab whose URL matches
}

// RunArgs is `run`: another flow's steps on the same page.
type RunArgs struct {
	Flow string // path as written, relative to this flow file
	With []Var
	// Loaded is the sub-flow, resolved at load time (nil if it failed).
	Loaded *Flow
}

// GroupArgs is `group`.
type GroupArgs struct {
	Steps []*Step
}

// RepeatArgs is `repeat`: one of Times, While, Until.
type RepeatArgs struct {
	Times int
	While *Expr
	Until *Expr
	Max   int // caps While/Until rounds: DefaultRepeatMax when unset; 0 with Times
	Steps []*Step
}

// RequestArgs is `request`: an HTTP call made outside the page
// (docs/flows.md "request"). Method is decided at load time: as written,
// else POST when there is a body or json, else GET.
type RequestArgs struct {
	Method  string
	URL     string   // interpolated; a /path joins the base URL
	Headers []Header // in file order; values interpolated
	Body    *string  // body: text, interpolated
	JSON    *JSONBody
}

// Header is one request header as written.
type Header struct {
	Name  string
	Value string // interpolated
}

// JSONBody is the `json:` of a request: a YAML value (see Var) whose
// strings are interpolated when the step runs.
type JSONBody struct {
	Value any
}

// Expr is an expr-lang/expr expression compiled at load time against
// ExprEnv.
type Expr struct {
	Source  string
	Pos     Pos
	Program *vm.Program
}
