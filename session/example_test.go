package session_test

// The runnable example of docs/go-api.md "Sessions": a session on the demo
// shop (examples/demo), its steps made in Go.

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"os"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/examples/demo"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/session"
)

// Open a session on a fresh incognito context, run steps one at a time,
// read a failure, close.
func ExampleOpen() {
	shop := httptest.NewServer(demo.Handler())
	defer shop.Close()
	artifacts, err := os.MkdirTemp("", "smokeflow-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(artifacts)

	ctx := context.Background()
	b, err := browser.Launch(ctx, browser.Options{})
	if err != nil {
		fmt.Println(err) // no Chromium
		return
	}
	defer func() { _ = b.Close(); browser.ReapZombies() }()
	bctx, err := b.NewContext(ctx)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer bctx.Close()

	s, err := session.Open(ctx, bctx, session.Options{BaseURL: shop.URL, ArtifactsDir: artifacts})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()

	nav := &flows.Target{Role: "navigation", Name: "Main"}
	login := "/login"
	for _, a := range []flows.Action{
		&flows.Open{URL: "/"},
		&flows.Pointer{Target: &flows.Target{Role: "link", Name: "Sign in", Within: nav}},
		&flows.Expect{Kind: flows.ExpectURL, Match: &flows.Match{Contains: &login}},
		&flows.Fill{Target: &flows.Target{Label: "Email"}, Value: "qa@example.com"},
	} {
		rec, err := s.Do(ctx, &flows.Step{Action: a})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(rec.Index, rec.Status, rec.Action, rec.Target)
	}

	_, err = s.Do(ctx, &flows.Step{Action: &flows.Pointer{Target: &flows.Target{Phrase: "Log in"}}, Timeout: time.Second})
	var se *session.StepError
	if errors.As(err, &se) {
		fmt.Println(se.Failure.Message)
		fmt.Println("reason:", se.Reason())
	}
	// Output:
	// 1 passed open /
	// 2 passed click role="link" name="Sign in" within (role="navigation" name="Main")
	// 3 passed expect url
	// 4 passed fill label="Email"
	// step 5 click "Log in": no element matches "Log in"
	// reason: not_found
}
