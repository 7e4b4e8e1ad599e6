package session

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
)

// unmet is a check that did not hold yet: why, and the error it met.
type unmet struct {
	msg string
	err error
}

func (u *unmet) Error() string {
	if u.msg == "" && u.err != nil {
		return u.err.Error()
	}
	return u.msg
}

func (u *unmet) Unwrap() error { return u.err }

// noRead is the verdict of a check none of whose tries read the page
// before the step's deadline; errNoRead marks it, for reason `timeout`.
const noRead = "the step timed out before the check could read the page"

var errNoRead = errors.New(noRead)

// notRead is the unmet of a check whose try the end of its context cut
// short: cut is that context's error, err the read's (it may only name
// the deadline in its text). Both are wrapped, so that the poll knows it
// for a try cut short (browser.IsContextErr), which says less than the
// try before it.
func notRead(cut, err error) *unmet {
	return &unmet{msg: noRead, err: fmt.Errorf("%w (%w)", errNoRead, errors.Join(cut, err))}
}

// checkTry is one try of a check: whether it holds, what the page held
// when it does not, and the error its read met. ctx bounds the try's
// reads: the step's, or the first try's own (firstTry).
type checkTry func(ctx context.Context) (bool, string, error)

// firstTryTime is how long a check's first try may read the page when the
// step's deadline comes sooner (docs/flows.md "Checks that fail"): on a
// page, or a machine, too busy to answer within the step's timeout, the
// first read still ends and its verdict counts, as Playwright's one-shot
// check before `expect` polls. Loading axe-core is bounded apart
// (axeOwnTime).
const firstTryTime = 10 * time.Second

// firstTry bounds a check's first try: by the later of the step's
// deadline and firstTryTime from now, and by the flow's context (the
// flow's timeout, the run's end); with the step context's values.
func firstTry(ctx, flowCtx context.Context) (context.Context, context.CancelFunc) {
	until := time.Now().Add(firstTryTime)
	if d, ok := ctx.Deadline(); ok && d.After(until) {
		until = d
	}
	tctx, cancel := context.WithDeadline(context.WithoutCancel(ctx), until)
	stop := context.AfterFunc(flowCtx, cancel)
	return tctx, func() { stop(); cancel() }
}

// pollUntil re-checks cond until it holds or ctx, the step's context,
// ends (Page.Poll: sooner when the page changes). Its first try is bounded
// by firstTry, not by the step's deadline. It returns nil only when cond
// held; otherwise the page crash, or an *unmet with the last reason cond
// gave for not holding (docs/flows.md "Checks that fail": never a silent
// pass). A try that its deadline cut short gives no reason: its read did
// not end.
func (ss *Session) pollUntil(ctx, flowCtx context.Context, cond checkTry) error {
	tries := 0
	err := ss.page.Poll(ctx, func() (bool, error) {
		tctx := ctx
		if tries++; tries == 1 {
			var cancel context.CancelFunc
			tctx, cancel = firstTry(ctx, flowCtx)
			defer cancel()
		}
		ok, msg, err := cond(tctx)
		switch {
		case ok:
			return true, nil
		case errors.Is(err, browser.ErrPageCrashed):
			return true, err
		case browser.CutShort(tctx, err):
			return false, notRead(tctx.Err(), err)
		}
		if msg == "" && err != nil {
			msg = err.Error()
		}
		if msg == "" {
			msg = "it did not hold"
		}
		return false, &unmet{msg: msg, err: err}
	})
	var u *unmet
	switch {
	case err == nil:
		return nil
	case errors.As(err, &u), errors.Is(err, browser.ErrPageCrashed):
		return err
	}
	// no try ran to the end before the step's deadline
	return notRead(ctx.Err(), err)
}

func matchString(m *flows.Match, s string) (bool, string) {
	if m == nil {
		return true, ""
	}
	want := ""
	switch {
	case m.Equals != nil:
		want = fmt.Sprintf("to equal %q", *m.Equals)
	case m.Contains != nil:
		want = fmt.Sprintf("to contain %q", *m.Contains)
	case m.Matches != nil:
		want = "to match " + m.Matches.Source
	}
	return m.Test(s), want
}

// execWait runs the `wait` forms.
func (ss *Session) execWait(c *stepCall, w *flows.Wait) error {
	ctx, s, t, sc := c.sctx, c.s, c.t, c.sc
	p := ss.page
	switch {
	case w.Duration > 0:
		timer := time.NewTimer(w.Duration)
		defer timer.Stop()
		select {
		case <-timer.C:
			return nil
		case <-ctx.Done():
			return failWith(diagnostics.ReasonTimeout, fmt.Errorf("wait %s: the step timed out first", w.Duration))
		}
	case w.Text != "":
		txt, err := ss.str(w.Text, sc)
		if err != nil {
			return failWith(diagnostics.ReasonExpression, err)
		}
		tt := &flows.Target{Text: txt}
		err = ss.pollUntil(ctx, c.ctx, func(ctx context.Context) (bool, string, error) {
			f, err := p.Find(ctx, tt, browser.FindOptions{All: true})
			return len(f.Visible) > 0, fmt.Sprintf("text %q did not appear", txt), err
		})
		if err != nil {
			return ss.expectFailed(ctx, s, tt, err)
		}
	case w.Target != nil:
		_, err := p.Find(ctx, t, browser.FindOptions{Wait: true})
		if err != nil {
			return ss.diagnose(ctx, s, t, err)
		}
	case w.Gone != nil:
		err := ss.pollUntil(ctx, c.ctx, func(ctx context.Context) (bool, string, error) {
			f, err := p.Find(ctx, t, browser.FindOptions{All: true})
			return err == nil && len(f.Visible) == 0, fmt.Sprintf("%s is still visible", t), err
		})
		if err != nil {
			return ss.expectFailed(ctx, s, t, err)
		}
	case w.URL != nil:
		m, err := w.URL.Interpolate(sc)
		if err != nil {
			return failWith(diagnostics.ReasonExpression, err)
		}
		err = ss.pollUntil(ctx, c.ctx, func(ctx context.Context) (bool, string, error) {
			u, _, err := ss.URLAndTitle(ctx)
			if err != nil {
				return false, "the page's URL could not be read: " + firstLine(err.Error()), err
			}
			ok, want := matchString(m, u)
			return ok, fmt.Sprintf("expected the URL %s, but it is %q", want, u), nil
		})
		if err != nil {
			return ss.expectFailed(ctx, s, nil, err)
		}
	case w.Load != "":
		if err := p.WaitLoad(ctx, "", w.Load); err != nil {
			r := diagnostics.ReasonNavigation
			if ctx.Err() != nil {
				r = diagnostics.ReasonTimeout
			}
			return failWith(r, fmt.Errorf("the page did not reach %s: %w", w.Load, err))
		}
	}
	return nil
}
