package locate

import "strings"

// Line is the line a snapshot writes for n, without its indent
// (docs/targets.md "The snapshot"): `- button "Sign in" [ref=e6]`. The
// agent session's `find` prints it for each element a target resolves
// to (docs/agents.md "find").
func Line(n *Node) string {
	var b strings.Builder
	writeLine(&b, line{node: n})
	return strings.TrimSuffix(b.String(), "\n")
}
