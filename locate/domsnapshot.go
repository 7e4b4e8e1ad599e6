package locate

import (
	"fmt"
	"strings"

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
	display    string // computed display, "" without a layout box
	checked    bool
	contentDoc int // index of the iframe's document, -1
}

// docData is one document of a session, from DOMSnapshot.
type docData struct {
	frame   string
	url     string
	title   string
	nodes   []domInfo
	byID    map[string]int
	scrollX float64
	scrollY float64
}

type docRef struct {
	doc *docData
	idx int
}

// DOMSnapshot is the decoded answer of one session's
// DOMSnapshot.captureSnapshot (docs/targets.md "The snapshot",
// "Who reads, who builds"): its documents, in the browser's order.
type DOMSnapshot struct {
	docs   []*docData
	byBack map[int64]docRef
}

// SnapshotStyles are the computed styles a DOMSnapshot.captureSnapshot
// must ask for, in this order, for DecodeDOMSnapshot to read them.
func SnapshotStyles() []string { return []string{"cursor", "visibility", "display"} }

// DecodeDOMSnapshot decodes the result of DOMSnapshot.captureSnapshot
// taken with the computed styles of SnapshotStyles. Like the
// accessibility tree, it is parsed with fastjson: it is the second
// largest read of a snapshot.
func DecodeDOMSnapshot(raw []byte) (*DOMSnapshot, error) {
	p := getParser()
	defer putParser(p)
	v, err := p.ParseBytes(raw)
	if err != nil {
		return nil, fmt.Errorf("decoding the DOM snapshot: %w", err)
	}
	// The strings table, converted once: nodes refer to its entries by
	// index, many times over (every DIV, every class attribute).
	raws := v.GetArray("strings")
	table := make(stringTable, len(raws))
	for i, r := range raws {
		b, err := r.StringBytes()
		if err != nil {
			return nil, fmt.Errorf("decoding the DOM snapshot's strings: %w", err)
		}
		table[i] = string(b)
	}
	ds := &DOMSnapshot{byBack: map[int64]docRef{}}
	for _, d := range v.GetArray("documents") {
		dd := &docData{
			frame:   table.str(d.Get("frameId")),
			url:     table.str(d.Get("documentURL")),
			title:   table.str(d.Get("title")),
			scrollX: d.GetFloat64("scrollOffsetX"),
			scrollY: d.GetFloat64("scrollOffsetY"),
			byID:    map[string]int{},
		}
		n := d.Get("nodes")
		if n == nil {
			continue
		}
		ds.decodeNodes(dd, n, table)
		if l := d.Get("layout"); l != nil {
			dd.decodeLayout(l, table)
		}
		ds.docs = append(ds.docs, dd)
	}
	return ds, nil
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
func (ds *DOMSnapshot) decodeNodes(dd *docData, n *fastjson.Value, table stringTable) {
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
		ds.byBack[backend[i].GetInt64()] = docRef{doc: dd, idx: i}
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

// decodeLayout reads a document's layout: boxes and the computed cursor,
// visibility and display of the nodes that have one.
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
				if len(st) > 2 {
					di.display = table.str(st[2])
				}
			}
		}
	}
}

// dom returns the DOM facts of a backend node of the session.
func (ds *DOMSnapshot) dom(id int64) (*docData, *domInfo) {
	if ds == nil {
		return nil, nil
	}
	r, ok := ds.byBack[id]
	if !ok {
		return nil, nil
	}
	return r.doc, &r.doc.nodes[r.idx]
}

// docForFrame is the document of a frame, nil when the session has none.
func (ds *DOMSnapshot) docForFrame(f string) *docData {
	if ds == nil {
		return nil
	}
	for _, d := range ds.docs {
		if d.frame == f {
			return d
		}
	}
	return nil
}
