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
	// end is the index after the node's subtree (the nodes are in
	// document order).
	end int
	// blank is a text node of only white space that the page renders:
	// Chromium laid out a text box for it.
	blank bool
	// text is a text node's text.
	text string
}

// docData is one document of a session, from DOMSnapshot.
type docData struct {
	frame   string
	url     string
	title   string
	nodes   []domInfo
	byID    map[string]int
	labels  map[string][]int // the <label for=ID> elements, by ID
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
			dd.decodeLayout(l, d.GetArray("textBoxes", "layoutIndex"), table)
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
	values := n.GetArray("nodeValue")
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
		if di.tag == "#text" && i < len(values) {
			di.text = table.str(values[i])
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
				if f := di.attrs["for"]; f != "" && di.tag == "label" {
					if dd.labels == nil {
						dd.labels = map[string][]int{}
					}
					dd.labels[f] = append(dd.labels[f], i)
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
	for i := count - 1; i >= 0; i-- {
		di := &dd.nodes[i]
		if di.end < i+1 {
			di.end = i + 1
		}
		if p := di.parent; p >= 0 && p < i && dd.nodes[p].end < di.end {
			dd.nodes[p].end = di.end
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
// visibility and display of the nodes that have one, and the text nodes
// of only white space that render (boxes is the document's
// textBoxes.layoutIndex: the layout nodes that have a text box).
func (dd *docData) decodeLayout(l *fastjson.Value, boxes []*fastjson.Value, table stringTable) {
	count := len(dd.nodes)
	bounds, styles, texts := l.GetArray("bounds"), l.GetArray("styles"), l.GetArray("text")
	index := l.GetArray("nodeIndex")
	for _, b := range boxes {
		k := b.GetInt()
		if k < 0 || k >= len(index) || k >= len(texts) {
			continue
		}
		if i := index[k].GetInt(); i >= 0 && i < count && dd.nodes[i].tag == "#text" {
			dd.nodes[i].blank = strings.TrimSpace(table.str(texts[k])) == ""
		}
	}
	for k, x := range index {
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

// index returns the document of a backend node of the session and the
// node's index in it (nil, -1 when unknown).
func (ds *DOMSnapshot) index(id int64) (*docData, int) {
	if ds == nil {
		return nil, -1
	}
	if r, ok := ds.byBack[id]; ok {
		return r.doc, r.idx
	}
	return nil, -1
}

// spaced reports whether the page renders white space, or a break,
// between the end of the node before (at index from) and the node at
// index to, that no node of the accessibility tree holds
// (docs/targets.md "The snapshot", "Text"): a text node of only white
// space that renders (the tree leaves out such a node next to an element
// that renders nothing, as a <script>), or the start of a block-level
// element. Elements that render nothing (display: none, <script>,
// comments) add nothing.
func (dd *docData) spaced(from, to int) bool {
	for j := max(from, 0); j < to && j < len(dd.nodes); j++ {
		if nd := &dd.nodes[j]; nd.blank || blockBox(nd) {
			return true
		}
	}
	return false
}

// closesBlock reports whether a block-level element that holds the node
// at index i ends before index next: one of i's ancestors below the one
// at index top.
func (dd *docData) closesBlock(i, next, top int) bool {
	for p := dd.nodes[i].parent; p > top && p < len(dd.nodes) && dd.nodes[p].end <= next; p = dd.nodes[p].parent {
		if blockBox(&dd.nodes[p]) {
			return true
		}
	}
	return false
}

// gaps marks, for the children of the node at index self (kids: their
// indexes, -1 when not in this document), where the page renders white
// space or a break that the accessibility tree leaves out: before each
// child, and after the last (end).
func (dd *docData) gaps(self int, kids []int) (before []bool, end bool) {
	before = make([]bool, len(kids))
	pos, last := self+1, -1
	for k, i := range kids {
		if i < pos || i >= dd.nodes[self].end {
			continue // not below self in document order: no gap known
		}
		before[k] = dd.spaced(pos, i) || last >= 0 && dd.closesBlock(last, i, self)
		pos, last = dd.nodes[i].end, i
	}
	end = dd.spaced(pos, dd.nodes[self].end) || last >= 0 && dd.closesBlock(last, dd.nodes[self].end, self)
	return before, end
}

// blockBox reports an element laid out as a block (not inline, not
// without a box).
func blockBox(nd *domInfo) bool {
	return nd.hasLayout && nd.display != "" && nd.tag != "#text" && !strings.HasPrefix(nd.display, "inline") &&
		nd.display != "contents" && nd.display != "none"
}

// hiddenLabel is the text of the <label for> of the element di that
// renders nothing (display: none, visibility: hidden), "" when it has
// none.
func (dd *docData) hiddenLabel(di *domInfo) string {
	id := di.attrs["id"]
	if id == "" {
		return ""
	}
	var parts []string
	for _, l := range dd.labels[id] {
		if lb := &dd.nodes[l]; lb.hasLayout && lb.visibility != "hidden" && lb.visibility != "collapse" {
			continue // a label the page shows names its control in the tree already
		}
		for j := l + 1; j < dd.nodes[l].end; j++ {
			if nd := &dd.nodes[j]; nd.tag == "#text" && dd.nodes[nd.parent].tag != "script" && dd.nodes[nd.parent].tag != "style" {
				parts = append(parts, nd.text)
			}
		}
	}
	return Normalize(strings.Join(parts, " "))
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
