package results

// EventKind says what happened.
type EventKind int

const (
	FlowStarted EventKind = iota
	StepStarted
	StepFinished
	FlowFinished
)

// Event is one progress report of a run, for live reporters.
type Event struct {
	Kind    EventKind
	Worker  int
	Flow    string // the flow's name
	Attempt int
	Step    *Step    // StepStarted (partial), StepFinished
	Result  *Flow    // FlowFinished
	Failure *Failure // FlowFinished, when it failed
}
