package locate

import (
	"strings"

	"github.com/smokeflow/smokeflow/flows"
)

// A plain ref target (`@e6`, optionally with the role and name it must
// still have) can be resolved without reading the whole page, as
// docs/targets.md "Resolution", 1, puts it: the ref is looked up in the
// page's ref table (refs), and if its element is still attached with the
// role and name recorded, it is used. One
// Accessibility.getPartialAXTree read of that element answers both, in
// about a millisecond where a full read of a large page takes tens.
// Package browser makes that read; locate decides, in two steps:
// LiveRefNode says whether the target may be resolved so and which
// element to read, LiveRef judges the read.

// LiveRefNode returns the recorded node of a plain ref target t in refs,
// the element to read for LiveRef, or nil when t is not a plain ref,
// contradicts what the ref recorded, or was recorded in another document
// than the one refs numbers now or doc, the main frame's document as the
// caller knows it ("": not known): the caller then resolves over a full
// snapshot, which says why.
func LiveRefNode(refs *RefTable, doc string, t *flows.Target) *Node {
	if refs == nil || t == nil || t.Ref == "" || t.Within != nil || t.HasText != "" || t.Nth != nil ||
		t.Label != "" || t.Placeholder != "" || t.Text != "" || t.TestID != "" || t.CSS != "" {
		return nil
	}
	rec, ok := refs.lookup(strings.TrimPrefix(t.Ref, "@"), doc)
	if !ok || !refs.current(rec) || doc != "" && rec.doc != doc {
		return nil
	}
	entry := rec.node
	if entry.Session == "" || entry.Backend == 0 {
		return nil
	}
	if t.Role != "" && !strings.EqualFold(t.Role, entry.Role) {
		return nil
	}
	if t.Name != "" {
		m, err := newMatcher(t.Name, t.Exact)
		if err != nil || !m.match(entry.Name) {
			return nil
		}
	}
	return entry
}

// LiveRef judges partial, the answer of Accessibility.getPartialAXTree on
// the element of entry (a node LiveRefNode returned). It returns the
// resolution, entry with its states read again, or nil whenever it cannot
// be sure: the element changed, or its snapshot name was derived rather
// than the browser's. The caller then resolves over a full snapshot, where
// a stale ref is found again or reported. Its visibility, box and hit test
// are left to the action's own checks, which run live before every
// action.
func LiveRef(entry *Node, partial *AXTree) *Result {
	if entry == nil || partial == nil {
		return nil
	}
	var ax *axNode
	for _, n := range partial.nodes {
		if n.backend == entry.Backend {
			ax = n
			break
		}
	}
	// An editing host's role, value (and maybe name) are smokeflow's, not
	// the browser's: a full read says them.
	if ax == nil || ax.ignored || entry.EditHost || ax.mappedRole() != entry.Role || Normalize(ax.name) != entry.Name {
		return nil
	}
	n := *entry // the recorded node, with its states read again
	n.Value = Normalize(ax.value)
	n.setProps(ax.props)
	r := &Result{Node: &n, Matches: []*Node{&n}, Rung: RungRef, Phrase: entry.Name}
	r.Rungs = append(r.Rungs, count(RungRef, "@"+entry.Ref, []*Node{&n}))
	return r
}

// LiveChecked is the checked state of entry's element in partial (its own
// accessibility node, read again after a check or uncheck clicked it),
// when that says what a read of the page would (docs/targets.md
// "Actionability"): the element keeps its role and name (LiveRef), and is
// no native input concealed under what a kit draws, whose state a read
// takes from its aria-checked (drawnChecked). ok is false otherwise, and
// the page is read.
func LiveChecked(entry *Node, partial *AXTree) (checked string, ok bool) {
	if entry == nil || entry.concealed && nativeInput[entry.Tag] {
		return "", false
	}
	r := LiveRef(entry, partial)
	if r == nil || r.Node.Checked == "" {
		return "", false
	}
	return r.Node.Checked, true
}
