package browser

import (
	"context"
	"errors"

	"github.com/go-rod/rod/lib/proto"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

// One lookup (docs/targets.md "One lookup"): every step that looks for a
// target on a page asks Find, and its options say what it needs, as
// Playwright's one retry loop whose tries give discriminated results.

// FindOptions say what a lookup may answer from and what it answers.
// The zero value reads the page once and resolves the target over it.
type FindOptions struct {
	// Live tries a plain ref first, on its element alone, without
	// reading the page (docs/targets.md "Resolution", 1); a crashed page
	// is ErrPageCrashed at once. An action's lookup.
	Live bool
	// Reuse answers over the page's latest read when nothing has changed
	// since (docs/targets.md "Reusing a read").
	Reuse bool
	// Shown lets an answer over the latest read stand only once the
	// element it found (with All, its first visible match) is confirmed
	// shown now, in one call; the read is dropped when it is not. An
	// expectation's reuse.
	Shown bool
	// NoRead answers only from a live ref or the latest read: when
	// neither may answer, Found.Source is SourceNone and the page is not
	// read.
	NoRead bool
	// All answers every match of the target and the visible ones
	// (Found.All, Found.Visible) instead of one resolution; a count that
	// fails (a container that matched nothing) is the error, with what
	// was counted.
	All bool
	// Takes is the role check of the step's action (checks.tie): among
	// matches still tied after the other tie-breaks, the only one it
	// passes is chosen (locate.ResolveFor). nil: an expectation's lookup.
	Takes func(*locate.Node) error
	// Wait polls (Page.Poll, docs/targets.md "When waiting ends") until
	// the target resolves to exactly one visible element or ctx ends:
	// then the error is a *LocateError with the last resolution and
	// read. Not with All or NoRead.
	Wait bool
}

// Source says what a Found was answered from.
type Source int

const (
	// SourceNone: nothing answered (NoRead, and neither a live ref nor
	// the latest read could).
	SourceNone Source = iota
	// SourceLive: a plain ref checked live on its element; no snapshot.
	SourceLive
	// SourceReused: the page's latest read, nothing having changed since.
	SourceReused
	// SourceRead: a read of the page made for this lookup.
	SourceRead
)

// Found is a lookup's answer.
type Found struct {
	Source Source
	// Result is the resolution (not with All): its Err says why the
	// target is not one element.
	Result *locate.Result
	// Snap is the read it was made over (nil from a live ref).
	Snap *locate.Snapshot
	// All and Visible are every match and the visible ones (with All).
	All, Visible []*locate.Node
}

// errFindOptions is a combination of options no lookup answers.
var errFindOptions = errors.New("browser.Find: Wait does not go with All or NoRead")

// Find looks for t on the page as o says (docs/targets.md "One lookup").
func (p *Page) Find(ctx context.Context, t *flows.Target, o FindOptions) (Found, error) {
	if !o.Wait {
		return p.findOnce(ctx, t, o)
	}
	if o.All || o.NoRead {
		return Found{}, errFindOptions
	}
	var f Found
	err := p.Poll(ctx, func() (bool, error) {
		got, err := p.findOnce(ctx, t, o)
		if err != nil {
			return fatal(err)
		}
		f = got
		if got.Result.Err != nil {
			return false, got.Result.Err // the poll ends at once on a final one
		}
		return true, nil
	})
	if err != nil {
		return f, p.wrap(err, f.Result, f.Snap)
	}
	return f, nil
}

// findOnce is one try of Find: a live ref, else the latest read, else a
// read of the page, as o allows.
func (p *Page) findOnce(ctx context.Context, t *flows.Target, o FindOptions) (Found, error) {
	if o.Live {
		if p.Crashed() {
			return Found{}, ErrPageCrashed
		}
		if r := p.liveRef(ctx, t); r != nil {
			return Found{Source: SourceLive, Result: r}, nil
		}
	}
	if o.Reuse {
		if snap := p.reusable(ctx, o.Shown); snap != nil {
			if f, ok, err := p.over(ctx, snap, t, o); ok {
				f.Source = SourceReused
				return f, err
			}
		}
	}
	if o.NoRead {
		return Found{}, nil
	}
	snap, err := p.Snapshot(ctx)
	if err != nil {
		return Found{}, err
	}
	f, _, err := p.over(ctx, snap, t, FindOptions{All: o.All, Takes: o.Takes})
	f.Source = SourceRead
	return f, err
}

// over answers t over snap as o asks; with All, err is the count's
// failure (a container that matched nothing). With Shown it reports false
// when the answer does not stand: the target is not one element (with
// All, the count failed or no match is visible), or the element is not
// shown now (the read is then dropped, shownNow).
func (p *Page) over(ctx context.Context, snap *locate.Snapshot, t *flows.Target, o FindOptions) (f Found, ok bool, err error) {
	f.Snap = snap
	if o.All {
		f.All, f.Visible, err = locate.Count(ctx, snap, p.table, t, p.cssQuery)
		if o.Shown {
			return f, err == nil && len(f.Visible) > 0 && p.shownNow(ctx, snap, f.Visible[0]), err
		}
		return f, true, err
	}
	f.Result = locate.ResolveFor(ctx, snap, p.table, t, p.cssQuery, takesFn(o.Takes))
	if o.Shown {
		r := f.Result
		return f, r.Err == nil && r.Node != nil && p.shownNow(ctx, snap, r.Node), nil
	}
	return f, true, nil
}

// takesFn is a role check as ResolveFor takes it: nil for none.
func takesFn(takes func(*locate.Node) error) func(*locate.Node) bool {
	if takes == nil {
		return nil
	}
	return func(n *locate.Node) bool { return takes(n) == nil }
}

// RefEntry is the node that a plain ref target recorded, for the document
// the tab shows now (locate.LiveRefNode), with nothing read: nil for any
// other target, or a ref of another document. A live answer (liveRef)
// is always of the recorded role.
func (p *Page) RefEntry(t *flows.Target) *locate.Node {
	p.mu.Lock()
	doc := string(p.loader)
	p.mu.Unlock()
	return locate.LiveRefNode(p.table, doc, t)
}

// partialOf is n's element's own accessibility node, read now (one
// Accessibility.getPartialAXTree), or nil when it cannot be read (it is
// detached, its frame is gone): a full read then says what is wrong.
func (p *Page) partialOf(ctx context.Context, n *locate.Node) *locate.AXTree {
	s := p.sessionOf(n.Handle)
	if s == nil {
		return nil
	}
	raw, err := s.conn.Call(ctx, string(s.ID), "Accessibility.getPartialAXTree",
		proto.AccessibilityGetPartialAXTree{BackendNodeID: proto.DOMBackendNodeID(n.Backend), FetchRelatives: false})
	if err != nil {
		return nil
	}
	partial, err := locate.DecodeAXTree(raw)
	if err != nil {
		return nil
	}
	return partial
}

// liveRef resolves a plain ref target without reading the whole page
// (docs/targets.md "Resolution", 1): one Accessibility.getPartialAXTree
// read of the element the ref recorded, judged by locate.LiveRef. It
// returns nil whenever it cannot be sure (the element or its iframe is
// gone, or changed, or the main frame has navigated to another document
// since the ref was recorded: the old document may still answer for a
// while), and the caller resolves over a full snapshot.
func (p *Page) liveRef(ctx context.Context, t *flows.Target) *locate.Result {
	entry := p.RefEntry(t)
	if entry == nil {
		return nil
	}
	partial := p.partialOf(ctx, entry)
	if partial == nil {
		return nil
	}
	r := locate.LiveRef(entry, partial)
	if r != nil {
		r.Doc = p.table.Document() // LiveRefNode took only a ref of it
	}
	return r
}
