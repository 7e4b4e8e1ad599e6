package locate

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/valyala/fastjson"
)

// domInfo is what DOMSnapshot says of one DOM node.
type domInfo struct {
	idx        int // index in the document (indexOf)
	tag        string
	attrs      map[string]string
	parent     int // index in the document, -1 for none
	box        Box // document coordinates, before offsets
	hasLayout  bool
	cursor     string
	visibility string
	display    string // computed display, "" without a layout box
	opacity    string // computed opacity, "" without a layout box
	// clipped: the node or an element around it is clipped to nothing
	// (clipAway): the visually hidden pattern of kits
	clipped bool
	// overflowX, overflowY: the element clips what it holds on that
	// axis (overflow hidden or clip; a scroller, which a person
	// scrolls, does not count); position is its computed position
	overflowX, overflowY bool
	// scrollX, scrollY: the element is a scroller on that axis (overflow
	// auto or scroll): what it holds can be scrolled into its box
	scrollX, scrollY bool
	position         string
	// outOfView: an element around it that clips what it holds
	// (overflow hidden) leaves nothing of it to see (outOfView)
	outOfView  bool
	checked    bool // an input checked, an option selected
	contentDoc int  // index of the iframe's document, -1
	// end is the index after the node's subtree (the nodes are in
	// document order).
	end int
	// blank is a text node of only white space that the page renders:
	// Chromium laid out a text box for it.
	blank bool
	// text is a text node's text.
	text string
	// value is an input's or textarea's value as the page holds it
	// (DOMSnapshot's inputValue), read where the accessibility tree has
	// no node for the field (labels, heldBy).
	value string
}

// drawnInvisible says the node is drawn so that nothing of it shows
// though it is laid out: an opacity of 0, a box of 1×1 or less, or
// clipped away (a kit's native input under the widget it draws).
func (di *domInfo) drawnInvisible() bool {
	return di.opacity == "0" || di.box.W <= 1 && di.box.H <= 1 || di.clipped
}

// docData is one document of a session, from DOMSnapshot.
type docData struct {
	frame   string
	url     string
	title   string
	nodes   []domInfo
	byID    map[string][]int // the elements with an id, by id: one per tree scope (id)
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
	// closed: a document holds a closed shadow root, whose content
	// smokeflow's scripts in the page cannot watch (ClosedShadow).
	closed bool
}

// ClosedShadow reports whether a document of the snapshot holds a closed
// shadow root: what changes inside one is out of reach of the change
// watcher, so a snapshot of such a page is never reused
// (docs/targets.md "Reusing a read").
func (d *DOMSnapshot) ClosedShadow() bool { return d != nil && d.closed }

// SnapshotStyles are the computed styles a DOMSnapshot.captureSnapshot
// must ask for, in this order, for DecodeDOMSnapshot to read them.
func SnapshotStyles() []string {
	return []string{"cursor", "visibility", "display", "opacity", "clip", "clip-path", "overflow-x", "overflow-y", "position"}
}

// DecodeDOMSnapshot decodes the result of DOMSnapshot.captureSnapshot
// taken with the computed styles of SnapshotStyles.
//
// It is the second largest read of a snapshot (124 KB on an admin page),
// and it is read one column at a time, one value at a time, as the
// accessibility tree is read one node at a time: parsed whole, fastjson
// held a value for every token, about fifty times the JSON's size, in
// every worker at once (docs/benchmarks.md "Memory"). Numbers are read as
// fastjson read them.
func DecodeDOMSnapshot(raw []byte) (*DOMSnapshot, error) {
	if raw = bytes.TrimSpace(raw); len(raw) == 0 || raw[0] != '{' {
		return nil, fmt.Errorf("decoding the DOM snapshot: %w: not an object", errJSON)
	}
	top, err := members(raw, "documents", "strings")
	if err != nil {
		return nil, fmt.Errorf("decoding the DOM snapshot: %w", err)
	}
	// The strings table, converted once: nodes refer to its entries by
	// index, many times over (every DIV, every class attribute).
	table, err := decodeStrings(top[1])
	if err != nil {
		return nil, fmt.Errorf("decoding the DOM snapshot's strings: %w", err)
	}
	ds := &DOMSnapshot{byBack: map[int64]docRef{}}
	err = eachIn(top[0], func(d []byte) error { return ds.decodeDocument(d, table) })
	if err != nil {
		return nil, fmt.Errorf("decoding the DOM snapshot: %w", err)
	}
	return ds, nil
}

// decodeStrings is the strings table of a captured snapshot: every
// element must be a string. A string with escapes is unescaped by
// fastjson, one string at a time, with a parser of its own: a parser
// keeps a copy of the largest text it read (an inline script's, tens of
// kilobytes), which the kept parsers would hold from then on.
func decodeStrings(arr []byte) (stringTable, error) {
	var table stringTable
	var p fastjson.Parser
	err := eachIn(arr, func(s []byte) error {
		if s[0] != '"' {
			return fmt.Errorf("%w: a string that is not one", errJSON)
		}
		if bytes.IndexByte(s, '\\') < 0 {
			table = append(table, string(s[1:len(s)-1]))
			return nil
		}
		v, err := p.ParseBytes(s)
		if err != nil {
			return err
		}
		b, err := v.StringBytes()
		if err != nil {
			return err
		}
		table = append(table, string(b))
		return nil
	})
	return table, err
}

// decodeDocument reads one document of the snapshot; a document without
// nodes is left out.
func (ds *DOMSnapshot) decodeDocument(d []byte, table stringTable) error {
	f, err := members(d, "frameId", "documentURL", "title", "scrollOffsetX", "scrollOffsetY", "nodes", "layout", "textBoxes")
	if err != nil {
		return err
	}
	dd := &docData{
		frame:   table.str(f[0]),
		url:     table.str(f[1]),
		title:   table.str(f[2]),
		scrollX: jsonFloat(f[3]),
		scrollY: jsonFloat(f[4]),
		byID:    map[string][]int{},
	}
	if f[5] == nil {
		return nil
	}
	if err := ds.decodeNodes(dd, f[5], table); err != nil {
		return err
	}
	if f[6] != nil {
		boxes, err := members(f[7], "layoutIndex")
		if err != nil {
			return err
		}
		if err := dd.decodeLayout(f[6], boxes[0], table); err != nil {
			return err
		}
	}
	ds.docs = append(ds.docs, dd)
	return nil
}

// stringTable is the strings table of a captured snapshot.
type stringTable []string

// str returns the table entry a value indexes, "" when there is none
// (nil: no value).
func (t stringTable) str(x []byte) string {
	if x == nil {
		return ""
	}
	return t.at(jsonInt(x))
}

// at is entry i of the table, "" when there is none.
func (t stringTable) at(i int) string {
	if i >= 0 && i < len(t) {
		return t[i]
	}
	return ""
}

// ints is a column of numbers.
func ints(arr []byte) ([]int, error) {
	var out []int
	err := eachIn(arr, func(v []byte) error {
		out = append(out, jsonInt(v))
		return nil
	})
	return out, err
}

// eachIndexed calls fn with every element of the column arr and its
// index; fn's error ends the walk.
func eachIndexed(arr []byte, fn func(k int, v []byte) error) error {
	k := 0
	return eachIn(arr, func(v []byte) error {
		k++
		return fn(k-1, v)
	})
}

// decodeNodes reads a document's node tree, one column after the other:
// parents, tags, attributes, checked state and content documents.
func (ds *DOMSnapshot) decodeNodes(dd *docData, n []byte, table stringTable) error {
	c, err := members(n, "backendNodeId", "parentIndex", "nodeName", "nodeValue", "attributes",
		"shadowRootType", "inputChecked", "contentDocumentIndex", "inputValue", "optionSelected")
	if err != nil {
		return err
	}
	var backend []int64
	if err := eachIn(c[0], func(v []byte) error { backend = append(backend, jsonInt64(v)); return nil }); err != nil {
		return err
	}
	count := len(backend)
	dd.nodes = make([]domInfo, count)
	for i := range dd.nodes {
		dd.nodes[i].idx = i
	}
	for i := range dd.nodes {
		dd.nodes[i].parent, dd.nodes[i].contentDoc = -1, -1
	}
	lower := make([]string, len(table)) // a tag is lowered once per table entry
	columns := []struct {
		col []byte
		fn  func(i int, v []byte) error
	}{
		{c[1], func(i int, v []byte) error {
			dd.nodes[i].parent = jsonInt(v)
			return nil
		}},
		{c[2], func(i int, v []byte) error {
			dd.nodes[i].tag = lowerTag(table, lower, jsonInt(v))
			return nil
		}},
		{c[3], func(i int, v []byte) error { // after the tags
			if dd.nodes[i].tag == "#text" {
				dd.nodes[i].text = table.str(v)
			}
			return nil
		}},
		{c[4], dd.decodeAttributes(table)}, // after the tags
	}
	for _, cl := range columns {
		err := eachIndexed(cl.col, func(i int, v []byte) error {
			if i >= count {
				return nil
			}
			return cl.fn(i, v)
		})
		if err != nil {
			return err
		}
	}
	for i, b := range backend {
		ds.byBack[b] = docRef{doc: dd, idx: i}
	}
	if err := dd.eachPair(c[8], func(di *domInfo, v int) { di.value = table.at(v) }); err != nil {
		return err
	}
	if err := dd.eachIndex(c[9], func(di *domInfo) { di.checked = true }); err != nil {
		return err
	}
	return ds.decodeNodeSets(dd, c[5], c[6], c[7], table)
}

// eachIndex reads a sparse column of booleans, the list of the indexes
// of the nodes for which it holds (optionSelected), and calls fn with
// each node.
func (dd *docData) eachIndex(col []byte, fn func(di *domInfo)) error {
	ix, err := members(col, "index")
	if err != nil {
		return err
	}
	return eachIn(ix[0], func(v []byte) error {
		if i := jsonInt(v); i >= 0 && i < len(dd.nodes) {
			fn(&dd.nodes[i])
		}
		return nil
	})
}

// eachPair reads a sparse column of the nodes given as two lists, the
// nodes' indexes and a number for each (a string's index, a document's
// index), and calls fn with each node and its number (inputValue,
// contentDocumentIndex).
func (dd *docData) eachPair(col []byte, fn func(di *domInfo, v int)) error {
	iv, err := members(col, "index", "value")
	if err != nil {
		return err
	}
	vals, err := ints(iv[1])
	if err != nil {
		return err
	}
	return eachIndexed(iv[0], func(k int, v []byte) error {
		if i := jsonInt(v); i >= 0 && i < len(dd.nodes) && k < len(vals) {
			fn(&dd.nodes[i], vals[k])
		}
		return nil
	})
}

// lowerTag is table entry i in lower case, kept in lower.
func lowerTag(table stringTable, lower []string, i int) string {
	if i < 0 || i >= len(table) {
		return ""
	}
	if lower[i] == "" {
		lower[i] = strings.ToLower(table[i])
	}
	return lower[i]
}

// decodeAttributes reads a node's entry of the attributes column (its
// attributes' name and value indexes, one after the other), and notes
// its id and, for a <label for>, its control.
func (dd *docData) decodeAttributes(table stringTable) func(i int, a []byte) error {
	var pair []int
	return func(i int, a []byte) error {
		pair = pair[:0]
		err := eachIn(a, func(v []byte) error {
			pair = append(pair, jsonInt(v))
			return nil
		})
		if err != nil || len(pair) < 2 {
			return err
		}
		attrs := make(map[string]string, len(pair)/2)
		for j := 0; j+1 < len(pair); j += 2 {
			attrs[table.at(pair[j])] = table.at(pair[j+1])
		}
		dd.setAttrs(i, attrs)
		return nil
	}
}

// setAttrs gives node i its attributes, and notes its id and, for a
// <label for>, its control.
func (dd *docData) setAttrs(i int, attrs map[string]string) {
	di := &dd.nodes[i]
	di.attrs = attrs
	if id := attrs["id"]; id != "" {
		dd.byID[id] = append(dd.byID[id], i)
	}
	if f := attrs["for"]; f != "" && di.tag == "label" {
		if dd.labels == nil {
			dd.labels = map[string][]int{}
		}
		dd.labels[f] = append(dd.labels[f], i)
	}
}

// markEnds notes where each node's subtree ends in the document order
// (parents come before their children).
func (dd *docData) markEnds() {
	for i := len(dd.nodes) - 1; i >= 0; i-- {
		di := &dd.nodes[i]
		if di.end < i+1 {
			di.end = i + 1
		}
		if p := di.parent; p >= 0 && p < i && dd.nodes[p].end < di.end {
			dd.nodes[p].end = di.end
		}
	}
}

// decodeNodeSets reads the sparse columns of the nodes (shadow roots,
// checked inputs, content documents) and where each subtree ends.
func (ds *DOMSnapshot) decodeNodeSets(dd *docData, shadow, checked, content []byte, table stringTable) error {
	sr, err := members(shadow, "value")
	if err != nil {
		return err
	}
	err = eachIn(sr[0], func(v []byte) error {
		ds.closed = ds.closed || table.str(v) == "closed"
		return nil
	})
	if err != nil {
		return err
	}
	if err := dd.eachIndex(checked, func(di *domInfo) { di.checked = true }); err != nil {
		return err
	}
	dd.markEnds()
	return dd.eachPair(content, func(di *domInfo, v int) { di.contentDoc = v })
}

// decodeLayout reads a document's layout, one column after the other:
// boxes and the computed cursor, visibility and display of the nodes
// that have one, and the text nodes of only white space that render
// (boxes is the document's textBoxes.layoutIndex: the layout nodes that
// have a text box).
func (dd *docData) decodeLayout(l, boxes []byte, table stringTable) error {
	c, err := members(l, "nodeIndex", "text", "bounds", "styles")
	if err != nil {
		return err
	}
	index, err := ints(c[0])
	if err != nil {
		return err
	}
	texts, err := ints(c[1])
	if err != nil {
		return err
	}
	node := func(k int) *domInfo { // the node of layout entry k, nil for none
		if k < 0 || k >= len(index) || index[k] < 0 || index[k] >= len(dd.nodes) {
			return nil
		}
		return &dd.nodes[index[k]]
	}
	for k := range index {
		if di := node(k); di != nil {
			di.hasLayout = true
		}
	}
	err = eachIn(boxes, func(b []byte) error {
		k := jsonInt(b)
		if di := node(k); di != nil && k < len(texts) && di.tag == "#text" {
			di.blank = strings.TrimSpace(table.at(texts[k])) == ""
		}
		return nil
	})
	if err != nil {
		return err
	}
	var vals [9][]byte // the first values of a row of bounds or styles
	var n int          // how many values the row has
	row := func(v []byte) error {
		if n < len(vals) {
			vals[n] = v
		}
		n++
		return nil
	}
	err = eachIndexed(c[2], func(k int, b []byte) error {
		n = 0
		if di := node(k); di != nil {
			if err := eachIn(b, row); err != nil || n != 4 {
				return err
			}
			di.box = Box{X: jsonFloat(vals[0]), Y: jsonFloat(vals[1]), W: jsonFloat(vals[2]), H: jsonFloat(vals[3])}
		}
		return nil
	})
	if err != nil {
		return err
	}
	err = eachIndexed(c[3], func(k int, st []byte) error {
		n = 0
		di := node(k)
		if di == nil {
			return nil
		}
		if err := eachIn(st, row); err != nil || n == 0 {
			return err
		}
		di.cursor = table.str(vals[0])
		if n > 1 {
			di.visibility = table.str(vals[1])
		}
		if n > 2 {
			di.display = table.str(vals[2])
		}
		if n > 3 {
			di.opacity = table.str(vals[3])
		}
		if n > 5 {
			di.clipped = clipAway(table.str(vals[4]), table.str(vals[5]))
		}
		if n > 8 {
			ox, oy := table.str(vals[6]), table.str(vals[7])
			di.overflowX, di.overflowY = clipsOverflow(ox), clipsOverflow(oy)
			di.scrollX, di.scrollY = scrolls(ox), scrolls(oy)
			di.position = table.str(vals[8])
		}
		return nil
	})
	if err != nil {
		return err
	}
	// what is clipped clips what it holds: nodes come in document order,
	// a parent before its children
	for i := range dd.nodes {
		if p := dd.nodes[i].parent; p >= 0 && p < i && dd.nodes[p].clipped {
			dd.nodes[i].clipped = true
		}
	}
	dd.markOutOfView()
	return nil
}

// clipsOverflow says a computed overflow clips what overflows and lets
// no one scroll to it: hidden or clip (auto and scroll make a scroller).
func clipsOverflow(v string) bool { return v == "hidden" || v == "clip" }

// scrolls says a computed overflow makes a scroller: auto or scroll.
func scrolls(v string) bool { return v == "auto" || v == "scroll" }

// clipRect is the part of the document an element's content may show
// in, on each axis that a box around it bounds.
type clipRect struct {
	x0, x1, y0, y1 float64
	hasX, hasY     bool
}

// within narrows r to the box b on the axes that clip.
func (r clipRect) within(b Box, x, y bool) clipRect {
	if x {
		if !r.hasX {
			r.x0, r.x1, r.hasX = b.X, b.X+b.W, true
		} else {
			r.x0, r.x1 = max(r.x0, b.X), min(r.x1, b.X+b.W)
		}
	}
	if y {
		if !r.hasY {
			r.y0, r.y1, r.hasY = b.Y, b.Y+b.H, true
		} else {
			r.y0, r.y1 = max(r.y0, b.Y), min(r.y1, b.Y+b.H)
		}
	}
	return r
}

// scrolledIn is what clips the content of a scroller that r clips: r
// less the axes it scrolls, or nothing to see at all when r leaves
// nothing of the scroller itself (gone).
func (r clipRect) scrolledIn(gone, x, y bool) clipRect {
	if gone {
		return clipRect{x0: math.Inf(1), x1: math.Inf(-1), hasX: true}
	}
	r.hasX = r.hasX && !x
	r.hasY = r.hasY && !y
	return r
}

// misses says nothing of the box b shows inside r.
func (r clipRect) misses(b Box) bool {
	return r.hasX && (b.X+b.W <= r.x0 || b.X >= r.x1) || r.hasY && (b.Y+b.H <= r.y0 || b.Y >= r.y1)
}

// markOutOfView marks the elements an element around them clips away
// whole: one with overflow hidden, on the axis it hides, that is in
// their containing block chain (an absolutely positioned element is
// clipped by what holds its nearest positioned ancestor, and by that
// ancestor; a fixed one by none). DevExtreme's calendar lays the next
// month's days beside the shown month's, in a body that hides them
// (docs/targets.md "The checks", Visible).
func (dd *docData) markOutOfView() {
	inner := make([]clipRect, len(dd.nodes)) // what clips the content of each node
	for i := range dd.nodes {
		di := &dd.nodes[i]
		var in clipRect
		switch p := di.parent; {
		case p < 0 || p >= i || di.position == "fixed":
		case di.position == "absolute":
			for a := p; a >= 0 && a < i; a = dd.nodes[a].parent {
				if pos := dd.nodes[a].position; pos != "" && pos != "static" {
					in = inner[a]
					break
				}
			}
		default:
			in = inner[p]
		}
		di.outOfView = di.hasLayout && !di.box.Empty() && in.misses(di.box)
		inner[i] = in
		if di.hasLayout && (di.scrollX || di.scrollY) && !di.box.Empty() {
			// what a scroller holds is scrolled into its box: the boxes
			// around the scroller clip the scroller, not what it holds
			// on the axis it scrolls (an app shell: html and body hide
			// their overflow, and the page scrolls inside a full-height
			// <div>; Framework7's .page-content)
			inner[i] = in.scrolledIn(di.outOfView, di.scrollX, di.scrollY)
		}
		if di.hasLayout && (di.overflowX || di.overflowY) && !di.clipped && (di.box.W > 1 || di.box.H > 1) {
			// the visually hidden pattern (a 1×1 box, a clip) conceals
			// what it holds instead, a kit's native input (concealed)
			inner[i] = in.within(di.box, di.overflowX, di.overflowY)
		}
	}
}

// clipAway says the computed clip and clip-path of an element leave
// nothing of it to see: a clip rectangle with no area (`rect(0px, 0px,
// 0px, 0px)`, `rect(1px, 1px, 1px, 1px)`), or `inset(50%)`; what
// Bootstrap's `.visually-hidden` and `.btn-check`, Tailwind's `sr-only`,
// PrimeReact's and Tom Select's hidden inputs draw (docs/targets.md "The
// snapshot", "Labels, hosts and hidden native controls").
func clipAway(clip, clipPath string) bool {
	if strings.HasPrefix(clipPath, "inset(50%") {
		return true
	}
	inner, ok := strings.CutPrefix(clip, "rect(")
	if !ok {
		return false
	}
	var edge [4]float64 // top, right, bottom, left
	parts := strings.Split(strings.TrimSuffix(inner, ")"), ",")
	if len(parts) != 4 {
		return false
	}
	for i, p := range parts {
		v, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(p), "px"), 64)
		if err != nil {
			return false // auto: the edge of the box
		}
		edge[i] = v
	}
	return edge[2] <= edge[0] || edge[1] <= edge[3]
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

// id is the element whose id is id in the tree scope of node from (the
// document, or the shadow root that holds it): an id is unique in its
// scope only, and a label's `for` looks in its own (Spectrum Web
// Components' sp-checkbox and sp-switch each keep <input id="input"> and
// <label for="input"> in their shadow roots; conformance
// check-shadow-same-id).
func (dd *docData) id(id string, from int) (int, bool) {
	scope, found := dd.scopeOf(from), -1
	for _, i := range dd.byID[id] {
		if dd.scopeOf(i) != scope {
			continue
		}
		if labelable[dd.nodes[i].tag] {
			return i, true
		}
		if found < 0 {
			found = i
		}
	}
	// two elements of one scope with the id, the first no field: the
	// field (Carbon's cds-checkbox gives its own id to the input it
	// renders inside it, checkbox and checkbox)
	return found, found >= 0
}

// scopeOf is the shadow root that holds node i, -1 for the document.
func (dd *docData) scopeOf(i int) int {
	for p := dd.nodes[i].parent; p >= 0; p = dd.nodes[p].parent {
		if dd.nodes[p].tag == "#document-fragment" {
			return p
		}
	}
	return -1
}

// indexOf is the index of di among the document's nodes, -1 when it is
// none of them.
func (dd *docData) indexOf(di *domInfo) int {
	if i := di.idx; i >= 0 && i < len(dd.nodes) && &dd.nodes[i] == di {
		return i
	}
	for i := range dd.nodes {
		if &dd.nodes[i] == di {
			return i
		}
	}
	return -1
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
	self := -1
	if len(dd.labels[id]) > 0 {
		self = dd.indexOf(di)
	}
	for _, l := range dd.labels[id] {
		if self >= 0 && dd.scopeOf(l) != dd.scopeOf(self) {
			continue // a label of another tree scope's element of that id
		}
		if lb := &dd.nodes[l]; lb.hasLayout && lb.visibility != "hidden" && lb.visibility != "collapse" {
			continue // a label the page shows names its control in the tree already
		}
		parts = append(parts, dd.texts(l)...)
	}
	return Normalize(strings.Join(parts, " "))
}

// texts are the text nodes inside the element at index i, in order, but
// for a script's or a style sheet's.
func (dd *docData) texts(i int) []string {
	var out []string
	for j := i + 1; j < dd.nodes[i].end && j < len(dd.nodes); j++ {
		if nd := &dd.nodes[j]; nd.tag == "#text" && dd.nodes[nd.parent].tag != "script" && dd.nodes[nd.parent].tag != "style" {
			out = append(out, nd.text)
		}
	}
	return out
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
