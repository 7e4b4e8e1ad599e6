package explore

import (
	"context"
	"regexp"
	"strconv"
	"strings"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/session"
)

// probeArmJS and probeReadJS are the in-page half of "did the click do
// anything" (docs/explore.md "Dead controls"): what no DOM change, request
// or navigation shows. They run in the page's own world, as an `eval`
// step does, both in the walk and in a dead control's repro flow, so
// that the flow fails exactly while the walk would still call the
// control dead.
//
// Arm keeps the page's state: DOM changes from now on (a
// MutationObserver), the resources fetched, the address and the history's
// length, the focused element, the fields' values and checked states, the
// canvases' pixels, the media's playing state; and the scroll positions
// of the window and every scrolled element, taken again when the click's
// first pointer event arrives (after the click scrolled its control into
// view, which is no effect of the control). It counts the clipboard
// writes (navigator.clipboard, copy and cut events). A link to an empty
// fragment (`#`, a placeholder) adds a history entry and scrolls to the
// top, which are the browser's doing, not the control's. The browser's own
// fetch of /favicon.ico, which may come late, is not the page's request. Read lists what
// changed since, in words; an empty list is a dead click.
const (
	probeArmJS = `const fields = () => Array.from(document.querySelectorAll('input,select,textarea'), e => e.checked + ':' + e.value + ':' + (e.selectedIndex ?? '')).join('|');
const canvases = () => Array.from(document.querySelectorAll('canvas'), c => { try { return c.toDataURL(); } catch (e) { return 'tainted'; } }).slice(0, 8).join('|');
const media = () => Array.from(document.querySelectorAll('audio,video'), m => [m.paused, m.muted, m.volume, m.playbackRate, m.currentSrc].join(':')).join('|');
const scrolls = () => { const m = new Map([[window, scrollX + ',' + scrollY]]); for (const e of document.querySelectorAll('*')) { if (e.scrollTop || e.scrollLeft) m.set(e, e.scrollLeft + ',' + e.scrollTop); } return m; };
const requests = () => performance.getEntriesByType('resource').filter(e => !/\/favicon\.ico([?#]|$)/.test(e.name)).length;
const P = {changes: 0, clipboard: 0, url: location.href, history: history.length, requests: requests(),
  active: document.activeElement, target: null, fields: fields(), canvases: canvases(), media: media(), scrolls: scrolls(),
  now: {fields, canvases, media, scrolls, requests}};
if (window.__smokeflowProbe && window.__smokeflowProbe.observer) window.__smokeflowProbe.observer.disconnect();
P.observer = new MutationObserver(() => { P.changes++; });
P.observer.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
window.__smokeflowProbe = P;
if (!window.__smokeflowHooks) {
  window.__smokeflowHooks = true;
  const wrote = () => { if (window.__smokeflowProbe) window.__smokeflowProbe.clipboard++; };
  const first = e => { const p = window.__smokeflowProbe; if (p && !p.target) { p.target = e.target; p.scrolls = p.now.scrolls(); } };
  for (const t of ['pointerdown', 'mousedown', 'click']) window.addEventListener(t, first, true);
  for (const t of ['copy', 'cut']) window.addEventListener(t, wrote, true);
  const cb = navigator.clipboard;
  if (cb) for (const f of ['writeText', 'write']) { const orig = cb[f]; if (orig) cb[f] = function (...a) { wrote(); return orig.apply(this, a); }; }
}
return true;`
	probeReadJS = `const P = window.__smokeflowProbe;
if (!P) return ['another document'];
const out = [];
if (P.changes) out.push('a DOM change');
// a link to an empty fragment ('#', a placeholder) adds a history entry and scrolls to the top: no sign
const placeholder = location.href.endsWith('#') && location.href.slice(0, -1) === P.url.replace(/#$/, '');
if (location.href.replace(/#$/, '') !== P.url.replace(/#$/, '') || history.length !== P.history && !placeholder) out.push('the address or the history');
if (P.now.requests() !== P.requests) out.push('a request');
const a = document.activeElement;
if (a && a !== P.active && a !== document.body && !(P.target && a.contains(P.target))) out.push('the focus');
if (P.now.fields() !== P.fields) out.push('a value or checked state');
const s = P.now.scrolls(); let moved = s.size !== P.scrolls.size;
for (const [e, v] of s) if (P.scrolls.get(e) !== v) moved = true;
if (moved && !placeholder) out.push('the scroll position');
if (P.now.canvases() !== P.canvases) out.push('a canvas');
if (P.now.media() !== P.media) out.push('a video or audio');
if (P.clipboard) out.push('the clipboard');
return out;`
)

// armProbe runs probeArmJS in the page before a click.
func armProbe(ctx context.Context, s *session.Session) error {
	_, err := s.Do(ctx, &flows.Step{Name: "watch the page", Action: &flows.Eval{JS: probeArmJS}})
	return err
}

// readProbe runs probeReadJS after a click: what the click changed in the
// page that the session's counters do not show, in words.
func readProbe(ctx context.Context, s *session.Session) ([]string, error) {
	if _, err := s.Do(ctx, &flows.Step{Name: "what changed", Action: &flows.Eval{JS: probeReadJS}}); err != nil {
		return nil, err
	}
	list, _ := s.Scope().Vars["result"].([]any)
	var out []string
	for _, x := range list {
		if w, ok := x.(string); ok {
			out = append(out, w)
		}
	}
	return out, nil
}

// axState is what a person using assistive technology perceives of a
// page, from its snapshot (docs/explore.md "Dead controls"): each visible
// node by its role, name and rank among the same, with its checked,
// expanded, selected, pressed, disabled state and value. Two snapshots
// with one state differ in none of these; boxes and refs are left out (a
// click scrolls its control into view).
func axState(snap *locate.Snapshot) map[string]string {
	m, seen := map[string]string{}, map[string]int{}
	for _, n := range snap.All {
		if !n.Visible || n.Ignored {
			continue
		}
		k := n.Role + "|" + locate.Normalize(n.Name)
		seen[k]++
		m[k+"|"+strconv.Itoa(seen[k])] = strings.Join([]string{"+", n.Checked, n.Expanded, strconv.FormatBool(n.Selected),
			strconv.FormatBool(n.Pressed), strconv.FormatBool(n.Disabled), n.Value}, "|")
	}
	return m
}

// axChanged says whether the page's accessible state differs between two
// snapshots.
func axChanged(before, after *locate.Snapshot) bool {
	if before == nil || after == nil {
		return false
	}
	b, a := axState(before), axState(after)
	if len(a) != len(b) {
		return true
	}
	for k, v := range a {
		if b[k] != v {
			return true
		}
	}
	return false
}

// quietChanged looks, after a click the session's counters saw do
// nothing, for what else it may have done (docs/explore.md "Dead
// controls"): a download, what the probe armed before it saw (when armed),
// and the page's accessible state against the snapshot the session
// started from.
func (w *walker) quietChanged(ctx context.Context, v *visit, s *session.Session, armed bool, downloads int) (bool, error) {
	if len(w.downloads(v)) != downloads {
		return true, nil
	}
	if armed {
		what, err := readProbe(ctx, s)
		if fatal(ctx, err) {
			return false, err
		}
		if len(what) > 0 {
			return true, nil
		}
	}
	after, err := s.Snapshot(ctx)
	if err != nil {
		return false, errIfFatal(ctx, err)
	}
	return axChanged(v.before, after), nil
}

// downloads are the downloads of the visit's context so far.
func (w *walker) downloads(v *visit) []browser.Download {
	if v.bctx == nil {
		return nil
	}
	list, _ := v.bctx.Downloads()
	return list
}

// errIfFatal is err when it ends the walk, else nil.
func errIfFatal(ctx context.Context, err error) error {
	if fatal(ctx, err) {
		return err
	}
	return nil
}

// resetWords name a control that puts the page back as it was.
var resetWords = regexp.MustCompile(`(?i)\b(reset|clear|undo|redo|restore|revert)\b`)

// resets reports a control that resets, clears or undoes, by its name or
// its title (jQuery Mapael's "•", title "Reset zoom"): on the page as it
// opened it has nothing to act on, so that doing nothing is no sign of a
// bug (docs/explore.md "Dead controls").
func (w *walker) resets(ctx context.Context, s *session.Session, a *action) bool {
	if resetWords.MatchString(a.node.Name) {
		return true
	}
	r, _, err := s.Resolve(ctx, a.target)
	if err != nil || r == nil || r.Node == nil {
		return false
	}
	title, err := s.Attr(ctx, r.Node, "title")
	return err == nil && resetWords.MatchString(title)
}
