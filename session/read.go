package session

import (
	"context"
	"fmt"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

// ReadSettle says whether a Read settles the page first.
type ReadSettle int

const (
	// ReadAsIs reads the page as it is.
	ReadAsIs ReadSettle = iota
	// ReadSettled settles it first, by Options.Settle (Settle).
	ReadSettled
	// ReadAfterAction settles it first as after an action
	// (SettleAfterAction).
	ReadAfterAction
)

// ReadOptions say what a Read does before it reads the page.
type ReadOptions struct {
	// URL, when not "", is opened first in the current tab, waiting for
	// Load ("load" when ""; docs/session.md "Opening a page").
	URL, Load string
	// Settle says whether the page is settled before it is read.
	Settle ReadSettle
	// Selector, when not "", is a CSS selector: the read's Scope is the
	// first node of the snapshot it matches.
	Selector string
	// Reuse takes the page's latest read, after the settle, when nothing
	// has changed since (docs/targets.md "Reusing a read"), in place of a
	// new one.
	Reuse bool
}

// Read is a read of the current tab.
type Read struct {
	// Snapshot is the page as it was read. It is not shown: Show makes it
	// the ref map.
	Snapshot *locate.Snapshot
	// Scope is the node the selector matched (nil without a selector or
	// when it matched none).
	Scope []*locate.Node
	// Settled is what settling the page saw (its Note says what kept the
	// page busy at the bound).
	Settled browser.Settled
}

// ReadStage is the part of a Read that failed.
type ReadStage int

const (
	ReadOpening ReadStage = iota + 1
	ReadSettling
	ReadReading
	ReadScoping // the selector is not one the page takes
)

// ReadError is a Read that failed: its Stage, and the error as it came
// (its text is the error's own).
type ReadError struct {
	Stage ReadStage
	Err   error
}

func (e *ReadError) Error() string { return e.Err.Error() }
func (e *ReadError) Unwrap() error { return e.Err }

// Read reads the current tab the one way every front end reads a page
// outside a step (docs/architecture.md "The session is the only door"):
// it opens ro.URL when asked, settles the page when asked, reads its
// snapshot, and scopes it to ro.Selector. The snapshot is not shown
// (Show). A failure is a *ReadError; the Settled of a settle that
// passed is in the Read even then.
func (ss *Session) Read(ctx context.Context, ro ReadOptions) (*Read, error) {
	r := &Read{}
	if ro.URL != "" {
		// the action policy holds for a read's open as for an `open` step;
		// a read has no step to confirm, so only allow lets it through
		// (docs/security.md "Action policy")
		if d := ss.opts.Policy.Decide(string(flows.ActionOpen), flows.Subject{URL: ro.URL}); d.Effect != flows.Allow {
			return r, &ReadError{Stage: ReadOpening, Err: fmt.Errorf("opening %s is held back by the policy: %s; open it with an `open` step instead", ro.URL, d)}
		}
		if _, err := ss.page.Navigate(ctx, ro.URL, ro.Load); err != nil {
			return r, &ReadError{Stage: ReadOpening, Err: err}
		}
	}
	var err error
	switch ro.Settle {
	case ReadSettled:
		r.Settled, err = ss.Settle(ctx)
	case ReadAfterAction:
		r.Settled, err = ss.SettleAfterAction(ctx)
	}
	if err != nil {
		return r, &ReadError{Stage: ReadSettling, Err: err}
	}
	if ro.Reuse {
		r.Snapshot = ss.page.Reused(ctx)
	}
	if r.Snapshot == nil {
		if r.Snapshot, err = ss.page.Snapshot(ctx); err != nil {
			return r, &ReadError{Stage: ReadReading, Err: err}
		}
	}
	if ro.Selector == "" {
		return r, nil
	}
	keys, err := ss.page.QueryCSS(ctx, ro.Selector)
	if err != nil {
		return r, &ReadError{Stage: ReadScoping, Err: err}
	}
	for _, n := range r.Snapshot.All {
		if keys[n.Key()] {
			r.Scope = []*locate.Node{n}
			break
		}
	}
	return r, nil
}

// Show makes snap, a Read of the current tab, the snapshot its refs
// resolve against, and records the refs handed to the reader: those of
// shown, or all of snap's when shown is nil (docs/targets.md
// "Resolution", 1).
func (ss *Session) Show(snap *locate.Snapshot, shown []*locate.Node) { ss.page.Show(snap, shown) }

// RefTable is the table that numbers the current tab's refs
// (docs/targets.md "The snapshot", "Refs").
func (ss *Session) RefTable() *locate.RefTable { return ss.page.RefTable() }
