package locate

import (
	"strings"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/internal/textdist"
)

// NearMisses are the elements of snap that the failed resolution r may
// have meant, by the rule of docs/targets.md "Failure diagnostics", "Near
// misses": visible actionable elements of the target's role family
// (Result.WantedRole of need, the role the step's action needs; "" for
// any), whose names share one of the distinctive words of the phrase
// looked for (when any name shares a word of it), ranked by
// diagnostics.NearMisses. They come from the page
// the target named only: none when snap is of another document (a read
// after the page moved on, a ref of a page the tab has left).
func NearMisses(snap *Snapshot, r *Result, need string) []diagnostics.NearMiss {
	phrase, role := r.Phrase, r.WantedRole(need)
	if phrase == "" || r.Doc != "" && r.Doc != snap.Document {
		return nil
	}
	var pool []*Node
	for _, n := range snap.All {
		if n.Actionable() && n.Visible && n.Name != "" && (role == "" || familyOf(n) == family(role)) {
			pool = append(pool, n)
		}
	}
	// no name shares a word of the phrase (a synonym: Log in where the
	// page says Sign in): the letters decide alone
	words := distinctiveWords(phrase, pool)
	var named []diagnostics.Named
	for _, n := range pool {
		if len(words) == 0 || sharesWord(words, nameWords(n.Name)) {
			named = append(named, diagnostics.Named{Ref: n.Ref, Role: n.Role, Name: n.Name, Region: n.Region})
		}
	}
	return diagnostics.NearMisses(phrase, named)
}

// roleFamilies groups the roles one target may have meant another of: a
// button's near misses are what is pressed, a checkbox's what is
// toggled, a field's what takes a value. A role not listed is a family
// of its own (a link's near misses are links).
var roleFamilies = map[string]string{
	"button": "press", "menuitem": "press", "tab": "press", "treeitem": "press",
	"checkbox": "toggle", "switch": "toggle", "radio": "toggle",
	"menuitemcheckbox": "toggle", "menuitemradio": "toggle",
	"textbox": "field", "searchbox": "field", "spinbutton": "field",
	"combobox": "field", "listbox": "field", "slider": "field",
	"columnheader": "header", "rowheader": "header",
}

// family is a role's family.
func family(role string) string {
	if f, ok := roleFamilies[role]; ok {
		return f
	}
	return role
}

// familyOf is a node's family: an element made clickable (a `div` with
// an onclick) is pressed, as a button is, whatever its role.
func familyOf(n *Node) string {
	if _, ok := roleFamilies[n.Role]; !ok && n.Clickable && !interactiveRoles[n.Role] {
		return "press"
	}
	return family(n.Role)
}

// WantedRole is the role the failed target was for, whose family its
// near misses must be of: need, the role the step's action needs (check
// needs a checkbox, fill a textbox), else the target's `role:`, else
// the role a ref recorded, else the role of what it matched; "" when
// nothing says.
func (r *Result) WantedRole(need string) string {
	switch {
	case need != "":
		return need
	case r.Target != nil && r.Target.Role != "":
		return r.Target.Role
	case r.refRole != "":
		return r.refRole
	case r.Node != nil:
		return r.Node.Role
	case len(r.Matches) > 0:
		return r.Matches[0].Role
	}
	return ""
}

// stopWords tell nothing apart.
var stopWords = map[string]bool{
	"a": true, "an": true, "the": true, "to": true, "of": true, "and": true, "or": true,
	"for": true, "in": true, "on": true, "at": true, "by": true, "with": true,
	"your": true, "my": true, "is": true,
}

// distinctiveWords are the words of phrase that tell the pool's names
// apart: of the phrase's words (stop words aside) that some name shares,
// those the fewest names share. A word that many candidates share
// ("activate to sort" of every sortable header) is boilerplate as soon
// as a rarer one ("customer") is shared too.
func distinctiveWords(phrase string, pool []*Node) []string {
	names := make([][]string, len(pool))
	for i, n := range pool {
		names[i] = nameWords(n.Name)
	}
	var out []string
	fewest := 0
	for _, w := range nameWords(phrase) {
		if stopWords[w] {
			continue
		}
		shared := 0
		for _, ws := range names {
			if sharesWord([]string{w}, ws) {
				shared++
			}
		}
		switch {
		case shared == 0:
		case fewest == 0 || shared < fewest:
			out, fewest = []string{w}, shared
		case shared == fewest:
			out = append(out, w)
		}
	}
	return out
}

// sharesWord reports whether one of words is like one of ws: the same
// word, one the start of the other (project, projects; sort, sorting),
// or the same but for one typo (a letter changed, added, dropped, or two
// swapped), in words of four letters or more.
func sharesWord(words, ws []string) bool {
	for _, a := range words {
		for _, b := range ws {
			if wordLike(a, b) {
				return true
			}
		}
	}
	return false
}

func wordLike(a, b string) bool {
	if a == b {
		return true
	}
	ra, rb := []rune(a), []rune(b)
	short := min(len(ra), len(rb))
	if short >= 3 && (strings.HasPrefix(a, b) || strings.HasPrefix(b, a)) {
		return true
	}
	if short < 4 {
		return false
	}
	return textdist.Levenshtein(a, b) <= 1 || swapped(ra, rb)
}

// swapped reports whether a is b with two neighbouring letters swapped.
func swapped(a, b []rune) bool {
	if len(a) != len(b) {
		return false
	}
	var diff []int
	for i := range a {
		if a[i] != b[i] {
			diff = append(diff, i)
		}
	}
	return len(diff) == 2 && diff[1] == diff[0]+1 && a[diff[0]] == b[diff[1]] && a[diff[1]] == b[diff[0]]
}

// nameWords are a name's words, folded as diagnostics folds them: case,
// accents and punctuation dropped.
func nameWords(s string) []string { return diagnostics.Words(s) }
