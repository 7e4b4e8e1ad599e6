package locate

import (
	"context"
	"fmt"
	"strings"

	"github.com/smokeflow/smokeflow/flows"
)

// Suggestion is a target that resolves over a snapshot to exactly one
// element, Node.
type Suggestion struct {
	Node *Node
	// Target is the target as read back from YAML: what was checked.
	Target *flows.Target
	// YAML is the target as a flow file writes it.
	YAML string
}

// Suggester finds, for an element of a snapshot, the simplest target that
// resolves over that snapshot to it and to nothing else, checking each
// guess with Resolve in the form it will be shown in (docs/targets.md
// "Failure diagnostics"). A guess that picks another element, several,
// or none is never offered.
type Suggester struct {
	Ctx  context.Context
	Snap *Snapshot // the snapshot the elements are from
	Refs *RefTable // the ref table `@eN` refs are looked up in (may be nil)
	CSS  CSSQuery

	// cssSeen keeps the answer of CSS per selector: every guess of a
	// css: target asks the same question of the same page.
	cssSeen map[string]map[NodeKey]bool
}

// css is CSS, asked once per selector.
func (s *Suggester) css(ctx context.Context, sel string) (map[NodeKey]bool, error) {
	if m, ok := s.cssSeen[sel]; ok {
		return m, nil
	}
	if s.CSS == nil {
		return nil, fmt.Errorf("css targets are not available here")
	}
	m, err := s.CSS(ctx, sel)
	if err != nil {
		return nil, err
	}
	if s.cssSeen == nil {
		s.cssSeen = map[string]map[NodeKey]bool{}
	}
	s.cssSeen[sel] = m
	return m, nil
}

// maxTries bounds the guesses tried for one element, so that a huge page
// cannot make a failure slow to report (nor can it past Ctx's end).
const maxTries = 60

// Disambiguate returns, for each of nodes (the tied matches of the failed
// resolution r) up to max of them, a target that picks it alone: r's
// target told apart by its role, by exact: true, within a context that
// holds it (a landmark, dialog, form, named group, or a row or list item
// by its text), or, when nothing else does, by nth.
func (s *Suggester) Disambiguate(r *Result, nodes []*Node, max int) []Suggestion {
	var out []Suggestion
	for _, n := range nodes {
		if len(out) >= max {
			break
		}
		if sg, ok := s.first(n, disambiguations(r, n)); ok {
			out = append(out, sg)
		}
	}
	return out
}

// Name returns a target that picks n alone, starting from its name: the
// phrase, then role and name, exact, within a context, nth. A name that
// says nothing of which one it is (a glyph, its role's word, a toggle's
// state: unnamed) starts from its role instead: a switch named `OFF`
// is `ON` once checked.
func (s *Suggester) Name(n *Node) (Suggestion, bool) {
	if n.Name == "" {
		return Suggestion{}, false
	}
	if unnamed(n) {
		return s.first(n, []*flows.Target{{Role: n.Role}})
	}
	return s.first(n, []*flows.Target{
		{Phrase: n.Name},
		{Role: n.Role, Name: n.Name},
		{Role: n.Role, Name: n.Name, Exact: true},
	})
}

// first tries the bases alone, then each base within each context of n,
// nearest first, then the first base with nth.
func (s *Suggester) first(n *Node, bases []*flows.Target) (Suggestion, bool) {
	tries := 0
	try := func(t *flows.Target) (Suggestion, bool) {
		tries++
		if s.Ctx.Err() != nil {
			return Suggestion{}, false
		}
		return s.holds(t, n)
	}
	for _, b := range bases {
		if sg, ok := try(b); ok {
			return sg, true
		}
	}
	ctxs := contexts(n)
	for _, b := range bases {
		for _, w := range ctxs {
			if tries >= maxTries {
				break
			}
			if sg, ok := try(within(b, w)); ok {
				return sg, true
			}
		}
	}
	if len(bases) == 0 {
		return Suggestion{}, false
	}
	if t, ok := s.nth(bases[0], n); ok {
		return try(t)
	}
	return Suggestion{}, false
}

// holds checks t in the form it is shown in: written as YAML, read back
// as a flow file reads a target, and resolved over the snapshot, it must
// pick n, and (without nth) match nothing else a person sees.
func (s *Suggester) holds(t *flows.Target, n *Node) (Suggestion, bool) {
	y, err := t.YAML()
	// a "${" would be interpolated in a flow file
	if err != nil || strings.Contains(y, "${") {
		return Suggestion{}, false
	}
	pt, err := flows.ParseTargetYAML(y)
	if err != nil {
		return Suggestion{}, false
	}
	r := Resolve(s.Ctx, s.Snap, s.Refs, pt, s.css)
	if r.Err != nil || r.Node != n {
		return Suggestion{}, false
	}
	// a wrapper that yields to n is not another match (docs/targets.md
	// "Resolution", 4, "Nested matches")
	if pt.Nth == nil && len(oneField(distinct(visibleOf(r.Matches), r.Rung, r.Phrase), pt)) != 1 {
		return Suggestion{}, false
	}
	return Suggestion{Node: n, Target: pt, YAML: y}, true
}

// nth is t with the index of n among t's visible matches.
func (s *Suggester) nth(t *flows.Target, n *Node) (*flows.Target, bool) {
	_, vis, err := Count(s.Ctx, s.Snap, s.Refs, t, s.css)
	if err != nil {
		return nil, false
	}
	for i, m := range vis {
		if m == n {
			c := *t
			c.Nth = &i
			return &c, true
		}
	}
	return nil, false
}

// disambiguations are r's target rewritten to single n out, simplest
// first, without a context: a phrase as the map of its deciding rung
// (with n's role on the role rung), then whole-string.
func disambiguations(r *Result, n *Node) []*flows.Target {
	t := r.Target
	if t == nil || t.Ref != "" {
		return nil
	}
	var out []*flows.Target
	add := func(b flows.Target) {
		b.HasText, b.Within = t.HasText, t.Within
		out = append(out, &b)
	}
	if !isMapTarget(t) {
		p := r.Phrase
		switch r.Rung {
		case RungRole:
			if strings.EqualFold(Normalize(p), n.Name) {
				p = n.Name
			}
			add(flows.Target{Role: n.Role, Name: p})
			add(flows.Target{Role: n.Role, Name: n.Name, Exact: true})
		case RungLabel:
			add(flows.Target{Label: p})
			add(flows.Target{Label: n.Name, Exact: true})
		case RungPlaceholder:
			add(flows.Target{Placeholder: p})
			add(flows.Target{Placeholder: n.Placeholder, Exact: true})
		case RungText:
			add(flows.Target{Text: p})
			add(flows.Target{Text: n.Text, Exact: true})
		}
		return out
	}
	c := *t
	c.Pos, c.Nth = flows.Pos{}, nil
	out = append(out, &c)
	if c.Role != "" && c.Name == "" && n.Name != "" {
		named := c
		named.Name = n.Name
		out = append(out, &named)
	}
	if ex, ok := exactly(c, n); ok {
		out = append(out, ex)
	}
	return out
}

// exactly is the map target t with its name (or label, placeholder, text)
// made n's whole one, and exact: true.
func exactly(t flows.Target, n *Node) (*flows.Target, bool) {
	if t.Exact {
		return nil, false
	}
	switch {
	case t.Name != "" && !isRegex(t.Name), t.Role != "" && t.Name == "" && n.Name != "":
		t.Name = n.Name
	case t.Label != "":
		t.Label = n.Name
	case t.Placeholder != "":
		t.Placeholder = n.Placeholder
	case t.Text != "":
		t.Text = n.Text
	default:
		return nil, false
	}
	t.Exact = true
	return &t, true
}

// within is t looked for inside w (inside t's own within, if it has one).
func within(t, w *flows.Target) *flows.Target {
	c, wc := *t, *w
	wc.Within = t.Within
	c.Within = &wc
	return &c
}

// contextKind is how a context that holds an element is named in a
// within: target.
type contextKind int

const (
	byRole    contextKind = iota // {role: navigation}, then with its name
	byName                       // {role: group, name: Shipping}
	byContent                    // {role: row, has_text: Ada}
)

// withinRoles are the contexts a suggestion may look within.
var withinRoles = map[string]contextKind{
	"navigation": byRole, "main": byRole, "banner": byRole, "contentinfo": byRole,
	"complementary": byRole, "search": byRole, "form": byRole, "dialog": byRole,
	"alertdialog": byRole, "menu": byRole, "menubar": byRole, "tablist": byRole,
	"region": byName, "group": byName, "radiogroup": byName, "table": byName,
	"grid": byName, "tabpanel": byName,
	"row": byContent, "listitem": byContent,
}

// contexts are the within: targets of the contexts that hold n, nearest
// first.
func contexts(n *Node) []*flows.Target {
	var out []*flows.Target
	for a := n.Parent; a != nil; a = a.Parent {
		kind, ok := withinRoles[a.Role]
		if !ok {
			continue
		}
		switch kind {
		case byRole:
			out = append(out, &flows.Target{Role: a.Role})
			if a.Name != "" {
				out = append(out, &flows.Target{Role: a.Role, Name: a.Name})
			}
		case byName:
			if a.Name != "" {
				out = append(out, &flows.Target{Role: a.Role, Name: a.Name})
			}
		case byContent:
			for _, t := range ownTexts(a, n, 4) {
				out = append(out, &flows.Target{Role: a.Role, HasText: t})
			}
		}
	}
	return out
}

// maxHasText is the longest has_text a suggestion gives.
const maxHasText = 40

// ownTexts are up to max texts of a row (or list item) a, outside n, that
// do not hold n's name nor are held in it: what tells a row apart from
// its neighbours, as a person reads it.
func ownTexts(a, n *Node, max int) []string {
	own := strings.ToLower(n.Name)
	seen := map[string]bool{}
	var out []string
	var walk func(x *Node)
	walk = func(x *Node) {
		if len(out) >= max || x == n {
			return
		}
		if x.Role == "StaticText" {
			t := Normalize(x.Name)
			lt := strings.ToLower(t)
			if len([]rune(t)) < 2 || seen[lt] || own != "" && (strings.Contains(lt, own) || strings.Contains(own, lt)) {
				return
			}
			seen[lt] = true
			out = append(out, leadingWords(t, maxHasText))
			return
		}
		for _, c := range x.Children {
			walk(c)
		}
	}
	walk(a)
	return out
}

// leadingWords is the longest run of s's first words within max runes
// (the first word alone when it is longer): still a substring of s.
func leadingWords(s string, max int) string {
	if len([]rune(s)) <= max {
		return s
	}
	words := strings.Fields(s)
	out := words[0]
	for _, w := range words[1:] {
		if len([]rune(out))+1+len([]rune(w)) > max {
			break
		}
		out += " " + w
	}
	return out
}
