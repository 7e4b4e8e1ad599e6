package locate

import (
	"context"
	"strings"

	"github.com/go-rod/rod/lib/proto"
	"github.com/smokeflow/smokeflow/flows"
)

// LiveRef resolves a plain ref target (`@e6`, optionally with the role and
// name it must still have) without reading the whole page, as docs/targets.md "Resolution"
// puts it: the ref is looked up in the latest snapshot (refs), and if its
// element is still attached with the role and name recorded then, it is
// used. One Accessibility.getPartialAXTree call on that element answers
// both, in about a millisecond where a full read of a large page takes
// tens.
//
// LiveRef returns nil whenever it cannot be sure (the element is gone,
// changed, or its snapshot name was derived rather than the browser's),
// and the caller resolves over a full snapshot instead, where a stale ref
// is found again or reported. Its visibility, box and hit test are left to
// the action's own checks, which run live before every action.
func LiveRef(ctx context.Context, refs *Snapshot, t *flows.Target) *Result {
	if refs == nil || t == nil || t.Ref == "" || t.Within != nil || t.HasText != "" || t.Nth != nil ||
		t.Label != "" || t.Placeholder != "" || t.Text != "" || t.TestID != "" || t.CSS != "" {
		return nil
	}
	ref := strings.TrimPrefix(t.Ref, "@")
	entry := refs.Refs[ref]
	if entry == nil || entry.Session == nil || entry.Session.Conn == nil || entry.Backend == 0 {
		return nil
	}
	if t.Role != "" && !strings.EqualFold(t.Role, entry.Role) {
		return nil // the full path says why
	}
	if t.Name != "" {
		m, err := newMatcher(t.Name, t.Exact)
		if err != nil || !m.match(entry.Name) {
			return nil
		}
	}
	s := entry.Session
	raw, err := s.Conn.Call(ctx, string(s.ID), "Accessibility.getPartialAXTree",
		proto.AccessibilityGetPartialAXTree{BackendNodeID: entry.Backend, FetchRelatives: false})
	if err != nil {
		return nil // detached, or its frame is gone
	}
	nodes, err := decodeAXTree(raw)
	if err != nil {
		return nil
	}
	var ax *axNode
	for _, n := range nodes {
		if n.backend == entry.Backend {
			ax = n
			break
		}
	}
	if ax == nil || ax.ignored || ax.mappedRole() != entry.Role || Normalize(ax.name) != entry.Name {
		return nil
	}
	n := *entry // the recorded node, with its states read again
	n.Value = Normalize(ax.value)
	n.setProps(ax.props)
	r := &Result{Node: &n, Matches: []*Node{&n}, Rung: RungRef, Phrase: entry.Name}
	r.Rungs = append(r.Rungs, count(RungRef, "@"+ref, []*Node{&n}))
	return r
}
