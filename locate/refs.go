package locate

import (
	"strconv"
	"strings"
	"sync"
)

// RefTable gives the refs of one main-frame document and remembers what
// each ref meant, by the ref rule of docs/targets.md "The snapshot",
// "Refs":
//
//   - on a new document the refs are numbered in document order, e1..eN;
//   - an element keeps its ref for as long as it lives in the document;
//   - an element that appears later takes the next free number, and a
//     number once given is never given to another element of the same
//     document, even after its element is gone;
//   - a snapshot of another document (a navigation of the main frame)
//     starts the numbering again at e1.
//
// An element is known by its CDP session and backend node id (Handle).
// Package browser keeps one table per page and numbers every snapshot it
// reads with it (Number); the snapshots it shows a reader (the `snapshot`
// step and command) are recorded too (Record): `@eN` means the element
// as the latest snapshot that listed eN showed it (docs/targets.md
// "Resolution", 1). A table is safe for concurrent use.
type RefTable struct {
	mu   sync.Mutex
	doc  string         // the document numbered (Snapshot.Document)
	ids  map[refKey]int // element → its number in doc
	next int            // the numbers given in doc
	// first is each ref of doc as it was numbered; shown, each ref as the
	// latest recorded snapshot showed it, of the document shownDoc.
	first    map[string]refRecord
	shown    map[string]refRecord
	shownDoc string
}

// refKey is an element of a snapshot. dup tells apart two actionable
// nodes of one element (and the nodes with no element, backend 0), in
// document order.
type refKey struct {
	session string
	backend int64
	dup     int
}

// refRecord is what a ref meant when it was recorded: the element (a
// copy of its node, out of its tree), its document, and era, the numbers
// given in that document by then. The elements numbered up to era lived
// alongside it: none of them is its re-rendered copy.
type refRecord struct {
	node *Node
	doc  string
	era  int
	// peers is how many actionable nodes had the node's role and name in
	// the snapshot it was recorded from; place is where it stood
	// (placeOf): a re-rendered copy is taken for it only where both still
	// hold (docs/targets.md "Resolution", 1).
	peers int
	place string
}

// newRecord records n of snap; peers counts snap's actionable nodes by
// role and name (peerCounts).
func newRecord(n *Node, doc string, era int, peers map[string]int) refRecord {
	return refRecord{node: detached(n), doc: doc, era: era, peers: peers[roleName(n)], place: placeOf(n)}
}

// peerCounts counts snap's actionable nodes by role and name.
func peerCounts(snap *Snapshot) map[string]int {
	out := map[string]int{}
	for _, n := range snap.All {
		if n.Actionable() {
			out[roleName(n)]++
		}
	}
	return out
}

func roleName(n *Node) string { return n.Role + "\x00" + n.Name }

// placeOf is where a node stands, as far as telling it from others of its
// role and name goes: its landmark, frame, and the text of the nearest
// element around it that says more than the node itself (its row, card or
// list item).
func placeOf(n *Node) string {
	place := n.Region + "\x00" + n.FrameName
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Text != "" && p.Text != n.Text && p.Text != n.Name {
			return place + "\x00" + p.Text
		}
	}
	return place
}

// NewRefTable returns an empty table.
func NewRefTable() *RefTable { return &RefTable{} }

// Number gives the actionable nodes of snap their refs by the ref rule,
// in place of the document order Build gave them (a first snapshot of a
// document keeps it), and rebuilds snap.Refs.
func (t *RefTable) Number(snap *Snapshot) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.ids == nil || snap.Document != t.doc {
		t.doc, t.ids, t.next, t.first = snap.Document, map[refKey]int{}, 0, map[string]refRecord{}
	}
	refs := make(map[string]*Node, len(snap.Refs))
	seen := map[refKey]int{}
	var fresh []*Node
	for _, n := range snap.All {
		if n.Ref == "" {
			continue
		}
		base := refKey{session: n.Session, backend: n.Backend}
		k := base
		k.dup = seen[base]
		seen[base]++
		id, ok := t.ids[k]
		if !ok {
			t.next++
			id = t.next
			t.ids[k] = id
			fresh = append(fresh, n)
		}
		n.Ref = "e" + strconv.Itoa(id)
		refs[n.Ref] = n
	}
	var peers map[string]int
	if len(fresh) > 0 {
		peers = peerCounts(snap)
	}
	for _, n := range fresh {
		t.first[n.Ref] = newRecord(n, t.doc, t.next, peers)
	}
	snap.Refs = refs
}

// Record makes snap, numbered by this table, the latest snapshot a
// reader was shown: each of its refs now means its element as snap shows
// it. The refs of another document shown earlier are forgotten.
func (t *RefTable) Record(snap *Snapshot) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.shown == nil || snap.Document != t.shownDoc {
		t.shown, t.shownDoc = map[string]refRecord{}, snap.Document
	}
	era := t.next
	if snap.Document != t.doc {
		era = 0 // not numbered by this table: nothing is known to have lived alongside
	}
	peers := peerCounts(snap)
	for ref, n := range snap.Refs {
		t.shown[ref] = newRecord(n, snap.Document, era, peers)
	}
}

// Lookup returns the element ref ("e3") means, as recorded: the latest
// snapshot a reader was shown that listed it, else the read that
// numbered it; nil for a ref never given.
func (t *RefTable) Lookup(ref string) *Node {
	rec, ok := t.lookup(ref)
	if !ok {
		return nil
	}
	return rec.node
}

func (t *RefTable) lookup(ref string) (refRecord, bool) {
	if t == nil {
		return refRecord{}, false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if rec, ok := t.shown[ref]; ok {
		return rec, true
	}
	rec, ok := t.first[ref]
	return rec, ok
}

// Last is the highest ref number given: in the current document, or in
// the document of the latest snapshot shown, whichever is higher.
func (t *RefTable) Last() int {
	if t == nil {
		return 0
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	last := t.next
	for ref := range t.shown {
		if n := refNumber(ref); n > last {
			last = n
		}
	}
	return last
}

// current reports whether rec is of the document the table numbers now.
func (t *RefTable) current(rec refRecord) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.ids != nil && rec.doc == t.doc
}

// alongside reports whether n, a node of snap, is an element that lived
// alongside rec's element (so is not its re-rendered copy): another ref
// of the same document, numbered no later than rec was recorded.
func (rec refRecord) alongside(snap *Snapshot, n *Node) bool {
	if n.Ref == "" || n.Ref == rec.node.Ref || snap.Document != rec.doc {
		return false
	}
	num := refNumber(n.Ref)
	return num > 0 && num <= rec.era
}

// refNumber is N of "eN" (0 for anything else).
func refNumber(ref string) int {
	n, err := strconv.Atoi(strings.TrimPrefix(ref, "e"))
	if err != nil || !strings.HasPrefix(ref, "e") {
		return 0
	}
	return n
}

// detached is a copy of n out of its tree, so that a record does not keep
// a whole snapshot alive.
func detached(n *Node) *Node {
	c := *n
	c.Parent, c.Children = nil, nil
	return &c
}
