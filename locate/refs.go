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
// reads with it (Number). A ref resolves only once it was handed to a
// reader for its document (docs/targets.md "Resolution", 1): the
// snapshots it shows (the `snapshot` step and command) are recorded whole
// (Record), and what prints single refs (a diff, a failure's candidates
// and near misses) records those nodes (RecordNodes). `@eN` means the
// element as the latest output that handed eN showed it; a ref numbered by
// a read no output showed means nothing. A table is safe for concurrent
// use.
type RefTable struct {
	mu   sync.Mutex
	doc  string         // the document numbered (Snapshot.Document)
	ids  map[refKey]int // element → its number in doc
	next int            // the numbers given in doc
	// shown are the refs handed to a reader, per document, the latest
	// document last; each ref as the latest output that handed it showed
	// it. The refs of the last keptDocs documents are kept, so that a ref
	// of a page the tab has left says so.
	shown []shownDoc
}

// shownDoc is the refs handed to a reader in one document.
type shownDoc struct {
	doc  string
	refs map[string]refRecord
}

// keptDocs is how many documents' shown refs a table keeps
// (docs/targets.md "The snapshot", "Refs").
const keptDocs = 4

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
// document keeps it), and rebuilds snap.Refs. Numbering hands nothing to
// a reader: the refs it gives resolve once recorded (Record).
func (t *RefTable) Number(snap *Snapshot) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.ids == nil || snap.Document != t.doc {
		t.doc, t.ids, t.next = snap.Document, map[refKey]int{}, 0
	}
	refs := make(map[string]*Node, len(snap.Refs))
	seen := map[refKey]int{}
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
		}
		n.Ref = "e" + strconv.Itoa(id)
		refs[n.Ref] = n
	}
	snap.Refs = refs
}

// Record makes snap, numbered by this table, a snapshot a reader was
// shown whole: each of its refs now means its element as snap shows it.
func (t *RefTable) Record(snap *Snapshot) {
	nodes := make([]*Node, 0, len(snap.Refs))
	for _, n := range snap.Refs {
		nodes = append(nodes, n)
	}
	t.RecordNodes(snap, nodes...)
}

// RecordNodes records nodes of snap, numbered by this table, as handed to
// a reader one by one (a diff's lines, a failure's candidates and near
// misses): each one's ref now means its element as snap shows it. Nodes
// with no ref, or not of snap's refs, are left out.
func (t *RefTable) RecordNodes(snap *Snapshot, nodes ...*Node) {
	t.mu.Lock()
	defer t.mu.Unlock()
	era := t.next
	if snap.Document != t.doc {
		era = 0 // not numbered by this table: nothing is known to have lived alongside
	}
	var handed []*Node
	for _, n := range nodes {
		if n != nil && n.Ref != "" && snap.Refs[n.Ref] == n {
			handed = append(handed, n)
		}
	}
	if len(handed) == 0 {
		return // nothing handed: the documents kept stay as they are
	}
	peers := peerCounts(snap)
	refs := t.shownIn(snap.Document)
	for _, n := range handed {
		refs[n.Ref] = newRecord(n, snap.Document, era, peers)
	}
}

// shownIn is the shown refs of doc, made the latest document shown (the
// oldest beyond keptDocs forgotten).
func (t *RefTable) shownIn(doc string) map[string]refRecord {
	for i, s := range t.shown {
		if s.doc == doc {
			t.shown = append(append(t.shown[:i:i], t.shown[i+1:]...), s)
			return s.refs
		}
	}
	s := shownDoc{doc: doc, refs: map[string]refRecord{}}
	if len(t.shown) >= keptDocs {
		t.shown = t.shown[len(t.shown)-keptDocs+1:]
	}
	t.shown = append(t.shown, s)
	return s.refs
}

// Lookup returns the element ref ("e3") means in doc, the document of
// the main frame ("": the one the table numbers now): as the latest
// output that handed it in doc showed it, else as the latest that handed
// it in another document (a page the tab has left); nil for a ref never
// handed to a reader.
func (t *RefTable) Lookup(ref, doc string) *Node {
	rec, ok := t.lookup(ref, doc)
	if !ok {
		return nil
	}
	return rec.node
}

func (t *RefTable) lookup(ref, doc string) (refRecord, bool) {
	if t == nil {
		return refRecord{}, false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if doc == "" {
		doc = t.doc
	}
	for _, s := range t.shown {
		if rec, ok := s.refs[ref]; ok && s.doc == doc {
			return rec, true
		}
	}
	for i := len(t.shown) - 1; i >= 0; i-- {
		if rec, ok := t.shown[i].refs[ref]; ok {
			return rec, true
		}
	}
	return refRecord{}, false
}

// Document is the document the table numbers now.
func (t *RefTable) Document() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.doc
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
