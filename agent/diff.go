package agent

import (
	"fmt"
	"strings"

	"github.com/pmezard/go-difflib/difflib"
)

// diffContext is how many unchanged lines a hunk of a snapshot diff
// keeps around what changed.
const diffContext = 1

// diff is what changed from the snapshot text before to after, in the
// unified-diff style (docs/agents.md "snapshot --diff"): hunks of `-`
// (gone) and `+` (new) lines with diffContext unchanged lines around
// them, and a count line. The lines are matched by go-difflib's sequence
// matcher, without its heuristic that takes frequent lines for junk: a
// snapshot repeats lines (`- button "Add to cart"`) that must still
// match. Without an earlier snapshot, it is the whole snapshot.
func diff(before, after string, had bool) string {
	if !had {
		return strings.TrimRight(after, "\n") + "\n(no earlier snapshot in this session: the whole page)"
	}
	a, b := lines(before), lines(after)
	m := difflib.NewMatcherWithJunk(a, b, false, nil)
	var out strings.Builder
	added, removed := 0, 0
	for _, group := range m.GetGroupedOpCodes(diffContext) {
		first, last := group[0], group[len(group)-1]
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(first.I1, last.I2), hunkRange(first.J1, last.J2))
		for _, op := range group {
			switch op.Tag {
			case 'e':
				for _, l := range a[op.I1:op.I2] {
					out.WriteString(" " + l + "\n")
				}
				continue
			case 'r', 'd':
				for _, l := range a[op.I1:op.I2] {
					out.WriteString("-" + l + "\n")
					removed++
				}
			}
			if op.Tag == 'r' || op.Tag == 'i' {
				for _, l := range b[op.J1:op.J2] {
					out.WriteString("+" + l + "\n")
					added++
				}
			}
		}
	}
	if added+removed == 0 {
		return "no change since the last snapshot"
	}
	fmt.Fprintf(&out, "%d line(s) added, %d removed, %d unchanged", added, removed, len(b)-added)
	return out.String()
}

// lines splits a snapshot's text into its lines.
func lines(s string) []string {
	s = strings.TrimRight(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// hunkRange is a hunk's range of lines as unified diffs write it:
// START,COUNT, 1-based (START is the line before for an empty range).
func hunkRange(start, stop int) string {
	n := stop - start
	switch n {
	case 0:
		return fmt.Sprintf("%d,0", start)
	case 1:
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}
