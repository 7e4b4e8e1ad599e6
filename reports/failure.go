package reports

import "github.com/smokeflow/smokeflow/results"

// FailureText is the failure of an attempt for people, as the body of a
// JUnit <failure> holds it (docs/results.md "JUnit XML"): the message, the
// quoted YAML lines (">" marks the step's line), the diagnostics, then the
// console errors and failed requests of the attempt. Text from the flow
// and the page is cleaned of terminal escapes. For the ginkgo helper and
// other Go callers that show a failure (docs/go-api.md).
func FailureText(a *results.Attempt) string { return renderFailureText(a) }

// StepLog is the step log of an attempt, as the JUnit <system-out> holds it
// (docs/results.md "JUnit XML"): one line per step (status, index, action,
// target, name, duration), its error and log lines indented below. It is
// "" for nil.
func StepLog(a *results.Attempt) string { return renderStepLog(a) }
