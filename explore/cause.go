package explore

import (
	"context"
	"encoding/json"
	"fmt"
	"path"
	"strings"

	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/internal/words"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/results"
)

// DeadControl is a control that does nothing, reported under the cause
// it probably has (docs/explore.md "One root cause, one finding").
type DeadControl struct {
	Page    string `json:"page"`
	Control string `json:"control"` // `button "Save"`
}

// asset is what a failed request of a page was to the page: a script, a
// stylesheet, or neither.
type asset int

const (
	notAsset asset = iota
	scriptAsset
	styleAsset
)

func (a asset) String() string {
	if a == styleAsset {
		return "stylesheet"
	}
	return "script"
}

// assetsJS lists the page's scripts and stylesheets, their addresses
// resolved, in smokeflow's own world.
const assetsJS = `JSON.stringify({scripts: Array.from(document.scripts, s => s.src).filter(Boolean),
  styles: Array.from(document.querySelectorAll('link[rel~="stylesheet" i]'), l => l.href).filter(Boolean)})`

// pageAssets says, for each address, whether the page loads it as a
// script or a stylesheet: by its element (<script src>, <link
// rel=stylesheet>), else by its extension (a module a script imports).
func pageAssets(ctx context.Context, v *visit) func(string) asset {
	var list struct{ Scripts, Styles []string }
	if raw, err := v.s.EvalOwn(ctx, assetsJS); err == nil {
		var s string
		if json.Unmarshal(raw, &s) == nil {
			_ = json.Unmarshal([]byte(s), &list)
		}
	}
	kinds := map[string]asset{}
	for _, u := range list.Scripts {
		kinds[u] = scriptAsset
	}
	for _, u := range list.Styles {
		kinds[u] = styleAsset
	}
	return func(raw string) asset {
		if k, ok := kinds[raw]; ok {
			return k
		}
		switch strings.ToLower(path.Ext(urlOf(raw).Path)) {
		case ".js", ".mjs":
			return scriptAsset
		case ".css":
			return styleAsset
		}
		return notAsset
	}
}

// assetFindings are the page's scripts and stylesheets that failed to
// load, one finding each, and the other failed requests; the first
// finding, when any, is the page's likely cause of controls that do
// nothing.
func (w *walker) assetFindings(ctx context.Context, v *visit, rs []results.Request, repro []*reproStep) ([]*Finding, []results.Request) {
	kindOf := pageAssets(ctx, v)
	var fs []*Finding
	var rest []results.Request
	for _, r := range rs {
		k := kindOf(r.URL)
		if k == notAsset {
			rest = append(rest, r)
			continue
		}
		what := r.Error
		if r.Status != 0 {
			what = statusText(r.Status)
		}
		f := newFinding(KindFailedRequest, "asset|"+r.URL+"|"+what, fmt.Sprintf("The page's %s %s fails on %s: %s",
			k, clip(relative(w.start, r.URL), 80), relative(w.start, v.url), what), v.url)
		f.Requests = []results.Request{r}
		f.Expected, f.Actual = "the page's "+k.String()+" loads", r.Method+" "+r.URL+" "+what
		f.repro = steps(repro, []*reproStep{expectStep(flows.ExpectNoFailedRequests)})
		fs = append(fs, f)
	}
	return fs, rest
}

// causeOf is the page's likely cause of its controls doing nothing
// (docs/explore.md "One root cause, one finding"): its first script or
// stylesheet that failed to load, else its first uncaught exception on
// load; nil when none.
func causeOf(assets []*Finding, console []*Finding) *Finding {
	if len(assets) > 0 {
		return assets[0]
	}
	for _, f := range console {
		if f.Kind == KindException {
			return f
		}
	}
	return nil
}

// blame reports a control that does nothing under the page's cause.
func (w *walker) blame(v *visit, a *action) {
	v.cause.DeadControls = append(v.cause.DeadControls, DeadControl{Page: v.url, Control: a.label})
}

// causeTitle is a cause's title with the controls that do nothing
// because of it, or a page's dead links' with how many; where is the
// finding's page as the report names it.
func causeTitle(f *Finding, where string) string {
	if len(f.DeadControls) == 0 {
		return f.Title
	}
	n := len(f.DeadControls)
	if f.Kind == KindDeadLinks {
		if n == 1 {
			return f.Title
		}
		return fmt.Sprintf("%d links that lead nowhere do nothing on %s (their address is \"#\", none or javascript:)",
			n, where)
	}
	verb := "do"
	if n == 1 {
		verb = "does"
	}
	return fmt.Sprintf("%s; %s %s nothing, probably because of it", f.Title, words.Counted(n, "control"), verb)
}

// controlKey is what makes a control that does nothing the same finding
// on any page (docs/explore.md "One root cause, one finding"): its role,
// name and rank.
func controlKey(n *locate.Node) string {
	return n.Role + "|" + locate.Normalize(n.Name) + "|" + fmt.Sprint(n.Nth)
}

// seenOn reports a page address that is the finding's, or one it lists
// already.
func (f *Finding) seenOn(page string) bool {
	if f.Page == page {
		return true
	}
	for _, p := range f.Pages {
		if p == page {
			return true
		}
	}
	return false
}

// primaryAction reports a button that is the primary action of a form
// (docs/explore.md "Severity"): the last button of a <form> or
// role=form, or the one button of the nearest part of the page around it
// that holds fields (a form a script sends, without a <form>).
func primaryAction(n *locate.Node) bool {
	if n.Role != "button" {
		return false
	}
	for p, up := n.Parent, 0; p != nil && up < 5; p, up = p.Parent, up+1 {
		form := p.Tag == "form" || p.Role == "form"
		fields := 0
		var buttons []*locate.Node
		var count func(*locate.Node)
		count = func(x *locate.Node) {
			switch {
			case fieldRoles[x.Role]:
				fields++
			case x.Role == "button" && x.Visible:
				buttons = append(buttons, x)
			}
			for _, c := range x.Children {
				count(c)
			}
		}
		count(p)
		if form || fields > 0 {
			return len(buttons) == 1 || form && buttons[len(buttons)-1] == n
		}
	}
	return false
}
