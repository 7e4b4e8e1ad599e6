package reports_test

import (
	"fmt"
	"time"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/results"
)

// t0 is when the sample run started: fixed so that reports are stable.
var t0 = time.Date(2026, 3, 14, 9, 26, 53, 0, time.UTC)

// hostile is a page text with everything XML, Markdown and terminals can
// trip on: markup, quotes, an ampersand, a pipe, a colour escape, a NUL.
const hostile = "expected text <b>\"Tom & Jerry's\"</b> ]]> | got \x1b[31mTom\x1b[0m & \x00Jerry"

func ms(n int) time.Duration { return time.Duration(n) * time.Millisecond }

// sampleRun is a run with one flow of each status: passed, failed (with
// retries, full diagnostics and artifacts), flaky (2 attempts) and skipped.
func sampleRun() *results.Run {
	return &results.Run{
		SchemaVersion: results.SchemaVersion,
		Tool:          "smokeflow v0.1.0",
		StartedAt:     t0,
		Duration:      2*time.Minute + 3456*time.Millisecond,
		BaseURL:       "http://127.0.0.1:8080",
		Browser:       "HeadlessChrome/131.0.6778.85",
		Shard:         "1/2",
		Workers:       2,
		ArtifactsDir:  "smokeflow-results",
		Flows:         []*results.Flow{passedFlow(), failedFlow(), flakyFlow(), skippedFlow()},
	}
}

func passedFlow() *results.Flow {
	return &results.Flow{
		Name:     "Log in",
		File:     "flows/login.yaml",
		Tags:     []string{"smoke"},
		Status:   results.Passed,
		Duration: ms(1234),
		Attempts: []*results.Attempt{{
			Number: 1, Status: results.Passed, StartedAt: t0, Duration: ms(1234),
			Steps: []*results.Step{
				{Index: "1", Phase: "steps", Action: "open", Target: "/login", File: "flows/login.yaml", Line: 5, Status: results.Passed, Duration: ms(420)},
				{Index: "2", Phase: "steps", Action: "fill", Target: "Email", File: "flows/login.yaml", Line: 6, Status: results.Passed, Duration: ms(80)},
				{Index: "3", Phase: "steps", Action: "click", Target: "Sign in", File: "flows/login.yaml", Line: 7, Status: results.Passed, Duration: ms(634),
					Log: []string{"followed href of covered link"}},
				{Index: "4", Phase: "steps", Action: "expect", Target: "Welcome back", File: "flows/login.yaml", Line: 8, Status: results.Passed, Duration: ms(100)},
			},
		}},
	}
}

// checkoutAttempt is a failed attempt of the checkout flow.
func checkoutAttempt(n int, start time.Time) *results.Attempt {
	dir := fmt.Sprintf("checkout-as-a-returning-customer/attempt-%d", n)
	return &results.Attempt{
		Number: n, Status: results.Failed, StartedAt: start, Duration: ms(10500),
		Steps: []*results.Step{
			{Index: "1", Phase: "setup", Action: "open", Target: "/login", File: "flows/checkout.yaml", Line: 6, Status: results.Passed, Duration: ms(300)},
			{Index: "1", Phase: "steps", Action: "open", Target: "/cart", File: "flows/checkout.yaml", Line: 9, Status: results.Passed, Duration: ms(200)},
			{Index: "2", Phase: "steps", Action: "group", Name: "Fill address", File: "flows/checkout.yaml", Line: 10, Status: results.Passed, Duration: ms(150)},
			{Index: "2.1", Phase: "steps", Action: "fill", Target: "Street", File: "flows/checkout.yaml", Line: 12, Status: results.Passed, Duration: ms(70)},
			{Index: "2.2", Phase: "steps", Action: "check", Target: "Save address", File: "flows/checkout.yaml", Line: 13, Status: results.Warned, Duration: ms(80),
				Error: "optional step: checkbox \"Save address\" is disabled"},
			{Index: "3", Phase: "steps", Action: "click", Target: "Place order", Name: "Submit the order", File: "flows/checkout.yaml", Line: 14, Status: results.Failed, Duration: ms(9800),
				Error: "element is covered by div.modal-backdrop",
				Log:   []string{"button \"Place order\" [ref=e12] is covered by div.modal-backdrop", "retried for 9.8s"}},
			{Index: "4", Phase: "steps", Action: "expect", Target: "Thank you", File: "flows/checkout.yaml", Line: 16, Status: results.Skipped},
			{Index: "1", Phase: "teardown", Action: "click", Target: "Log out", File: "flows/checkout.yaml", Line: 19, Status: results.Passed, Duration: ms(50)},
		},
		Failure: &results.Failure{
			Message:   "step 3 (flows/checkout.yaml:14) click Place order: element is covered by div.modal-backdrop",
			StepIndex: "3", Action: "click", Target: "Place order", File: "flows/checkout.yaml", Line: 14,
			Reason: "element is covered by div.modal-backdrop",
			Source: []results.SourceLine{
				{Line: 13, Text: "    - check: Save address"},
				{Line: 14, Text: "  - click: Place order"},
				{Line: 15, Text: "    name: Submit the order"},
			},
			Diagnostics: &diagnostics.Diagnostics{
				Reason:  diagnostics.ReasonCovered,
				Message: "button \"Place order\" is covered by div.modal-backdrop",
				Verdict: "the button is there and enabled, but a modal backdrop receives the click",
				Hints: []string{
					"close the dialog first: - click: Close",
					"or wait for it to go: - expect: { hidden: { css: .modal-backdrop } }",
				},
				Target: "Place order",
				Rungs: []diagnostics.RungCount{
					{Rung: "role", Phrase: "Place order", Matches: 1, Visible: 1},
					{Rung: "label", Phrase: "Place order", Matches: 0, Visible: 0},
					{Rung: "text", Phrase: "Place order", Matches: 2, Visible: 1},
				},
				Candidates: []diagnostics.Candidate{
					{Ref: "e12", Role: "button", Name: "Place order", Visible: true, Enabled: true, CoveredBy: "div.modal-backdrop",
						Box: &diagnostics.Box{X: 980, Y: 640.5, Width: 160, Height: 40}, Region: "main"},
					{Ref: "e3", Role: "link", Name: "Place order | help", Visible: false, Enabled: true, Region: "contentinfo"},
				},
				NearMisses: []diagnostics.NearMiss{
					{Ref: "e11", Role: "button", Name: "Place orders later", Score: 0.82},
				},
				Links: []diagnostics.Link{
					{Text: "Cart", Href: "/cart"},
					{Text: "Help & FAQ", Href: "/help?topic=orders&x=1"},
				},
				URL:        "http://127.0.0.1:8080/checkout",
				Title:      "Checkout – Demo shop",
				Screenshot: dir + "/failure.png",
				Snapshot:   dir + "/failure.snapshot.txt",
			},
		},
		Artifacts: []results.Artifact{
			{Kind: results.ArtifactScreenshot, Name: "failure", Path: dir + "/failure.png"},
			{Kind: results.ArtifactSnapshot, Name: "failure", Path: dir + "/failure.snapshot.txt"},
			{Kind: results.ArtifactConsole, Name: "console", Path: dir + "/console.log"},
			{Kind: results.ArtifactNetwork, Name: "network", Path: dir + "/network.log"},
		},
		Console: []results.Console{
			{Type: "log", Text: "cart loaded", Time: start.Add(ms(400))},
			{Type: "error", Text: "Uncaught TypeError: cannot read properties of undefined (reading 'total')", URL: "http://127.0.0.1:8080/app.js", Time: start.Add(ms(900))},
		},
		Requests: []results.Request{
			{Method: "POST", URL: "http://127.0.0.1:8080/api/order", Status: 500, Time: start.Add(ms(1000))},
			{Method: "GET", URL: "http://127.0.0.1:8080/api/recommendations", Error: "net::ERR_CONNECTION_REFUSED", Time: start.Add(ms(1100))},
		},
	}
}

func failedFlow() *results.Flow {
	return &results.Flow{
		Name:        "Checkout as a returning customer",
		File:        "flows/checkout.yaml",
		Description: "Buys the cart with a saved address",
		Tags:        []string{"smoke", "checkout"},
		Status:      results.Failed,
		Duration:    ms(21000),
		Attempts: []*results.Attempt{
			checkoutAttempt(1, t0.Add(2*time.Second)),
			checkoutAttempt(2, t0.Add(13*time.Second)),
		},
	}
}

func flakyFlow() *results.Flow {
	return &results.Flow{
		Name:     "Search <products> & \"filters\"",
		File:     "flows/search.yaml",
		Status:   results.Flaky,
		Duration: ms(7890),
		Attempts: []*results.Attempt{
			{
				Number: 1, Status: results.Failed, StartedAt: t0.Add(3 * time.Second), Duration: ms(5001),
				Steps: []*results.Step{
					{Index: "1", Phase: "steps", Action: "open", Target: "/search?q=tom", File: "flows/search.yaml", Line: 4, Status: results.Passed, Duration: ms(600)},
					{Index: "2", Phase: "steps", Action: "expect", Target: "Results", File: "flows/search.yaml", Line: 5, Status: results.Failed, Duration: ms(4401),
						Error: hostile, Log: []string{"got \x1b[1mbold\x1b[0m text; retried 12×"}},
				},
				Failure: &results.Failure{
					Message:   "step 2 (flows/search.yaml:5) expect Results: " + hostile,
					StepIndex: "2", Action: "expect", Target: "Results", File: "flows/search.yaml", Line: 5,
					Reason: "timeout",
					Source: []results.SourceLine{
						{Line: 5, Text: "  - expect: { text: Results, contains: \"<b>Tom & Jerry's</b>\" }"},
					},
				},
				Artifacts: []results.Artifact{
					{Kind: results.ArtifactScreenshot, Name: "failure", Path: "search/attempt-1/failure (1).png"},
				},
			},
			{
				Number: 2, Status: results.Passed, StartedAt: t0.Add(9 * time.Second), Duration: ms(2889),
				Steps: []*results.Step{
					{Index: "1", Phase: "steps", Action: "open", Target: "/search?q=tom", File: "flows/search.yaml", Line: 4, Status: results.Passed, Duration: ms(500)},
					{Index: "2", Phase: "steps", Action: "expect", Target: "Results", File: "flows/search.yaml", Line: 5, Status: results.Passed, Duration: ms(2389)},
				},
			},
		},
	}
}

func skippedFlow() *results.Flow {
	return &results.Flow{
		Name:       "Admin dashboard",
		File:       "flows/admin.yaml",
		Tags:       []string{"admin"},
		Status:     results.Skipped,
		SkipReason: "tags: not selected by smoke,!admin",
	}
}
