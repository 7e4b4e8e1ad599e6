package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/go-rod/rod/lib/proto"
	"github.com/smokeflow/smokeflow/locate"
)

// Snapshot reads the page now: the main page first, then its
// out-of-process iframes, built into one snapshot by locate.Build
// (docs/targets.md "The snapshot"), with the HTTP status of the main
// document (docs/targets.md "The snapshot", "The header"). A read that
// caught the page mid-change is taken again (twice at most). Its refs are
// numbered by the page's ref table: an element keeps its ref for as long
// as it lives in the document (docs/targets.md "The snapshot", "Refs").
// Every read is kept for an action to reuse while nothing changes
// (reuse.go): the page's generation and the stamps of its documents are
// taken before it.
func (p *Page) Snapshot(ctx context.Context) (*locate.Snapshot, error) {
	if p.Crashed() {
		return nil, ErrPageCrashed
	}
	gen := p.generation()
	stamps, _ := p.stamps(ctx, p.notedWorlds())
	var snap *locate.Snapshot
	var info readInfo
	var err error
	overlays := make(chan []locate.OverlayRead, 1)
	go func() { overlays <- p.readOverlays(ctx) }()
	for i := 0; i < 3; i++ {
		snap, info, err = capture(ctx, p.Sessions())
		if err != nil {
			<-overlays
			return nil, err
		}
		if !snap.Inconsistent {
			break
		}
	}
	snap.Status = p.Status()
	snap.SetOverlays(<-overlays)
	p.table.Number(snap)
	p.keep(snap, gen, stamps, info)
	p.noteRead(snap)
	return snap, nil
}

// capture reads every session of a page at once, and the main
// document's viewport, and builds the snapshot. A failed read of an
// iframe's session leaves that iframe out (a frame gone, a process
// crashed); of the main page's, or one that ctx's end cut short, fails
// (docs/targets.md "The snapshot", Iframes).
// The readInfo says which frames were read, and whether all were.
func capture(ctx context.Context, sessions []*CDPSession) (*locate.Snapshot, readInfo, error) {
	var info readInfo
	if len(sessions) == 0 {
		return nil, info, errors.New("no page")
	}
	reads := make([]*locate.SessionRead, len(sessions))
	frames := make([][]proto.PageFrameID, len(sessions))
	errs := make([]error, len(sessions))
	var wg sync.WaitGroup
	var metrics *proto.PageGetLayoutMetricsResult
	var metricsErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		metrics, metricsErr = proto.PageGetLayoutMetrics{}.Call(sessions[0].Client(ctx))
	}()
	for i, s := range sessions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			reads[i], frames[i], errs[i] = captureSession(ctx, s)
		}()
	}
	wg.Wait()
	if errs[0] != nil {
		return nil, info, errs[0]
	}
	for _, err := range errs {
		if CutShort(ctx, err) {
			// an iframe's read that the deadline cut is no read of it: a
			// snapshot without it would say its elements are not there
			return nil, info, err
		}
	}
	var ok []*locate.SessionRead
	info.complete = true
	for i, r := range reads {
		if errs[i] != nil {
			info.complete = false
			continue
		}
		ok = append(ok, r)
		info.closed = info.closed || r.DOM.ClosedShadow()
		for _, f := range frames[i] {
			info.frames = append(info.frames, worldKey{sessions[i].ID, f})
		}
		if len(r.AX) != len(frames[i]) {
			info.complete = false // a frame's tree was not read
		}
	}
	// Without the metrics every element counts as in the viewport
	// (docs/targets.md "Resolution", 4): the snapshot is still good.
	var view locate.Box
	if metricsErr == nil && metrics.CSSLayoutViewport != nil {
		view = locate.Box{W: float64(metrics.CSSLayoutViewport.ClientWidth), H: float64(metrics.CSSLayoutViewport.ClientHeight)}
	}
	snap, err := locate.Build(ok, view)
	return snap, info, err
}

// captureSession gathers DOMSnapshot, the frame tree and the AX trees of
// one session, each decoded as it arrives. Calls run concurrently. It
// also returns the session's frames, the root frame first.
func captureSession(ctx context.Context, s *CDPSession) (*locate.SessionRead, []proto.PageFrameID, error) {
	sd := &locate.SessionRead{Session: string(s.ID), Frame: string(s.FrameID), AX: map[string]*locate.AXTree{}}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	setErr := func(err error) {
		mu.Lock()
		if firstErr == nil {
			firstErr = err
		}
		mu.Unlock()
	}

	// The root frame's accessibility tree is the longest read, and the
	// renderer answers one read after the other: it is asked for first,
	// so that it is decoded while the DOM snapshot is being taken.
	var rootAX *locate.AXTree
	var rootErr error
	wg.Add(2)
	go func() {
		defer wg.Done()
		go func() {
			defer wg.Done()
			dom, err := readDOMSnapshot(ctx, s)
			if err != nil {
				setErr(fmt.Errorf("DOMSnapshot: %w", err))
				return
			}
			sd.DOM = dom
		}()
		rootAX, rootErr = readAXTree(ctx, s, "")
	}()

	if s.Parent != nil {
		sd.Parent = string(s.Parent.ID)
		wg.Add(1)
		go func() {
			defer wg.Done()
			var err error
			if sd.Owner, sd.OwnerBox, err = frameOwner(ctx, s); err != nil {
				setErr(err)
			}
		}()
	}

	tree, err := proto.PageGetFrameTree{}.Call(s.Client(ctx))
	if err != nil {
		wg.Wait()
		return nil, nil, fmt.Errorf("frame tree: %w", err)
	}
	sd.Loader = string(tree.FrameTree.Frame.LoaderID)
	children := childFrames(tree.FrameTree)
	for _, f := range children { // the root frame's is on its way
		wg.Add(1)
		go func() {
			defer wg.Done()
			ax, err := readAXTree(ctx, s, f)
			switch {
			case CutShort(ctx, err):
				// no read of the frame, as for an out-of-process one
				setErr(fmt.Errorf("accessibility tree of frame %s: %w", f, err))
				return
			case err != nil:
				return // a frame that navigates away mid-capture is simply missing
			}
			mu.Lock()
			sd.AX[string(f)] = ax
			mu.Unlock()
		}()
	}
	wg.Wait()
	if rootErr != nil {
		setErr(fmt.Errorf("accessibility tree: %w", rootErr))
	} else {
		sd.AX[string(tree.FrameTree.Frame.ID)] = rootAX
	}
	if firstErr != nil {
		return nil, nil, firstErr
	}
	return sd, append([]proto.PageFrameID{tree.FrameTree.Frame.ID}, children...), nil
}

// CutShort says whether err is a read that ctx's end cut short: no read,
// never a page without what it did not get to (docs/targets.md "The
// snapshot", Iframes), nor a check's verdict (docs/targets.md "When
// waiting ends").
func CutShort(ctx context.Context, err error) bool {
	return err != nil && ctx.Err() != nil && IsContextErr(err)
}

// childFrames are the frames below the root of a frame tree, in order.
func childFrames(root *proto.PageFrameTree) []proto.PageFrameID {
	var frames []proto.PageFrameID
	var walk func(t *proto.PageFrameTree)
	walk = func(t *proto.PageFrameTree) {
		for _, c := range t.ChildFrames {
			frames = append(frames, c.Frame.ID)
			walk(c)
		}
	}
	walk(root)
	return frames
}

// frameOwner is the backend id, in the parent session, of the <iframe>
// an out-of-process frame's session is in, and its content box in the
// parent's viewport; zero when the parent no longer has it. Its error is
// a read that ctx's end cut short: without its owner, the frame would be
// left out of the page.
func frameOwner(ctx context.Context, s *CDPSession) (int64, locate.Box, error) {
	pp := s.Parent.Client(ctx)
	own, err := proto.DOMGetFrameOwner{FrameID: s.FrameID}.Call(pp)
	if CutShort(ctx, err) {
		return 0, locate.Box{}, fmt.Errorf("the frame's owner: %w", err)
	}
	if err != nil {
		return 0, locate.Box{}, nil
	}
	var box locate.Box
	bm, err := proto.DOMGetBoxModel{BackendNodeID: own.BackendNodeID}.Call(pp)
	if CutShort(ctx, err) {
		return 0, locate.Box{}, fmt.Errorf("the frame's box: %w", err)
	}
	if err == nil && len(bm.Model.Content) >= 8 {
		q := bm.Model.Content
		box = locate.Box{X: q[0], Y: q[1], W: q[2] - q[0], H: q[5] - q[1]}
	}
	return int64(own.BackendNodeID), box, nil
}

// readDOMSnapshot takes the session's DOM snapshot with the styles
// locate reads, and decodes it.
func readDOMSnapshot(ctx context.Context, s *CDPSession) (*locate.DOMSnapshot, error) {
	raw, err := s.conn.Call(ctx, string(s.ID), "DOMSnapshot.captureSnapshot",
		proto.DOMSnapshotCaptureSnapshot{ComputedStyles: locate.SnapshotStyles()})
	if err != nil {
		return nil, err
	}
	return locate.DecodeDOMSnapshot(raw)
}

// readAXTree reads and decodes the accessibility tree of one frame of a
// session ("": its root frame). The answer goes to locate's own decoder
// undecoded: rod's proto types would decode it through reflection.
func readAXTree(ctx context.Context, s *CDPSession, frame proto.PageFrameID) (*locate.AXTree, error) {
	raw, err := s.conn.Call(ctx, string(s.ID), "Accessibility.getFullAXTree", proto.AccessibilityGetFullAXTree{FrameID: frame})
	if err != nil {
		return nil, err
	}
	return locate.DecodeAXTree(raw)
}

// readOverlays hit-tests the main document for the layers that cover its
// controls (js/overlays.js; docs/targets.md "The snapshot", "Overlays"), alongside the
// snapshot's reads. A read that fails leaves them out: the snapshot is
// still good without them.
func (p *Page) readOverlays(ctx context.Context) []locate.OverlayRead {
	r, err := p.evalOwn(ctx, p.main, p.main.FrameID, overlaysJS())
	if err != nil {
		return nil
	}
	var out []locate.OverlayRead
	if json.Unmarshal(resultJSON(r), &out) != nil {
		return nil
	}
	return out
}
