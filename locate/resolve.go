package locate

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
)

// Result is one resolution of a target over one snapshot.
type Result struct {
	Node *Node // the chosen element; nil when Err is set
	// Matches are the elements of the deciding rung (the winning one, or
	// the last tried), in document order.
	Matches []*Node
	Rung    string
	Rungs   []diagnostics.RungCount
	// Phrase is the text that was looked for (for near misses).
	Phrase string
	Log    []string
	Err    error
	// Target is the target that was resolved (after interpolation), for
	// the suggestions of diagnostics.
	Target *flows.Target
	// Doc is the document the target named: the read's, or a ref's own
	// (a ref of a page the tab has left names that page). Its near misses
	// come from this document only (docs/targets.md "Failure
	// diagnostics").
	Doc string
	// refRole is the role a ref recorded (WantedRole).
	refRole string
	// takes says a match's role can take the step's action (nil: any
	// can): the last tie-break (docs/targets.md "Resolution", 4).
	takes func(*Node) bool
}

// Rungs of the ladder.
const (
	RungRef         = "ref"
	RungRole        = "role"
	RungLabel       = "label"
	RungPlaceholder = "placeholder"
	RungText        = "text"
	RungTestID      = "testid"
	RungCSS         = "css"
)

// CSSQuery returns the elements matching a CSS selector, as (session,
// backend id) pairs. Resolve calls it only for `css:` targets; package
// browser asks the page.
type CSSQuery func(ctx context.Context, selector string) (map[NodeKey]bool, error)

// NodeKey identifies an element across snapshots of one page: its CDP
// session ID and backend node id (the frame follows from them).
type NodeKey struct {
	Session string
	Backend int64
}

// Key of a node.
func (n *Node) Key() NodeKey { return NodeKey{n.Session, n.Backend} }

// Resolve finds the one element a target means in snap. refs is the ref
// table `@eN` refs are looked up in (may be nil): the one snap was
// numbered with.
func Resolve(ctx context.Context, snap *Snapshot, refs *RefTable, t *flows.Target, css CSSQuery) *Result {
	return ResolveFor(ctx, snap, refs, t, css, nil)
}

// ResolveFor is Resolve for a step whose action only elements of some
// roles take (takes: fill takes a field, check a box): among matches
// still tied after the other tie-breaks, the one takes lets take the
// action is chosen, when it is the only one (docs/targets.md
// "Resolution", 4, the last tie-break).
func ResolveFor(ctx context.Context, snap *Snapshot, refs *RefTable, t *flows.Target, css CSSQuery, takes func(*Node) bool) *Result {
	r := &Result{Target: t, Doc: snap.Document, takes: takes}
	cands, err := candidates(ctx, snap, refs, t, css, r)
	if err != nil {
		r.Err = err
		return r
	}
	if r.Node != nil || r.Err != nil {
		return r
	}
	r.Matches = cands
	choose(snap, t, r)
	if r.Node != nil && r.Err == nil {
		aimAtPart(t, r)
	}
	return r
}

// aimAtPart acts on the part of a clickable that a phrase names whole
// (docs/targets.md "Resolution", 4, "The part a phrase names"): when the
// match chosen on the role rung is a clickable made so by cursor,
// onclick or tabindex (not a real control) whose name holds the phrase
// only as a part (a grid's header row "Product Colour Price" for
// `Price`), and exactly one visible element inside it is named the
// phrase whole (the column header "Price"), that element is the one
// acted on: a click there reaches the clickable too, where a click at
// the clickable's middle lands on whatever part is there.
func aimAtPart(t *flows.Target, r *Result) {
	n := r.Node
	if r.Rung != RungRole || isMapTarget(t) || t.Ref != "" || isRegex(r.Phrase) ||
		!n.Clickable || interactiveRoles[n.Role] {
		return
	}
	phrase := lowerPhrase(r.Phrase)
	if phrase == "" || exactName(n, RungRole, phrase) {
		return
	}
	var parts []*Node
	var walk func(c *Node) bool
	walk = func(c *Node) bool { // the innermost parts named the phrase whole
		if c.Role == "StaticText" || c.Role == "Iframe" || !c.Visible || c.Box.Empty() {
			return false
		}
		inner := false
		for _, k := range c.Children {
			if walk(k) {
				inner = true
			}
		}
		if !inner && (strings.ToLower(c.Text) == phrase || exactName(c, RungRole, phrase)) {
			parts = append(parts, c)
			return true
		}
		return inner
	}
	for _, c := range n.Children {
		walk(c)
	}
	if len(parts) != 1 {
		return
	}
	r.Node = parts[0]
	r.Log = append(r.Log, fmt.Sprintf("%s %q has %q only as a part of its name; acting on that part, %s %q",
		n.Role, n.Name, r.Phrase, parts[0].Role, parts[0].Name))
}

// Count returns every match of a target (visible or not) on the first
// rung that matches anything, for expect count/visible/hidden, and the
// visible ones as a person sees them: nested matches as one, the list
// nth counts in (docs/targets.md "Resolution", 4).
func Count(ctx context.Context, snap *Snapshot, refs *RefTable, t *flows.Target, css CSSQuery) (all, visible []*Node, err error) {
	r := &Result{}
	cands, err := candidates(ctx, snap, refs, t, css, r)
	if err != nil {
		return nil, nil, err
	}
	if r.Node != nil {
		cands = []*Node{r.Node}
	}
	return cands, oneField(distinct(visibleOf(cands), r.Rung, r.Phrase), t), nil
}

// candidates returns the matches of the deciding rung. A ref that resolves
// directly sets r.Node instead.
func candidates(ctx context.Context, snap *Snapshot, refs *RefTable, t *flows.Target, css CSSQuery, r *Result) ([]*Node, error) {
	if t == nil {
		return nil, fmt.Errorf("no target")
	}
	scope, err := withinScope(ctx, snap, refs, t.Within, css)
	if err != nil {
		return nil, err
	}
	if t.Ref != "" {
		return resolveRef(ctx, snap, refs, t, css, scope, r)
	}
	if isMapTarget(t) {
		m, err := explicitMatches(ctx, snap, t, css, scope)
		if err != nil {
			return nil, err
		}
		rung := explicitRung(t)
		r.Rung = rung
		r.Phrase = firstNonEmpty(t.Name, t.Label, t.Placeholder, t.Text, t.TestID, t.CSS, t.Role)
		r.Rungs = append(r.Rungs, count(rung, r.Phrase, m))
		return m, nil
	}
	// A bare phrase (or /regex/) climbs the ladder.
	phrase := t.Phrase
	if phrase == "" {
		phrase = t.Name
	}
	var last []*Node
	for _, c := range phraseCandidates(phrase) {
		mt, err := newMatcher(c.text, t.Exact)
		if err != nil {
			return nil, err
		}
		if r.Phrase == "" {
			r.Phrase = c.text
		}
		for _, rung := range []string{RungRole, RungLabel, RungPlaceholder, RungText} {
			m := filter(ladderMatches(snap, rung, mt, c.roles), t, scope)
			r.Rungs = append(r.Rungs, count(rung, c.text, m))
			if len(m) > 0 && last == nil {
				last = m
				r.Rung = rung
				r.Phrase = c.text
			}
			if anyVisible(m) {
				r.Rung = rung
				r.Phrase = c.text
				return m, nil
			}
		}
	}
	return last, nil
}

func isMapTarget(t *flows.Target) bool {
	// {name: X} alone (and a /regex/ string) climbs the ladder like a phrase.
	return t.Role != "" || t.Label != "" || t.Placeholder != "" || t.Text != "" || t.TestID != "" || t.CSS != ""
}

func explicitRung(t *flows.Target) string {
	switch {
	case t.Role != "":
		return RungRole
	case t.Label != "":
		return RungLabel
	case t.Placeholder != "":
		return RungPlaceholder
	case t.Text != "":
		return RungText
	case t.TestID != "":
		return RungTestID
	}
	return RungCSS
}

func count(rung, phrase string, m []*Node) diagnostics.RungCount {
	rc := diagnostics.RungCount{Rung: rung, Phrase: phrase, Matches: len(m)}
	for _, n := range m {
		if n.Visible {
			rc.Visible++
		}
	}
	return rc
}

func anyVisible(m []*Node) bool {
	for _, n := range m {
		if n.Visible {
			return true
		}
	}
	return false
}

// explicitMatches intersects every key a map target gives.
func explicitMatches(ctx context.Context, snap *Snapshot, t *flows.Target, css CSSQuery, scope []*Node) ([]*Node, error) {
	var nameM, labelM, phM, textM *matcher
	var err error
	mk := func(s string) *matcher {
		if s == "" || err != nil {
			return nil
		}
		m, e := newMatcher(s, t.Exact)
		if e != nil {
			err = e
			return nil
		}
		return m
	}
	nameM, labelM, phM, textM = mk(t.Name), mk(t.Label), mk(t.Placeholder), mk(t.Text)
	if err != nil {
		return nil, err
	}
	var cssSet map[NodeKey]bool
	if t.CSS != "" {
		if css == nil {
			return nil, fmt.Errorf("css targets are not available here")
		}
		cssSet, err = css(ctx, t.CSS)
		switch {
		case errors.Is(err, ErrBadCSS):
			// waiting cannot make it parse (Playwright fails such a
			// selector at once)
			return nil, &ResolveError{Why: diagnostics.ReasonNotFound, Final: true, Cause: err,
				Msg: fmt.Sprintf("bad css selector %q: %v", t.CSS, err)}
		case err != nil:
			return nil, fmt.Errorf("css %q: %w", t.CSS, err) // no read of the page
		}
	}
	role := strings.ToLower(t.Role)
	var textSet map[*Node]bool
	if textM != nil {
		textSet = map[*Node]bool{}
		for _, n := range ladderMatches(snap, RungText, textM, nil) {
			textSet[n] = true
		}
	}
	var out []*Node
	for _, n := range snap.All {
		if n.Role == "RootWebArea" || n.Role == "StaticText" {
			continue
		}
		if role != "" && (strings.ToLower(n.Role) != role || n.Ignored && !n.Clickable || n.replaced) {
			continue // a replaced control is no candidate: its label or widget is (fold.go)
		}
		if nameM != nil && !nameM.match(n.Name) {
			continue
		}
		if labelM != nil && !(isLabelled(n) && labelM.match(n.Name)) {
			continue
		}
		if phM != nil && !phM.match(n.Placeholder) {
			continue
		}
		if textSet != nil && !textSet[n] {
			continue
		}
		if t.TestID != "" && n.TestID != t.TestID {
			continue
		}
		if cssSet != nil && !cssSet[n.Key()] {
			continue
		}
		if role == "" && nameM != nil && !n.Actionable() {
			continue
		}
		out = append(out, n)
	}
	return filter(out, t, scope), nil
}

func isLabelled(n *Node) bool {
	if n.into != nil {
		return false // its label names the control it holds
	}
	switch n.NameFrom {
	case "label", "labelledby", "aria-label":
		return true
	case "legend":
		// a fieldset its legend names is labelled when it is one field
		// (docs/targets.md "Fields of segments"): the legend's text is
		// the field's label, as a <label> is an input's
		return n.Segments() != nil
	}
	return false
}

// ladderMatches is one rung for a phrase.
func ladderMatches(snap *Snapshot, rung string, m *matcher, roles []string) []*Node {
	var out []*Node
	switch rung {
	case RungRole:
		for _, n := range snap.All {
			if !n.Actionable() || !m.matchNamed(n) {
				continue
			}
			if len(roles) > 0 && !contains(roles, n.Role) {
				continue
			}
			out = append(out, n)
		}
	case RungLabel:
		for _, n := range snap.All {
			if !n.Ignored && isLabelled(n) && m.matchNamed(n) && (len(roles) == 0 || contains(roles, n.Role)) {
				out = append(out, n)
			}
		}
	case RungPlaceholder:
		for _, n := range snap.All {
			if n.Placeholder != "" && m.match(n.Placeholder) {
				out = append(out, n)
			}
		}
	case RungText:
		// The smallest elements whose rendered text matches.
		var walk func(n *Node) bool
		walk = func(n *Node) bool {
			if n.Role == "StaticText" || editableRoles[n.Role] {
				return false
			}
			inner := false
			for _, c := range n.Children {
				if walk(c) {
					inner = true
				}
			}
			if inner {
				return true
			}
			if n.Text != "" && m.match(n.Text) && n.Role != "RootWebArea" && n.Role != "Iframe" && !boxless(n) {
				out = append(out, n)
				return true
			}
			return false
		}
		walk(snap.Root)
		sort.SliceStable(out, func(i, j int) bool { return out[i].order < out[j].order })
	}
	return out
}

// boxless says n is laid out as no box of its own around what it holds,
// which is drawn: a <slot>, an element of `display: contents`. Its text is that of
// the element around it (Clarity's alert slots its message into a
// `role=status` span; the slot matched the text, and had no box to be
// seen), so the text rung passes over it (docs/targets.md "Resolution",
// 3).
func boxless(n *Node) bool {
	if !n.unboxed {
		return false // a box of no size (a collapsed button) is a box
	}
	for _, c := range n.Children {
		if c.Visible {
			return true
		}
	}
	return false
}

// filter applies has_text and within.
func filter(m []*Node, t *flows.Target, scope []*Node) []*Node {
	if t.HasText == "" && scope == nil {
		return m
	}
	ht := strings.ToLower(Normalize(t.HasText))
	var out []*Node
	for _, n := range m {
		if ht != "" && !strings.Contains(strings.ToLower(n.Text+" "+n.Name), ht) {
			continue
		}
		if scope != nil {
			in := false
			for _, s := range scope {
				if n != s && n.Within(s) {
					in = true
					break
				}
			}
			if !in {
				continue
			}
		}
		out = append(out, n)
	}
	return out
}

// withinScope resolves `within` to its visible matches (nil: no scope).
// A container with no visible match fails as the container's own error,
// whatever the target inside (docs/targets.md "Resolution", 5).
func withinScope(ctx context.Context, snap *Snapshot, refs *RefTable, w *flows.Target, css CSSQuery) ([]*Node, error) {
	if w == nil {
		return nil, nil
	}
	r := &Result{}
	m, err := candidates(ctx, snap, refs, w, css, r)
	if err != nil {
		return nil, err
	}
	if r.Node != nil {
		return []*Node{r.Node}, nil
	}
	var vis []*Node
	for _, n := range m {
		if n.Visible {
			vis = append(vis, n)
		}
	}
	if len(vis) == 0 {
		ce := &ContainerError{Container: w, Hidden: len(m), Doc: snap.Document}
		if w.CSS == "" && w.TestID == "" && !isRegex(r.Phrase) {
			ce.Phrase = r.Phrase
		}
		return nil, ce
	}
	return vis, nil
}

// choose applies docs/targets.md "Resolution", 4, to r.Matches: visible
// only; nested matches are one; nth; exact name beats substring; main
// beats nav, header and footer; in viewport. Still tied: ambiguous.
func choose(snap *Snapshot, t *flows.Target, r *Result) {
	vis := visibleOf(r.Matches)
	switch {
	case len(r.Matches) == 0:
		r.Err = &ResolveError{Why: diagnostics.ReasonNotFound, Msg: "no element matches " + describe(t)}
		return
	case len(vis) == 0:
		r.Err = &ResolveError{Why: diagnostics.ReasonHidden,
			Msg: fmt.Sprintf("%d element(s) match %s but none is visible", len(r.Matches), describe(t))}
		return
	}
	seen := oneField(distinct(vis, r.Rung, r.Phrase), t)
	if t.Nth != nil {
		i := *t.Nth
		if i < 0 || i >= len(seen) {
			r.Err = &ResolveError{Why: diagnostics.ReasonNotFound,
				Msg: fmt.Sprintf("nth: %d, but %s has %d visible match(es)", *t.Nth, describe(t), len(seen))}
			return
		}
		r.Node = seen[i]
		return
	}
	if len(seen) == 1 {
		r.Node = seen[0]
		if len(vis) > 1 {
			r.Log = append(r.Log, fmt.Sprintf("%d visible matches; chose %s %q, the control nested in the others", len(vis), r.Node.Role, r.Node.Name))
		}
		return
	}
	best, top, scores := rank(snap, r, seen)
	if len(top) == 1 {
		r.Node = top[0]
		r.Log = append(r.Log, fmt.Sprintf("%d visible matches; chose %s %q by %s", len(vis), top[0].Role, top[0].Name, rankReason(best, scores)))
		return
	}
	if f := taking(top, r.takes); len(f) == 1 {
		r.Node = f[0]
		r.Log = append(r.Log, fmt.Sprintf("%d visible matches; chose %s %q, the only one of the %d still tied that takes the step's action",
			len(vis), r.Node.Role, r.Node.Name, len(top)))
		return
	}
	if c := namerOf(top); c != nil {
		r.Node = c
		r.Log = append(r.Log, fmt.Sprintf("%d visible matches; chose %s %q, the control the others are named after (aria-labelledby)",
			len(vis), c.Role, c.Name))
		return
	}
	r.Matches = top
	r.Err = &ResolveError{Why: diagnostics.ReasonAmbiguous,
		Msg: fmt.Sprintf("%d elements match %s equally", len(top), describe(t))}
}

// namerOf is the one real control among tied matches when every other
// is what such a control opens or shows, named after it through
// aria-labelledby and named as it is (docs/targets.md "Resolution", 4,
// tie-break 5): the WAI-ARIA tabs pattern's panel, focusable and
// labelled by its tab; a menu button's menu. Nil otherwise.
func namerOf(tied []*Node) *Node {
	var ctl *Node
	for _, n := range tied {
		if realControl(n) && n.NameFrom != "labelledby" {
			if ctl != nil {
				return nil
			}
			ctl = n
		}
	}
	if ctl == nil {
		return nil
	}
	for _, n := range tied {
		if n != ctl && !(namedAfter[n.Role] && n.NameFrom == "labelledby" && sameName(n.Name, ctl.Name)) {
			return nil
		}
	}
	return ctl
}

// namedAfter are the roles of what a control opens or shows, which the
// page may name after the control (namerOf).
var namedAfter = map[string]bool{
	"tabpanel": true, "menu": true, "listbox": true, "dialog": true, "alertdialog": true,
	"region": true, "tree": true, "grid": true, "group": true,
}

// taking is the matches takes lets take the step's action: none when
// takes is nil.
func taking(seen []*Node, takes func(*Node) bool) []*Node {
	if takes == nil {
		return nil
	}
	var out []*Node
	for _, n := range seen {
		if takes(n) {
			out = append(out, n)
		}
	}
	return out
}

// rank applies the tie-breaks of docs/targets.md "Resolution", 4, to the
// matches a person sees: it returns the best score, the matches that have
// it, and every match's score.
func rank(snap *Snapshot, r *Result, seen []*Node) (score, []*Node, []score) {
	phrase := lowerPhrase(r.Phrase)
	var best score
	var top []*Node
	scores := make([]score, 0, len(seen))
	for _, n := range seen {
		s := score{region: regionScore(n.Region)}
		if exactName(n, r.Rung, phrase) {
			s.exact = 1
		}
		if inViewport(snap, n) {
			s.view = 1
		}
		scores = append(scores, s)
		switch s.cmp(best) {
		case 1:
			best = s
			top = []*Node{n}
		case 0:
			top = append(top, n)
		}
	}
	return best, top, scores
}

func visibleOf(m []*Node) []*Node {
	var vis []*Node
	for _, n := range m {
		if n.Visible {
			vis = append(vis, n)
		}
	}
	return vis
}

// lowerPhrase is the phrase as exactName compares it.
func lowerPhrase(p string) string { return strings.ToLower(Normalize(p)) }

// exactName reports whether n's name on the rung (its text on the text
// rung, its placeholder on the placeholder rung) is the phrase, whole
// (phrase as lowerPhrase gives it), its glyphs aside: `Country ▾`,
// `Next ›` (shownWords; docs/targets.md "Resolution", 4).
func exactName(n *Node, rung, phrase string) bool {
	name := n.Name
	if rung == RungText {
		name = n.Text
	} else if rung == RungPlaceholder {
		name = n.Placeholder
	} else if n.labelAlso != "" && strings.ToLower(n.labelAlso) == phrase {
		return phrase != "" // its <label>'s text names it too (matchNamed)
	}
	if phrase == "" {
		return false
	}
	name = strings.ToLower(name)
	return name == phrase || shownWords(name) == phrase && !wordless(phrase)
}

// distinct is the visible matches vis as a person sees them, in document
// order (docs/targets.md "Resolution", 4, "Nested matches"): a match that
// holds a real control (an interactive role, not a clickable made so by
// cursor, onclick or tabindex; innerControl) which is a match too yields to it, unless
// its own name is the phrase whole and the control's is not. What is left
// is the innermost control of each nest.
func distinct(vis []*Node, rung, phrase string) []*Node {
	if len(vis) < 2 {
		return vis
	}
	in := make(map[*Node]bool, len(vis))
	for _, n := range vis {
		in[n] = true
	}
	phrase = lowerPhrase(phrase)
	var yields map[*Node]bool
	for _, c := range vis {
		if !innerControl(c) {
			continue
		}
		cExact := exactName(c, rung, phrase)
		for a := c.Parent; a != nil; a = a.Parent {
			if !in[a] || !a.Actionable() || yields[a] || !cExact && exactName(a, rung, phrase) {
				continue
			}
			if yields == nil {
				yields = map[*Node]bool{}
			}
			yields[a] = true
		}
	}
	if yields == nil {
		return vis
	}
	out := make([]*Node, 0, len(vis)-len(yields))
	for _, n := range vis {
		if !yields[n] {
			out = append(out, n)
		}
	}
	return out
}

// innerControl reports a match that a match around it yields to
// (distinct): a real control, or a cell of a grid that the page made
// clickable, which ARIA counts among its widgets (react-day-picker's days,
// focusable gridcells in a focusable wrapper).
func innerControl(c *Node) bool {
	return c.Actionable() && (interactiveRoles[c.Role] || c.Clickable && gridCells[c.Role])
}

// gridCells are the roles of a grid's cells.
var gridCells = map[string]bool{"gridcell": true, "columnheader": true, "rowheader": true}

// score is a match's standing in the tie-breaks of docs/targets.md
// "Resolution", 4, in their order: its name is the phrase whole, its
// landmark (main 2, none 1, navigation, banner or contentinfo 0), it is
// in the viewport.
type score struct{ exact, region, view int }

func (s score) fields() [3]int { return [3]int{s.exact, s.region, s.view} }

// cmp compares two scores tie-break by tie-break: 1 when s is better.
func (s score) cmp(o score) int {
	a, b := s.fields(), o.fields()
	for i := range a {
		if a[i] != b[i] {
			if a[i] > b[i] {
				return 1
			}
			return -1
		}
	}
	return 0
}

// rankReason names the tie-breaks that told the chosen match (its score
// best) from the others: for each other, the first that differs. A
// landmark is named "being in main" when the chosen one is, else "not
// being in navigation, banner or contentinfo".
func rankReason(best score, scores []score) string {
	var decided [3]bool
	b := best.fields()
	for _, s := range scores {
		f := s.fields()
		for i := range f {
			if f[i] != b[i] {
				decided[i] = true
				break
			}
		}
	}
	var parts []string
	if decided[0] {
		parts = append(parts, "exact name")
	}
	if decided[1] && best.region == 2 {
		parts = append(parts, "being in main")
	} else if decided[1] {
		parts = append(parts, "not being in navigation, banner or contentinfo")
	}
	if decided[2] {
		parts = append(parts, "being in view")
	}
	if len(parts) == 0 {
		return "rank"
	}
	return strings.Join(parts, ", ")
}

func regionScore(region string) int {
	switch region {
	case "main":
		return 2
	case "navigation", "banner", "contentinfo":
		return 0
	}
	return 1
}

func inViewport(snap *Snapshot, n *Node) bool {
	if snap.Viewport.Empty() {
		return true
	}
	b := n.Box
	return b.X+b.W > 0 && b.Y+b.H > 0 && b.X < snap.Viewport.W && b.Y < snap.Viewport.H
}

// resolveRef looks a ref up in the ref table of the page, and finds its
// element in snap (docs/targets.md "Resolution", 1): the same element if
// it is still there with the role and name recorded, else a re-rendered
// copy by role+name+nth, else by the ladder. An element that lived
// alongside the ref's is another element, never taken for it.
func resolveRef(ctx context.Context, snap *Snapshot, refs *RefTable, t *flows.Target, css CSSQuery, scope []*Node, r *Result) ([]*Node, error) {
	ref := strings.TrimPrefix(t.Ref, "@")
	r.Rung = RungRef
	rec, ok := refs.lookup(ref, snap.Document)
	switch {
	case refs == nil:
		return nil, &ResolveError{Why: diagnostics.ReasonNotFound,
			Msg: fmt.Sprintf("@%s: no snapshot was taken yet; add a `snapshot` step first, or target by role and name", ref)}
	case !ok:
		// numbered by a read, maybe, but never handed to the caller: what
		// it names now is nothing the caller saw, and waiting cannot change
		// that
		return nil, &ResolveError{Why: diagnostics.ReasonNotFound, Final: true,
			Msg: fmt.Sprintf("@%s was not in any snapshot of this page (take a snapshot)", ref)}
	}
	entry := rec.node
	r.Phrase, r.refRole, r.Doc = entry.Name, entry.Role, rec.doc
	if err := refContradicts(ref, entry, t); err != nil {
		return nil, err
	}
	if n := snap.FindBackend(entry.Session, entry.Backend); n != nil && rec.doc == snap.Document &&
		n.Role == entry.Role && n.Name == entry.Name {
		r.Rungs = append(r.Rungs, count(RungRef, "@"+ref, []*Node{n}))
		r.Node = n
		r.Matches = []*Node{n}
		return nil, nil
	}
	if rec.doc != snap.Document {
		// a document the tab has left may live on in the back/forward
		// cache, its elements still answering; a page the tab went to is
		// another page: its look-alikes are other elements
		r.Rungs = append(r.Rungs, count(RungRef, "@"+ref, nil))
		return nil, &ResolveError{Why: diagnostics.ReasonMismatch, Final: true,
			Msg: fmt.Sprintf("@%s (%s %q) was on a page the tab has left (it is now at %s): the page changed; take a new snapshot", ref, entry.Role, entry.Name, snap.URL)}
	}
	r.Rungs = append(r.Rungs, count(RungRef, "@"+ref, nil))
	if done, err := refindCopy(snap, rec, r); done || err != nil {
		if err == nil {
			refs.RecordNodes(snap, r.Node) // the step's log hands its ref: "(now @e9)"
		}
		return nil, err
	}
	if entry.Name == "" {
		return nil, &ResolveError{Why: diagnostics.ReasonNotFound,
			Msg: fmt.Sprintf("@%s (%s) is gone from the page: the page changed since the snapshot", ref, entry.Role)}
	}
	// Then by the ladder, with the recorded role.
	lt := &flows.Target{Role: entry.Role, Name: entry.Name, Within: t.Within, HasText: t.HasText, Nth: t.Nth, Exact: true}
	found, err := explicitMatches(ctx, snap, lt, css, scope)
	if err != nil {
		return nil, err
	}
	var m []*Node
	for _, n := range found {
		if !rec.alongside(snap, n) {
			m = append(m, n)
		}
	}
	r.Rungs = append(r.Rungs, count(RungRole, entry.Name, m))
	if len(m) == 0 {
		why := fmt.Sprintf("no other %s named %q is left", entry.Role, entry.Name)
		if len(found) > 0 {
			why = fmt.Sprintf("the %s named %q left are other elements (%s)", entry.Role, entry.Name, refList(found))
		}
		return nil, &ResolveError{Why: diagnostics.ReasonMismatch,
			Msg: fmt.Sprintf("@%s (%s %q) is gone from the page: the page changed since the snapshot, and %s", ref, entry.Role, entry.Name, why)}
	}
	r.Log = append(r.Log, fmt.Sprintf("@%s was stale; found %s %q again by the ladder", ref, entry.Role, entry.Name))
	r.Rung = RungRole
	return m, nil
}

// refindCopy finds a re-rendered copy of a stale ref's element by role,
// name and nth (docs/targets.md "Resolution", 1), only where that cannot
// pick another element: the only one of its role and name then and now;
// or as many of them as when the ref was recorded, the one at its nth
// standing where the ref's stood; never one that lived alongside it.
// When there are copies but none is certain, it fails as mismatch. done
// is false when no element but those that lived alongside it has the
// ref's role and name now: the ladder is next, which never takes those
// either.
func refindCopy(snap *Snapshot, rec refRecord, r *Result) (done bool, err error) {
	entry := rec.node
	var same []*Node
	for _, n := range snap.All {
		if n.Actionable() && roleName(n) == roleName(entry) && !rec.alongside(snap, n) {
			same = append(same, n)
		}
	}
	switch {
	case rec.peers == 1 && len(same) == 1:
		r.Node, r.Matches = same[0], same
		r.Log = append(r.Log, fmt.Sprintf("@%s was stale; found %s %q again by role and name%s", entry.Ref, entry.Role, entry.Name, nowRef(r.Node)))
		return true, nil
	case len(same) == rec.peers && entry.Nth < len(same) && placeOf(same[entry.Nth]) == rec.place:
		r.Node, r.Matches = same[entry.Nth], same
		r.Log = append(r.Log, fmt.Sprintf("@%s was stale; found %s %q again by role, name and nth%s", entry.Ref, entry.Role, entry.Name, nowRef(r.Node)))
		return true, nil
	case len(same) > 0:
		return true, &ResolveError{Why: diagnostics.ReasonMismatch,
			Msg: fmt.Sprintf("@%s (%s %q) was replaced, and the page changed around it (%d %s named %q then, %d now): which one it was cannot be told: the page changed since the snapshot; take a new snapshot",
				entry.Ref, entry.Role, entry.Name, rec.peers, entry.Role, entry.Name, len(same))}
	}
	return false, nil
}

// refContradicts says when the step's own role or name disagree with
// what the ref recorded: then nothing is acted on.
func refContradicts(ref string, entry *Node, t *flows.Target) error {
	if t.Role != "" && !strings.EqualFold(t.Role, entry.Role) {
		return &ResolveError{Why: diagnostics.ReasonMismatch,
			Msg: fmt.Sprintf("@%s is %s %q in the snapshot, not a %s", ref, entry.Role, entry.Name, t.Role)}
	}
	if t.Name != "" {
		m, err := newMatcher(t.Name, t.Exact)
		if err != nil {
			return err
		}
		if !m.match(entry.Name) {
			return &ResolveError{Why: diagnostics.ReasonMismatch,
				Msg: fmt.Sprintf("@%s is %s %q in the snapshot, not named %q", ref, entry.Role, entry.Name, t.Name)}
		}
	}
	return nil
}

// nowRef says the ref a re-found element goes by now.
func nowRef(n *Node) string {
	if n.Ref == "" {
		return ""
	}
	return " (now @" + n.Ref + ")"
}

// refList names nodes by their refs: "@e2, @e5".
func refList(nodes []*Node) string {
	var refs []string
	for _, n := range nodes {
		if n.Ref != "" {
			refs = append(refs, "@"+n.Ref)
		}
	}
	if len(refs) == 0 {
		return "without refs"
	}
	return strings.Join(refs, ", ")
}

func describe(t *flows.Target) string { return t.String() }

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// matcher matches names: case-insensitive substring on whitespace-
// normalised text that starts at a word boundary, whole-string with exact,
// or a /regex/ (docs/targets.md "Resolution", 3: Matching).
type matcher struct {
	want  string
	exact bool
	re    *regexp.Regexp
}

func isRegex(s string) bool {
	return len(s) >= 2 && s[0] == '/' && strings.LastIndexByte(s, '/') > 0
}

func newMatcher(s string, exact bool) (*matcher, error) {
	if isRegex(s) {
		end := strings.LastIndexByte(s, '/')
		flags := s[end+1:]
		if strings.Trim(flags, "ims") == "" {
			expr := s[1:end]
			if flags != "" {
				expr = "(?" + flags + ")" + expr
			}
			re, err := regexp.Compile(expr)
			if err != nil {
				return nil, fmt.Errorf("bad regex %s: %w", s, err)
			}
			return &matcher{re: re}, nil
		}
	}
	return &matcher{want: strings.ToLower(Normalize(s)), exact: exact}, nil
}

// matchNamed matches n by its name, or by the text of the <label> tied
// to it when its aria-label or aria-labelledby wins over that label for
// its name (Node.labelAlso; docs/targets.md "Resolution", 2).
func (m *matcher) matchNamed(n *Node) bool {
	return m.match(n.Name) || n.labelAlso != "" && m.match(n.labelAlso)
}

func (m *matcher) match(s string) bool {
	if m.re != nil {
		return m.re.MatchString(s)
	}
	if s == "" {
		return false
	}
	s = strings.ToLower(Normalize(s))
	if m.exact {
		return s == m.want
	}
	return containsAtWord(s, m.want)
}

// containsAtWord reports whether want occurs in s starting at a word
// boundary: "age" is in "Age group" and "the age" but not in "page"; and
// a want that ends in a digit ends a number: "20" is in "June 20th" but
// not in "2025", "Room 1" not in "Room 12" (docs/targets.md "Resolution",
// 3: Matching).
func containsAtWord(s, want string) bool {
	endsNumber := unicode.IsDigit(lastRune(want))
	for from := 0; from <= len(s); {
		i := strings.Index(s[from:], want)
		if i < 0 {
			return false
		}
		i += from
		starts := i == 0 || !wordRune(lastRune(s[:i])) || !wordRune(firstRune(want))
		if starts && !(endsNumber && unicode.IsDigit(firstRune(s[i+len(want):]))) {
			return true
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		from = i + size
	}
	return false
}

func wordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

// phrase candidates: a described quote first, then the whole phrase, then
// the phrase without role words, which give a role hint (docs/targets.md
// "Resolution", 3).
type phraseCand struct {
	text  string
	roles []string
}

var quotedRe = regexp.MustCompile(`"([^"]+)"|“([^”]+)”`)

var roleHints = []struct {
	words []string
	roles []string
}{
	{[]string{"menu item", "menuitem"}, []string{"menuitem", "menuitemcheckbox", "menuitemradio"}},
	{[]string{"radio button", "radio"}, []string{"radio"}},
	{[]string{"check box", "checkbox"}, []string{"checkbox"}},
	{[]string{"text box", "textbox", "text field", "field", "input", "box"}, []string{"textbox", "searchbox", "combobox", "spinbutton"}},
	{[]string{"combo box", "combobox", "dropdown", "drop-down", "select"}, []string{"combobox", "listbox"}},
	{[]string{"button"}, []string{"button"}},
	{[]string{"link"}, []string{"link"}},
	{[]string{"tab"}, []string{"tab"}},
	{[]string{"switch", "toggle"}, []string{"switch"}},
	{[]string{"option"}, []string{"option"}},
	{[]string{"slider"}, []string{"slider"}},
}

var fillerWords = map[string]bool{"the": true, "a": true, "an": true, "labeled": true, "labelled": true, "named": true, "called": true, "with": true, "text": true}

func phraseCandidates(p string) []phraseCand {
	if isRegex(p) {
		return []phraseCand{{text: p}}
	}
	var out []phraseCand
	roles, stripped := roleHint(p)
	if q, qroles, ok := describedQuote(p); ok {
		out = append(out, phraseCand{text: q, roles: qroles})
	}
	out = append(out, phraseCand{text: p})
	// Quotes that are not a described quote are part of the text, and so
	// are the role words between them.
	if len(out) == 1 && !quotedRe.MatchString(p) && roles != nil && stripped != "" && !strings.EqualFold(stripped, p) {
		out = append(out, phraseCand{text: stripped, roles: roles})
	}
	return out
}

// stepVerbs are the verbs a phrase may open with before a quoted name,
// the step's own words (`click the button labeled "Place order"`): they
// count as filler there (docs/targets.md "Resolution", 3). Only a
// leading verb is dropped, so that `check the check box "Agree"` keeps
// its role word, and `select "Express"` is no hint for a combobox.
var stepVerbs = []string{"go to", "click", "press", "tap", "choose", "select", "check", "fill", "type", "open"}

// withoutVerb is s without the step verb it opens with, if any.
func withoutVerb(s string) string {
	t := strings.TrimLeft(s, " ")
	for _, v := range stepVerbs {
		if len(t) >= len(v) && strings.EqualFold(t[:len(v)], v) && (len(t) == len(v) || t[len(v)] == ' ') {
			return t[len(v):]
		}
	}
	return s
}

// describedQuote returns the quoted part of a phrase that is one quoted
// part described by words around it (`the button labeled "Place order"`),
// and the roles those words name: exactly one quoted part, and every word
// outside it a role word or a filler word, after a leading step verb.
// Anything else (`"name": "Nobody"`, `Say "hi" to Ada`) is matched whole,
// so a check never passes on part of what was written (docs/targets.md
// "Resolution", 3).
func describedQuote(p string) (string, []string, bool) {
	ms := quotedRe.FindAllStringSubmatchIndex(p, -1)
	if len(ms) != 1 {
		return "", nil, false
	}
	m := ms[0]
	q := ""
	if m[2] >= 0 {
		q = p[m[2]:m[3]]
	} else {
		q = p[m[4]:m[5]]
	}
	rest := withoutVerb(Normalize(p[:m[0]])) + " " + p[m[1]:]
	if roles, stripped := roleHint(rest); roles != nil {
		return q, roles, stripped == ""
	}
	for _, w := range strings.Fields(strings.ToLower(Normalize(rest))) {
		if !fillerWords[w] {
			return "", nil, false
		}
	}
	return q, nil, true
}

// roleHint finds a role word in the phrase and returns the roles and the
// phrase without role and filler words.
func roleHint(p string) ([]string, string) {
	lower := " " + strings.ToLower(Normalize(p)) + " "
	var roles []string
	for _, h := range roleHints {
		for _, w := range h.words {
			if i := strings.Index(lower, " "+w+" "); i >= 0 {
				roles = h.roles
				lower = lower[:i] + " " + lower[i+len(w)+1:]
				break
			}
		}
		if roles != nil {
			break
		}
	}
	if roles == nil {
		return nil, ""
	}
	var words []string
	for _, w := range strings.Fields(lower) {
		if !fillerWords[w] {
			words = append(words, w)
		}
	}
	return roles, strings.Join(words, " ")
}
