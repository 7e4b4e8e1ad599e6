package flows

import "gopkg.in/yaml.v3"

// Step actions are types: each one parses, checks and writes its own
// argument, names its target and declares what the runner needs to know
// of it (docs/architecture-notes.md "Step actions"). The actions table
// (tables.go) makes them by name.

// ActionName is the name of a step action, the key a flow file writes it
// under: `click`.
type ActionName string

// The step actions, in the order of docs/flows.md "Steps".
const (
	ActionOpen       ActionName = "open"
	ActionSnapshot   ActionName = "snapshot"
	ActionClick      ActionName = "click"
	ActionDblClick   ActionName = "dblclick"
	ActionHover      ActionName = "hover"
	ActionDrag       ActionName = "drag"
	ActionFill       ActionName = "fill"
	ActionType       ActionName = "type"
	ActionPress      ActionName = "press"
	ActionSelect     ActionName = "select"
	ActionCheck      ActionName = "check"
	ActionUncheck    ActionName = "uncheck"
	ActionUpload     ActionName = "upload"
	ActionScroll     ActionName = "scroll"
	ActionWait       ActionName = "wait"
	ActionExpect     ActionName = "expect"
	ActionAssert     ActionName = "assert"
	ActionExtract    ActionName = "extract"
	ActionScreenshot ActionName = "screenshot"
	ActionEval       ActionName = "eval"
	ActionRequest    ActionName = "request"
	ActionRoute      ActionName = "route"
	ActionDialog     ActionName = "dialog"
	ActionTab        ActionName = "tab"
	ActionNetwork    ActionName = "network"
	ActionRun        ActionName = "run"
	ActionGroup      ActionName = "group"
	ActionRepeat     ActionName = "repeat"
)

// Action is what a step does, with its argument: one of *Open, *Snapshot,
// *Pointer, *Drag, *Fill, *TypeText, *Press, *Select, *Check, *Upload, *Scroll,
// *Wait, *Expect, *Assert, *Extract, *Screenshot, *Eval, *Request,
// *RouteStep, *Dialog, *Tab, *Network, *Run, *Group and *Repeat. Only this package implements
// it.
type Action interface {
	// Name is the action's key in a flow file.
	Name() ActionName
	// parse reads the argument v written under the action's key k,
	// reporting what is wrong to p.
	parse(p *parser, spec *actionSpec, k, v *yaml.Node)
	// arg writes the argument back in the shortest form a person would
	// write; nil when there is none (`- snapshot`).
	arg() *yaml.Node
}

// An action may also say what the runner needs to know of it, by
// implementing these.
type (
	// targeted: the action's main target, and the key it is written
	// under (see Step.TargetSlot).
	targeted interface {
		targetSlot() (key string, t *Target)
	}
	// described: what the action is about when it has no target, as
	// reports show it next to the action (see Step.Subject).
	described interface {
		subject() string
	}
	// tabFollower: after the step, a tab that the current page opened
	// becomes the current one (docs/flows.md "tab").
	tabFollower interface {
		followsTab() bool
	}
	// downloader: the step may start or wait for a download, and so set
	// ${vars.download} (docs/flows.md "Downloads").
	downloader interface {
		canDownload() bool
	}
	// roleNeeder: the step's action takes only elements of one role
	// (docs/targets.md "Near misses": the target's role family).
	roleNeeder interface {
		neededRole() string
	}
	// wholeWaiter: the step waits its whole timeout, whatever the page
	// does (docs/targets.md "When waiting ends").
	wholeWaiter interface {
		waitsWholeTimeout() bool
	}
	// elementActor: the step resolves its target and acts on that
	// element, so the policy checks the element it resolved
	// (docs/security.md "Action policy").
	elementActor interface {
		actsOnElement() bool
	}
	// activator: the step activates an element, as a click would; the
	// policy's rules on click cover it (docs/security.md "What a rule on
	// click covers").
	activator interface {
		activation(sc *Scope) Activation
	}
	// policyScoped: what the policy's patterns look at besides the
	// target: the URL the step opens or requests, the script it runs, the
	// key it presses (docs/security.md "Action policy").
	policyScoped interface {
		policySubject() (url, text string)
	}
	// artifactNamed: the name the step gives its artifact, `name:` of a
	// screenshot or snapshot, an expectation's baseline
	// (docs/session.md "Artifact names").
	artifactNamed interface {
		artifactName() string
	}
	// pageWaiter: the step ends on the page it waits for, its load or a
	// state of it (docs/agents.md "Export").
	pageWaiter interface {
		waitsForPage() bool
	}
	// pageActor: the step does something to the page that may start work
	// a moment later (docs/agents.md "Reads after an action").
	pageActor interface {
		actsOnPage() bool
	}
	// exporter: how the step is written into a recorded flow
	// (docs/agents.md "Export"); s is the step's copy, whose action or
	// timeout it replaces.
	exporter interface {
		exported(x *Export, s *Step)
	}
	// holder: the steps the step runs, or the sub-flow (see Step.Held).
	holder interface {
		held() ([]*Step, *Flow)
	}
)

// Activates says how a step activates an element.
type Activates int

const (
	// ActivatesNothing: the step activates no element (hover, fill,
	// scroll, a key such as Tab).
	ActivatesNothing Activates = iota
	// ActivatesTarget: the step activates the element it resolves
	// (click, dblclick, check, uncheck, select).
	ActivatesTarget
	// ActivatesByKey: the step presses Key (Enter or Space) on its target,
	// or on the focused element when it has none; what that activates
	// depends on the element (the element itself, or the default button
	// of the form whose field it is).
	ActivatesByKey
)

// Activation is what a step activates, as the policy's rules on click
// see it (docs/security.md "What a rule on click covers").
type Activation struct {
	By Activates
	// Key is the key pressed, for ActivatesByKey: KeyEnter or KeySpace.
	Key string
}

// NewAction makes an action of that name with an empty argument (a
// recorder fills it in); nil for a name that is no action.
func NewAction(name ActionName) Action {
	if spec := actionByName[name]; spec != nil {
		return spec.New()
	}
	return nil
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
	if a, ok := s.Action.(targeted); ok {
		return a.targetSlot()
	}
	return "", nil
}

// Subject is what the step acts on, as reports show it after the action:
// its target, else its URL, key, flow, request, expression or kind of
// expectation; "" when there is none of these.
func (s *Step) Subject() string {
	if t := s.Target(); t != nil {
		return t.String()
	}
	if a, ok := s.Action.(described); ok {
		return a.subject()
	}
	return ""
}

// FollowsTab reports whether, when the step opened a tab from the current
// page, the flow goes on in that tab (docs/flows.md "tab").
func (s *Step) FollowsTab() bool {
	a, ok := s.Action.(tabFollower)
	return ok && a.followsTab()
}

// ActsOnElement reports whether the step resolves its target and acts on
// that element: the policy then checks the element it resolved, before
// the step touches it (docs/security.md "Action policy").
func (s *Step) ActsOnElement() bool {
	a, ok := s.Action.(elementActor)
	return ok && a.actsOnElement()
}

// Activation is what the step activates, its strings interpolated in sc
// (a key written ${vars.key}): the element that the policy's rules on
// click are checked against too (docs/security.md "What a rule on click
// covers").
func (s *Step) Activation(sc *Scope) Activation {
	if a, ok := s.Action.(activator); ok {
		return a.activation(sc)
	}
	return Activation{}
}

// CanDownload reports whether a step may start or wait for a download,
// and so set ${vars.download} for the steps after it (docs/flows.md
// "Downloads").
func (s *Step) CanDownload() bool {
	a, ok := s.Action.(downloader)
	return ok && a.canDownload()
}

// NeededRole is the role the step's action needs its target to have,
// whose family its near misses are of (docs/targets.md "Near misses"):
// check and uncheck a checkbox, fill and type a textbox, select a
// combobox; "" for an action that takes any element.
func (s *Step) NeededRole() string {
	if a, ok := s.Action.(roleNeeder); ok {
		return a.neededRole()
	}
	return ""
}

// WaitsWholeTimeout reports whether the step waits its whole timeout even
// on a page at rest: waiting is what it asks for (a wait step), so a front
// end's rest bound does not end it (docs/targets.md "When waiting ends").
func (s *Step) WaitsWholeTimeout() bool {
	a, ok := s.Action.(wholeWaiter)
	return ok && a.waitsWholeTimeout()
}

// PolicySubject is what the policy's patterns look at in the step
// besides its target, as written: the URL it opens or requests, the
// script it runs or the key it presses; "" for what it has not
// (docs/security.md "Action policy").
func (s *Step) PolicySubject() (url, text string) {
	if a, ok := s.Action.(policyScoped); ok {
		return a.policySubject()
	}
	return "", ""
}

// ArtifactName is the name the step gives its artifact: `name:` of a
// screenshot or snapshot, an expectation's baseline; "" when it gives
// none (docs/session.md "Artifact names").
func (s *Step) ArtifactName() string {
	if a, ok := s.Action.(artifactNamed); ok {
		return a.artifactName()
	}
	return ""
}

// WaitsForPage reports whether the step ends on the page it waits for:
// `open` its load, `expect` and `wait` a state of it. A recorded flow
// adds no expect of the URL next to it (docs/agents.md "Export").
func (s *Step) WaitsForPage() bool {
	a, ok := s.Action.(pageWaiter)
	return ok && a.waitsForPage()
}

// ActsOnPage reports whether the step does something to the page that
// may start work a moment later (a navigation, a request), which the next
// read waits for (docs/agents.md "Reads after an action"): a click, a
// key, an input, a scroll, a script, the steps it holds; not a read nor a
// step that waits.
func (s *Step) ActsOnPage() bool {
	a, ok := s.Action.(pageActor)
	return ok && a.actsOnPage()
}

// Export is how a recorded flow writes its steps (docs/agents.md
// "Export").
type Export struct {
	// Base: open URLs under it are written as paths.
	Base string
	// Dir: upload files under it are written relative to it.
	Dir string
	// Secret writes the secrets' values in what a person typed (a URL, a
	// value, a text, an option, a script) as ${secrets.NAME}.
	Secret func(string) string
}

// Exported is a copy of the step as a recorded flow writes it
// (docs/agents.md "Export"): its typed strings' secrets as references,
// open URLs relative to Base, upload files to Dir, and a wait as long as
// the default timeout or longer given a timeout that lets it end.
func (s *Step) Exported(x *Export) *Step {
	st := *s
	if a, ok := s.Action.(exporter); ok {
		a.exported(x, &st)
	}
	return &st
}

// Holds reports whether the step holds steps of its own (group, repeat,
// run): they run, and are watched, one by one (docs/architecture-notes.md
// "Step actions").
func (s *Step) Holds() bool {
	_, ok := s.Action.(holder)
	return ok
}

// Held is what the step runs besides itself: the steps of a group or a
// repeat, the flow a run loaded; nil for any other step.
func (s *Step) Held() (steps []*Step, sub *Flow) {
	if a, ok := s.Action.(holder); ok {
		return a.held()
	}
	return nil, nil
}
