package locate

import (
	"encoding/json"
	"fmt"
	"net/http"
	neturl "net/url"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// RenderOptions choose how a snapshot is written.
type RenderOptions struct {
	// Full keeps every non-ignored node; the default keeps actionable
	// nodes and the context that names them.
	Full bool
	// Compact keeps what the default keeps, and the visible text next to
	// it (docs/targets.md "The snapshot", "Compact mode"). Full overrides
	// it.
	Compact bool
	// Scope renders only these subtrees (from --selector).
	Scope []*Node
	// Mask replaces secret values (nil: none).
	Mask func(string) string
	// NoHeader leaves out the header line when it would tell the reader
	// nothing new (docs/targets.md "The snapshot", "The header"): what a
	// reader reads again and again (the agent session's snapshot,
	// `smokeflow snapshot`) leaves it out, and files keep it. The header
	// stays for a page that came with an HTTP error status, and for a
	// page that is not at KnownURL.
	NoHeader bool
	// KnownURL is the URL the reader knows the page by: the one it
	// asked to open, or the one of the last snapshot it read. "" is none.
	KnownURL string
	// Idle makes a snapshot with nothing actionable say so and show the
	// page's text (docs/targets.md "The snapshot", "Nothing actionable
	// yet"). Only what a reader reads to act on sets it: `smokeflow
	// snapshot`, the agent session's snapshot, the snapshot step's
	// artifact and a failure's snapshot. A baseline, `smokeflow diff`, a
	// trace and explore's fingerprint keep the plain render.
	Idle bool
}

// NothingActionableNote ends the text of a snapshot in which nothing is
// actionable: a page still rendering, most often (docs/targets.md "The
// snapshot", "Nothing actionable yet").
const NothingActionableNote = "# note: nothing actionable yet: `wait`, or take the snapshot again"

// MaxIdleLines is how many lines of the page's text a default snapshot
// with nothing actionable shows.
const MaxIdleLines = 10

// compact reports the compact mode: Compact without Full.
func (o RenderOptions) compact() bool { return o.Compact && !o.Full }

// Render writes the snapshot as the text of docs/targets.md "The
// snapshot": the header line, then one line per kept node. With Idle, a
// snapshot with nothing actionable is never empty: it shows the page's
// text and says so (docs/targets.md "The snapshot", "Nothing actionable
// yet").
func (s *Snapshot) Render(o RenderOptions) string {
	var b strings.Builder
	if !o.NoHeader || s.Status >= 400 || !KnownURL(s.URL, o.KnownURL) {
		b.WriteString(s.Header())
	}
	if o.Scope == nil {
		for _, ov := range s.Overlays {
			b.WriteString(ov.String() + "\n")
		}
	}
	var lines []line
	s.walk(o, func(l line) { lines = append(lines, l) })
	actionable := slices.ContainsFunc(lines, func(l line) bool { return l.node != nil && l.node.Actionable() })
	more := 0
	if o.Idle && len(lines) == 0 && !o.Full && !o.compact() {
		// what the page shows instead, a few lines
		co := o
		co.Compact = true
		lines = lines[:0]
		s.walk(co, func(l line) { lines = append(lines, l) })
		if len(lines) > MaxIdleLines {
			lines, more = lines[:MaxIdleLines], len(lines)-MaxIdleLines
		}
	}
	for _, l := range lines {
		writeLine(&b, l)
	}
	if more > 0 {
		fmt.Fprintf(&b, "# … %d more line(s); a compact snapshot shows them all\n", more)
	}
	if o.Idle && !actionable {
		b.WriteString(NothingActionableNote + "\n")
	}
	out := b.String()
	if o.Mask != nil {
		out = o.Mask(out)
	}
	return out
}

// KnownURL reports whether a page at url is where a reader who knows
// the page by known thinks it is (docs/targets.md "The header"): the two
// equal once parsed, a path ending in "/" or "/index.html" being the one
// without them (a file server redirects one to the other). A fragment
// counts when
// known has one (on a page that routes by it, another fragment is another
// view); when known has none, a fragment the page added itself (a router
// that goes to "#/" on load) is no news.
func KnownURL(url, known string) bool {
	k := parseURL(known, false)
	return parseURL(url, !strings.Contains(known, "#")) == k
}

// parseURL is u as KnownURL compares it.
func parseURL(s string, dropFragment bool) string {
	u, err := neturl.Parse(s)
	if err != nil {
		return s
	}
	// the web's ways of naming one document: a folder's index.html and
	// a trailing slash (a file server redirects one to the other)
	if strings.HasSuffix(u.Path, "/index.html") {
		u.Path = strings.TrimSuffix(u.Path, "index.html")
	}
	u.Path = strings.TrimSuffix(u.Path, "/")
	if dropFragment {
		u.Fragment, u.RawFragment = "", ""
	}
	return u.String()
}

// Header is the first line of the text snapshot: `# URL "TITLE"`, and
// ` — HTTP 404 Not Found` when the main document came with an error
// status (docs/targets.md "The snapshot", "The header"). It is "" when
// the snapshot has neither URL nor title.
func (s *Snapshot) Header() string {
	var parts []string
	if s.URL != "" {
		parts = append(parts, cut(s.URL, MaxNameLen))
	}
	if s.Title != "" {
		parts = append(parts, quote(cut(s.Title, MaxNameLen)))
	}
	if st := s.StatusText(); st != "" {
		parts = append(parts, "— HTTP "+st)
	}
	if len(parts) == 0 {
		return ""
	}
	return "# " + strings.Join(parts, " ") + "\n"
}

// StatusText is the main document's error status as people write it,
// "404 Not Found"; "" below 400 or when not known.
func (s *Snapshot) StatusText() string {
	if s.Status < 400 {
		return ""
	}
	st := strconv.Itoa(s.Status)
	if t := http.StatusText(s.Status); t != "" {
		st += " " + t
	}
	return st
}

// line is one line of a snapshot: a kept node, or text (node nil).
type line struct {
	depth int
	node  *Node
	text  string
	// unnamed leaves the node's name out: the one line inside says it
	unnamed bool
}

// name is the name the line shows.
func (l line) name() string {
	if l.unnamed {
		return ""
	}
	return lineName(l.node)
}

// keeper decides which nodes get a line of their own, for one rendering
// (docs/targets.md "The snapshot", "Interactive mode"). Its answers are
// kept, since every node asks about what it holds.
type keeper struct {
	full bool
	// total counts the actionable nodes of the rendered part by role and
	// name: a context line is kept when it tells some apart.
	total map[lineKey]int
	memo  map[*Node]bool
	// roots are the rendered part; refs counts the actionable nodes
	// below a node (refsIn)
	roots []*Node
	refs  map[*Node]int
}

type lineKey struct{ role, name string }

func newKeeper(roots []*Node, full bool) *keeper {
	k := &keeper{full: full, total: map[lineKey]int{}, memo: map[*Node]bool{}, roots: roots, refs: map[*Node]int{}}
	for _, n := range roots {
		countActionable(n, k.total)
	}
	return k
}

// countActionable adds the actionable nodes of n's subtree to c.
func countActionable(n *Node, c map[lineKey]int) {
	if n.Actionable() {
		c[lineKey{n.Role, n.Name}]++
	}
	for _, ch := range n.Children {
		countActionable(ch, c)
	}
}

// keep decides whether a node gets its own line.
func (k *keeper) keep(n *Node) bool {
	if v, ok := k.memo[n]; ok {
		return v
	}
	v := k.decide(n)
	k.memo[n] = v
	return v
}

func (k *keeper) decide(n *Node) bool {
	if n.Actionable() {
		return true
	}
	if n.Ignored {
		return false
	}
	switch n.Role {
	case "RootWebArea", "InlineTextBox", "LineBreak", "ListMarker", "MenuListPopup":
		return false
	}
	if k.full {
		switch n.Role {
		case "generic", "none", "presentation", "LabelText":
			return n.Name != ""
		}
		return true
	}
	if n.Live && liveRoles[n.Role] {
		// a live region is kept when it says something
		return n.Role == "progressbar" || n.Name != "" || n.Text != "" || k.hasKept(n)
	}
	if n.Live && !k.hasKept(n) {
		// an aria-live element: a message, unless it wraps what is kept
		return n.Name != "" || n.Text != ""
	}
	if !contextRoles[n.Role] {
		return false
	}
	if alwaysKept[n.Role] {
		return true
	}
	if needsName[n.Role] && n.Name == "" {
		return false
	}
	if n.Role == "group" && !holdsChoice(n) {
		// a group of buttons (a toolbar's) says nothing its buttons do not,
		// but where it tells same-named ones apart
		return k.tellsApart(n)
	}
	if n.Role == "listitem" || n.Role == "row" {
		// an item is context only where it tells same-named elements
		// apart; unnamed, it says so only around two things or more
		return k.tellsApart(n) && (n.Name != "" || k.keptCount(n, 2) >= 2)
	}
	if landmarks[n.Role] || n.Role == "search" {
		// a landmark, named or not, says where an element is: worth a
		// line where that tells same-named elements apart, and a smaller
		// line around their twins does not already
		return k.tellsApart(n) && !k.yields(n)
	}
	if n.Name == "" && n.Role != "Iframe" {
		// an unnamed form, table or menu: the same, but it never yields
		return k.tellsApart(n)
	}
	return k.hasKept(n)
}

// yields reports a landmark whose twins outside it each have a kept line
// around them, below where they meet, that holds fewer refs than the
// landmark does: those lines tell the twins apart already, the twin in
// the landmark being the one with no line around it. Of a sidebar of 50
// links and a main part of 20 controls that both hold a "More options"
// button, main keeps its line and the sidebar has none. Refs, not kept
// lines, measure a line's size, so that each step looks only at lines
// smaller than the one it decides.
func (k *keeper) yields(n *Node) bool {
	size := k.refsIn(n)
	inside := map[lineKey]int{}
	countActionable(n, inside)
	bare := map[lineKey]bool{}
	k.bareActionable(n, bare)
	twins := map[lineKey]bool{}
	for rn := range bare {
		if k.total[rn] > inside[rn] {
			twins[rn] = true
		}
	}
	ok := true
	var walk func(m *Node)
	walk = func(m *Node) {
		if !ok || m == n {
			return
		}
		if m.Actionable() && twins[lineKey{m.Role, m.Name}] && !k.heldBySmaller(m, n, size) {
			ok = false
			return
		}
		for _, c := range m.Children {
			walk(c)
		}
	}
	for _, r := range k.roots {
		walk(r)
	}
	return ok
}

// heldBySmaller reports a kept line around m, below where m meets n,
// that holds fewer than size refs.
func (k *keeper) heldBySmaller(m, n *Node, size int) bool {
	for a := m.Parent; a != nil && !n.Within(a); a = a.Parent {
		if k.refsIn(a) < size && k.keep(a) {
			return true
		}
	}
	return false
}

// refsIn counts the actionable nodes below n.
func (k *keeper) refsIn(n *Node) int {
	if v, ok := k.refs[n]; ok {
		return v
	}
	c := 0
	for _, ch := range n.Children {
		if ch.Actionable() {
			c++
		}
		c += k.refsIn(ch)
	}
	k.refs[n] = c
	return c
}

// tellsApart reports whether n holds an actionable node whose role and
// name an actionable node outside n has too, and that no kept line
// inside n already sets apart: a banner around a named navigation that
// holds the other "Sign in" adds nothing.
func (k *keeper) tellsApart(n *Node) bool {
	inside := map[lineKey]int{}
	countActionable(n, inside)
	bare := map[lineKey]bool{}
	k.bareActionable(n, bare)
	for rn := range bare {
		if k.total[rn] > inside[rn] {
			return true
		}
	}
	return false
}

// bareActionable adds to b the actionable nodes below n that no kept
// node between them and n holds.
func (k *keeper) bareActionable(n *Node, b map[lineKey]bool) {
	for _, c := range n.Children {
		if c.Actionable() {
			b[lineKey{c.Role, c.Name}] = true
		}
		if !k.keep(c) {
			k.bareActionable(c, b)
		}
	}
}

// holdsChoice reports a checkbox, radio or switch in n: a group's name
// is then the question they answer ("Delivery": Standard, Express).
func holdsChoice(n *Node) bool {
	for _, c := range n.Children {
		switch {
		case c.Role == "checkbox", c.Role == "radio", c.Role == "switch", c.Role == "menuitemcheckbox", c.Role == "menuitemradio":
			return true
		case holdsChoice(c):
			return true
		}
	}
	return false
}

// echoed reports an iframe whose only kept node has its name (an
// editor's body, named by the iframe's title): the iframe's line need
// not say it twice.
func (k *keeper) echoed(n *Node) bool {
	if k.full || n.Role != "Iframe" || n.Name == "" || k.keptCount(n, 2) != 1 {
		return false
	}
	var only *Node
	var find func(m *Node)
	find = func(m *Node) {
		for _, c := range m.Children {
			if only != nil {
				return
			}
			if k.keep(c) {
				only = c
				return
			}
			find(c)
		}
	}
	find(n)
	return only != nil && only.Name == n.Name
}

// keptCount counts the nearest kept nodes below n, stopping at limit.
func (k *keeper) keptCount(n *Node, limit int) int {
	c := 0
	for _, ch := range n.Children {
		if c >= limit {
			break
		}
		if k.keep(ch) {
			c++
		} else {
			c += k.keptCount(ch, limit-c)
		}
	}
	return c
}

func (k *keeper) hasKept(n *Node) bool {
	for _, c := range n.Children {
		if k.keep(c) || k.hasKept(c) {
			return true
		}
	}
	return false
}

// lineName is the name a node's line shows: its name, or a live region's
// text.
func lineName(n *Node) string {
	if n.Name == "" && n.Live {
		return liveText(n)
	}
	return cut(n.Name, MaxNameLen)
}

// lineValue is the value a node's line shows after `: `: a field's value,
// the choice a clickable drawn for a hidden field shows (docs/targets.md
// "Labels, hosts and hidden native controls"), a progress bar's, or the
// text of a live region named by its author (docs/targets.md "The
// snapshot", "Live regions").
func lineValue(n *Node) string {
	switch {
	case valueRoles[n.Role], n.Clickable && n.Value != "":
		if n.Value != n.Name {
			return cut(n.Value, MaxNameLen)
		}
	case n.Role == "progressbar":
		return n.Value
	case n.Live && n.Name != "" && n.NameFrom != "":
		if t := liveText(n); t != n.Name {
			return t
		}
	}
	return ""
}

// liveText is a live region's text, cut to a name's length: a log keeps
// its end, where new entries go.
func liveText(n *Node) string {
	if n.Role == "log" {
		return cutHead(n.Text, MaxNameLen)
	}
	return cut(n.Text, MaxNameLen)
}

// maxOptions is how many options of a native <select> its line lists.
const maxOptions = 10

// selectOptions are the options a native <select> offers `select:`: its
// enabled options, in order (docs/targets.md "The snapshot", "Native
// selects"); nil for any other node.
func selectOptions(n *Node) []string {
	if n.Role != "combobox" {
		return nil
	}
	var opts []string
	var walk func(m *Node)
	walk = func(m *Node) {
		for _, c := range m.Children {
			if c.Role == "option" && !c.Ignored {
				if !c.Disabled && c.Name != "" {
					opts = append(opts, c.Name)
				}
				continue
			}
			walk(c)
		}
	}
	for _, c := range n.Children {
		if c.Role == "MenuListPopup" {
			walk(c)
		}
	}
	return opts
}

// optionList writes options as a line shows them: `(S, M, L, … 3 more)`.
func optionList(opts []string) string {
	shown := opts
	if len(shown) > maxOptions {
		shown = shown[:maxOptions]
	}
	parts := make([]string, len(shown), len(shown)+1)
	for i, o := range shown {
		parts[i] = cut(o, contextNameLen)
	}
	if more := len(opts) - len(shown); more > 0 {
		parts = append(parts, "… "+strconv.Itoa(more)+" more")
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func writeLine(b *strings.Builder, l line) {
	for i := 0; i < l.depth; i++ {
		b.WriteString("  ")
	}
	if l.node == nil {
		b.WriteString("- text ")
		b.WriteString(quote(cut(l.text, MaxNameLen)))
		b.WriteByte('\n')
		return
	}
	n := l.node
	b.WriteString("- ")
	b.WriteString(n.Role)
	if name := l.name(); name != "" {
		b.WriteString(" ")
		b.WriteString(quote(name))
	}
	if attrs := attributes(n); attrs != "" {
		b.WriteString(" [")
		b.WriteString(attrs)
		b.WriteString("]")
	}
	v := lineValue(n)
	if opts := selectOptions(n); len(opts) > 0 {
		v = strings.TrimSpace(v + " " + optionList(opts))
	}
	if v != "" {
		b.WriteString(": ")
		b.WriteString(v)
	}
	b.WriteByte('\n')
}

var valueRoles = map[string]bool{
	"textbox": true, "searchbox": true, "combobox": true, "spinbutton": true, "slider": true,
}

func attributes(n *Node) string {
	var a []string
	if n.Level > 0 && n.Role == "heading" {
		a = append(a, "level="+strconv.Itoa(n.Level))
	}
	switch checked := n.Checked; {
	case n.Role == "button":
		// a toggle button's state is said once, as pressed
	case checked == "true":
		a = append(a, "checked")
	case checked == "mixed":
		a = append(a, "checked=mixed")
	}
	if n.Expanded != "" {
		a = append(a, "expanded="+n.Expanded)
	}
	if n.Selected {
		a = append(a, "selected")
	}
	if n.Pressed {
		a = append(a, "pressed")
	}
	if n.Disabled {
		a = append(a, "disabled")
	}
	if n.Required {
		a = append(a, "required")
	}
	if n.ReadOnly {
		a = append(a, "readonly")
	}
	if n.Clickable {
		a = append(a, "clickable")
	}
	if n.Ref != "" {
		a = append(a, "ref="+n.Ref)
	}
	return strings.Join(a, ", ")
}

func quote(s string) string {
	s = strings.ReplaceAll(s, `\`, `\\`)
	return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"`
}

// cutHead cuts s to n runes from its end, with a leading ellipsis.
func cutHead(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return "…" + strings.TrimSpace(string(r[len(r)-n+1:]))
}

// hasAlnum reports text with a letter or a digit in it.
func hasAlnum(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

// JSONNode is one node of `smokeflow snapshot --json`.
type JSONNode struct {
	Ref        string      `json:"ref,omitempty"`
	Role       string      `json:"role"`
	Name       string      `json:"name,omitempty"`
	Value      string      `json:"value,omitempty"`
	Options    []string    `json:"options,omitempty"`
	Attributes []string    `json:"attributes,omitempty"`
	Frame      string      `json:"frame,omitempty"`
	BackendID  int         `json:"backend_node_id,omitempty"`
	Children   []*JSONNode `json:"children,omitempty"`
}

// JSON renders the lines the text has as a tree (docs/targets.md "The
// snapshot"): the page's url, title and status, and the nodes, always a
// list.
func (s *Snapshot) JSON(o RenderOptions) ([]byte, error) {
	mask := func(v string) string {
		if o.Mask != nil {
			return o.Mask(v)
		}
		return v
	}
	roots := []*JSONNode{}
	var stack []*JSONNode
	s.walk(o, func(l line) {
		j := &JSONNode{Role: "text", Name: mask(cut(l.text, MaxNameLen))}
		if n := l.node; n != nil {
			j = &JSONNode{Ref: n.Ref, Role: n.Role, Name: mask(l.name()), Value: mask(lineValue(n)),
				Frame: n.Frame, BackendID: int(n.Backend)}
			for _, opt := range selectOptions(n) {
				j.Options = append(j.Options, mask(opt))
			}
			if a := attributes(n); a != "" {
				for _, x := range strings.Split(a, ", ") {
					if !strings.HasPrefix(x, "ref=") {
						j.Attributes = append(j.Attributes, x)
					}
				}
			}
		}
		stack = stack[:min(l.depth, len(stack))]
		if len(stack) == 0 {
			roots = append(roots, j)
		} else {
			p := stack[len(stack)-1]
			p.Children = append(p.Children, j)
		}
		stack = append(stack, j)
	})
	return json.MarshalIndent(struct {
		URL    string      `json:"url"`
		Title  string      `json:"title"`
		Status int         `json:"status,omitempty"`
		Nodes  []*JSONNode `json:"nodes"`
	}{mask(s.URL), mask(s.Title), s.Status, roots}, "", "  ")
}
