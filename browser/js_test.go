package browser

import (
	"context"
	"io/fs"
	"path"
	"strings"
	"testing"
	"time"

	"github.com/go-rod/rod/lib/proto"
)

// The in-page code's tests (docs/architecture-notes.md "In-page code"):
// every file of js/ compiles in Chromium, and the helpers of lib.js answer
// as documented on a page with shadow roots, a slot, a label, a covering
// element and an iframe.

// helpersPage is the fixture of TestInPageHelpers. Its own script
// attaches the shadow roots and keeps what a closed one holds (closedInner)
// and centre, the middle of an element's box.
const helpersPage = `<!doctype html>
<html><body style="margin:0">
<button id="plain" class="a b c" style="position:absolute;left:0;top:0;width:120px;height:40px">Plain
  text</button>
<div id="open" style="position:absolute;left:0;top:50px;width:200px;height:40px"></div>
<div id="slotted" style="position:absolute;left:0;top:100px;width:200px;height:40px"><span id="light">Light</span></div>
<div id="closed" style="position:absolute;left:0;top:150px;width:200px;height:40px"></div>
<button id="under" style="position:absolute;left:0;top:200px;width:120px;height:40px">Under</button>
<div id="cover" style="position:absolute;left:0;top:200px;width:200px;height:40px;background:#fff">Cover</div>
<label id="lab" style="position:absolute;left:0;top:250px">Name <input id="field"></label>
<iframe id="frame" style="position:absolute;left:0;top:300px;width:300px;height:100px;border:0"
  srcdoc="<body style='margin:0'><button id='inframe' style='width:100px;height:40px'>In frame</button>"></iframe>
<div id="opt" style="position:absolute;left:320px;top:0;width:200px;height:40px"><div slot="headline" id="headline">Lisbon</div></div>
<div id="outer" style="position:absolute;left:320px;top:50px;width:200px;height:40px"><span slot="action" id="action">Upgrade</span></div>
<div id="texthost" style="position:absolute;left:320px;top:100px;width:200px;height:40px">Save draft</div>
<div id="part" style="position:absolute;left:320px;top:150px;width:200px;height:40px"></div>
<div id="holder" style="position:absolute;left:320px;top:200px;width:200px;height:40px"><button id="through"
  style="pointer-events:none;width:200px;height:40px">Through</button></div>
<div id="widget" style="position:absolute;left:320px;top:250px;width:200px;height:40px"><div id="trigger" tabindex="0"
  style="position:absolute;inset:0;z-index:1"></div><span id="shown">Pick one</span></div>
<div id="twoctl" style="position:absolute;left:320px;top:300px;width:200px;height:40px"><div id="glass" tabindex="0"
  style="position:absolute;inset:0;z-index:1"></div><span id="behind">Behind</span><button>Other</button></div>
<div id="star" style="position:absolute;left:540px;top:0;display:inline-flex;cursor:pointer"><span
  style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)"><input type="radio" id="starradio"></span><svg
  id="starsvg" width="30" height="30"><rect width="30" height="30"/></svg></div>
<div id="shown2" style="position:absolute;left:540px;top:50px;display:inline-flex"><input type="radio" id="plainradio"><svg
  id="plainsvg" width="30" height="30"><rect width="30" height="30"/></svg></div>
<script>
// an option whose <li> is in the shadow root, its headline slotted in
document.getElementById('opt').attachShadow({mode: 'open'}).innerHTML =
  '<li id="li" role="option" style="display:block;margin:0;width:200px;height:40px"><slot name="headline"></slot></li>';
// a component nesting another: the page's span goes through a slot of
// the outer one into the inner one's <button>
document.getElementById('outer').attachShadow({mode: 'open'}).innerHTML =
  '<div id="innerhost" style="width:200px;height:40px"><slot name="action"></slot></div>';
document.getElementById('outer').shadowRoot.getElementById('innerhost').attachShadow({mode: 'open'}).innerHTML =
  '<button id="deep" style="width:200px;height:40px"><slot></slot></button>';
// a button whose label is the host's own text, slotted
document.getElementById('texthost').attachShadow({mode: 'open'}).innerHTML =
  '<button id="tb" style="width:200px;height:40px"><slot></slot></button>';
// a component that draws a part of its own over its button
document.getElementById('part').attachShadow({mode: 'open'}).innerHTML =
  '<span style="position:relative;display:block"><button id="pb" style="width:200px;height:40px">P</button>' +
  '<span id="scrim" style="position:absolute;inset:0"></span></span>';
window.shadowed = (host, id) => byId(host).shadowRoot.getElementById(id);
window.deep = () => shadowed('outer', 'innerhost').shadowRoot.getElementById('deep');
document.getElementById('open').attachShadow({mode: 'open'}).innerHTML =
  '<button id="inner" style="width:200px;height:40px">Inner</button>';
document.getElementById('slotted').attachShadow({mode: 'open'}).innerHTML =
  '<div id="wrap" style="width:200px;height:40px"><slot></slot></div>';
const closedRoot = document.getElementById('closed').attachShadow({mode: 'closed'});
closedRoot.innerHTML = '<button style="width:200px;height:40px">Closed</button>';
window.closedInner = closedRoot.querySelector('button');
window.byId = (id) => document.getElementById(id);
window.inner = () => byId('open').shadowRoot.getElementById('inner');
window.centre = (el) => { const r = el.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
</script>
</body></html>`

// openHelpersPage serves html and opens it in a fresh page of a browser
// of its own, closed at the end of the test.
func openHelpersPage(t *testing.T, html string) (context.Context, *Page) {
	t.Helper()
	srv := serveHTML(t, html)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	c, err := sharedBrowser(t).NewContext(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	p, err := c.NewPage(ctx, PageOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Navigate(ctx, srv.URL, "load"); err != nil {
		t.Fatal(err)
	}
	return ctx, p
}

// TestInPageHelpers asks lib.js's describe, deepHit, composedContains
// and hitOn directly, in the page's world, with the prelude every script
// gets (withPrelude).
func TestInPageHelpers(t *testing.T) {
	ctx, p := openHelpersPage(t, helpersPage)
	cases := []struct{ what, expr, want string }{
		{"describe with text", `describe(byId('plain'), true)`, `"button#plain.a.b \"Plain text\""`},
		{"describe without text", `describe(byId('plain'), false)`, `"button#plain.a.b"`},
		{"describe of no element", `[describe(null, true), describe(byId('light').firstChild, false)]`,
			`["something else","something else"]`},
		{"a point outside the viewport shows nothing", `deepHit(document, -5, -5)`, `null`},
		{"an element not covered is hit", `hitOn(byId('plain'), deepHit(document, ...centre(byId('plain'))))`, `true`},
		{"a covered element is not hit", `hitOn(byId('under'), deepHit(document, ...centre(byId('under'))))`, `false`},
		{"the cover is what the hit shows", `describe(deepHit(document, ...centre(byId('under'))), true)`, `"div#cover \"Cover\""`},
		{"the hit goes through an open shadow root", `deepHit(document, ...centre(byId('open'))) === inner()`, `true`},
		{"a hit inside an open shadow root is on its host", `hitOn(byId('open'), deepHit(document, ...centre(byId('open'))))`, `true`},
		{"and on the element inside", `hitOn(inner(), deepHit(document, ...centre(byId('open'))))`, `true`},
		{"but not on another element", `hitOn(byId('plain'), deepHit(document, ...centre(byId('open'))))`, `false`},
		{"a slotted element is hit as itself", `deepHit(document, ...centre(byId('light'))) === byId('light')`, `true`},
		{"and counts as a hit on its host", `hitOn(byId('slotted'), deepHit(document, ...centre(byId('light'))))`, `true`},
		{"the slot's own box shows the host's shadow content",
			`describe(deepHit(document, byId('slotted').getBoundingClientRect().right - 2, ...centre(byId('light')).slice(1)), false)`,
			`"div#wrap"`},
		{"a closed shadow root stops the hit at its host", `deepHit(document, ...centre(byId('closed'))) === byId('closed')`, `true`},
		{"which counts as a hit on what the closed root holds", `hitOn(closedInner, deepHit(document, ...centre(byId('closed'))))`, `true`},
		{"a hit on the label is a hit on its control", `hitOn(byId('field'), byId('lab'))`, `true`},
		{"a hit on the control is a hit on its label", `hitOn(byId('lab'), byId('field'))`, `true`},
		{"a hit on an iframe is the frame element", `deepHit(document, ...centre(byId('frame'))) === byId('frame')`, `true`},
		{"the frame's own document shows its element", `(() => { const d = byId('frame').contentDocument;
			return describe(deepHit(d, ...centre(d.getElementById('inframe'))), true); })()`, `"button#inframe \"In frame\""`},
		{"a node slotted into the element is a hit on it", `hitOn(shadowed('opt', 'li'), deepHit(document, ...centre(byId('headline'))))`, `true`},
		{"so is one slotted through a slot of a nested component",
			`[deepHit(document, ...centre(byId('action'))) === byId('action'), hitOn(deep(), deepHit(document, ...centre(byId('action'))))]`, `[true,true]`},
		{"text slotted into a shadow tree stops the hit at its host", `deepHit(document, ...centre(byId('texthost'))) === byId('texthost')`, `true`},
		{"which is a hit on what the host holds", `hitOn(shadowed('texthost', 'tb'), deepHit(document, ...centre(byId('texthost'))))`, `true`},
		{"and on the host of the host", `hitOn(deep(), byId('outer'))`, `true`},
		{"but not on an element the host does not hold", `hitOn(byId('plain'), byId('texthost'))`, `false`},
		{"a part of the component over its button is a cover", `hitOn(shadowed('part', 'pb'), deepHit(document, ...centre(byId('part'))))`, `false`},
		{"of its own component", `coverOf(shadowed('part', 'pb'), deepHit(document, ...centre(byId('part'))))`, `"component"`},
		{"what holds an element that lets the click through is its container",
			`[hitOn(byId('through'), deepHit(document, ...centre(byId('through')))), coverOf(byId('through'), deepHit(document, ...centre(byId('through'))))]`,
			`[false,"container"]`},
		{"the one control of a box, laid over its text, is a hit on the text", `hitOn(byId('shown'), deepHit(document, ...centre(byId('shown'))))`, `true`},
		{"but not where the box holds another control", `hitOn(byId('behind'), deepHit(document, ...centre(byId('behind'))))`, `false`},
		{"what a kit draws beside a radio clipped to 1×1 is a hit on the radio", `hitOn(byId('starradio'), byId('starsvg'))`, `true`},
		{"but not beside a radio a person sees", `hitOn(byId('plainradio'), byId('plainsvg'))`, `false`},
		{"a cover from elsewhere is none of these", `coverOf(byId('under'), deepHit(document, ...centre(byId('under'))))`, `""`},
		{"the click guard lets a press on a node slotted into the element through",
			`(() => { installGuard(shadowed('opt', 'li')); byId('headline').dispatchEvent(new MouseEvent('mousedown', {bubbles: true, composed: true}));
			  const r = [window.__smokeflowMiss, window.__smokeflowSeen]; window.__smokeflowUnguard(); return r; })()`, `["",true]`},
		{"and refuses one on a part of the element's component, saying how it stands to it",
			`(() => { installGuard(shadowed('part', 'pb')); shadowed('part', 'scrim').dispatchEvent(new MouseEvent('mousedown', {bubbles: true, composed: true}));
			  const r = [window.__smokeflowMiss, window.__smokeflowMissCover]; window.__smokeflowUnguard(); return r; })()`, `["span#scrim","component"]`},
		{"composedContains goes through the slots nodes are slotted into",
			`[composedContains(shadowed('opt', 'li'), byId('headline')), composedContains(byId('headline'), shadowed('opt', 'li'))]`, `[true,false]`},
		{"elementOf is the element a node is, or is in", `[elementOf(byId('plain')) === byId('plain'), elementOf(byId('plain').firstChild) === byId('plain')]`,
			`[true,true]`},
		{"nextFrame resolves at the next frame", `(async () => { const t = performance.now(); await nextFrame(); return performance.now() - t < 1000; })()`, `true`},
		{"deepActive goes through open shadow roots", `(() => { inner().focus(); const a = deepActive(document); const r = [a === inner(), document.activeElement === byId('open')];
			inner().blur(); return r; })()`, `[true,true]`},
		{"and is the focused element of a plain document", `(() => { byId('field').focus(); const r = deepActive(document) === byId('field'); byId('field').blur(); return r; })()`, `true`},
		{"composedContains goes up through shadow hosts", `[composedContains(byId('open'), inner()), composedContains(inner(), byId('open'))]`,
			`[true,false]`},
	}
	for _, c := range cases {
		r, err := p.Eval(ctx, withPrelude(c.expr))
		if err != nil {
			t.Errorf("%s: %s: %v", c.what, c.expr, err)
			continue
		}
		if got := r.Value.JSON("", ""); got != c.want {
			t.Errorf("%s: %s = %s, want %s", c.what, c.expr, got, c.want)
		}
	}
}

// TestInPageScriptsCompile compiles every file of js/ in Chromium as the
// browser gets it (lib.js as it stands, the others with the prelude), so
// that a syntax error fails go test rather than a user's run.
func TestInPageScriptsCompile(t *testing.T) {
	ctx, p := openHelpersPage(t, "<!doctype html><p>compile")
	files, err := fs.Glob(jsFiles, "js/*.js")
	if err != nil || len(files) == 0 {
		t.Fatalf("no in-page scripts embedded: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(path.Base(f), ".js")
		src := jsFile(name)
		if name != "lib" {
			src = script(name)
		}
		r, err := proto.RuntimeCompileScript{Expression: src, SourceURL: f, PersistScript: false}.Call(p.main.Client(ctx))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if d := r.ExceptionDetails; d != nil {
			t.Errorf("%s does not compile: %s (line %d of the script as sent)", f, exceptionMessage(d), d.LineNumber)
		}
	}
}
