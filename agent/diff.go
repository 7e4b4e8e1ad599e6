package agent

import (
	"strings"

	"github.com/smokeflow/smokeflow/diffs"
	"github.com/smokeflow/smokeflow/locate"
)

// diffContext is how many unchanged lines a hunk of a snapshot diff
// keeps around what changed.
const diffContext = 1

// diff is what changed from the snapshot text before to after
// (docs/agents.md "snapshot --diff"): the snapshot diff of docs/diffs.md,
// ref numbers ignored, with diffContext unchanged lines around each
// change, and the diff itself, for the refs it hands the reader. Without
// an earlier snapshot of this page (why says so), it is the whole
// snapshot (whole).
func diff(before, after, why string) (text string, d diffs.SnapshotDiff, whole bool) {
	if why != "" {
		return strings.TrimRight(after, "\n") + "\n(" + why + ": the whole page)", d, true
	}
	d = diffs.SnapshotsContext(before, after, diffContext)
	if !d.Changed() {
		return "no change since the last snapshot", d, false
	}
	return strings.TrimRight(d.String(), "\n"), d, false
}

// diffRefs are the nodes of snap whose refs a diff hands the reader
// (docs/targets.md "Resolution", 1): those on the lines it prints, and
// those on lines unchanged, ref and all, that the reader holds for the
// same role and name (a page led to whose lines and numbers are the old
// one's). A line whose element took another number prints nothing, and
// its new ref is not handed.
func (e *Engine) diffRefs(snap *locate.Snapshot, d diffs.SnapshotDiff) []*locate.Node {
	out := []*locate.Node{} // not nil: nil would show the whole snapshot
	for _, ref := range d.Shown() {
		if n := snap.Refs[ref]; n != nil {
			out = append(out, n)
		}
	}
	table := e.ss.RefTable()
	for _, ref := range d.Kept {
		n := snap.Refs[ref]
		if held := table.Lookup(ref, snap.Document); n != nil && held != nil && held.Role == n.Role && held.Name == n.Name {
			out = append(out, n)
		}
	}
	return out
}
