package session

import (
	"context"
	"errors"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
)

// PageOf is s's current tab, for this package's specs only: front ends
// never hold a page (docs/architecture.md "The session is the only door").
func PageOf(s *Session) *browser.Page { return s.page }

// UpperSnake is the secret name of a password field (record.go), for
// this package's specs.
var UpperSnake = upperSnake

// PollUntil is s's check loop, for this package's specs of a try the
// deadline cuts short (wait.go); ctx is the step's, flowCtx the flow's.
func PollUntil(s *Session, ctx, flowCtx context.Context, cond func(ctx context.Context) (bool, string, error)) error {
	return s.pollUntil(ctx, flowCtx, cond)
}

// FirstTryTime is how long a check's first try may read past the step's
// deadline (wait.go).
const FirstTryTime = firstTryTime

// ExpectFailed is the reason and message of the step failure that a
// check's error from PollUntil makes of step (expect.go).
func ExpectFailed(s *Session, step *flows.Step, err error) (diagnostics.Reason, string) {
	var sf *stepFailure
	if !errors.As(s.expectFailed(context.Background(), step, nil, err), &sf) || sf.diag == nil {
		return "", ""
	}
	return sf.diag.Reason, sf.diag.Message
}
