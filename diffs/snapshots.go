package diffs

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"github.com/pmezard/go-difflib/difflib"
)

// Context is how many unchanged lines a hunk shows around its changes.
const Context = 3

// LineKind says whether a line of a diff is unchanged, added or removed.
type LineKind byte

const (
	Unchanged LineKind = ' '
	Added     LineKind = '+'
	Removed   LineKind = '-'
)

// Line is one line of a snapshot diff: the new snapshot's text for an
// added or unchanged line, the old one's for a removed line, refs
// included.
type Line struct {
	Kind LineKind
	Text string
}

// String is the line as the diff prints it: `+ `, `- ` or two spaces,
// then the text.
func (l Line) String() string { return string(l.Kind) + " " + l.Text }

// Hunk is a run of changes with up to Context unchanged lines around it.
// OldStart and NewStart are 1-based line numbers in the old and new
// snapshot (the line before, when the hunk has no line of that side).
type Hunk struct {
	OldStart, OldLines int
	NewStart, NewLines int
	Lines              []Line
}

// Header is the hunk's unified-diff header: `@@ -3,7 +3,8 @@`.
func (h Hunk) Header() string {
	return fmt.Sprintf("@@ -%d,%d +%d,%d @@", h.OldStart, h.OldLines, h.NewStart, h.NewLines)
}

// SnapshotDiff is what changed between two snapshot texts
// (docs/diffs.md "Snapshot diffs"). The counts are over the whole texts;
// the hunks hold the changed lines and their context.
type SnapshotDiff struct {
	Hunks                          []Hunk
	Additions, Removals, Unchanged int
	// Kept are the refs of the new snapshot on lines unchanged ref and
	// all: a reader of the old snapshot knows them as they are.
	Kept []string
}

// Shown are the refs of the new snapshot a reader of the diff is handed:
// those of the lines it prints, added or unchanged (a removed line's ref
// is the old snapshot's).
func (d SnapshotDiff) Shown() []string {
	var out []string
	for _, h := range d.Hunks {
		for _, l := range h.Lines {
			if l.Kind != Removed {
				out = append(out, RefsOf(l.Text)...)
			}
		}
	}
	return out
}

// RefsOf are the refs ("e5") a snapshot line shows.
func RefsOf(line string) []string {
	var out []string
	for _, m := range refRE.FindAllString(line, -1) {
		_, ref, _ := strings.Cut(m, "ref=")
		out = append(out, strings.TrimSuffix(ref, "]"))
	}
	return out
}

// Changed reports whether a line was added or removed.
func (d SnapshotDiff) Changed() bool { return d.Additions+d.Removals > 0 }

// Summary is the count line: `2 additions, 1 removal, 40 unchanged`.
func (d SnapshotDiff) Summary() string {
	return fmt.Sprintf("%s, %s, %d unchanged", count(d.Additions, "addition"), count(d.Removals, "removal"), d.Unchanged)
}

func count(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// String is the diff as smokeflow prints it: each hunk's header and
// lines, then the count line.
func (d SnapshotDiff) String() string {
	var b strings.Builder
	for _, h := range d.Hunks {
		b.WriteString(h.Header() + "\n")
		for _, l := range h.Lines {
			b.WriteString(l.String() + "\n")
		}
	}
	b.WriteString(d.Summary() + "\n")
	return b.String()
}

// refRE is a ref in a snapshot line's brackets, with the comma or the
// brackets that go with it: ` [ref=e5]`, `, ref=e5`.
var refRE = regexp.MustCompile(` \[ref=e[0-9]+\]|, ref=e[0-9]+`)

// StripRefs is a snapshot line without its ref, as Snapshots compares it.
func StripRefs(line string) string { return refRE.ReplaceAllString(line, "") }

// Snapshots compares two snapshot texts line by line, ignoring the refs
// (refs are renumbered on every snapshot, so they say nothing about the
// page). The diff is computed by go-difflib's SequenceMatcher, without
// its heuristic that takes frequent lines for junk: a page repeats lines
// ("Add to cart") and each one counts. A changed line is a removal and
// an addition.
func Snapshots(before, after string) SnapshotDiff {
	return SnapshotsContext(before, after, Context)
}

// SnapshotsContext is Snapshots with n unchanged lines around each change
// instead of Context: the agent session's `snapshot --diff` keeps none, to
// spend fewer tokens (docs/agents.md "snapshot --diff").
func SnapshotsContext(before, after string, n int) SnapshotDiff {
	a, b := splitLines(before), splitLines(after)
	sa, sb := make([]string, len(a)), make([]string, len(b))
	for i, l := range a {
		sa[i] = StripRefs(l)
	}
	for i, l := range b {
		sb[i] = StripRefs(l)
	}
	m := difflib.NewMatcherWithJunk(sa, sb, false, nil)
	var d SnapshotDiff
	for _, c := range m.GetOpCodes() {
		switch c.Tag {
		case 'e':
			d.Unchanged += c.I2 - c.I1
			for k := range c.I2 - c.I1 {
				if a[c.I1+k] == b[c.J1+k] {
					d.Kept = append(d.Kept, RefsOf(b[c.J1+k])...)
				}
			}
		case 'd':
			d.Removals += c.I2 - c.I1
		case 'i':
			d.Additions += c.J2 - c.J1
		case 'r':
			d.Removals += c.I2 - c.I1
			d.Additions += c.J2 - c.J1
		}
	}
	if !d.Changed() {
		return d
	}
	for _, g := range m.GetGroupedOpCodes(n) {
		d.Hunks = append(d.Hunks, hunk(g, a, b))
	}
	return d
}

// hunk turns a group of opcodes into a hunk: unchanged and added lines
// are the new snapshot's, removed lines the old one's.
func hunk(g []difflib.OpCode, a, b []string) Hunk {
	first, last := g[0], g[len(g)-1]
	h := Hunk{OldStart: first.I1 + 1, OldLines: last.I2 - first.I1, NewStart: first.J1 + 1, NewLines: last.J2 - first.J1}
	if h.OldLines == 0 {
		h.OldStart--
	}
	if h.NewLines == 0 {
		h.NewStart--
	}
	for _, c := range g {
		if c.Tag == 'e' {
			for _, l := range b[c.J1:c.J2] {
				h.Lines = append(h.Lines, Line{Kind: Unchanged, Text: l})
			}
			continue
		}
		if c.Tag == 'r' || c.Tag == 'd' {
			for _, l := range a[c.I1:c.I2] {
				h.Lines = append(h.Lines, Line{Kind: Removed, Text: l})
			}
		}
		if c.Tag == 'r' || c.Tag == 'i' {
			for _, l := range b[c.J1:c.J2] {
				h.Lines = append(h.Lines, Line{Kind: Added, Text: l})
			}
		}
	}
	return h
}

// WithoutOrigin is a snapshot text whose header line (`# URL "Title"`)
// names the page by its path, query and fragment only, without the
// scheme, host and port: the same page served from two hosts (staging
// and production, a test server's random port) then reads the same.
// A text without that header is returned as it is.
func WithoutOrigin(snapshot string) string {
	head, rest, _ := strings.Cut(snapshot, "\n")
	u, title, ok := strings.Cut(strings.TrimPrefix(head, "# "), " ")
	if !strings.HasPrefix(head, "# ") {
		return snapshot
	}
	p, err := url.Parse(u)
	if err != nil || p.Host == "" {
		return snapshot
	}
	p.Scheme, p.Host, p.User = "", "", nil
	path := p.String()
	if !strings.HasPrefix(path, "/") {
		path = "/" + path
	}
	head = "# " + path
	if ok {
		head += " " + title
	}
	if !strings.Contains(snapshot, "\n") {
		return head
	}
	return head + "\n" + rest
}

// SameHeaders leaves out the header line (`# URL "Title"`) of both
// snapshot texts when only one has it: a snapshot the agent session or
// `smokeflow snapshot` printed has none (docs/targets.md "The header"),
// and a baseline a flow wrote has one, yet both read the same page.
func SameHeaders(a, b string) (string, string) {
	ha, hb := strings.HasPrefix(a, "# "), strings.HasPrefix(b, "# ")
	if ha == hb {
		return a, b
	}
	return withoutHeader(a), withoutHeader(b)
}

func withoutHeader(s string) string {
	if !strings.HasPrefix(s, "# ") {
		return s
	}
	_, rest, _ := strings.Cut(s, "\n")
	return rest
}

// splitLines splits a text into lines, without a last empty one.
func splitLines(s string) []string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}
