package locate

import (
	"reflect"
	"testing"
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
	if tab.Lookup("e7") != nil || tab.Lookup("e2").Backend != 13 {
		t.Errorf("the refs of document A outlived its navigation to B")
	}
}
