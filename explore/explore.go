// Package explore walks a web app the way a first-time user would, without
// a model: breadth-first over the pages in scope, every control of each
// page tried once, forms filled and submitted. What goes wrong becomes a
// Finding with a severity, a category, repro steps, a screenshot and a
// repro flow that fails while the bug is there (docs/explore.md). It drives
// pages through package session only, as the runner does.
package explore

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
)

// Defaults of Options (docs/explore.md "Budgets and thresholds").
const (
	DefaultMaxPages      = 50
	DefaultMaxActions    = 300
	DefaultTime          = 10 * time.Minute
	DefaultPerPattern    = 3
	DefaultPerPage       = 30
	DefaultSlowPage      = 3 * time.Second
	DefaultSlowAction    = 3 * time.Second
	DefaultActionTimeout = 3 * time.Second
)

// Options configure a walk. Fields left at their zero value get the
// defaults above.
type Options struct {
	// URL is where the walk starts: an http(s) URL.
	URL string
	// MaxPages, MaxActions and Time bound the walk: pages opened, actions
	// tried, wall time.
	MaxPages, MaxActions int
	Time                 time.Duration
	// Scope are the URL prefixes of the pages the walk may open; none:
	// the start URL's origin.
	Scope []string
	// Avoid are patterns of controls never acted on, on top of
	// DefaultAvoid (regular expressions, case-insensitive).
	Avoid []string
	// PerPattern bounds the pages of one URL pattern the walk opens
	// (docs/explore.md "Pages"); PerPage the actions tried on one page.
	PerPattern, PerPage int
	// SlowPage and SlowAction are the thresholds of the performance
	// findings; ActionTimeout bounds each action's step.
	SlowPage, SlowAction, ActionTimeout time.Duration
	// Browser launches the browser; Use walks on a browser of the
	// caller's instead, which the walk never closes.
	Browser browser.Options
	Use     *browser.Browser
	// Progress, when set, is told what the walk does as it goes.
	Progress func(Progress)
	// The guard rails (docs/explore.md "Guard rails", docs/security.md):
	// AllowedDomains, when not nil, are the only hosts its pages may load
	// from; Policy, when not nil, is checked before every action (a step
	// its confirm rules hold back is not done); State is put in every
	// fresh context before its page opens.
	AllowedDomains *flows.Domains
	Policy         *flows.Policy
	State          *browser.State
}

// Progress is where a walk is: what it has done and what it does now.
type Progress struct {
	Pages, Actions, Findings int
	Elapsed                  time.Duration
	Doing                    string // `open /cart`, `click button "Save" on /settings`
}

func (o *Options) defaults() {
	if o.MaxPages <= 0 {
		o.MaxPages = DefaultMaxPages
	}
	if o.MaxActions <= 0 {
		o.MaxActions = DefaultMaxActions
	}
	if o.Time <= 0 {
		o.Time = DefaultTime
	}
	if o.PerPattern <= 0 {
		o.PerPattern = DefaultPerPattern
	}
	if o.PerPage <= 0 {
		o.PerPage = DefaultPerPage
	}
	if o.SlowPage <= 0 {
		o.SlowPage = DefaultSlowPage
	}
	if o.SlowAction <= 0 {
		o.SlowAction = DefaultSlowAction
	}
	if o.ActionTimeout <= 0 {
		o.ActionTimeout = DefaultActionTimeout
	}
}

// Run walks the app from opts.URL and returns what it found. The error
// is for a walk that could not start (an option that cannot be used, no
// browser) or was interrupted (ctx canceled); a walk that ends on a
// budget is no error: Report.Stopped says why it ended.
func Run(ctx context.Context, opts Options) (*Report, error) {
	opts.defaults()
	start, err := url.Parse(opts.URL)
	if err != nil || (start.Scheme != "http" && start.Scheme != "https") || start.Host == "" {
		return nil, &OptionError{What: "start URL", Value: opts.URL, Why: "want an http(s) URL, such as http://localhost:8080/"}
	}
	sc, err := newScope(start, opts.Scope)
	if err != nil {
		return nil, err
	}
	av, err := newAvoider(opts.Avoid)
	if err != nil {
		return nil, err
	}
	b := opts.Use
	if b == nil {
		if b, err = browser.Launch(ctx, opts.Browser); err != nil {
			return nil, err
		}
		defer func() { _ = b.Close(); browser.ReapZombies() }()
	}
	tmp, err := os.MkdirTemp("", "smokeflow-explore-")
	if err != nil {
		return nil, fmt.Errorf("cannot make a folder for the sessions: %w", err)
	}
	defer os.RemoveAll(tmp)
	w := newWalker(opts, b, start, sc, av, tmp)
	if err := w.walk(ctx); err != nil {
		return nil, err
	}
	if ctx.Err() != nil && !errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return nil, ctx.Err()
	}
	return w.report(), nil
}
