package explore

import (
	"context"
	"net/url"
	"strconv"
	"strings"

	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

// action is one thing to try on a page: a click, or a form to fill and
// submit.
type action struct {
	node   *locate.Node
	target *flows.Target
	label  string // `button "Save"`
	key    string // the same control on another page of the walk has the same key
	form   *formPlan
}

// clickRoles are the roles the walk clicks (docs/explore.md "Actions"):
// a link only when it leads nowhere by its address (no href, `#`,
// javascript:), and any element made clickable by a handler or its cursor.
// Fields, checkboxes and options change state that no DOM change shows:
// the walk fills them in forms only.
var clickRoles = map[string]bool{
	"button": true, "tab": true, "menuitem": true, "menuitemcheckbox": true, "menuitemradio": true,
	"switch": true, "treeitem": true, "link": true,
}

// layoutRegions are the landmarks a site repeats on every page: a
// control in them is tried on the first page only.
var layoutRegions = map[string]bool{"banner": true, "navigation": true, "contentinfo": true}

// actionKey is what makes two controls the same for the walk: their role,
// name and rank among the same, on pages of one pattern, or anywhere for a
// control of the site's layout.
func actionKey(v *visit, n *locate.Node) string {
	where := pattern(urlOf(v.url))
	if layoutRegions[n.Region] {
		where = "layout:" + n.Region
	}
	return where + "|" + n.Role + "|" + locate.Normalize(n.Name) + "|" + strconv.Itoa(n.Nth)
}

// plan lists what to try on a page, in document order, and queues the
// pages its links lead to (docs/explore.md "Actions").
func (w *walker) plan(ctx context.Context, v *visit) []*action {
	var acts []*action
	for _, n := range v.snap.All {
		if n.Ref == "" || !n.Visible || n.Disabled || offScreen(n, v.snap) {
			continue
		}
		if f := formOf(n); f != nil {
			fp := w.formPlan(ctx, v, f)
			if fp != nil && fp.holds(n) {
				if !fp.planned {
					fp.planned = true
					acts = append(acts, &action{node: fp.submit, target: fp.submitT, label: fp.label,
						key: actionKey(v, fp.submit) + "|form", form: fp})
				}
				continue
			}
		}
		if n.Role == "link" && !w.link(v, n) {
			continue
		}
		if !clickRoles[n.Role] && !n.Clickable {
			continue
		}
		if a := w.clickAction(v, n); a != nil {
			acts = append(acts, a)
		}
	}
	return acts
}

// clickAction is a click on n, or nil for a control the walk must not
// touch or cannot find again.
func (w *walker) clickAction(v *visit, n *locate.Node) *action {
	label := nodeLabel(n)
	if p := w.avoid.match(n.Name); p != "" {
		w.skip(v.url, label, "matches the avoid pattern "+p)
		return nil
	}
	t, err := locate.TargetFor(v.snap, n)
	if err != nil {
		w.skip(v.url, label, "no target finds it again: "+err.Error())
		return nil
	}
	return &action{node: n, target: t, label: label, key: actionKey(v, n)}
}

// link queues the page a link leads to, or logs why not. It reports
// whether the link is to be clicked instead: one that leads nowhere by its
// address.
func (w *walker) link(v *visit, n *locate.Node) bool {
	href := strings.TrimSpace(n.Href)
	label := nodeLabel(n)
	if href == "" || href == "#" || strings.HasPrefix(strings.ToLower(href), "javascript:") {
		return true
	}
	u, err := urlOf(v.url).Parse(href)
	switch {
	case err != nil:
		w.skip(v.url, label, "its address does not parse: "+href)
	case u.Scheme != "http" && u.Scheme != "https":
		w.skip(v.url, label, "it is no web page: "+href)
	case strings.HasPrefix(href, "#") || samePage(u, v.url):
		// an anchor of the page: it scrolls
	case w.avoid.match(n.Name, u.Path) != "":
		w.skip(v.url, label, "matches the avoid pattern "+w.avoid.match(n.Name, u.Path))
	case !w.scope.in(u):
		w.skip(v.url, label, "it leaves the scope, for "+u.String())
	case isDownload(u):
		w.skip(v.url, label, "it is a file to download: "+u.String())
	default:
		t, err := locate.TargetFor(v.snap, n)
		if err != nil {
			t = &flows.Target{Role: "link", Name: n.Name}
		}
		w.enqueue(u, &linkFrom{page: v.url, target: t, label: label})
	}
	return false
}

// samePage reports a URL that is the page's own, but for the fragment.
func samePage(u *url.URL, page string) bool {
	return u.Fragment != "" && pageKey(u) == page
}

// formOf is the <form> around n, or nil.
func formOf(n *locate.Node) *locate.Node {
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Tag == "form" {
			return p
		}
	}
	return nil
}
