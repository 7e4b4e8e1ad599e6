package explore

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/internal/words"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/session"
)

// PageVisit is a page the walk opened.
type PageVisit struct {
	URL    string `json:"url"`
	Status int    `json:"status"`
	LoadMS int64  `json:"load_ms"`
	// CPUWaitMS is how much of the load its main thread waited for a
	// busy processor (docs/explore.md "Slowness on a busy machine").
	CPUWaitMS int64 `json:"cpu_wait_ms,omitempty"`
}

// Skip is a page or a control the walk left alone, and why.
type Skip struct {
	Page string `json:"page,omitempty"`
	What string `json:"what"`
	Why  string `json:"why"`
}

// fatal reports an error that ends the walk: ctx ended, or the browser
// went away. Any other failure of a step is the page's.
func fatal(ctx context.Context, err error) bool {
	if err == nil {
		return false
	}
	if ctx.Err() != nil {
		return true
	}
	var se *session.StepError
	if errors.As(err, &se) {
		return se.Reason() == diagnostics.ReasonBrowser || se.Reason() == diagnostics.ReasonInterrupted
	}
	return false
}

// visit opens one page in a fresh session, reports what is wrong with it
// as it opens, and tries its controls (docs/explore.md "The walk").
func (w *walker) visit(ctx context.Context, it *pageItem) error {
	u, err := url.Parse(it.url)
	if err != nil {
		w.skip(it.url, "page", "its URL does not parse: "+err.Error())
		return nil
	}
	pat := pattern(u)
	if w.patterns[pat] >= w.o.PerPattern {
		w.skip(it.url, "page", fmt.Sprintf("%d pages of its pattern (%s) were opened already", w.o.PerPattern, pat))
		return nil
	}
	w.patterns[pat]++
	v := &visit{n: len(w.pages) + 1, url: it.url, forms: map[*locate.Node]*formPlan{}}
	w.progress("open " + relative(w.start, it.url))
	s, bctx, err := w.newSession(ctx)
	if err != nil {
		return err
	}
	v.s, v.bctx = s, bctx
	defer v.close()
	v.load, err = w.openPage(ctx, s, it.url)
	v.status = s.Status()
	w.pages = append(w.pages, PageVisit{URL: it.url, Status: v.status, LoadMS: v.load.took.Milliseconds(),
		CPUWaitMS: v.load.waited.Milliseconds()})
	if fatal(ctx, err) {
		return err
	}
	if err != nil && strings.Contains(err.Error(), "net::ERR_ABORTED") {
		// a download (or an answer with no content): no page to walk
		w.pages = w.pages[:len(w.pages)-1]
		w.skip(it.url, "page", "it is no page: the browser aborted its navigation (a download, or no content)")
		return nil
	}
	if err != nil || v.status >= 400 {
		w.pageFailed(ctx, v, it, err)
		return nil
	}
	if !w.landed(ctx, v) {
		return nil
	}
	if v.snap, err = s.Snapshot(ctx); err != nil {
		if fatal(ctx, err) {
			return err
		}
		w.skip(v.url, "page", "its snapshot could not be read: "+err.Error())
		return nil
	}
	v.before = v.snap
	if w.walkedAlready(v, pat) {
		return nil
	}
	if err := w.pageFindings(ctx, v); err != nil {
		return err
	}
	acts := w.plan(ctx, v)
	for i, a := range acts {
		if w.budget() != "" {
			break
		}
		if v.action >= w.o.PerPage {
			w.skip(v.url, words.Counted(len(acts)-i, "more control"), fmt.Sprintf("the page's action budget (%d) was spent", w.o.PerPage))
			break
		}
		if err := w.act(ctx, v, a); err != nil {
			return err
		}
	}
	return nil
}

// landed follows a redirect: the page is the one the browser landed on.
// It reports false for a page not to walk: out of scope, or walked
// already.
func (w *walker) landed(ctx context.Context, v *visit) bool {
	raw := v.s.URL(ctx)
	u, err := url.Parse(raw)
	if err != nil || pageKey(u) == v.url {
		return true
	}
	k := pageKey(u)
	switch {
	case !w.scope.in(u):
		w.skip(v.url, "page", "it redirects out of the scope, to "+raw)
		return false
	case w.queued[k]:
		w.skip(v.url, "page", "it redirects to a page walked already, "+raw)
		return false
	}
	w.queued[k] = true
	v.url = k
	return true
}

// walkedAlready reports a page whose document was walked already at
// another address (/shop/ and /shop/index.html served alike): one
// document, one page (docs/explore.md "Pages"). It is taken out of the
// pages walked and of its pattern's count, and logged.
func (w *walker) walkedAlready(v *visit, pat string) bool {
	doc := document(v.snap, urlOf(v.url))
	first, ok := w.docs[doc]
	if !ok {
		w.docs[doc] = v.url
		return false
	}
	w.pages = w.pages[:len(w.pages)-1]
	w.patterns[pat]--
	w.skip(v.url, "page", "it is the same document as "+first)
	return true
}

// document is the fingerprint of a page's document as the browser shows
// it (docs/explore.md "Pages"): its title, its whole snapshot and the
// address every link leads to, resolved against the page's own. The
// snapshot and not the response's body: a single-page app serves one
// body at every route and draws a page of its own at each.
func document(snap *locate.Snapshot, page *url.URL) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n", snap.Title, snap.Render(locate.RenderOptions{Full: true, NoHeader: true, KnownURL: snap.URL}))
	for _, n := range snap.All {
		if n.Href == "" {
			continue
		}
		if u, err := page.Parse(strings.TrimSpace(n.Href)); err == nil {
			fmt.Fprintf(h, "%s\n", u)
		} else {
			fmt.Fprintf(h, "%s\n", n.Href)
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// pageFailed reports a page that did not load or answers with an error
// status: a broken link when a link led to a 404 or 410, else a page
// error; 401 and 403 are logged (the walk may lack a signed-in state).
func (w *walker) pageFailed(ctx context.Context, v *visit, it *pageItem, err error) {
	rel := relative(w.start, v.url)
	var f *Finding
	switch {
	case err != nil:
		f = newFinding(KindPageError, v.url, fmt.Sprintf("Page %s does not load", rel), v.url)
		f.Expected, f.Actual = "the page loads", firstLine(err.Error())
		f.repro = []*reproStep{openStep(w.start, v.url)}
	case v.status == 401 || v.status == 403:
		w.skip(v.url, "page", fmt.Sprintf("it answers %d (a signed-in state may be needed)", v.status))
		return
	case (v.status == 404 || v.status == 410) && it.from != nil:
		f = w.brokenLink(v, it.from)
	default:
		f = newFinding(KindPageError, v.url, fmt.Sprintf("Page %s answers %s", rel, statusText(v.status)), v.url)
		f.Expected, f.Actual = "the page answers 200 OK", "it answers "+statusText(v.status)
		f.repro = []*reproStep{openStep(w.start, v.url), expectStep(flows.ExpectNoFailedRequests)}
	}
	f.Requests = v.s.FailedRequests()
	if w.add(f) {
		w.shoot(ctx, v.s, fmt.Sprintf("p%02d", v.n), []*Finding{f})
	}
}

// brokenLink is a link that leads to a page that is not there; its repro
// reads the link's address and opens it, so that it passes once the link
// is mended.
func (w *walker) brokenLink(v *visit, from *linkFrom) *Finding {
	f := newFinding(KindBrokenLink, v.url, fmt.Sprintf("The %s on %s leads to a page that answers %s",
		from.label, relative(w.start, from.page), statusText(v.status)), from.page)
	f.Expected, f.Actual = "the link leads to a page", relative(w.start, v.url)+" answers "+statusText(v.status)
	f.repro = []*reproStep{
		openStep(w.start, from.page),
		{step: &flows.Step{Action: &flows.Extract{Var: "href", From: from.target, Attr: "href"}}, say: "Follow the " + from.label},
		{step: &flows.Step{Action: &flows.Open{URL: "${vars.href}"}}},
		expectStep(flows.ExpectNoFailedRequests),
	}
	return f
}

// pageFindings reports what is wrong with a page as it opens: console
// errors, failed requests, slowness, axe-core violations, unnamed and
// off-screen controls.
func (w *walker) pageFindings(ctx context.Context, v *visit) error {
	rel := relative(w.start, v.url)
	open := openStep(w.start, v.url)
	var fs []*Finding
	keep := func(f *Finding) *Finding {
		kept, isNew := w.claim(f)
		if isNew {
			fs = append(fs, f)
		}
		return kept
	}
	var errs, assets []*Finding
	for _, c := range v.s.Console() {
		if results.IsConsoleError(c.Type) {
			errs = append(errs, keep(consoleFinding(c, v.url, "on "+rel, []*reproStep{open}, 0)))
		}
	}
	failedAssets, rest := w.assetFindings(ctx, v, v.s.FailedRequests(), []*reproStep{open})
	for _, f := range failedAssets {
		assets = append(assets, keep(f))
	}
	v.cause = causeOf(assets, errs)
	for _, f := range requestFindings(w.start, rest, v.url, "on "+rel, []*reproStep{open}, 0) {
		keep(f)
	}
	if v.load.own() > w.o.SlowPage {
		f := newFinding(KindSlowPage, pattern(urlOf(v.url)), fmt.Sprintf("Page %s is slow to load (more than %s)",
			rel, w.o.SlowPage), v.url)
		f.TookMS = v.load.own().Milliseconds()
		f.Expected, f.Actual = "the page loads within "+w.o.SlowPage.String(), "it took "+v.load.String()
		f.repro = []*reproStep{{step: &flows.Step{Action: &flows.Open{URL: relative(w.start, v.url), Wait: "load"},
			Timeout: w.o.SlowPage}, say: "Open " + v.url}}
		keep(f)
	}
	axe, err := runAxe(ctx, v.s)
	if err != nil {
		if fatal(ctx, err) || ctx.Err() != nil {
			return err
		}
		w.skip(v.url, "axe-core", "could not run: "+firstLine(err.Error()))
	}
	for _, a := range axe {
		if f := w.axeFindings(a, v); f != nil {
			keep(f)
		}
	}
	for _, f := range w.unnamed(v) {
		keep(f)
	}
	for _, n := range v.snap.All {
		if n.Ref != "" && offScreen(n, v.snap) {
			keep(w.offScreenFinding(v, n))
		}
	}
	w.shoot(ctx, v.s, fmt.Sprintf("p%02d", v.n), fs)
	return nil
}

// offScreen is a visible control out of reach at the viewport: wholly
// left of or above the page, or right of the viewport. A link to an
// anchor of the page (a skip link, shown on focus) is not.
func offScreen(n *locate.Node, snap *locate.Snapshot) bool {
	if !n.Visible || n.Box.Empty() || strings.HasPrefix(n.Href, "#") {
		return false
	}
	b := n.Box
	return b.X+b.W <= 0 || b.Y+b.H <= 0 || b.X >= snap.Viewport.W
}

// namedRoles are the roles of controls that need an accessible name
// (docs/explore.md "Findings").
var namedRoles = map[string]bool{
	"button": true, "link": true, "textbox": true, "searchbox": true, "combobox": true, "listbox": true,
	"checkbox": true, "radio": true, "switch": true, "slider": true, "spinbutton": true, "tab": true,
	"menuitem": true, "menuitemcheckbox": true, "menuitemradio": true,
}

// unnamed reports the controls without an accessible name, one finding
// per role of the page; its repro counts them.
func (w *walker) unnamed(v *visit) []*Finding {
	count := map[string]int{}
	var roles []string
	for _, n := range v.snap.All {
		if n.Ref == "" || !n.Visible || !namedRoles[n.Role] || locate.Normalize(n.Name) != "" {
			continue
		}
		if count[n.Role] == 0 {
			roles = append(roles, n.Role)
		}
		count[n.Role]++
	}
	zero := 0
	var fs []*Finding
	for _, r := range roles {
		rel := relative(w.start, v.url)
		f := newFinding(KindUnnamed, pattern(urlOf(v.url))+"|"+r, fmt.Sprintf("%s without an accessible name on %s",
			words.Counted(count[r], r), rel), v.url)
		f.Expected, f.Actual = "every "+r+" has a name that says what it does", words.Counted(count[r], r)+" with no name"
		f.repro = []*reproStep{openStep(w.start, v.url), {step: &flows.Step{Action: &flows.Expect{Kind: flows.ExpectCount,
			Target: &flows.Target{Role: r, Name: "/^$/"}, Equals: &zero}, Timeout: checkTimeout}}}
		fs = append(fs, f)
	}
	return fs
}

// offScreenFinding is a control out of reach; its repro clicks it, which
// fails while it is.
func (w *walker) offScreenFinding(v *visit, n *locate.Node) *Finding {
	label := nodeLabel(n)
	f := newFinding(KindOffScreen, actionKey(v, n), fmt.Sprintf("The %s is off-screen at %.0f×%.0f on %s",
		label, v.snap.Viewport.W, v.snap.Viewport.H, relative(w.start, v.url)), v.url)
	f.Expected = "the " + label + " can be seen and clicked"
	f.Actual = fmt.Sprintf("its box is at x=%.0f, y=%.0f (%.0f×%.0f), outside the page", n.Box.X, n.Box.Y, n.Box.W, n.Box.H)
	t, err := locate.TargetFor(v.snap, n)
	if err != nil {
		t = &flows.Target{Role: n.Role, Name: n.Name}
	}
	f.repro = []*reproStep{openStep(w.start, v.url), {step: &flows.Step{Action: &flows.Pointer{Target: t},
		Timeout: checkTimeout}, say: "Click the " + label}}
	return f
}
