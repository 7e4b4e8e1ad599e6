// Package session drives one page: it opens a page in a browser context
// and runs flow steps on it, one at a time, with their waits,
// expectations and failure diagnostics, and keeps what the page did
// (console, failed requests, navigations, dialogs, downloads) and the
// artifacts it wrote. Every front end drives pages through it: the flow
// runner, and anything that runs steps without a flow file.
// docs/session.md describes it and the rules it follows.
package session

import (
	"context"
	"os"
	"strconv"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/results"
)

// Options configure a session. The fields left at their zero value get
// their defaults once all are set (docs/session.md "Options").
type Options struct {
	// Flow is the flow the steps come from: its file's lines are quoted
	// in failures, and its vars, secrets, base_url, step_timeout and
	// viewport apply. nil: a session without a flow file.
	Flow *flows.Flow
	// BaseURL is what relative `open:` and `request:` URLs join; it
	// overrides the flow's base_url.
	BaseURL string
	// Vars override the flow's vars.
	Vars map[string]string
	// LookupEnv reads the environment (secrets, env.NAME); nil:
	// os.LookupEnv.
	LookupEnv func(string) (string, bool)
	// ArtifactsDir is the folder artifact paths are relative to
	// ("smokeflow-results" when ""). The session creates what it needs
	// in it and never empties it.
	ArtifactsDir string
	// Dir is the session's folder in ArtifactsDir: the flow's FlowSlug,
	// or "session" without a flow, when "".
	Dir string
	// StepTimeout overrides every step_timeout but a step's own timeout.
	StepTimeout time.Duration
	// Viewport overrides the flow's viewport (1280x800 when neither is
	// set).
	Viewport *flows.Viewport
	// Listener receives the StepStarted and StepFinished events (nil:
	// none).
	Listener Listener
}

func (o Options) withDefaults() Options {
	if o.LookupEnv == nil {
		o.LookupEnv = os.LookupEnv
	}
	if o.ArtifactsDir == "" {
		o.ArtifactsDir = "smokeflow-results"
	}
	if o.Dir == "" {
		o.Dir = "session"
		if o.Flow != nil {
			o.Dir = FlowSlug(o.Flow.Name)
		}
	}
	return o
}

// Listener receives step events (results.Event of kind StepStarted and
// StepFinished, with the flow's name).
type Listener interface {
	Event(e results.Event)
}

// Session is one page and its tabs, driven step by step. It is not safe
// for concurrent use: Do runs one step at a time.
type Session struct {
	opts  Options
	flow  *flows.Flow // opts.Flow, or an empty one
	bctx  *browser.Context
	page  *browser.Page // the current tab
	pg    *pageState    // its tabs, dialogs and downloads
	scope *flows.Scope
	mask  *flows.Masker
	base  string // base URL

	phase  string // of the steps Do runs
	prefix string // of their index
	count  int    // steps Do ran in the phase
	top    *flows.Step
	steps  []*results.Step
	// failure is the one of the step Do runs, recorded by the innermost
	// step that failed
	failure   *results.Failure
	artifacts []results.Artifact
	names     *names
	key       string // the artifact key of the step running
	ended     *pageEvents
}

// Open opens a page in bctx (docs/session.md "Opening a page") with the
// options' viewport and the flow's secrets painted over in screenshots.
// The session does not own bctx: closing bctx after Close is the
// caller's. A *ConfigError says the vars, secrets or base URL do not work
// out (then no page is opened); any other error is the browser's.
func Open(ctx context.Context, bctx *browser.Context, opts Options) (*Session, error) {
	opts = opts.withDefaults()
	f := opts.Flow
	if f == nil {
		f = &flows.Flow{}
	}
	at := &Session{opts: opts, flow: f, bctx: bctx, names: &names{used: map[string]bool{}},
		mask: flows.NewMasker(secretValues(f, opts.LookupEnv)...)}
	sc, err := flows.NewScope(f, flows.LoadOptions{Vars: opts.Vars, LookupEnv: opts.LookupEnv, BaseURL: opts.BaseURL})
	if err != nil {
		return nil, &ConfigError{Err: err, msg: at.mask.Mask(err.Error())}
	}
	at.scope = sc
	if at.base, err = at.baseURL(f, sc, ""); err != nil {
		return nil, &ConfigError{Err: err, msg: at.mask.Mask(err.Error())}
	}
	if err := at.openPage(ctx); err != nil {
		return nil, err
	}
	return at, nil
}

// Phase starts a phase of steps: the steps Do runs next are numbered from
// 1, their index prefixed with "NAME." ("setup.2") except in the phase
// "steps" and the unnamed one (docs/session.md "Steps").
func (at *Session) Phase(name string) {
	at.phase, at.count = name, 0
	at.prefix = ""
	if name != "" && name != "steps" {
		at.prefix = name + "."
	}
}

// Do runs one step on the current tab (docs/session.md "Steps"): its
// common keys, its waits, its expectations; a group, repeat or run runs
// the steps inside it the same way. It returns the step's record; the
// records of the steps inside are in Steps. A step that fails returns a
// *StepError with the failure's reason and diagnostics; an optional step
// that fails only warns.
func (at *Session) Do(ctx context.Context, step *flows.Step) (*results.Step, error) {
	at.count++
	idx := at.prefix + strconv.Itoa(at.count)
	at.failure, at.top = nil, step
	rec, err := at.runStep(ctx, at.phase, step, idx, at.scope)
	if err == nil {
		return rec, nil
	}
	at.fail(step, idx, err, nil) // kept when a step recorded its own
	return rec, &StepError{Failure: at.failure, Err: err}
}

// Skip records a step that is not run (one after a failed step): it
// takes the next index of the phase.
func (at *Session) Skip(step *flows.Step) *results.Step {
	at.count++
	rec := at.stepRecord(at.phase, step, at.prefix+strconv.Itoa(at.count), results.Skipped)
	at.steps = append(at.steps, rec)
	return rec
}

// Steps are the records of every step run or skipped so far, the steps
// inside containers flat after theirs, in order.
func (at *Session) Steps() []*results.Step {
	return append([]*results.Step(nil), at.steps...)
}

// Artifacts are the files the session wrote, in order; their paths are
// relative to Options.ArtifactsDir.
func (at *Session) Artifacts() []results.Artifact {
	return append([]results.Artifact(nil), at.artifacts...)
}

// Scope holds the session's variables, secrets and the last response;
// steps read and set them.
func (at *Session) Scope() *flows.Scope { return at.scope }

// BaseURL is what relative URLs join ("" when there is none).
func (at *Session) BaseURL() string { return at.base }

// Page is the current tab: the one steps act on.
func (at *Session) Page() *browser.Page { return at.page }

// Tabs are every tab the session saw, in the order they opened.
func (at *Session) Tabs() []*browser.Page { return append([]*browser.Page(nil), at.tabs()...) }

// Snapshot reads the current tab and makes it the ref map that `@eN`
// refs resolve against, as the `snapshot` step does (docs/targets.md
// "The snapshot").
func (at *Session) Snapshot(ctx context.Context) (*locate.Snapshot, error) {
	return at.page.TakeSnapshot(ctx)
}

// Refs is the snapshot the current tab's refs resolve against (nil before
// any).
func (at *Session) Refs() *locate.Snapshot { return at.page.RefMap() }

// Mask replaces the secret values in s with •••.
func (at *Session) Mask(s string) string { return at.mask.Mask(s) }
