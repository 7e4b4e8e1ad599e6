package locate

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/smokeflow/smokeflow/flows"
)

// numberedAs numbers a hand-made read of doc (a node per element, by
// backend id; 0 is a node with no element) with t and returns its refs in
// document order.
func numberedAs(t *RefTable, doc string, backends ...int64) []string {
	snap := &Snapshot{Document: doc, Refs: map[string]*Node{}}
	for i, b := range backends {
		n := &Node{Role: "button", Ref: "x", Handle: Handle{Session: "S", Backend: b}, order: i}
		snap.All = append(snap.All, n)
	}
	t.Number(snap)
	var out []string
	for _, n := range snap.All {
		out = append(out, n.Ref)
	}
	return out
}

// TestRefTableNumbers checks the ref rule of docs/targets.md "The
// snapshot", "Refs" on hand-made reads: two nodes of one element (and
// nodes with no element) keep distinct refs, in document order.
func TestRefTableNumbers(t *testing.T) {
	tab := NewRefTable()
	steps := []struct {
		doc      string
		backends []int64
		want     []string
	}{
		{"A", []int64{10, 11, 11, 0, 0}, []string{"e1", "e2", "e3", "e4", "e5"}},
		{"A", []int64{10, 11, 11, 0, 0}, []string{"e1", "e2", "e3", "e4", "e5"}},
		{"A", []int64{12, 10, 11, 0, 0}, []string{"e6", "e1", "e2", "e4", "e5"}},
		{"A", []int64{10, 0, 0, 0}, []string{"e1", "e4", "e5", "e7"}},
		{"B", []int64{10, 13}, []string{"e1", "e2"}},
	}
	for i, s := range steps {
		if got := numberedAs(tab, s.doc, s.backends...); !reflect.DeepEqual(got, s.want) {
			t.Errorf("read %d of %s: refs %v, want %v", i+1, s.doc, got, s.want)
		}
	}
	if tab.Lookup("e2", "B") != nil {
		t.Errorf("e2 of B resolves, though no snapshot of B was shown")
	}
}

// readOf is a hand-made read of doc, a link per name (backend ids from
// 100 on), numbered by t.
func readOf(t *RefTable, doc string, names ...string) *Snapshot {
	snap := &Snapshot{Document: doc, URL: "http://shop.test/" + doc, Refs: map[string]*Node{}}
	for i, name := range names {
		n := &Node{Role: "link", Name: name, Ref: "x", Visible: true, Handle: Handle{Session: "S", Backend: int64(100 + i)}, order: i}
		snap.All = append(snap.All, n)
	}
	t.Number(snap)
	return snap
}

// A ref resolves only once it was handed to the reader for its document
// (docs/targets.md "Resolution", 1): the catalog's snapshot shows e1–e6,
// a click leads to a product page whose reads number e1–e7, and @e7,
// which no output showed, fails at once; @e2 is of the page left.
func TestRefTableResolvesOnlyRefsShown(t *testing.T) {
	tab := NewRefTable()
	catalog := readOf(tab, "catalog", "Lamp", "Chair", "Desk", "Rug", "Shelf", "Sofa")
	tab.Record(catalog)
	if n := tab.Lookup("e6", ""); n == nil || n.Name != "Sofa" {
		t.Fatalf("e6 after the catalog's snapshot = %v, want link Sofa", n)
	}
	product := readOf(tab, "product", "Home", "Catalog", "Cart", "Reviews", "Specs", "Share", "Buy now")
	resolve := func(snap *Snapshot, ref string) *Result {
		return Resolve(context.Background(), snap, tab, &flows.Target{Ref: "@" + ref}, nil)
	}
	cases := []struct {
		ref, want string // want: the link it resolves to, or the start of the error
	}{
		{"e7", "@e7 was not in any snapshot of this page (take a snapshot)"},
		{"e2", `@e2 (link "Chair") was on a page the tab has left`},
		{"e99", "@e99 was not in any snapshot of this page (take a snapshot)"},
	}
	check := func(when string, snap *Snapshot) {
		t.Helper()
		for _, c := range cases {
			r := resolve(snap, c.ref)
			switch {
			case r.Err == nil && r.Node.Name != c.want:
				t.Errorf("%s: @%s resolved to %q, want %q", when, c.ref, r.Node.Name, c.want)
			case r.Err != nil && !strings.HasPrefix(r.Err.Error(), c.want):
				t.Errorf("%s: @%s failed with %q, want %q", when, c.ref, r.Err, c.want)
			case r.Err != nil && !IsFinal(r.Err):
				t.Errorf("%s: @%s failed with %q, not final: it would wait out the step", when, c.ref, r.Err)
			}
		}
	}
	check("product page, nothing shown", product)
	if r := resolve(product, "e2"); r.Doc != "catalog" {
		t.Errorf("@e2 of the catalog names document %q, want catalog: its near misses would come from the product page", r.Doc)
	}
	// a failure's near miss hands one ref of the product page
	tab.RecordNodes(product, product.Refs["e7"])
	cases[0].want = "Buy now"
	check("product page, e7 shown as a near miss", product)
	// the product page shown whole
	tab.Record(product)
	cases[1].want = "Catalog"
	check("product page shown", product)
	// an element that appears later in the same document is numbered by
	// the read, not shown
	later := readOf(tab, "product", "Home", "Catalog", "Cart", "Reviews", "Specs", "Share", "Buy now", "Added to cart")
	if r := resolve(later, "e8"); r.Err == nil || !IsFinal(r.Err) {
		t.Errorf("@e8, numbered by a read but never shown, resolved: %v", r.Err)
	}
}

// Recording no node hands nothing, so it keeps the documents whose refs
// the table keeps as they are (docs/targets.md "Refs"): reads of other
// pages that showed nothing evict no page the tab has left.
func TestRefTableRecordingNothingKeepsDocuments(t *testing.T) {
	tab := NewRefTable()
	catalog := readOf(tab, "catalog", "Lamp", "Chair")
	tab.Record(catalog)
	for i := 0; i < keptDocs+1; i++ {
		other := readOf(tab, "page"+string(rune('a'+i)), "Home")
		tab.RecordNodes(other)
		tab.RecordNodes(other, nil, &Node{Ref: "e1"})
	}
	if n := tab.Lookup("e2", "catalog"); n == nil || n.Name != "Chair" {
		t.Errorf("@e2 of the catalog after reads that showed nothing = %v, want link Chair", n)
	}
}
