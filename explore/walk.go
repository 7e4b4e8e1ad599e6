package explore

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/session"
)

// pageTimeout bounds the opening of a page (its load event).
const pageTimeout = 30 * time.Second

// walker is one walk: the queue of pages, what it tried, what it found.
type walker struct {
	o        Options
	b        *browser.Browser
	start    *url.URL
	scope    *scope
	avoid    *avoider
	tmp      string // the sessions' artifacts, thrown away
	began    time.Time
	deadline time.Time

	queue     []*pageItem
	queued    map[string]bool   // page keys queued or opened
	patterns  map[string]int    // pages opened per pattern
	docs      map[string]string // the first page of each document (its fingerprint)
	tried     map[string]bool   // action keys tried
	found     map[string]*Finding
	axeSeen   map[string]*Finding // the finding of each axe-core rule and element
	deadLinks map[string]*Finding // the finding each dead link is in, by controlKey
	findings  []*Finding
	pages     []PageVisit
	skipped   []Skip
	skips     map[string]bool
	actions   int
	stopped   string
	shots     map[string][]byte
	sessions  int
}

// pageItem is a page waiting in the queue, and the link that led to it.
type pageItem struct {
	url  string
	from *linkFrom
}

// linkFrom is a link that led to a page: the page it is on, its target
// and how the report names it.
type linkFrom struct {
	page   string
	target *flows.Target
	label  string
}

func newWalker(o Options, b *browser.Browser, start *url.URL, sc *scope, av *avoider, tmp string) *walker {
	now := time.Now()
	return &walker{o: o, b: b, start: start, scope: sc, avoid: av, tmp: tmp, began: now, deadline: now.Add(o.Time),
		queued: map[string]bool{}, patterns: map[string]int{}, docs: map[string]string{}, tried: map[string]bool{},
		found: map[string]*Finding{}, axeSeen: map[string]*Finding{}, deadLinks: map[string]*Finding{}, shots: map[string][]byte{}, skips: map[string]bool{}}
}

// walk visits pages breadth-first until the queue is empty or a budget
// is spent. Its error is the browser's, or ctx's when it was canceled;
// the time budget running out mid-step ends the walk without one.
func (w *walker) walk(parent context.Context) error {
	ctx, cancel := context.WithDeadline(parent, w.deadline)
	defer cancel()
	w.enqueue(w.start, nil)
	for len(w.queue) > 0 && w.stopped == "" {
		if stop := w.budget(); stop != "" {
			w.stopped = stop
			break
		}
		it := w.queue[0]
		w.queue = w.queue[1:]
		err := w.visit(ctx, it)
		switch {
		case parent.Err() != nil:
			return parent.Err()
		case ctx.Err() != nil:
			w.stopped = w.budget()
		case err != nil:
			return err
		}
	}
	if w.stopped == "" {
		w.stopped = "every page in scope was visited"
	}
	return nil
}

// budget says which budget is spent ("" when none).
func (w *walker) budget() string {
	switch {
	case time.Now().After(w.deadline):
		return fmt.Sprintf("the time budget (%s) was spent", w.o.Time)
	case len(w.pages) >= w.o.MaxPages:
		return fmt.Sprintf("the page budget (%d) was spent", w.o.MaxPages)
	case w.actions >= w.o.MaxActions:
		return fmt.Sprintf("the action budget (%d) was spent", w.o.MaxActions)
	}
	return ""
}

// enqueue queues a page once.
func (w *walker) enqueue(u *url.URL, from *linkFrom) {
	k := pageKey(u)
	if w.queued[k] {
		return
	}
	w.queued[k] = true
	w.queue = append(w.queue, &pageItem{url: k, from: from})
}

func (w *walker) progress(doing string) {
	if w.o.Progress != nil {
		w.o.Progress(Progress{Pages: len(w.pages), Actions: w.actions, Findings: len(w.findings),
			Elapsed: time.Since(w.began), Doing: doing})
	}
}

// skip logs a control or page the walk leaves alone, once: a link of the
// site's layout is logged on the first page that has it.
func (w *walker) skip(page, what, why string) {
	k := what + "|" + why
	if w.skips[k] {
		return
	}
	w.skips[k] = true
	w.skipped = append(w.skipped, Skip{Page: page, What: what, Why: why})
}

// add keeps a finding unless one with its key was found before; it
// reports whether it was new.
func (w *walker) add(f *Finding) bool {
	_, isNew := w.claim(f)
	return isNew
}

// claim keeps a finding unless one with its key was found before, which
// then lists f's page among its pages (docs/explore.md "One root cause,
// one finding"); it returns the finding kept.
func (w *walker) claim(f *Finding) (*Finding, bool) {
	if had, ok := w.found[f.key]; ok {
		if !had.seenOn(f.Page) {
			had.Pages = append(had.Pages, f.Page)
		}
		return had, false
	}
	f.seq = len(w.findings)
	w.found[f.key] = f
	w.findings = append(w.findings, f)
	return f, true
}

// shoot takes a screenshot of the session's page for the findings fs.
func (w *walker) shoot(ctx context.Context, s *session.Session, name string, fs []*Finding) {
	if len(fs) == 0 {
		return
	}
	png, err := s.Screenshot(ctx, false)
	if err != nil {
		w.skip("", "screenshot "+name, "could not be taken: "+err.Error())
		return
	}
	w.shots[name] = png
	for _, f := range fs {
		f.shot = name
	}
}

// visit is one page: its session as the walk left it, the snapshot of it
// as it opened, and whether an action changed it since.
type visit struct {
	n      int // the page's number, from 1
	url    string
	status int
	load   timing
	snap   *locate.Snapshot
	before *locate.Snapshot // the page as the session's last fresh open showed it
	s      *session.Session
	bctx   *browser.Context
	dirty  bool
	forms  map[*locate.Node]*formPlan
	cause  *Finding // what probably makes its controls do nothing: a script that failed, an exception on load
	action int      // actions tried on it
}

func (v *visit) close() {
	if v.s != nil {
		_ = v.s.Close()
		_ = v.bctx.Close()
		v.s, v.bctx = nil, nil
	}
}

// newSession opens a session in a fresh incognito context.
func (w *walker) newSession(ctx context.Context) (*session.Session, *browser.Context, error) {
	bctx, err := w.b.NewContextWith(ctx, browser.ContextOptions{AllowedDomains: w.o.AllowedDomains})
	if err != nil {
		return nil, nil, err
	}
	w.sessions++
	var states []*browser.State
	if w.o.State != nil {
		states = []*browser.State{w.o.State}
	}
	s, err := session.Open(ctx, bctx, session.Options{ArtifactsDir: w.tmp, Dir: "s" + strconv.Itoa(w.sessions),
		StepTimeout: w.o.ActionTimeout, Policy: w.o.Policy, States: states, Settle: settlePolicy})
	if err != nil {
		_ = bctx.Close()
		return nil, nil, err
	}
	return s, bctx, nil
}

// openPage opens u in s and waits for it to settle. It returns how long
// the page took to load (its load event), or the step's failure.
func (w *walker) openPage(ctx context.Context, s *session.Session, u string) (timing, error) {
	mark := markCPU(ctx, s)
	t0 := time.Now()
	_, err := s.Do(ctx, &flows.Step{Action: &flows.Open{URL: u, Wait: "load"}, Timeout: pageTimeout})
	took := mark.since(ctx, s, time.Since(t0))
	if err != nil {
		return took, err
	}
	_, err = s.Settle(ctx)
	return took, err
}

// fresh gives the session to act on with the page as it opened: the
// same one when the last action changed nothing, else a new session on
// the page's URL (docs/explore.md "Actions").
func (w *walker) fresh(ctx context.Context, v *visit) (*session.Session, error) {
	if v.s != nil && !v.dirty && v.s.TabCount() == 1 {
		return v.s, nil
	}
	v.close()
	s, bctx, err := w.newSession(ctx)
	if err != nil {
		return nil, err
	}
	v.s, v.bctx, v.dirty = s, bctx, false
	if _, err := w.openPage(ctx, s, v.url); err != nil {
		v.dirty = true
		return nil, err
	}
	if v.before, err = s.Snapshot(ctx); fatal(ctx, err) {
		return nil, err
	}
	return s, nil
}
