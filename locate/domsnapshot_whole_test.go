package locate

import (
	"fmt"
	"strings"

	"github.com/valyala/fastjson"
)

// wholeDOMSnapshot is the decoder DecodeDOMSnapshot replaced, kept as
// the reference its tests compare with: it parses the whole answer with
// fastjson at once (docs/benchmarks.md "Memory").
func wholeDOMSnapshot(raw []byte) (*DOMSnapshot, error) {
	var p fastjson.Parser
	v, err := p.ParseBytes(raw)
	if err != nil {
		return nil, fmt.Errorf("decoding the DOM snapshot: %w", err)
	}
	// The strings table, converted once: nodes refer to its entries by
	// index, many times over (every DIV, every class attribute).
	raws := v.GetArray("strings")
	table := make(wholeTable, len(raws))
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
			byID:    map[string][]int{},
		}
		n := d.Get("nodes")
		if n == nil {
			continue
		}
		wholeNodes(ds, dd, n, table)
		if l := d.Get("layout"); l != nil {
			wholeLayout(dd, l, d.GetArray("textBoxes", "layoutIndex"), table)
		}
		ds.docs = append(ds.docs, dd)
	}
	return ds, nil
}

// wholeTable is the strings table of a captured snapshot.
type wholeTable []string

// str returns the table entry a value indexes, "" when there is none.
func (t wholeTable) str(x *fastjson.Value) string {
	if x == nil {
		return ""
	}
	if i := x.GetInt(); i >= 0 && i < len(t) {
		return t[i]
	}
	return ""
}

// wholeNodes reads a document's node tree: parents, tags, attributes,
// checked state and content documents.
func wholeNodes(ds *DOMSnapshot, dd *docData, n *fastjson.Value, table wholeTable) {
	backend := n.GetArray("backendNodeId")
	parents := n.GetArray("parentIndex")
	names := n.GetArray("nodeName")
	attrs := n.GetArray("attributes")
	values := n.GetArray("nodeValue")
	count := len(backend)
	dd.nodes = make([]domInfo, count)
	for i := 0; i < count; i++ {
		di := &dd.nodes[i]
		di.idx, di.parent = i, -1
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
				m := make(map[string]string, len(a)/2)
				for j := 0; j+1 < len(a); j += 2 {
					m[table.str(a[j])] = table.str(a[j+1])
				}
				dd.setAttrs(i, m)
			}
		}
		ds.byBack[backend[i].GetInt64()] = docRef{doc: dd, idx: i}
	}
	for _, x := range n.GetArray("shadowRootType", "value") {
		if table.str(x) == "closed" {
			ds.closed = true
		}
	}
	for _, col := range []string{"inputChecked", "optionSelected"} {
		for _, x := range n.GetArray(col, "index") {
			if i := x.GetInt(); i >= 0 && i < count {
				dd.nodes[i].checked = true
			}
		}
	}
	ivIdx, ivVal := n.GetArray("inputValue", "index"), n.GetArray("inputValue", "value")
	for k, x := range ivIdx {
		if i := x.GetInt(); i >= 0 && i < count && k < len(ivVal) {
			dd.nodes[i].value = table.str(ivVal[k])
		}
	}
	dd.markEnds()
	cdIdx, cdVal := n.GetArray("contentDocumentIndex", "index"), n.GetArray("contentDocumentIndex", "value")
	for k, x := range cdIdx {
		if i := x.GetInt(); i >= 0 && i < count && k < len(cdVal) {
			dd.nodes[i].contentDoc = cdVal[k].GetInt()
		}
	}
}

// wholeLayout reads a document's layout: boxes and the computed cursor,
// visibility and display of the nodes that have one, and the text nodes
// of only white space that render (boxes is the document's
// textBoxes.layoutIndex: the layout nodes that have a text box).
func wholeLayout(dd *docData, l *fastjson.Value, boxes []*fastjson.Value, table wholeTable) {
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
				if len(st) > 3 {
					di.opacity = table.str(st[3])
				}
			}
		}
	}
}
