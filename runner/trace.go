package runner

import (
	"fmt"

	"github.com/smokeflow/smokeflow/session"
)

// TraceMode says which attempts keep their trace: a JPEG of the page after
// every step and the snapshot each step read before it acted
// (docs/running.md "Traces").
type TraceMode int

const (
	// TraceRetainOnFailure records every attempt's trace and keeps the
	// failed attempts' (a flaky flow's failed attempts too). The default.
	TraceRetainOnFailure TraceMode = iota
	// TraceOn keeps every attempt's trace.
	TraceOn
	// TraceOff records nothing.
	TraceOff
)

// traceModes are the modes by name, as ParseTraceMode reads them.
var traceModes = []struct {
	name string
	mode TraceMode
}{{"on", TraceOn}, {"retain-on-failure", TraceRetainOnFailure}, {"off", TraceOff}}

// TraceModes are the modes' names: on, retain-on-failure, off.
func TraceModes() []string {
	var out []string
	for _, m := range traceModes {
		out = append(out, m.name)
	}
	return out
}

// ParseTraceMode reads on, retain-on-failure or off.
func ParseTraceMode(s string) (TraceMode, error) {
	for _, m := range traceModes {
		if m.name == s {
			return m.mode, nil
		}
	}
	return TraceOff, fmt.Errorf("unknown trace mode %q: want on, retain-on-failure or off", s)
}

// String is the mode's name.
func (m TraceMode) String() string {
	for _, x := range traceModes {
		if x.mode == m {
			return x.name
		}
	}
	return fmt.Sprintf("TraceMode(%d)", int(m))
}

// capture is how a session records the trace in this mode: the capture
// chosen in docs/running.md "Traces" unless Config.TraceCapture names
// another.
func (c Config) capture() session.TraceCapture {
	switch {
	case c.Trace == TraceOff:
		return session.TraceOff
	case c.TraceCapture != session.TraceOff:
		return c.TraceCapture
	}
	return session.TraceScreencast
}

// keeps reports whether an attempt keeps its trace.
func (m TraceMode) keeps(passed bool) bool {
	return m == TraceOn || m == TraceRetainOnFailure && !passed
}
