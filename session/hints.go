package session

import (
	"context"
	"errors"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

// This file adds to a failure's diagnostics what helps fix it beyond the
// facts: targets checked to pick one element (docs/targets.md "Failure
// diagnostics": hints that hold), and what holds a disabled control's
// form back.

// suggestBudget bounds the time spent checking suggestions for one
// failure.
const suggestBudget = time.Second

// suggest adds, for an ambiguous target, a target that picks each tied
// candidate alone, and otherwise one that picks the closest near miss,
// each checked with the resolver over the snapshot the failure was
// diagnosed on.
func (ss *Session) suggest(ctx context.Context, s *flows.Step, d *diagnostics.Diagnostics, le *browser.LocateError, snap *locate.Snapshot) {
	r := le.Result
	if r == nil || snap == nil {
		return
	}
	// a budget of its own: the screenshot after it needs time too
	ctx, cancel := context.WithTimeout(ctx, suggestBudget)
	defer cancel()
	sg := &locate.Suggester{Ctx: ctx, Snap: snap, Refs: ss.page.RefTable(), CSS: ss.page.QueryCSS}
	var found []locate.Suggestion
	switch {
	case d.Reason == diagnostics.ReasonAmbiguous:
		if le.Snap != snap {
			// resolved on a snapshot not kept: resolve again on this one
			if r = locate.Resolve(ctx, snap, sg.Refs, r.Target, sg.CSS); locate.ReasonOf(r.Err) != diagnostics.ReasonAmbiguous {
				return
			}
		}
		var vis []*locate.Node
		for _, n := range r.Matches {
			if n.Visible {
				vis = append(vis, n)
			}
		}
		found = sg.Disambiguate(r, vis, diagnostics.MaxSuggestions)
	case d.Reason == diagnostics.ReasonNotEditable:
		if n := closestField(snap, r.Phrase); n != nil {
			if f, ok := sg.Name(n); ok {
				found = append(found, f)
			}
		}
	case d.Reason == diagnostics.ReasonMismatch && s.NeededRole() == "checkbox" && r.Node != nil:
		// a text beside the toggle it names, which no label ties to it
		if n := r.Node.ToggleBeside(); n != nil {
			if f, ok := sg.Name(n); ok {
				found, d.Beside = append(found, f), true
			}
		}
	case len(d.NearMisses) > 0 && d.Container == "":
		// a container's near misses are what the container may have meant,
		// never the step's own target (docs/targets.md "A container that
		// matched nothing")
		if n := snap.Refs[d.NearMisses[0].Ref]; n != nil {
			if f, ok := sg.Name(n); ok {
				found = append(found, f)
			}
		}
	}
	key, _ := s.TargetSlot()
	if key == "" {
		key = "target"
	}
	m := ss.mask.Mask
	for _, f := range found {
		line, err := f.Target.Line(key)
		if err != nil {
			continue
		}
		d.Suggestions = append(d.Suggestions, diagnostics.Suggestion{Ref: f.Node.Ref, Role: f.Node.Role,
			Name: m(f.Node.Name), Target: m(f.YAML), Line: m(line)})
	}
}

// formOf adds the form of the disabled control n and its fields that hold
// it back. A form that cannot be read adds nothing.
func (ss *Session) formOf(ctx context.Context, d *diagnostics.Diagnostics, n *locate.Node, snap *locate.Snapshot) {
	if n == nil || n.Session == "" || snap == nil {
		return
	}
	f, err := ss.page.FormOf(ctx, n, snap)
	if err != nil || f == nil {
		return
	}
	m := ss.mask.Mask
	f.Name = m(f.Name)
	for i := range f.Blockers {
		b := &f.Blockers[i]
		b.Name, b.ValidationMessage = m(b.Name), m(b.ValidationMessage)
	}
	d.Form = f
}

// disabledForm adds, when `expect: {enabled: ...}` failed on a disabled
// control, what its form holds back, resolved over snap, the read the
// failure's diagnostics print (so the blockers' refs are of it and handed:
// docs/targets.md "Resolution", 1). ctx is a fresh one: the step's own
// has run out.
func (ss *Session) disabledForm(ctx context.Context, s *flows.Step, t *flows.Target, d *diagnostics.Diagnostics, snap *locate.Snapshot) {
	if e, ok := s.Action.(*flows.Expect); !ok || e.Kind != flows.ExpectEnabled || t == nil {
		return
	}
	r := locate.Resolve(ctx, snap, ss.page.RefTable(), t, ss.page.QueryCSS)
	if r.Err != nil || !r.Node.Disabled {
		return
	}
	ss.formOf(ctx, d, r.Node, snap)
}

// closestField is the visible field whose name is closest to phrase, for
// a step that typed into something that takes no text.
func closestField(snap *locate.Snapshot, phrase string) *locate.Node {
	var best *locate.Node
	score := diagnostics.NearMissThreshold
	for _, n := range snap.All {
		if !n.Visible || !n.Actionable() || !n.Editable() {
			continue
		}
		if s := diagnostics.Similarity(phrase, n.Name); s >= score && (best == nil || s > score) {
			best, score = n, s
		}
	}
	return best
}

// showDiagnosed records the refs a failure's diagnostics hand the reader
// (its candidates, near misses, suggestions and a form's blockers) as
// shown, in snap, the read they were diagnosed on: the next step may use
// them (docs/targets.md "Resolution", 1). Candidates count only when
// they are of snap (sameRead): a ref checked live has none, and its
// candidate is the ref's own element, shown already.
func (ss *Session) showDiagnosed(snap *locate.Snapshot, d *diagnostics.Diagnostics, sameRead bool) {
	if snap == nil {
		return
	}
	var nodes []*locate.Node
	for _, ref := range d.Refs(sameRead) {
		if n := snap.Refs[ref]; n != nil {
			nodes = append(nodes, n)
		}
	}
	ss.page.RefTable().RecordNodes(snap, nodes...)
}

// containerDiag fills, for a target whose `within` container matched
// nothing visible, the container as written and the named elements of
// the page closest to what the container looked for (docs/targets.md
// "Failure diagnostics", "A container that matched nothing"). It reports
// whether err was such a failure.
func containerDiag(d *diagnostics.Diagnostics, err error, snap *locate.Snapshot) bool {
	var ce *locate.ContainerError
	if !errors.As(err, &ce) {
		return false
	}
	d.Container, d.ContainerHidden = ce.Container.String(), ce.Hidden
	d.NearMisses = nil // the step's own target's are not the container's
	if snap == nil || ce.Phrase == "" || snap.Document != ce.Doc {
		// near misses of the page the step ran on only (docs/targets.md "Near misses")
		return true
	}
	var named []diagnostics.Named
	for _, n := range snap.All {
		if n.Visible && n.Name != "" && !n.Ignored && n.Role != "StaticText" && n.Role != "InlineTextBox" {
			named = append(named, diagnostics.Named{Ref: n.Ref, Role: n.Role, Name: n.Name, Region: n.Region})
		}
	}
	d.NearMisses = diagnostics.NearMisses(ce.Phrase, named)
	return true
}
