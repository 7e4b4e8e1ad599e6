package session

import (
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/results"
)

// StepError is a step that failed (docs/session.md "Failures"). Failure
// names the failing step — the innermost one, for a step inside a group,
// a repeat or a run — with its reason, its quoted YAML and its
// diagnostics, secrets masked.
type StepError struct {
	Failure *results.Failure
	Err     error // the cause
}

func (e *StepError) Error() string { return e.Failure.Message }
func (e *StepError) Unwrap() error { return e.Err }

// Reason is the failure's reason (docs/results.md "Reasons").
func (e *StepError) Reason() diagnostics.Reason { return e.Failure.Reason }

// ConfigError is a session that could not open because its vars, secrets
// or base URL do not work out: reason config (docs/results.md "Reasons").
type ConfigError struct {
	Err error
	msg string // Err's message, secrets masked
}

func (e *ConfigError) Error() string { return e.msg }
func (e *ConfigError) Unwrap() error { return e.Err }

// Reason is always config.
func (e *ConfigError) Reason() diagnostics.Reason { return diagnostics.ReasonConfig }

// maskStep masks the secret values in what a step's record says.
func (ss *Session) maskStep(s *results.Step) *results.Step {
	m := ss.mask.Mask
	s.Error = m(s.Error)
	s.Target = m(s.Target)
	for i := range s.Log {
		s.Log[i] = m(s.Log[i])
	}
	return s
}

// maskFailure masks the secret values in what a failure says.
func (ss *Session) maskFailure(f *results.Failure) *results.Failure {
	m := ss.mask.Mask
	f.Message = m(f.Message)
	f.Target = m(f.Target)
	for i := range f.Source {
		f.Source[i].Text = m(f.Source[i].Text)
	}
	d := f.Diagnostics
	if d == nil {
		return f
	}
	d.Message, d.Verdict, d.Target, d.URL, d.Title = m(d.Message), m(d.Verdict), m(d.Target), m(d.URL), m(d.Title)
	for i := range d.Hints {
		d.Hints[i] = m(d.Hints[i])
	}
	for i := range d.Candidates {
		d.Candidates[i].Name = m(d.Candidates[i].Name)
	}
	for i := range d.NearMisses {
		d.NearMisses[i].Name = m(d.NearMisses[i].Name)
	}
	for i := range d.Links {
		d.Links[i].Text, d.Links[i].Href = m(d.Links[i].Text), m(d.Links[i].Href)
	}
	for i := range d.Rungs {
		d.Rungs[i].Phrase = m(d.Rungs[i].Phrase)
	}
	for i := range d.FailedRequests {
		d.FailedRequests[i] = m(d.FailedRequests[i])
	}
	return f
}
