package diagnostics

import (
	"fmt"
	"github.com/smokeflow/smokeflow/internal/textdist"
	"sort"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Named is an interactive element considered for near misses.
type Named struct {
	Ref    string
	Role   string
	Name   string
	Region string // its landmark: ties go to main, as in resolution
}

// fold lowercases and strips accents and punctuation.
func fold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		default:
			b.WriteByte(' ')
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// Words are a name's words after folding case, accents and punctuation:
// "Customer: Activate to sort" is customer, activate, to, sort.
func Words(s string) []string { return strings.Fields(fold(s)) }

// Similarity of two names in 0..1: the better of token overlap and edit
// distance, after folding case and accents.
func Similarity(a, b string) float64 {
	fa, fb := fold(a), fold(b)
	if fa == "" || fb == "" {
		return 0
	}
	if fa == fb {
		return 1
	}
	ta, tb := strings.Fields(fa), strings.Fields(fb)
	set := map[string]bool{}
	for _, t := range ta {
		set[t] = true
	}
	inter := 0
	union := len(set)
	seen := map[string]bool{}
	for _, t := range tb {
		if seen[t] {
			continue
		}
		seen[t] = true
		if set[t] {
			inter++
		} else {
			union++
		}
	}
	jac := float64(inter) / float64(union)
	ra, rb := []rune(fa), []rune(fb)
	d := textdist.Levenshtein(fa, fb)
	lev := 1 - float64(d)/float64(max(len(ra), len(rb)))
	// a name that contains the phrase (or the reverse) is close too
	if strings.Contains(fa, fb) || strings.Contains(fb, fa) {
		lev = max(lev, 0.75)
	}
	return max(jac, lev)
}

// NearMissThreshold is the least similarity that counts as a near miss.
const NearMissThreshold = 0.4

// NearMisses ranks elements by how close their names are to phrase, best
// first, at most MaxNearMisses, leaving out exact matches.
func NearMisses(phrase string, elems []Named) []NearMiss {
	if strings.TrimSpace(phrase) == "" {
		return nil
	}
	var out []NearMiss
	var inMain []bool
	seen := map[string]bool{}
	for _, e := range elems {
		if e.Name == "" {
			continue
		}
		s := Similarity(phrase, e.Name)
		if s < NearMissThreshold || s >= 1 {
			continue
		}
		k := e.Role + "\x00" + e.Name
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, NearMiss{Ref: e.Ref, Role: e.Role, Name: cut(e.Name, MaxNameLen), Score: float64(int(s*100)) / 100})
		inMain = append(inMain, e.Region == "main")
	}
	idx := make([]int, len(out))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		i, j := idx[a], idx[b]
		if out[i].Score != out[j].Score {
			return out[i].Score > out[j].Score
		}
		return inMain[i] && !inMain[j]
	})
	sorted := make([]NearMiss, len(out))
	for k, i := range idx {
		sorted[k] = out[i]
	}
	out = sorted
	if len(out) > MaxNearMisses {
		out = out[:MaxNearMisses]
	}
	return out
}

func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// Cap trims the lists to their caps and long names, and marks Truncated.
func (d *Diagnostics) Cap() {
	if len(d.Candidates) > MaxCandidates {
		d.Candidates = d.Candidates[:MaxCandidates]
		d.Truncated = true
	}
	if len(d.NearMisses) > MaxNearMisses {
		d.NearMisses = d.NearMisses[:MaxNearMisses]
		d.Truncated = true
	}
	if len(d.Links) > MaxLinks {
		d.Links = d.Links[:MaxLinks]
		d.Truncated = true
	}
	if len(d.FailedRequests) > MaxFailedRequests {
		d.FailedRequests = d.FailedRequests[:MaxFailedRequests]
		d.Truncated = true
	}
	for i := range d.Candidates {
		d.Candidates[i].Name = cut(d.Candidates[i].Name, MaxNameLen)
	}
	for i := range d.Links {
		d.Links[i].Text = cut(d.Links[i].Text, MaxNameLen)
		d.Links[i].Href = cut(d.Links[i].Href, 200)
	}
}

// Explain fills the verdict and the hints from the facts.
func (d *Diagnostics) Explain() {
	d.Cap()
	if d.Container != "" {
		d.explainContainer()
		return
	}
	switch d.Reason {
	case ReasonAmbiguous:
		d.Verdict = fmt.Sprintf("%d elements match %s: %s — pick one with role:, nth: or within:",
			len(d.Candidates), d.Target, roleCounts(d.Candidates))
		for _, s := range d.Suggestions {
			d.Hints = append(d.Hints, s.Hint())
		}
	case ReasonNotFound:
		if d.Verdict != "" {
			break // said by the caller: a select's missing option (docs/targets.md "Custom selects")
		}
		if len(d.NearMisses) > 0 {
			nm := d.NearMisses[0]
			d.Verdict = fmt.Sprintf("nothing matches %s; the closest is %s %q%s", d.Target, nm.Role, nm.Name, refSuffix(nm.Ref))
			if s, ok := d.suggestionFor(nm.Ref); ok {
				d.Hints = append(d.Hints, "if the copy changed: "+s.Hint())
			}
		} else {
			d.Verdict = fmt.Sprintf("nothing on the page matches %s (%s)", d.Target, rungSummary(d.Rungs))
			d.Hints = append(d.Hints, "check the URL and that the page finished loading; look at the snapshot artifact for what the page holds")
		}
	case ReasonHidden:
		if d.HiddenFromTree != "" {
			d.Verdict = fmt.Sprintf("%d element(s) match %s on the page, but %s hides them from the accessibility tree", len(d.Candidates), d.Target, d.HiddenFromTree)
			if d.HiddenByPage {
				d.Hints = append(d.Hints, "no dialog or popup is open: the page itself hides what it shows from assistive technology, and smokeflow finds what that tree holds; target the control a person uses beside it by its role and name or its ref (see the snapshot), or by `css:`")
				break
			}
			d.Hints = append(d.Hints, "a dialog or popup that is open hides the rest of the page while it is open: close it first (`press: Escape`, or its close button), or act inside it")
			break
		}
		d.Verdict = fmt.Sprintf("%d element(s) match %s, none visible", len(d.Candidates), d.Target)
		d.Hints = append(d.Hints, "open whatever reveals it first (a menu, a tab, a dialog), or wait for it with `expect: {visible: ...}`")
	case ReasonDisabled:
		d.Verdict = fmt.Sprintf("%s stayed disabled", d.Target) + d.Form.says()
		d.Hints = append(d.Hints, d.Form.hint())
	case ReasonAssertion:
		if d.Form != nil {
			d.Verdict = fmt.Sprintf("%s is disabled", d.Target) + d.Form.says()
			d.Hints = append(d.Hints, d.Form.hint())
		}
	case ReasonCovered:
		by, cover := "", CoverOther
		for _, c := range d.Candidates {
			if c.CoveredBy != "" {
				by, cover = c.CoveredBy, c.Cover
				break
			}
		}
		d.Verdict = fmt.Sprintf("%s is covered by %s%s", d.Target, by, cover.Says())
		d.Hints = append(d.Hints, cover.Hint())
	case ReasonUnstable:
		d.Verdict = fmt.Sprintf("%s kept moving (an animation that never settles?)", d.Target)
		d.Hints = append(d.Hints, "wait for the animation to end, or disable it in test builds")
	case ReasonDetached:
		d.Verdict = fmt.Sprintf("%s was removed from the page while acting", d.Target)
		d.Hints = append(d.Hints, "wait for the page to settle first, e.g. `expect: {visible: ...}` on what appears after the re-render")
	case ReasonNotEditable:
		if d.Verdict != "" {
			break // the field took no such value (a date input given 31/01/2024): the caller said it
		}
		d.Verdict = fmt.Sprintf("%s does not take text", d.Target)
		if len(d.Suggestions) > 0 {
			d.Hints = append(d.Hints, "target the field itself: "+d.Suggestions[0].Hint())
		} else {
			d.Hints = append(d.Hints, "target the field itself, by its label or placeholder")
		}
	case ReasonMismatch:
		d.Verdict = d.Message
		if d.Beside && len(d.Suggestions) > 0 {
			d.Hints = append(d.Hints, fmt.Sprintf("target the %s beside it: %s", d.Suggestions[0].Role, d.Suggestions[0].Hint()))
			break
		}
		d.Hints = append(d.Hints, "take a fresh `snapshot` and use its refs, or target by role and name")
	}
	if d.Reason != ReasonNotFound && len(d.NearMisses) > 0 && d.Reason != ReasonAmbiguous {
		nm := d.NearMisses[0]
		h := fmt.Sprintf("did you mean %s %q%s?", nm.Role, nm.Name, refSuffix(nm.Ref))
		s, ok := d.suggestionFor(nm.Ref)
		if ok {
			h += " " + s.Hint()
		}
		if !ok || !d.hinted(s) {
			d.Hints = append(d.Hints, h)
		}
	}
}

// explainContainer is the verdict of a target whose `within` container
// matched nothing visible: about the container, with its own near misses
// (docs/targets.md "Failure diagnostics"). Its wording comes from the
// container's own matches, not from the failure's reason, which is
// `assertion` on a check (docs/targets.md "Resolution", 5).
func (d *Diagnostics) explainContainer() {
	what := "matched nothing"
	if d.ContainerHidden > 0 {
		what = fmt.Sprintf("matched %d element(s), none visible", d.ContainerHidden)
	}
	d.Verdict = fmt.Sprintf("the container %s %s, so nothing inside it was looked at", d.Container, what)
	if len(d.NearMisses) > 0 {
		nm := d.NearMisses[0]
		d.Verdict += fmt.Sprintf("; the closest is %s %q%s", nm.Role, nm.Name, refSuffix(nm.Ref))
	}
	d.Hints = append(d.Hints, "fix the container's selector, role or name (look at the snapshot artifact for what the page holds), or leave `within` out")
}

// suggestionFor is the suggestion that picks the element ref names.
func (d *Diagnostics) suggestionFor(ref string) (Suggestion, bool) {
	for _, s := range d.Suggestions {
		if ref != "" && s.Ref == ref {
			return s, true
		}
	}
	return Suggestion{}, false
}

// hinted reports a hint that already offers s.
func (d *Diagnostics) hinted(s Suggestion) bool {
	for _, h := range d.Hints {
		if strings.HasSuffix(h, s.Hint()) {
			return true
		}
	}
	return false
}

// says is what the form of a disabled control holds back, to end the
// verdict with; nothing when the control is in no form or its form was
// not read.
func (f *Form) says() string {
	switch {
	case f == nil:
		return ""
	case len(f.Blockers) == 0:
		return fmt.Sprintf("; its %s has no required field left empty and no invalid field", f.label())
	}
	var parts []string
	for _, b := range f.Blockers {
		parts = append(parts, b.Line())
	}
	return fmt.Sprintf("; its %s has: %s", f.label(), strings.Join(parts, "; "))
}

func (f *Form) label() string {
	if f.Name == "" {
		return f.Role
	}
	return fmt.Sprintf("%s %q", f.Role, f.Name)
}

func (f *Form) hint() string {
	if f != nil && len(f.Blockers) > 0 {
		return "fill in, choose or check those fields first"
	}
	return "do first whatever the page needs to enable it, or wait for it with `expect: {enabled: ...}`"
}

func refSuffix(ref string) string {
	if ref == "" {
		return ""
	}
	return " (@" + ref + ")"
}

func roleCounts(cs []Candidate) string {
	counts := map[string]int{}
	var order []string
	for _, c := range cs {
		if counts[c.Role] == 0 {
			order = append(order, c.Role)
		}
		counts[c.Role]++
	}
	var parts []string
	for _, r := range order {
		n := counts[r]
		w := r
		if n > 1 {
			w += "s"
		}
		parts = append(parts, fmt.Sprintf("%d %s", n, w))
	}
	return strings.Join(parts, ", ")
}

func rungSummary(rs []RungCount) string {
	var parts []string
	for _, r := range rs {
		parts = append(parts, fmt.Sprintf("%s %d", r.Rung, r.Matches))
	}
	if len(parts) == 0 {
		return "no rung matched"
	}
	return strings.Join(parts, ", ")
}

// PageErrors are the lines that say what went wrong with the page
// itself, whatever the step was after (docs/results.md "Diagnostics"):
// its document's HTTP error and where, then its failed requests, one a
// line, indented. None when the page answered well.
func (d *Diagnostics) PageErrors() []string {
	var out []string
	if d.HTTPStatus >= 400 {
		out = append(out, fmt.Sprintf("the page is an HTTP %d: %s", d.HTTPStatus, d.URL))
	}
	if len(d.FailedRequests) > 0 {
		out = append(out, "failed requests of the page:")
		for _, r := range d.FailedRequests {
			out = append(out, "  "+r)
		}
	}
	return out
}

// Render writes the diagnostics for people: the reason, the verdict, the
// near misses and what to try. verbose adds the candidates, counts and
// links.
func Render(d *Diagnostics, verbose bool) string {
	if d == nil {
		return ""
	}
	var b strings.Builder
	if d.Verdict != "" {
		fmt.Fprintf(&b, "%s\n", d.Verdict)
	}
	for _, l := range d.PageErrors() {
		fmt.Fprintf(&b, "%s\n", l)
	}
	if len(d.NearMisses) > 0 && d.Reason != ReasonAmbiguous {
		var parts []string
		for _, n := range d.NearMisses {
			parts = append(parts, fmt.Sprintf("%s %q%s", n.Role, n.Name, refSuffix(n.Ref)))
		}
		fmt.Fprintf(&b, "near misses: %s\n", strings.Join(parts, ", "))
	}
	if d.Reason == ReasonAmbiguous || verbose {
		for i, c := range d.Candidates {
			fmt.Fprintf(&b, "  %d. %s\n", i+1, c.Line())
		}
	}
	renderHints(&b, d)
	if verbose {
		if len(d.Rungs) > 0 {
			var parts []string
			for _, r := range d.Rungs {
				p := r.Rung
				if r.Phrase != "" {
					p += fmt.Sprintf(" %q", r.Phrase)
				}
				parts = append(parts, fmt.Sprintf("%s: %d (%d visible)", p, r.Matches, r.Visible))
			}
			fmt.Fprintf(&b, "matches per rung: %s\n", strings.Join(parts, "; "))
		}
		if len(d.Links) > 0 {
			b.WriteString("links on the page:\n")
			for _, l := range d.Links {
				fmt.Fprintf(&b, "  %q → %s\n", l.Text, l.Href)
			}
		}
		if d.URL != "" {
			fmt.Fprintf(&b, "page: %s (%q)\n", d.URL, d.Title)
		}
	}
	if d.Screenshot != "" || d.Snapshot != "" {
		fmt.Fprintf(&b, "artifacts: %s\n", strings.TrimSpace(d.Screenshot+" "+d.Snapshot))
	}
	return strings.TrimRight(b.String(), "\n")
}

// Line is a candidate on one line.
func (c Candidate) Line() string {
	var b strings.Builder
	if c.Ref != "" {
		b.WriteString("@" + c.Ref + " ")
	}
	fmt.Fprintf(&b, "%s %q", c.Role, c.Name)
	var attrs []string
	if c.Region != "" {
		attrs = append(attrs, "in "+c.Region)
	}
	if c.Frame != "" {
		attrs = append(attrs, "in frame "+c.Frame)
	}
	if !c.Visible {
		attrs = append(attrs, "hidden")
	}
	if !c.Enabled {
		attrs = append(attrs, "disabled")
	}
	if c.CoveredBy != "" {
		attrs = append(attrs, "covered by "+c.CoveredBy)
	}
	if c.Box != nil {
		attrs = append(attrs, fmt.Sprintf("at %.0f,%.0f %.0fx%.0f", c.Box.X, c.Box.Y, c.Box.Width, c.Box.Height))
	}
	if len(attrs) > 0 {
		b.WriteString(" (" + strings.Join(attrs, ", ") + ")")
	}
	return b.String()
}

// renderHints writes the hints as `try:` lines; the suggestions among them
// go in one block, their comments aligned:
//
//	try one of:
//	  click: {role: link, name: Sign in, within: {role: navigation}}   # @e6
//	  click: {role: link, name: Sign in, within: {role: contentinfo}}  # @e12
func renderHints(b *strings.Builder, d *Diagnostics) {
	bySugg := map[string]Suggestion{}
	width := 0
	for _, s := range d.Suggestions {
		bySugg[s.Hint()] = s
	}
	var block []Suggestion
	for _, h := range d.Hints {
		if s, ok := bySugg[h]; ok {
			block = append(block, s)
			width = max(width, len([]rune(s.Line)))
		}
	}
	done := false
	for _, h := range d.Hints {
		if _, ok := bySugg[h]; !ok {
			fmt.Fprintf(b, "try: %s\n", h)
			continue
		}
		if done {
			continue
		}
		done = true
		if len(block) == 1 {
			fmt.Fprintf(b, "try: %s\n", h)
			continue
		}
		b.WriteString("try one of:\n")
		for _, s := range block {
			pad := strings.Repeat(" ", width-len([]rune(s.Line)))
			fmt.Fprintf(b, "  %s%s  # %s\n", s.Line, pad, s.picks())
		}
	}
}
