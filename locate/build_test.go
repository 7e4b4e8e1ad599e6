package locate

import "testing"

// The reads of a page with one button in main, as Chromium answers them:
// what package browser hands to Build (docs/targets.md "The snapshot",
// "Who reads, who builds"). No browser is needed to build a snapshot.
const (
	tinyAX = `{"nodes":[
 {"nodeId":"1","ignored":false,"role":{"type":"role","value":"RootWebArea"},"name":{"type":"computedString","value":"Tiny"},"childIds":["2"],"backendDOMNodeId":1},
 {"nodeId":"2","parentId":"1","ignored":false,"role":{"type":"role","value":"main"},"childIds":["3"],"backendDOMNodeId":4},
 {"nodeId":"3","parentId":"2","ignored":false,"role":{"type":"role","value":"button"},
  "name":{"type":"computedString","value":"Place  order","sources":[{"type":"contents","value":{"type":"computedString","value":"Place order"}}]},
  "properties":[{"name":"disabled","value":{"type":"boolean","value":true}}],"childIds":["4"],"backendDOMNodeId":5},
 {"nodeId":"4","parentId":"3","ignored":false,"role":{"type":"internalRole","value":"StaticText"},"name":{"type":"computedString","value":"Place order"},"childIds":["5"],"backendDOMNodeId":6},
 {"nodeId":"5","parentId":"4","ignored":false,"role":{"type":"internalRole","value":"InlineTextBox"},"backendDOMNodeId":6}
]}`
	tinyDOM = `{"strings":["https://example.test/","Tiny","F1","#document","HTML","BODY","MAIN","BUTTON","#text","Place order","cursor","auto","visible","type","submit"],
 "documents":[{"documentURL":0,"title":1,"frameId":2,"scrollOffsetX":0,"scrollOffsetY":0,
  "nodes":{"parentIndex":[-1,0,1,2,3,4],"nodeName":[3,4,5,6,7,8],"backendNodeId":[1,2,3,4,5,6],
   "attributes":[[],[],[],[],[13,14],[]]},
  "layout":{"nodeIndex":[2,3,4,5],"bounds":[[0,0,800,600],[0,0,800,40],[8,8,90,20],[10,10,80,16]],
   "styles":[[11,12],[11,12],[11,12],[11,12]]}}]}`
)

func TestBuildFromReads(t *testing.T) {
	ax, err := DecodeAXTree([]byte(tinyAX))
	if err != nil {
		t.Fatal(err)
	}
	dom, err := DecodeDOMSnapshot([]byte(tinyDOM))
	if err != nil {
		t.Fatal(err)
	}
	read := &SessionRead{Session: "S1", Frame: "F1", DOM: dom, AX: map[string]*AXTree{"F1": ax}}
	snap, err := Build([]*SessionRead{read}, Box{W: 800, H: 600})
	if err != nil {
		t.Fatal(err)
	}
	want := "# https://example.test/ \"Tiny\"\n- button \"Place order\" [disabled, ref=e1]\n"
	if got := snap.String(); got != want {
		t.Fatalf("snapshot:\n%s\nwant:\n%s", got, want)
	}
	n := snap.Refs["e1"]
	if n.Handle != (Handle{Session: "S1", Frame: "F1", Backend: 5}) || !n.Visible || n.Box != (Box{X: 8, Y: 8, W: 90, H: 20}) {
		t.Fatalf("e1: %+v, box %+v", n.Handle, n.Box)
	}
	if snap.URL != "https://example.test/" || snap.Title != "Tiny" || snap.Inconsistent {
		t.Fatalf("url %q, title %q, inconsistent %v", snap.URL, snap.Title, snap.Inconsistent)
	}
}

func TestBuildFailures(t *testing.T) {
	if _, err := Build(nil, Box{}); err == nil {
		t.Error("Build with no read: no error")
	}
	if _, err := DecodeAXTree([]byte(`{"nodes":[`)); err == nil {
		t.Error("DecodeAXTree of cut JSON: no error")
	}
	if _, err := DecodeDOMSnapshot([]byte(`{"strings":[1]}`)); err == nil {
		t.Error("DecodeDOMSnapshot of a strings table with a number: no error")
	}
	// an actionable node the DOM snapshot lacks: the page changed between
	// the two reads, and the caller reads it again
	ax, err := DecodeAXTree([]byte(tinyAX))
	if err != nil {
		t.Fatal(err)
	}
	snap, err := Build([]*SessionRead{{Session: "S1", Frame: "F1", AX: map[string]*AXTree{"F1": ax}}}, Box{})
	if err != nil {
		t.Fatal(err)
	}
	if !snap.Inconsistent {
		t.Error("a button without its DOM facts: not Inconsistent")
	}
}
