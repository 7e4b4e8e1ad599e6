package locate

import (
	"errors"
	"fmt"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
)

// Reasoned is an error that knows its diagnostics category.
type Reasoned interface {
	error
	Reason() diagnostics.Reason
}

// ReasonOf returns the category of err ("" when it has none).
func ReasonOf(err error) diagnostics.Reason {
	var r Reasoned
	if errors.As(err, &r) {
		return r.Reason()
	}
	return ""
}

// ResolveError is a target that did not resolve to one element: not
// found, hidden, ambiguous, or a ref that now names something else.
type ResolveError struct {
	Why diagnostics.Reason
	Msg string
	// Final says that waiting cannot make the target resolve: a ref
	// taken on a document the page has left (docs/targets.md
	// "Resolution", 1), a css selector the page cannot parse. A step
	// fails at once.
	Final bool
	// Cause is the error behind it, when there is one (ErrBadCSS).
	Cause error
}

func (e *ResolveError) Error() string              { return e.Msg }
func (e *ResolveError) Unwrap() error              { return e.Cause }
func (e *ResolveError) Reason() diagnostics.Reason { return e.Why }

// IsFinal reports an error that waiting cannot cure (ResolveError.Final).
func IsFinal(err error) bool {
	var re *ResolveError
	return errors.As(err, &re) && re.Final
}

// NotInteractableError is the category of an element that was found but
// cannot take the action. The specific errors below unwrap to it, so
// callers can ask for either (as rod's CoveredError does).
type NotInteractableError struct {
	Why  diagnostics.Reason
	Msg  string
	Node *Node
}

func (e *NotInteractableError) Error() string              { return e.Msg }
func (e *NotInteractableError) Reason() diagnostics.Reason { return e.Why }

// CoveredError: another element receives the events at the action point.
type CoveredError struct {
	NotInteractableError
	CoveredBy string // e.g. div.modal-backdrop
	// Cover is how the cover stands to the element (docs/targets.md
	// "Actionability", "Receives events").
	Cover diagnostics.Cover
}

func (e *CoveredError) Unwrap() error { return &e.NotInteractableError }

// DisabledError: the element stayed disabled.
type DisabledError struct{ NotInteractableError }

func (e *DisabledError) Unwrap() error { return &e.NotInteractableError }

// NotEditableError: fill or type on something that takes no text.
type NotEditableError struct{ NotInteractableError }

func (e *NotEditableError) Unwrap() error { return &e.NotInteractableError }

// BadValueError: fill gave a date, time or colour input a value it does
// not take (docs/targets.md "Actionability", "Date, time and colour
// inputs"). Waiting cannot cure it: the step fails at once.
type BadValueError struct {
	Node  *Node
	Value string
}

// PickerForms says the value each date, time and colour input takes.
const PickerForms = "a date takes 2024-01-31, a time 13:45, a datetime-local 2024-01-31T13:45, " +
	"a month 2024-01, a week 2024-W05, a colour #ff0000"

func (e *BadValueError) Error() string {
	return fmt.Sprintf("%s %q does not take the value %q: %s", e.Node.Role, e.Node.Name, e.Value, PickerForms)
}
func (e *BadValueError) Reason() diagnostics.Reason { return diagnostics.ReasonNotEditable }

// UnstableError: the element kept moving.
type UnstableError struct{ NotInteractableError }

func (e *UnstableError) Unwrap() error { return &e.NotInteractableError }

// DetachedError: the element left the page mid-action.
type DetachedError struct{ NotInteractableError }

func (e *DetachedError) Unwrap() error { return &e.NotInteractableError }

// ErrBadCSS is the page's answer to a `css:` selector it cannot parse:
// the target's fault, not the read's. Any other failure of the query (a
// read the deadline cut short, a frame gone) is a failed read, tried
// again as any read is (docs/targets.md "When waiting ends").
var ErrBadCSS = errors.New("not a selector the page can parse")

// ContainerError is a target whose `within` container has no visible
// match: the step fails on the container, not on what it looked for
// inside (docs/targets.md "Resolution", 5).
type ContainerError struct {
	// Container is the `within` target that matched nothing visible.
	Container *flows.Target
	// Hidden counts its matches when there were some, none visible.
	Hidden int
	// Phrase is the name or text the container was looked for by, for
	// its near misses; "" for a css or testid container.
	Phrase string
	// Doc is the document the container was looked for in: its near
	// misses come from that page only (docs/targets.md "Near misses").
	Doc string
}

func (e *ContainerError) Error() string {
	if e.Hidden > 0 {
		return fmt.Sprintf("the container %s matched %d element(s), none visible", e.Container, e.Hidden)
	}
	return fmt.Sprintf("the container %s matched nothing", e.Container)
}

func (e *ContainerError) Reason() diagnostics.Reason {
	if e.Hidden > 0 {
		return diagnostics.ReasonHidden
	}
	return diagnostics.ReasonNotFound
}
