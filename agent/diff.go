package agent

import (
	"strings"

	"github.com/smokeflow/smokeflow/diffs"
)

// diffContext is how many unchanged lines a hunk of a snapshot diff
// keeps around what changed.
const diffContext = 1

// diff is what changed from the snapshot text before to after
// (docs/agents.md "snapshot --diff"): the snapshot diff of docs/diffs.md,
// ref numbers ignored, with diffContext unchanged lines around each
// change. Without an earlier snapshot, it is the whole snapshot.
func diff(before, after string, had bool) string {
	if !had {
		return strings.TrimRight(after, "\n") + "\n(no earlier snapshot in this session: the whole page)"
	}
	d := diffs.SnapshotsContext(before, after, diffContext)
	if !d.Changed() {
		return "no change since the last snapshot"
	}
	return strings.TrimRight(d.String(), "\n")
}
