package locate

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/go-rod/rod/lib/proto"
	"github.com/valyala/fastjson"
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
	ax     map[proto.PageFrameID][]*axNode
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
	sd := &sessionData{s: s, byBack: map[proto.DOMBackendNodeID]*docRef{}, ax: map[proto.PageFrameID][]*axNode{}}
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

	// The root frame's accessibility tree is the longest read, and the
	// renderer answers one read after the other: it is asked for first,
	// so that it is decoded while the DOM snapshot is being taken.
	var rootAX []*axNode
	var rootErr error
	wg.Add(2)
	go func() {
		defer wg.Done()
		go func() {
			defer wg.Done()
			raw, err := s.Conn.Call(ctx, string(s.ID), "DOMSnapshot.captureSnapshot",
				proto.DOMSnapshotCaptureSnapshot{ComputedStyles: snapshotStyles})
			if err == nil {
				err = sd.decode(raw)
			}
			if err != nil {
				setErr(fmt.Errorf("DOMSnapshot: %w", err))
			}
		}()
		rootAX, rootErr = fetchAXTree(ctx, s, "")
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
	for _, f := range frames[1:] { // the root frame's is on its way
		wg.Add(1)
		go func() {
			defer wg.Done()
			nodes, err := fetchAXTree(ctx, s, f)
			if err != nil {
				return // a frame that navigates away mid-capture is simply missing
			}
			mu.Lock()
			sd.ax[f] = nodes
			mu.Unlock()
		}()
	}
	wg.Wait()
	if rootErr != nil {
		setErr(fmt.Errorf("accessibility tree: %w", rootErr))
	} else {
		sd.ax[tree.FrameTree.Frame.ID] = rootAX
	}
	return sd
}

// decode reads the result of DOMSnapshot.captureSnapshot (with the
// computed styles of snapshotStyles) into the session's documents. Like
// the accessibility tree, it is parsed with fastjson: it is the second
// largest read of a snapshot.
func (sd *sessionData) decode(raw []byte) error {
	p := getParser()
	defer putParser(p)
	v, err := p.ParseBytes(raw)
	if err != nil {
		return err
	}
	// The strings table, converted once: nodes refer to its entries by
	// index, many times over (every DIV, every class attribute).
	raws := v.GetArray("strings")
	table := make(stringTable, len(raws))
	for i, r := range raws {
		b, _ := r.StringBytes()
		table[i] = string(b)
	}
	for _, d := range v.GetArray("documents") {
		dd := &docData{
			frame:   proto.PageFrameID(table.str(d.Get("frameId"))),
			url:     table.str(d.Get("documentURL")),
			title:   table.str(d.Get("title")),
			scrollX: d.GetFloat64("scrollOffsetX"),
			scrollY: d.GetFloat64("scrollOffsetY"),
			byBack:  map[proto.DOMBackendNodeID]int{},
			byID:    map[string]int{},
		}
		n := d.Get("nodes")
		if n == nil {
			continue
		}
		sd.decodeNodes(dd, n, table)
		if l := d.Get("layout"); l != nil {
			dd.decodeLayout(l, table)
		}
		sd.docs = append(sd.docs, dd)
	}
	return nil
}

// stringTable is the strings table of a captured snapshot.
type stringTable []string

// str returns the table entry a value indexes, "" when there is none.
func (t stringTable) str(x *fastjson.Value) string {
	if x == nil {
		return ""
	}
	if i := x.GetInt(); i >= 0 && i < len(t) {
		return t[i]
	}
	return ""
}

// decodeNodes reads a document's node tree: parents, tags, attributes,
// checked state and content documents.
func (sd *sessionData) decodeNodes(dd *docData, n *fastjson.Value, table stringTable) {
	backend := n.GetArray("backendNodeId")
	parents := n.GetArray("parentIndex")
	names := n.GetArray("nodeName")
	attrs := n.GetArray("attributes")
	count := len(backend)
	dd.nodes = make([]domInfo, count)
	for i := 0; i < count; i++ {
		di := &dd.nodes[i]
		di.parent = -1
		di.contentDoc = -1
		if i < len(parents) {
			di.parent = parents[i].GetInt()
		}
		if i < len(names) {
			di.tag = strings.ToLower(table.str(names[i]))
		}
		if i < len(attrs) {
			if a, _ := attrs[i].Array(); len(a) > 1 {
				di.attrs = make(map[string]string, len(a)/2)
				for j := 0; j+1 < len(a); j += 2 {
					di.attrs[table.str(a[j])] = table.str(a[j+1])
				}
				if id := di.attrs["id"]; id != "" {
					dd.byID[id] = i
				}
			}
		}
		id := proto.DOMBackendNodeID(backend[i].GetInt())
		dd.byBack[id] = i
		sd.byBack[id] = &docRef{doc: dd, idx: i}
	}
	for _, x := range n.GetArray("inputChecked", "index") {
		if i := x.GetInt(); i >= 0 && i < count {
			dd.nodes[i].checked = true
		}
	}
	cdIdx, cdVal := n.GetArray("contentDocumentIndex", "index"), n.GetArray("contentDocumentIndex", "value")
	for k, x := range cdIdx {
		if i := x.GetInt(); i >= 0 && i < count && k < len(cdVal) {
			dd.nodes[i].contentDoc = cdVal[k].GetInt()
		}
	}
}

// decodeLayout reads a document's layout: boxes and the computed cursor
// and visibility of the nodes that have one.
func (dd *docData) decodeLayout(l *fastjson.Value, table stringTable) {
	count := len(dd.nodes)
	bounds, styles := l.GetArray("bounds"), l.GetArray("styles")
	for k, x := range l.GetArray("nodeIndex") {
		i := x.GetInt()
		if i < 0 || i >= count {
			continue
		}
		di := &dd.nodes[i]
		di.hasLayout = true
		if k < len(bounds) {
			if b, _ := bounds[k].Array(); len(b) == 4 {
				di.box = Box{X: b[0].GetFloat64(), Y: b[1].GetFloat64(), W: b[2].GetFloat64(), H: b[3].GetFloat64()}
			}
		}
		if k < len(styles) {
			if st, _ := styles[k].Array(); len(st) > 0 {
				di.cursor = table.str(st[0])
				if len(st) > 1 {
					di.visibility = table.str(st[1])
				}
			}
		}
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
