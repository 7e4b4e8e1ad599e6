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
	// LeaveDownloads leaves the browser context's downloads as they are
	// (no folder set, nothing denied): for a session that only reads one
	// page, as `snapshot URL` and `diff url` do, and writes nothing.
	LeaveDownloads bool
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
	// Device and Locale override the flow's device (and its viewport)
	// and locale (docs/flows.md "Devices and places"): `run --device`,
	// `--locale`.
	Device *flows.Device
	Locale string
	// Listener receives the StepStarted and StepFinished events (nil:
	// none).
	Listener Listener
	// UpdateBaselines: an expect screenshot or snapshot writes its
	// baseline when there is none or the page no longer matches it,
	// instead of failing (docs/flows.md "Baselines").
	UpdateBaselines bool
	// BaselineFix is how the caller's users update the baselines, for the
	// failure of a missing or differing baseline to say; FILE in it is
	// replaced by the flow file. "" says it in words.
	BaselineFix string
	// States are put in the browser context, in order, before the first
	// step, after the flow's own state file: the states of the setup
	// flows it needs (docs/security.md "Log in once").
	States []*browser.State
	// Policy, when not nil, is checked before every step acts
	// (docs/security.md "Action policy"); Confirm says what its confirm
	// rules do.
	Policy  *flows.Policy
	Confirm ConfirmMode
	// FailAtRest, when set, is the front end's rest bound: a step that
	// has not passed fails once the page has been at rest this long (no
	// request in flight, no DOM change), with the diagnostics its timeout
	// would give; a `wait` step still waits its timeout. 0: steps wait
	// their whole timeout, as flows do (docs/targets.md "When waiting
	// ends"). Agent sessions set 1 s (docs/agents.md "Timeouts").
	FailAtRest time.Duration
	// Settle is the front end's settle policy: how long Settle,
	// SettleAfterAction and a Read that settles wait for the page
	// (docs/architecture.md "The session is the only door"). The zero value
	// waits for at most browser.DefaultSettle.
	Settle SettlePolicy
	// Trace records a frame and a snapshot per step, in memory, for
	// KeepTrace to write (docs/running.md "Traces"); TraceOff by default.
	Trace TraceCapture
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
	// routes answer the context's requests; routedSeen counts the
	// answers already in a step's log (docs/flows.md "Routes").
	routes     routeTable
	routedSeen int

	phase  string // of the steps Do runs
	prefix string // of their index
	count  int    // steps Do ran in the phase
	top    *flows.Step
	steps  []*results.Step
	// failure is the one of the step Do runs, recorded by the innermost
	// step that failed
	failure *results.Failure
	// soft are the failures of soft checks, in order (docs/flows.md
	// "Soft checks")
	soft      []*results.Failure
	artifacts []results.Artifact
	baselines []results.Baseline
	names     *names
	key       string // the artifact key of the step running
	ended     *pageEvents
	// the steps a confirm rule holds back, and the one Confirm runs
	// (policy.go)
	pending   []pendingStep
	confirmed *flows.Step
	// the trace recorded so far (trace.go)
	trace []traceFrame
	// traceRead is the latest snapshot the trace rendered, and its text
	traceRead traceRead
}

// Open opens a page in bctx (docs/session.md "Opening a page") with the
// options' viewport and the flow's secrets painted over in screenshots.
// The session does not own bctx: closing bctx after Close is the
// caller's. The flow's state file, then Options.States, are put in the
// context first (docs/security.md "Saved state"). A *ConfigError says the
// vars, secrets, base URL or state file do not work out (then no page is
// opened); any other error is the browser's.
func Open(ctx context.Context, bctx *browser.Context, opts Options) (*Session, error) {
	opts = opts.withDefaults()
	f := opts.Flow
	if f == nil {
		f = &flows.Flow{}
	}
	ss := &Session{opts: opts, flow: f, bctx: bctx, names: &names{used: map[string]bool{}},
		mask: flows.NewMasker(secretValues(f, opts.LookupEnv)...)}
	sc, err := flows.NewScope(f, flows.LoadOptions{Vars: opts.Vars, LookupEnv: opts.LookupEnv, BaseURL: opts.BaseURL})
	if err != nil {
		return nil, &ConfigError{Err: err, msg: ss.mask.Mask(err.Error())}
	}
	sc.Mask = ss.mask // one-time codes join the masked values (docs/flows.md "One-time codes")
	ss.scope = sc
	if ss.base, err = ss.baseURL(f, sc, ""); err != nil {
		return nil, &ConfigError{Err: err, msg: ss.mask.Mask(err.Error())}
	}
	if err := ss.startState(ctx); err != nil {
		return nil, err
	}
	if err := ss.startRoutes(); err != nil {
		return nil, err
	}
	if err := ss.openPage(ctx); err != nil {
		return nil, err
	}
	return ss, nil
}

// Phase starts a phase of steps: the steps Do runs next are numbered from
// 1, their index prefixed with "NAME." ("setup.2") except in the phase
// "steps" and the unnamed one (docs/session.md "Steps").
func (ss *Session) Phase(name string) {
	ss.phase, ss.count = name, 0
	ss.prefix = ""
	if name != "" && name != "steps" {
		ss.prefix = name + "."
	}
}

// Do runs one step on the current tab (docs/session.md "Steps"): its
// common keys, its waits, its expectations; a group, repeat or run runs
// the steps inside it the same way. It returns the step's record; the
// records of the steps inside are in Steps. A step that fails returns a
// *StepError with the failure's reason and diagnostics; an optional step
// that fails only warns.
func (ss *Session) Do(ctx context.Context, step *flows.Step) (*results.Step, error) {
	ss.count++
	idx := ss.prefix + strconv.Itoa(ss.count)
	ss.failure, ss.top = nil, step
	rec, err := ss.runStep(ctx, ss.phase, step, idx, ss.scope)
	if err == nil {
		return rec, nil
	}
	ss.fail(step, idx, err, nil) // kept when a step recorded its own
	return rec, &StepError{Failure: ss.failure, Err: err}
}

// Skip records a step that is not run (one after a failed step): it
// takes the next index of the phase.
func (ss *Session) Skip(step *flows.Step) *results.Step {
	ss.count++
	rec := ss.stepRecord(ss.phase, step, ss.prefix+strconv.Itoa(ss.count), results.Skipped)
	ss.steps = append(ss.steps, rec)
	return rec
}

// SoftFailures are the failures of the soft checks run so far, in order
// (docs/flows.md "Soft checks").
func (ss *Session) SoftFailures() []*results.Failure {
	return append([]*results.Failure(nil), ss.soft...)
}

// Steps are the records of every step run or skipped so far, the steps
// inside containers flat after theirs, in order.
func (ss *Session) Steps() []*results.Step {
	return append([]*results.Step(nil), ss.steps...)
}

// Artifacts are the files the session wrote, in order; their paths are
// relative to Options.ArtifactsDir.
func (ss *Session) Artifacts() []results.Artifact {
	return append([]results.Artifact(nil), ss.artifacts...)
}

// Baselines are the baseline files the session wrote, in order
// (Options.UpdateBaselines).
func (ss *Session) Baselines() []results.Baseline {
	return append([]results.Baseline(nil), ss.baselines...)
}

// Scope holds the session's variables, secrets and the last response;
// steps read and set them.
func (ss *Session) Scope() *flows.Scope { return ss.scope }

// BaseURL is what relative URLs join ("" when there is none).
func (ss *Session) BaseURL() string { return ss.base }

// NavigationsAsked counts the navigations of the current tab's main frame
// asked for so far (docs/architecture.md: the front ends drive the
// session, not its page).
func (ss *Session) NavigationsAsked() uint64 { return ss.page.NavigationsAsked() }

// TabNavigations are the navigations of the current tab's main frame, as
// the page recorded them (Navigations has every tab's, masked).
func (ss *Session) TabNavigations() []browser.Navigation { return ss.page.Navigations() }

// Resolve finds t on the current tab's page as it is now, with the read it
// was found in, without acting (docs/targets.md "Resolution").
func (ss *Session) Resolve(ctx context.Context, t *flows.Target) (*locate.Result, *locate.Snapshot, error) {
	f, err := ss.page.Find(ctx, t, browser.FindOptions{})
	return f.Result, f.Snap, err
}

// ReadAhead reads the current tab for the next action to reuse, settled
// as after an action, unless its latest read may stand for a new one
// already (docs/agents.md "A read while the agent thinks"); it reports
// whether it read.
func (ss *Session) ReadAhead(ctx context.Context) (bool, error) {
	return ss.page.ReadAhead(ctx, func(ctx context.Context) error {
		_, err := ss.SettleAfterAction(ctx)
		return err
	})
}

// Reads counts the current tab's full reads: snapshots taken from the
// browser, not reused (docs/targets.md "Reusing a read").
func (ss *Session) Reads() uint64 { return ss.page.Reads() }

// ResolveReused finds t over the current tab's latest read when nothing
// has changed since (docs/targets.md "Reusing a read"), reading nothing:
// a nil result when that read may not answer.
func (ss *Session) ResolveReused(ctx context.Context, t *flows.Target) (*locate.Result, *locate.Snapshot) {
	f, err := ss.page.Find(ctx, t, browser.FindOptions{Reuse: true, NoRead: true})
	if err != nil || f.Source != browser.SourceReused {
		return nil, nil
	}
	return f.Result, f.Snap
}

// ResolveLive finds t as Resolve does, a plain ref on its element alone
// when it can (docs/targets.md "Resolution", 1): its states and value as
// the browser has them now, without reading the whole page.
func (ss *Session) ResolveLive(ctx context.Context, t *flows.Target) (*locate.Result, error) {
	f, err := ss.page.Find(ctx, t, browser.FindOptions{Live: true})
	return f.Result, err
}

// Snapshot reads the current tab and makes it the ref map that `@eN`
// refs resolve against, as the `snapshot` step does (docs/targets.md
// "The snapshot").
func (ss *Session) Snapshot(ctx context.Context) (*locate.Snapshot, error) {
	return ss.page.TakeSnapshot(ctx)
}

// Refs is the snapshot the current tab's refs resolve against (nil before
// any).
func (ss *Session) Refs() *locate.Snapshot { return ss.page.RefMap() }

// Mask replaces the secret values in s with •••.
func (ss *Session) Mask(s string) string { return ss.mask.Mask(s) }
