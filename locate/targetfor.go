package locate

import (
	"context"
	"fmt"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
)

// TargetFor is resolution backwards, for a recorder that turns a clicked
// ref into a flow step a person reads: the shortest human target that
// resolves over snap to n and matches no other visible element
// (docs/targets.md "From a node back to a target"). It tries, in order:
//
//  1. n alone: its name as a bare phrase, its role and name, its label,
//     its placeholder, its text (or its role, when it has no name);
//  2. the same with the whole string and exact: true;
//  3. within what holds n, nearest first (a landmark, form, dialog, named
//     group, or a row or list item by its text);
//  4. its data-testid;
//  5. nth among the visible matches.
//
// Every guess is written as YAML, read back and resolved with Resolve, as
// a flow file would; none that picks another element is returned. The
// error (a *ResolveError) says why n has no target: it is not in snap, or
// it is not visible, which resolution needs.
func TargetFor(snap *Snapshot, n *Node) (*flows.Target, error) {
	if err := targetable(snap, n); err != nil {
		return nil, err
	}
	s := &Suggester{Ctx: context.Background(), Snap: snap}
	alone, exact := targetBases(n)
	for _, t := range append(append([]*flows.Target(nil), alone...), exact...) {
		if sg, ok := s.holds(t, n); ok {
			return sg.Target, nil
		}
	}
	maps := mapBases(alone, exact)
	tries := 0
	for _, w := range contexts(n) {
		for _, b := range maps {
			if tries >= maxTries {
				break
			}
			tries++
			if sg, ok := s.holds(within(b, w), n); ok {
				return sg.Target, nil
			}
		}
	}
	if n.TestID != "" {
		if sg, ok := s.holds(&flows.Target{TestID: n.TestID}, n); ok {
			return sg.Target, nil
		}
	}
	if n.Name != "" { // a nameless node's role alone is among the bases
		maps = append(maps, &flows.Target{Role: n.Role})
	}
	for _, b := range maps {
		if t, ok := s.nth(b, n); ok {
			if sg, ok := s.holds(t, n); ok {
				return sg.Target, nil
			}
		}
	}
	return nil, &ResolveError{Why: diagnostics.ReasonAmbiguous,
		Msg: fmt.Sprintf("no target picks %s %q (@%s) alone, not even with nth", n.Role, n.Name, n.Ref)}
}

// targetable says why n can have no target on snap: it is not one of
// snap's nodes, or not visible (docs/targets.md "Resolution", 4: only
// visible elements are picked).
func targetable(snap *Snapshot, n *Node) error {
	if snap == nil || n == nil || n.order >= len(snap.All) || snap.All[n.order] != n {
		return &ResolveError{Why: diagnostics.ReasonNotFound, Msg: "the element is not in this snapshot"}
	}
	if !n.Visible {
		return &ResolveError{Why: diagnostics.ReasonHidden,
			Msg: fmt.Sprintf("%s %q is not visible: resolution only picks visible elements", n.Role, n.Name)}
	}
	return nil
}

// targetBases are the targets that name n by itself, in the order
// TargetFor prefers them: alone, then with the whole string and exact.
func targetBases(n *Node) (alone, exact []*flows.Target) {
	if n.Name != "" {
		alone = append(alone, &flows.Target{Phrase: n.Name}, &flows.Target{Role: n.Role, Name: n.Name})
		exact = append(exact, &flows.Target{Role: n.Role, Name: n.Name, Exact: true})
		if isLabelled(n) {
			alone = append(alone, &flows.Target{Label: n.Name})
			exact = append(exact, &flows.Target{Label: n.Name, Exact: true})
		}
	}
	if n.Placeholder != "" {
		alone = append(alone, &flows.Target{Placeholder: n.Placeholder})
		exact = append(exact, &flows.Target{Placeholder: n.Placeholder, Exact: true})
	}
	if n.Text != "" {
		alone = append(alone, &flows.Target{Text: n.Text})
		exact = append(exact, &flows.Target{Text: n.Text, Exact: true})
	}
	if n.Name == "" {
		alone = append(alone, &flows.Target{Role: n.Role})
	}
	return alone, exact
}

// mapBases are the bases that go inside a map with within or nth: a bare
// phrase is only ever a whole target, so role and name stand for it.
func mapBases(alone, exact []*flows.Target) []*flows.Target {
	var out []*flows.Target
	for _, t := range append(append([]*flows.Target(nil), alone...), exact...) {
		if t.Phrase == "" {
			out = append(out, t)
		}
	}
	return out
}
