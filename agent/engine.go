package agent

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/internal/agentio"
	"github.com/smokeflow/smokeflow/session"
)

// Runner runs commands to one session, one at a time: the in-process
// Engine, or a client of a session's background process.
type Runner interface {
	Run(ctx context.Context, c Command) Result
}

// Options start an Engine. Fields left at their zero value get their
// defaults (docs/agents.md "Starting a session").
type Options struct {
	Name    string // the session's name; "default"
	Browser string // the browser binary; found as `smokeflow run` finds it
	CDP     string // attach to a running browser (host:port or ws://…) instead
	Headed  bool   // show the window
	// State is a saved state file (docs/security.md "Saved state") put in
	// the session's browser context before its first command.
	State string
	// AllowedDomains, when not nil, are the only hosts the session's pages
	// load from (docs/security.md "Allowed domains").
	AllowedDomains *flows.Domains
	// Policy is an action policy file every step is checked against
	// (docs/security.md "Action policy"); its confirm rules hold a step
	// back until `confirm TOKEN` (docs/agents.md "Guard rails").
	Policy string
	// MaxOutput caps each command's stdout, in bytes (0: no cap).
	MaxOutput int
	// ContentBoundaries wraps the text that comes from the page between
	// markers that carry the session's nonce (docs/agents.md "Guard
	// rails").
	ContentBoundaries bool
	// Secrets are values masked in every output, by name; typed, they are
	// exported as ${secrets.NAME}.
	Secrets map[string]string
	// ArtifactsDir holds the session's screenshots and snapshots; the
	// system's temporary folder's smokeflow-sessions when "".
	ArtifactsDir string
	// BaseURL is what a relative `open` URL joins; without it, a relative
	// URL joins the page's own URL.
	BaseURL string
	// StepTimeout bounds the actions, expect, wait and get (10 s).
	StepTimeout time.Duration
	// Ended, when set, says why the session's previous process ended
	// without closing it (killed, or crashed): every verb that needs the
	// old page fails saying so until `open` starts the session again
	// (docs/agent-session.md "A session that died").
	Ended string
	// Use runs the session in a fresh context of this browser instead of
	// launching one (Browser, CDP and Headed are then not used); the
	// engine never closes it.
	Use *browser.Browser
}

// FailAtRest is the session's rest bound (session.Options.FailAtRest): a
// command that has not done what it was asked fails once the page has
// been at rest this long, rather than at its timeout; a `wait` waits its
// timeout (docs/agents.md "Timeouts").
const FailAtRest = time.Second

// settlePolicy is how long a read waits for the page to settle after an
// action: at most browser.DefaultSettle, and half of the command's time
// left (docs/agents.md "Reads after an action").
var settlePolicy = session.SettlePolicy{Share: 0.5}

// DefaultName is the session's name when Options.Name is "".
const DefaultName = "default"

func (o Options) withDefaults() Options {
	if o.Name == "" {
		o.Name = DefaultName
	}
	if o.ArtifactsDir == "" {
		o.ArtifactsDir = filepath.Join(os.TempDir(), "smokeflow-sessions")
	}
	if o.StepTimeout <= 0 {
		o.StepTimeout = flows.DefaultStepTimeout
	}
	return o
}

// ErrBadOptions is an Options field that cannot be used: a state or
// policy file that cannot be read, a negative MaxOutput.
var ErrBadOptions = errors.New("bad session options")

// optionsError is an Options field that cannot be used; it unwraps to
// ErrBadOptions and to its cause.
type optionsError struct{ err error }

func (e *optionsError) Error() string   { return e.err.Error() }
func (e *optionsError) Unwrap() []error { return []error{ErrBadOptions, e.err} }

// Engine is one session's page and everything kept between commands: the
// browser, the ref map, the event logs and the recorded steps. Run may be
// called from several goroutines: commands run one at a time.
type Engine struct {
	opts    Options
	secrets []string      // the names of Options.Secrets, sorted
	mask    *flows.Masker // their values

	saved  *browser.State      // Options.State, read
	policy *flows.Policy       // Options.Policy, loaded
	bounds *agentio.Boundaries // nil without Options.ContentBoundaries

	mu     sync.Mutex
	b      *browser.Browser
	own    bool // the engine launched b
	bctx   *browser.Context
	ss     *session.Session
	closed bool
	// ended says why the session's page is gone (its browser or its
	// previous process died) until `open` starts it again: "" when it is
	// not (docs/agent-session.md "A session that died")
	ended string

	// acted: an action ran since the page last settled; the next read
	// settles it first (docs/agents.md "Reads after an action")
	acted bool
	last  string // the text of the last snapshot, for --diff
	// snapped is the page the last snapshot read: a diff on another (a
	// page replaced by open after a dead browser, reopen, or another tab)
	// is the whole snapshot (docs/agents.md "snapshot --diff")
	snapped session.Tab
	// known is the URL the reader knows the page by: the one it opened,
	// or the one of the last snapshot it read (docs/targets.md "The
	// header").
	known string
	steps []flows.Recorded

	idle idle // the read while the agent thinks (idle.go)

	pending map[string]held // the steps a confirm rule holds back, by token
	blocked int             // the blocked requests already noted

	// how far `console` and `network` have read each tab
	// (docs/agents.md "console", "network")
	consoleMark, networkMark session.Mark
}

// New makes an Engine. It returns at once: the browser starts with the
// first command that needs it.
func New(ctx context.Context, opts Options) (*Engine, error) {
	opts = opts.withDefaults()
	e := &Engine{opts: opts, pending: map[string]held{}, ended: opts.Ended,
		consoleMark: session.Mark{}, networkMark: session.Mark{}}
	var values []string
	for name, v := range opts.Secrets {
		e.secrets = append(e.secrets, name)
		values = append(values, v)
	}
	slices.Sort(e.secrets)
	e.mask = flows.NewMasker(values...)
	if opts.MaxOutput < 0 {
		return nil, &optionsError{fmt.Errorf("the output cap %d is negative: give a number of bytes, or 0 for none", opts.MaxOutput)}
	}
	if opts.ContentBoundaries {
		e.bounds = agentio.NewBoundaries()
	}
	var err error
	if opts.State != "" {
		if e.saved, err = session.ReadState(opts.State, e.lookup); err != nil {
			return nil, &optionsError{err}
		}
	}
	if opts.Policy != "" {
		if e.policy, err = flows.LoadPolicy(opts.Policy); err != nil {
			return nil, &optionsError{err}
		}
	}
	return e, nil
}

// lookup reads a secret: Options.Secrets first, then the environment.
func (e *Engine) lookup(name string) (string, bool) {
	if v, ok := e.opts.Secrets[name]; ok {
		return v, true
	}
	return os.LookupEnv(name)
}

// startTimeout bounds starting the browser and opening the session's page.
const startTimeout = 60 * time.Second

// start launches the browser (or takes Options.Use) and opens the
// session's page in a fresh context, once.
func (e *Engine) start(ctx context.Context) error {
	if e.ss != nil {
		return nil
	}
	// the browser outlives the command that starts it
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), startTimeout)
	defer cancel()
	if e.b == nil {
		if e.opts.Use != nil {
			e.b = e.opts.Use
		} else {
			b, err := browser.Launch(sctx, browser.Options{Bin: e.opts.Browser, CDP: e.opts.CDP, Headed: e.opts.Headed})
			if err != nil {
				return err
			}
			e.b, e.own = b, true
		}
	}
	bctx, err := e.b.NewContextWith(sctx, browser.ContextOptions{AllowedDomains: e.opts.AllowedDomains})
	if err != nil {
		return &browser.BrowserError{Msg: "cannot open a browser context", Err: err}
	}
	var states []*browser.State
	if e.saved != nil {
		states = append(states, e.saved)
	}
	ss, err := e.openSession(sctx, bctx, states)
	if err != nil {
		if cerr := bctx.Close(); cerr != nil {
			err = errors.Join(err, cerr)
		}
		return err
	}
	e.bctx, e.ss = bctx, ss
	return nil
}

// openSession opens the session's page in bctx, the states put in it
// first: the saved state on a fresh context, none on the context a page
// is opened again in (docs/agents.md "Timeouts").
func (e *Engine) openSession(ctx context.Context, bctx *browser.Context, states []*browser.State) (*session.Session, error) {
	ss, err := session.Open(ctx, bctx, session.Options{
		Flow:         &flows.Flow{Name: e.opts.Name, Secrets: e.secrets},
		BaseURL:      e.opts.BaseURL,
		LookupEnv:    e.lookup,
		ArtifactsDir: e.opts.ArtifactsDir,
		Dir:          session.FlowSlug(e.opts.Name),
		StepTimeout:  e.opts.StepTimeout,
		FailAtRest:   FailAtRest,
		States:       states,
		Policy:       e.policy,
		Confirm:      session.ConfirmAsks,
		Settle:       settlePolicy,
	})
	if err != nil {
		var ce *session.ConfigError
		if errors.As(err, &ce) {
			return nil, err
		}
		return nil, &browser.BrowserError{Msg: "cannot open the session's page", Err: err}
	}
	return ss, nil
}

// browserGone reports a browser the engine launched that has exited
// (crashed, or killed).
func (e *Engine) browserGone() bool {
	if e.b == nil {
		return false
	}
	select {
	case <-e.b.Exited():
		return true
	default:
		return false
	}
}

// Run runs one command and returns what it printed and how it ended
// (docs/agents.md "Output"). Commands run one at a time: a call waits for
// the one running, and Close for both.
func (e *Engine) Run(ctx context.Context, c Command) Result {
	e.idle.stop()
	e.mu.Lock()
	defer e.mu.Unlock()
	r := e.result(c, e.run(ctx, c))
	e.scheduleIdleRead()
	return r
}

// closeTimeout bounds closing the session, its context and browser.
const closeTimeout = 10 * time.Second

// Close ends the session and its browser (not a browser of Options.Use).
// Closing twice does nothing.
func (e *Engine) Close() error {
	e.idle.stop()
	e.mu.Lock()
	defer e.mu.Unlock()
	e.closed = true
	return e.stop()
}

// stop closes the session, its context and the browser the engine
// launched.
func (e *Engine) stop() error {
	var errs []error
	if e.ss != nil {
		done := make(chan error, 1)
		go func() { done <- e.ss.Close() }()
		select {
		case err := <-done:
			errs = append(errs, err)
		case <-time.After(closeTimeout):
			errs = append(errs, fmt.Errorf("the session's page did not close within %s", closeTimeout))
		}
		errs = append(errs, e.bctx.Close())
		e.ss, e.bctx = nil, nil
		clear(e.pending)
		clear(e.consoleMark)
		clear(e.networkMark)
		e.blocked = 0
	}
	if e.b != nil && e.own {
		errs = append(errs, e.b.Close())
		browser.ReapZombies()
	}
	e.b, e.own = nil, false
	return errors.Join(errs...)
}

// URL is the URL of the session's page as of its last navigation ("" before
// the first), which `smokeflow sessions` lists. It reads no page.
func (e *Engine) URL() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.ss == nil {
		return ""
	}
	navs := e.ss.Navigations()
	if len(navs) == 0 {
		return ""
	}
	return navs[len(navs)-1].URL
}
