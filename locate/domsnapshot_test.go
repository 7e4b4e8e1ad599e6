package locate

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/valyala/fastjson"
)

// The captured answers of DOMSnapshot.captureSnapshot (with the styles of
// SnapshotStyles) in testdata: testdata/snapshot/kitchen.html (three
// documents: iframes, open shadow roots, checked inputs, a <label for>),
// TodoMVC, and AdminLTE's data table page (docs/realapps.md; 132 KB, 2668
// nodes), as Chromium wrote them.
var capturedDOMSnapshots = []string{"kitchen", "todomvc", "adminlte-data"}

func readCaptured(t testing.TB, name string) []byte {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "domsnapshot-"+name+".json.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// decodeBoth decodes raw with DecodeDOMSnapshot and with the whole-answer
// decoder it replaced, and fails unless both give the same snapshot.
func decodeBoth(t *testing.T, what string, raw []byte) *DOMSnapshot {
	t.Helper()
	got, err := DecodeDOMSnapshot(raw)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	want, err := wholeDOMSnapshot(raw)
	if err != nil {
		t.Fatalf("%s: the whole-answer decoder: %v", what, err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: DecodeDOMSnapshot differs from the whole-answer decoder%s", what, firstDiff(got, want))
	}
	return got
}

// firstDiff names the first node (or document field) where a and b differ.
func firstDiff(a, b *DOMSnapshot) string {
	if len(a.docs) != len(b.docs) || a.closed != b.closed {
		return ": documents or closed"
	}
	for d := range a.docs {
		x, y := a.docs[d], b.docs[d]
		if len(x.nodes) != len(y.nodes) {
			return ": node count"
		}
		for i := range x.nodes {
			if !reflect.DeepEqual(x.nodes[i], y.nodes[i]) {
				return ": document " + x.url + ", node " + x.nodes[i].tag
			}
		}
	}
	return ": byBack, byID, labels or a document's fields"
}

// TestDecodeDOMSnapshotAsBefore checks that the column decoder reads
// real answers exactly as the whole-answer decoder did, and that they
// hold what the other tests rely on.
func TestDecodeDOMSnapshotAsBefore(t *testing.T) {
	for _, name := range capturedDOMSnapshots {
		ds := decodeBoth(t, name, readCaptured(t, name))
		if len(ds.docs) == 0 || len(ds.docs[0].nodes) < 100 || len(ds.byBack) == 0 {
			t.Errorf("%s: %d documents, want a page", name, len(ds.docs))
		}
	}
	ds := decodeBoth(t, "kitchen", readCaptured(t, "kitchen"))
	var checked, content, blank, boxes int
	for _, dd := range ds.docs {
		for _, n := range dd.nodes {
			checked += btoi(n.checked)
			content += btoi(n.contentDoc >= 0)
			blank += btoi(n.blank)
			boxes += btoi(n.box.W > 0 && n.display != "" && n.cursor != "" && n.visibility != "")
		}
	}
	// two boxes checked, one option selected
	if len(ds.docs) != 3 || checked != 3 || content != 2 || blank == 0 || boxes == 0 || len(ds.docs[0].labels) != 1 {
		t.Errorf("kitchen: %d documents, %d checked, %d content documents, %d blanks, %d boxes, labels %v",
			len(ds.docs), checked, content, blank, boxes, ds.docs[0].labels)
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestDecodeDOMSnapshotColumns changes one column of a real answer at a
// time: the decoded snapshot must change, and as the whole-answer
// decoder sees it. A column the decoder skipped, or read from the wrong
// member or in the wrong order, fails here.
func TestDecodeDOMSnapshotColumns(t *testing.T) {
	raw := readCaptured(t, "kitchen")
	before, err := DecodeDOMSnapshot(raw)
	if err != nil {
		t.Fatal(err)
	}
	var a fastjson.Arena
	num := func(n int) *fastjson.Value { return a.NewNumberInt(n) }
	rotate := func(vs []*fastjson.Value) {
		if len(vs) > 1 {
			first := vs[0]
			copy(vs, vs[1:])
			vs[len(vs)-1] = first
		}
	}
	each := func(vs []*fastjson.Value, fn func(int) int) {
		for k, v := range vs {
			vs[k] = num(fn(v.GetInt()))
		}
	}
	// Every change is made to the first document (the page) unless it
	// names another.
	changes := map[string]func(v, doc *fastjson.Value){
		"strings": func(v, _ *fastjson.Value) {
			for k, s := range v.GetArray("strings") {
				v.GetArray("strings")[k] = a.NewString(string(s.GetStringBytes()) + "X")
			}
		},
		"frameId":       func(_, d *fastjson.Value) { d.Set("frameId", num(d.GetInt("frameId")+1)) },
		"documentURL":   func(_, d *fastjson.Value) { d.Set("documentURL", num(d.GetInt("documentURL")+1)) },
		"title":         func(_, d *fastjson.Value) { d.Set("title", num(d.GetInt("title")+1)) },
		"scrollOffsetX": func(_, d *fastjson.Value) { d.Set("scrollOffsetX", a.NewNumberFloat64(12.5)) },
		"scrollOffsetY": func(_, d *fastjson.Value) { d.Set("scrollOffsetY", a.NewNumberFloat64(7.25)) },
		"backendNodeId": func(_, d *fastjson.Value) {
			each(d.GetArray("nodes", "backendNodeId"), func(n int) int { return n + 100000 })
		},
		"parentIndex":    func(_, d *fastjson.Value) { rotate(d.GetArray("nodes", "parentIndex")) },
		"nodeName":       func(_, d *fastjson.Value) { rotate(d.GetArray("nodes", "nodeName")) },
		"nodeValue":      func(_, d *fastjson.Value) { rotate(d.GetArray("nodes", "nodeValue")) },
		"attributes":     func(_, d *fastjson.Value) { rotate(d.GetArray("nodes", "attributes")) },
		"shadowRootType": func(v, d *fastjson.Value) { closeShadows(&a, v, d) },
		"inputChecked": func(_, d *fastjson.Value) {
			each(d.GetArray("nodes", "inputChecked", "index"), func(n int) int { return n + 1 })
		},
		"inputValue": func(_, d *fastjson.Value) { rotate(d.GetArray("nodes", "inputValue", "value")) },
		"contentDocumentIndex.index": func(_, d *fastjson.Value) {
			each(d.GetArray("nodes", "contentDocumentIndex", "index"), func(n int) int { return n - 1 })
		},
		"contentDocumentIndex.value": func(_, d *fastjson.Value) { rotate(d.GetArray("nodes", "contentDocumentIndex", "value")) },
		"layout.nodeIndex":           func(_, d *fastjson.Value) { rotate(d.GetArray("layout", "nodeIndex")) },
		"layout.bounds":              func(_, d *fastjson.Value) { rotate(d.GetArray("layout", "bounds")) },
		"layout.styles":              func(_, d *fastjson.Value) { rotate(d.GetArray("layout", "styles")) },
		"layout.text":                func(_, d *fastjson.Value) { rotate(d.GetArray("layout", "text")) },
		"textBoxes.layoutIndex": func(_, d *fastjson.Value) {
			each(d.GetArray("textBoxes", "layoutIndex"), func(n int) int { return n + 1 })
		},
		"a later document's nodes": func(v, _ *fastjson.Value) {
			rotate(v.GetArray("documents")[2].GetArray("nodes", "nodeName"))
		},
	}
	for what, change := range changes {
		v, err := fastjson.ParseBytes(raw)
		if err != nil {
			t.Fatal(err)
		}
		change(v, v.GetArray("documents")[0])
		after := decodeBoth(t, what, v.MarshalTo(nil))
		if reflect.DeepEqual(after, before) {
			t.Errorf("%s: changing the column changed nothing decoded", what)
		}
	}
}

// closeShadows makes the shadow roots of document d closed ones.
func closeShadows(a *fastjson.Arena, v, d *fastjson.Value) {
	strs := v.Get("strings")
	n := len(strs.GetArray())
	strs.SetArrayItem(n, a.NewString("closed"))
	vals := d.GetArray("nodes", "shadowRootType", "value")
	for k := range vals {
		vals[k] = a.NewNumberInt(n)
	}
}

// TestDecodeDOMSnapshotSmall reads a made-up answer field by field:
// escaped strings, a closed shadow root, a document without nodes,
// attributes with an odd entry left, rows of bounds that are not four
// numbers.
func TestDecodeDOMSnapshotSmall(t *testing.T) {
	raw := []byte(` {"documents": [ {"frameId":0,"documentURL":1,"title":2,"scrollOffsetX":1.5,"scrollOffsetY":-2,
	  "nodes":{"backendNodeId":[7,8,9,10],"parentIndex":[-1,0,1,0],"nodeName":[3,4,5,6],"nodeValue":[-1,-1,2,-1],
	    "attributes":[[],[7,8,9],[],[10,11]],"shadowRootType":{"index":[3],"value":[12]},"inputChecked":{"index":[3,99]},"optionSelected":{"index":[2,-1]},
	    "contentDocumentIndex":{"index":[1],"value":[1]}},
	  "layout":{"nodeIndex":[1,2,3],"bounds":[[1,2,3,4],[5,6],[0.5,1e1,3,4]],"styles":[[13,14,15],[],[13]],"text":[-1,16,-1]},
	  "textBoxes":{"layoutIndex":[1]}},
	 {"frameId":0},
	 {"frameId":1,"nodes":null}],
	 "strings":["F","http://x/","Say \"hi\"\u00e9\n","HTML","DIV","#text","INPUT","id","a\\b","class","for","in","closed","pointer","visible","block","  "]}`)
	ds := decodeBoth(t, "made up", raw)
	if len(ds.docs) != 2 || !ds.closed {
		t.Fatalf("%d documents (want 2: one has no nodes), closed %v", len(ds.docs), ds.closed)
	}
	dd := ds.docs[0]
	if dd.frame != "F" || dd.url != "http://x/" || dd.title != "Say \"hi\"é\n" || dd.scrollX != 1.5 || dd.scrollY != -2 {
		t.Errorf("document: %q %q %q %v %v", dd.frame, dd.url, dd.title, dd.scrollX, dd.scrollY)
	}
	n := dd.nodes
	if len(n) != 4 || n[0].tag != "html" || n[1].tag != "div" || n[2].tag != "#text" || n[2].text != dd.title || n[2].parent != 1 {
		t.Fatalf("nodes: %+v", n)
	}
	if !reflect.DeepEqual(n[1].attrs, map[string]string{"id": `a\b`}) || !reflect.DeepEqual(dd.byID[`a\b`], []int{1}) || n[3].attrs["for"] != "in" || !n[3].checked {
		t.Errorf("attributes: %v %v %v, checked %v", n[1].attrs, dd.byID, n[3].attrs, n[3].checked)
	}
	if !n[2].checked || n[1].checked || n[0].checked {
		t.Errorf("selected (optionSelected): %v %v %v", n[0].checked, n[1].checked, n[2].checked)
	}
	if n[1].contentDoc != 1 || n[0].end != 4 || n[1].end != 3 || !n[2].blank {
		t.Errorf("content document %d, ends %d %d, blank %v", n[1].contentDoc, n[0].end, n[1].end, n[2].blank)
	}
	if n[1].box != (Box{1, 2, 3, 4}) || n[2].box != (Box{}) || n[3].box != (Box{0.5, 10, 3, 4}) || !n[2].hasLayout || n[0].hasLayout {
		t.Errorf("boxes: %v %v %v", n[1].box, n[2].box, n[3].box)
	}
	if n[1].cursor != "pointer" || n[1].visibility != "visible" || n[1].display != "block" || n[3].cursor != "pointer" || n[3].display != "" {
		t.Errorf("styles: %+v %+v", n[1], n[3])
	}
	if _, di := ds.dom(9); di != &n[2] {
		t.Errorf("backend 9 is not the text node")
	}
}

// TestDecodeDOMSnapshotRefuses checks that an answer that is not JSON, is
// cut short or holds a string table entry that is not a string is an
// error, as it was.
func TestDecodeDOMSnapshotRefuses(t *testing.T) {
	raw := readCaptured(t, "kitchen")
	for what, bad := range map[string][]byte{
		"empty":         nil,
		"an array":      []byte(`[]`),
		"cut short":     raw[:len(raw)/2],
		"a row cut":     bytes.Replace(raw, []byte(`"attributes":[[`), []byte(`"attributes":[[[`), 1),
		"a number name": []byte(`{"documents":[],"strings":["a",1]}`),
	} {
		_, err := DecodeDOMSnapshot(bad)
		if err == nil {
			t.Errorf("%s: no error", what)
		} else if _, werr := wholeDOMSnapshot(bad); werr == nil && what != "an array" {
			t.Errorf("%s: the whole-answer decoder took it", what)
		}
		if what != "a number name" && !errors.Is(err, errJSON) && !strings.Contains(err.Error(), "decoding") {
			t.Errorf("%s: %v", what, err)
		}
	}
}

// BenchmarkDecodeDOMSnapshot decodes AdminLTE's data table page's answer
// (docs/benchmarks.md "Memory"); /whole is the decoder it replaced.
func BenchmarkDecodeDOMSnapshot(b *testing.B) {
	raw := readCaptured(b, "adminlte-data")
	for _, d := range []struct {
		name string
		fn   func([]byte) (*DOMSnapshot, error)
	}{{"columns", DecodeDOMSnapshot}, {"whole", wholeDOMSnapshot}} {
		b.Run(d.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := d.fn(raw); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
