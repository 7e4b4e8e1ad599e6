package session

import (
	"context"

	"github.com/smokeflow/smokeflow/browser"
)

// PageOf is s's current tab, for this package's specs only: front ends
// never hold a page (docs/architecture.md "The session is the only door").
func PageOf(s *Session) *browser.Page { return s.page }

// UpperSnake is the secret name of a password field (record.go), for
// this package's specs.
var UpperSnake = upperSnake

// PollUntil is s's check loop, for this package's specs of a try the
// deadline cuts short (wait.go).
func PollUntil(s *Session, ctx context.Context, cond func() (bool, string, error)) error {
	return s.pollUntil(ctx, cond)
}
