package locate

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/go-rod/rod/lib/proto"
)

// domInfo is what DOMSnapshot says of one DOM node.
type domInfo struct {
	tag        string
	attrs      map[string]string
	parent     int // index in the document, -1 for none
	box        Box // document coordinates, before offsets
	hasLayout  bool
	cursor     string
	visibility string
	checked    bool
	contentDoc int // index of the iframe's document, -1
}

// docData is one document of a session, from DOMSnapshot.
type docData struct {
	frame   proto.PageFrameID
	url     string
	title   string
	nodes   []domInfo
	byBack  map[proto.DOMBackendNodeID]int
	byID    map[string]int
	scrollX float64
	scrollY float64
}

// sessionData is everything captured from one session.
type sessionData struct {
	s      *Session
	docs   []*docData
	byBack map[proto.DOMBackendNodeID]*docRef
	ax     map[proto.PageFrameID][]*proto.AccessibilityAXNode
	// owner is the backend id, in the parent session, of this session's
	// iframe element; ownerBox its content box in the parent's viewport.
	owner    proto.DOMBackendNodeID
	ownerBox Box
	err      error
}

type docRef struct {
	doc *docData
	idx int
}

var snapshotStyles = []string{"cursor", "visibility"}

// captureSession gathers DOMSnapshot, the frame tree and the AX trees of
// one session. Calls run concurrently.
func captureSession(ctx context.Context, s *Session) *sessionData {
	sd := &sessionData{s: s, byBack: map[proto.DOMBackendNodeID]*docRef{}, ax: map[proto.PageFrameID][]*proto.AccessibilityAXNode{}}
	p := s.Client(ctx)

	var wg sync.WaitGroup
	var mu sync.Mutex
	setErr := func(err error) {
		mu.Lock()
		if sd.err == nil {
			sd.err = err
		}
		mu.Unlock()
	}

	wg.Add(1)
	var snap *proto.DOMSnapshotCaptureSnapshotResult
	go func() {
		defer wg.Done()
		r, err := proto.DOMSnapshotCaptureSnapshot{ComputedStyles: snapshotStyles}.Call(p)
		if err != nil {
			setErr(fmt.Errorf("DOMSnapshot: %w", err))
			return
		}
		snap = r
	}()

	if s.Parent != nil {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pp := s.Parent.Client(ctx)
			own, err := proto.DOMGetFrameOwner{FrameID: s.FrameID}.Call(pp)
			if err != nil {
				return
			}
			sd.owner = own.BackendNodeID
			bm, err := proto.DOMGetBoxModel{BackendNodeID: own.BackendNodeID}.Call(pp)
			if err == nil && len(bm.Model.Content) >= 8 {
				q := bm.Model.Content
				sd.ownerBox = Box{X: q[0], Y: q[1], W: q[2] - q[0], H: q[5] - q[1]}
			}
		}()
	}

	tree, err := proto.PageGetFrameTree{}.Call(p)
	if err != nil {
		wg.Wait()
		sd.err = fmt.Errorf("frame tree: %w", err)
		return sd
	}
	var frames []proto.PageFrameID
	var walk func(t *proto.PageFrameTree)
	walk = func(t *proto.PageFrameTree) {
		frames = append(frames, t.Frame.ID)
		for _, c := range t.ChildFrames {
			walk(c)
		}
	}
	walk(tree.FrameTree)
	for _, f := range frames {
		f := f
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := proto.AccessibilityGetFullAXTree{FrameID: f}.Call(p)
			if err != nil {
				// A frame that navigates away mid-capture is simply missing.
				if f == tree.FrameTree.Frame.ID {
					setErr(fmt.Errorf("accessibility tree: %w", err))
				}
				return
			}
			mu.Lock()
			sd.ax[f] = r.Nodes
			mu.Unlock()
		}()
	}
	wg.Wait()
	if snap != nil {
		sd.decode(snap)
	}
	return sd
}

func (sd *sessionData) decode(r *proto.DOMSnapshotCaptureSnapshotResult) {
	str := func(i proto.DOMSnapshotStringIndex) string {
		if i < 0 || int(i) >= len(r.Strings) {
			return ""
		}
		return r.Strings[i]
	}
	for _, d := range r.Documents {
		n := d.Nodes
		dd := &docData{
			frame:  proto.PageFrameID(str(d.FrameID)),
			url:    str(d.DocumentURL),
			title:  str(d.Title),
			byBack: map[proto.DOMBackendNodeID]int{},
			byID:   map[string]int{},
		}
		if d.ScrollOffsetX != nil {
			dd.scrollX = *d.ScrollOffsetX
		}
		if d.ScrollOffsetY != nil {
			dd.scrollY = *d.ScrollOffsetY
		}
		count := len(n.BackendNodeID)
		dd.nodes = make([]domInfo, count)
		for i := 0; i < count; i++ {
			di := &dd.nodes[i]
			di.parent = -1
			di.contentDoc = -1
			if i < len(n.ParentIndex) {
				di.parent = n.ParentIndex[i]
			}
			if i < len(n.NodeName) {
				di.tag = strings.ToLower(str(n.NodeName[i]))
			}
			if i < len(n.Attributes) && len(n.Attributes[i]) > 0 {
				a := n.Attributes[i]
				di.attrs = make(map[string]string, len(a)/2)
				for j := 0; j+1 < len(a); j += 2 {
					di.attrs[str(a[j])] = str(a[j+1])
				}
				if id := di.attrs["id"]; id != "" {
					dd.byID[id] = i
				}
			}
			dd.byBack[n.BackendNodeID[i]] = i
			sd.byBack[n.BackendNodeID[i]] = &docRef{doc: dd, idx: i}
		}
		if n.InputChecked != nil {
			for _, i := range n.InputChecked.Index {
				if i < count {
					dd.nodes[i].checked = true
				}
			}
		}
		if n.ContentDocumentIndex != nil {
			for k, i := range n.ContentDocumentIndex.Index {
				if i < count && k < len(n.ContentDocumentIndex.Value) {
					dd.nodes[i].contentDoc = n.ContentDocumentIndex.Value[k]
				}
			}
		}
		if l := d.Layout; l != nil {
			for k, i := range l.NodeIndex {
				if i >= count {
					continue
				}
				di := &dd.nodes[i]
				di.hasLayout = true
				if k < len(l.Bounds) && len(l.Bounds[k]) == 4 {
					b := l.Bounds[k]
					di.box = Box{X: b[0], Y: b[1], W: b[2], H: b[3]}
				}
				if k < len(l.Styles) {
					st := l.Styles[k]
					if len(st) > 0 {
						di.cursor = str(st[0])
					}
					if len(st) > 1 {
						di.visibility = str(st[1])
					}
				}
			}
		}
		sd.docs = append(sd.docs, dd)
	}
}

// dom returns the DOM facts of a backend node in this session.
func (sd *sessionData) dom(id proto.DOMBackendNodeID) (*docData, *domInfo) {
	r := sd.byBack[id]
	if r == nil {
		return nil, nil
	}
	return r.doc, &r.doc.nodes[r.idx]
}

func axString(v *proto.AccessibilityAXValue) string {
	if v == nil {
		return ""
	}
	s := v.Value.String()
	if s == "null" {
		return ""
	}
	if len(s) >= 2 && s[0] == '"' {
		if u, err := strconv.Unquote(s); err == nil {
			return u
		}
		return s[1 : len(s)-1]
	}
	return s
}

// nameFrom tells where an AX name came from, from its sources.
func nameFrom(v *proto.AccessibilityAXValue) string {
	if v == nil {
		return ""
	}
	for _, src := range v.Sources {
		if src.Superseded || src.Value == nil {
			continue
		}
		if axString(src.Value) == "" {
			continue
		}
		switch src.Type {
		case proto.AccessibilityAXValueSourceTypeRelatedElement:
			if src.Attribute == "aria-labelledby" {
				return "labelledby"
			}
			if src.NativeSource == proto.AccessibilityAXValueNativeSourceTypeLabelfor ||
				src.NativeSource == proto.AccessibilityAXValueNativeSourceTypeLabelwrapped ||
				src.NativeSource == proto.AccessibilityAXValueNativeSourceTypeLabel {
				return "label"
			}
			if src.NativeSource != "" {
				return string(src.NativeSource)
			}
			return "related"
		case proto.AccessibilityAXValueSourceTypeAttribute:
			if src.Attribute == "aria-label" {
				return "aria-label"
			}
			return src.Attribute
		case proto.AccessibilityAXValueSourceTypePlaceholder:
			return "placeholder"
		case proto.AccessibilityAXValueSourceTypeContents:
			return "contents"
		default:
			return string(src.Type)
		}
	}
	return ""
}
