package agent

import (
	"strings"

	"github.com/smokeflow/smokeflow/diffs"
	"github.com/smokeflow/smokeflow/internal/words"
	"github.com/smokeflow/smokeflow/locate"
)

// diff is what changed from the snapshot text before to after
// (docs/agents.md "snapshot --diff"): the snapshot diff of docs/diffs.md,
// ref numbers ignored, printed compactly (compact), and the diff itself,
// for the refs it hands the reader. Without an earlier snapshot of this
// page (why says so), or where the diff would be as long as the page
// (another page was led to, most of the page changed), it is the whole
// snapshot (whole).
func diff(before, after, why string) (text string, d diffs.SnapshotDiff, whole bool) {
	if why != "" {
		return strings.TrimRight(after, "\n") + "\n(" + why + ": the whole page)", d, true
	}
	d = diffs.SnapshotsContext(before, after, 0)
	if !d.Changed() {
		return "no change since the last snapshot", d, false
	}
	text = compact(d)
	if page := strings.TrimRight(after, "\n"); len(text) >= len(page) {
		return page + "\n(" + wholeNote + ")", d, true
	}
	return text, d, false
}

// wholeNote ends a diff printed as the whole page because it was no
// shorter.
const wholeNote = "most of the page changed: the whole page"

// compact prints a snapshot diff for the agent (docs/agents.md "snapshot
// --diff"): the changed lines only, without hunk headers, unchanged lines
// or a count line; a line whose element stayed and changed its value or
// state prints once, as `~ ` and its new text; a removed line and the
// removed lines under it print as that line and how many went with it.
func compact(d diffs.SnapshotDiff) string {
	var b strings.Builder
	for _, h := range d.Hunks {
		var gone, came []string
		for _, l := range h.Lines {
			switch l.Kind {
			case diffs.Removed:
				gone = append(gone, l.Text)
			case diffs.Added:
				came = append(came, l.Text)
			}
		}
		changed := pairChanged(gone, came)
		for _, l := range removedBlocks(gone, changed) {
			b.WriteString("- " + l + "\n")
		}
		for j, l := range came {
			mark := "+ "
			if changed.came[j] {
				mark = "~ "
			}
			b.WriteString(mark + l + "\n")
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// pairs marks the lines of a hunk that are one element changed in place:
// by index into the removed and the added lines.
type pairs struct{ gone, came map[int]bool }

// pairChanged pairs a removed line with an added line of the same element:
// the same indent, role and name (the text before its attributes or
// value), or the only line removed and the only line added with the same
// indent and role (a status whose text changed).
func pairChanged(gone, came []string) pairs {
	p := pairs{gone: map[int]bool{}, came: map[int]bool{}}
	if len(gone) == 1 && len(came) == 1 && lineRole(gone[0]) == lineRole(came[0]) {
		p.gone[0], p.came[0] = true, true
		return p
	}
	for i, g := range gone {
		for j, c := range came {
			if !p.came[j] && lineKey(g) == lineKey(c) {
				p.gone[i], p.came[j] = true, true
				break
			}
		}
	}
	return p
}

// lineKey is a snapshot line's indent, role and name: the text before its
// attributes (` [`) or its value (`: `).
func lineKey(line string) string {
	line = diffs.StripRefs(line)
	if i := strings.Index(line, " ["); i >= 0 {
		line = line[:i]
	}
	if i := strings.Index(line, ": "); i >= 0 {
		line = line[:i]
	}
	return line
}

// lineRole is a snapshot line's indent and role: `  - button`.
func lineRole(line string) string {
	indent := indentOf(line)
	role, _, _ := strings.Cut(line[indent:], " ")
	if role == "-" {
		r, _, _ := strings.Cut(strings.TrimLeft(line, " -"), " ")
		role = "- " + r
	}
	return line[:indent] + role
}

// removedBlocks are the removed lines as the diff prints them: those not
// changed in place, a line with removed lines under it (deeper indented,
// right after it) as that line and how many went with it.
func removedBlocks(gone []string, changed pairs) []string {
	var out []string
	for i := 0; i < len(gone); i++ {
		if changed.gone[i] {
			continue
		}
		depth := indentOf(gone[i])
		n := 0
		for i+n+1 < len(gone) && !changed.gone[i+n+1] && indentOf(gone[i+n+1]) > depth {
			n++
		}
		line := gone[i]
		if n > 0 {
			line += " (and " + words.Counted(n, "line") + " under it)"
		}
		out = append(out, line)
		i += n
	}
	return out
}

func indentOf(line string) int { return len(line) - len(strings.TrimLeft(line, " ")) }

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
