package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// node is one line of a snapshot that carries a ref: both tools print
// `- ROLE "NAME" [attributes, ref=eN]: value`, indented two spaces a
// level (smokeflow adds context lines and a `# URL "TITLE"` header, which
// carry no ref and are skipped).
type node struct {
	role, name, ref string
}

// snapshotLine is a snapshot line: its role, its quoted name if any, and
// its bracket of attributes if any.
var snapshotLine = regexp.MustCompile(`^\s*- ([A-Za-z][\w-]*)(?: ("(?:[^"\\]|\\.)*"))?(?: \[([^\]]*)\])?`)

// refAttr is the ref among a line's attributes.
var refAttr = regexp.MustCompile(`(?:^|[ ,])ref=(e\d+)(?:$|,)`)

// snapshotLines are the lines of a read: agent-browser's --delta prints
// the lines of its change in JSON (treeChange.lines), smokeflow's --diff
// marks a line that came "+ " and one that went "- " (a line that went
// is skipped: its ref is no more).
func snapshotLines(text string) []string {
	if strings.HasPrefix(strings.TrimSpace(text), "{") {
		var delta struct {
			TreeChange struct {
				Lines []string `json:"lines"`
			} `json:"treeChange"`
		}
		if json.Unmarshal([]byte(text), &delta) == nil {
			return delta.TreeChange.Lines
		}
	}
	var out []string
	for _, line := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(line, "+ "), strings.HasPrefix(line, "~ "):
			line = line[2:]
		case strings.HasPrefix(line, "- ") && strings.HasPrefix(strings.TrimLeft(line[2:], " "), "- "):
			continue
		}
		out = append(out, line)
	}
	return out
}

// parseSnapshot lists the lines of text that carry a ref, in order.
func parseSnapshot(text string) []node {
	var out []node
	for _, line := range snapshotLines(text) {
		m := snapshotLine.FindStringSubmatch(line)
		if m == nil || m[3] == "" {
			continue
		}
		ref := refAttr.FindStringSubmatch(m[3])
		if ref == nil {
			continue
		}
		name := ""
		if m[2] != "" {
			unq, err := strconv.Unquote(m[2])
			if err != nil {
				unq = m[2][1 : len(m[2])-1]
			}
			name = unq
		}
		out = append(out, node{role: strings.ToLower(m[1]), name: normalName(name), ref: ref[1]})
	}
	return out
}

// normalName is a name as both tools can be compared on: icon-font glyphs
// (private-use characters, which AdminLTE's icons put in names) taken
// out, white space collapsed and trimmed.
func normalName(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Co, r) {
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

// target names one element the same way for both tools: its role, its
// accessible name (as normalName makes it) and which of the elements
// with that role and name it is, in document order.
type target struct {
	Role, Name string
	Nth        int
	// Or is another name the element may have: the tools name it
	// differently (TodoMVC's toggle-all checkbox is "Mark all as
	// complete" in smokeflow's snapshot, unnamed in agent-browser's).
	Or *string
}

func (t target) String() string {
	if t.Nth > 0 {
		return fmt.Sprintf("%s %q (#%d)", t.Role, t.Name, t.Nth+1)
	}
	return fmt.Sprintf("%s %q", t.Role, t.Name)
}

// refFor finds t in a tool's own snapshot and gives its ref, `@eN`.
func refFor(snapshot string, t target) (string, error) {
	n := 0
	for _, nd := range parseSnapshot(snapshot) {
		if nd.role != t.Role || nd.name != t.Name && (t.Or == nil || nd.name != *t.Or) {
			continue
		}
		if n == t.Nth {
			return "@" + nd.ref, nil
		}
		n++
	}
	return "", fmt.Errorf("%w: no %s with a ref in the snapshot (%d found)", errCommand, t, n)
}
