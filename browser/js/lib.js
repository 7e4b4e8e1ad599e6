// The helpers of smokeflow's in-page code: every script of browser/js/
// sees them, and the constants Go hands over (docs/architecture-notes.md
// "In-page code"). Each exists once: one description of an element, one
// hit test (and one account of a cover), one click guard.
/* exported elementOf, rectOf, nextFrame, deepActive, describe, deepHit, composedContains, hitOn, coverOf, coverBy, installGuard */

// fadeLimit is the longest transition or animation around an element
// that fading waits for, in ms: a longer one is the page's decoration.
const fadeLimit = 2000;

// controlSelector matches what a person operates: another control in a
// field's wrapper makes the wrapper no part of the field alone.
const controlSelector = 'input:not([type=hidden]),select,textarea,button,a[href],[contenteditable=""],[contenteditable=true],' +
  '[tabindex]:not([tabindex="-1"]),[role=button],[role=link],[role=checkbox],[role=radio],[role=switch],[role=combobox],' +
  '[role=textbox],[role=searchbox],[role=spinbutton],[role=slider],[role=tab],[role=option],[role=menuitem]';

// elementOf is the element a node is, or is in (a text node's parent).
function elementOf(node) {
  return node.nodeType === 1 ? node : node.parentElement;
}

// rectOf is a DOMRect as a plain box {x, y, w, h}, the shape Go decodes
// (locate.Box).
function rectOf(r) {
  return {x: r.left, y: r.top, w: r.width, h: r.height};
}

// nextFrame resolves at the next animation frame, or after 100 ms when no
// frame comes (a page that does not paint).
function nextFrame() {
  return Promise.race([new Promise(f => requestAnimationFrame(() => f())), new Promise(f => setTimeout(f, 100))]);
}

// deepActive is the element that has the focus in doc, through open
// shadow roots (a frame element when the focus is in a frame).
function deepActive(doc) {
  let a = doc.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  return a;
}

// describe names an element for a message: its tag, id, first two
// classes and, withText, the start of its text ('something else' for
// what is no element).
function describe(e, withText) {
  if (!e || !e.tagName) return 'something else';
  let s = e.tagName.toLowerCase();
  if (e.id) s += '#' + e.id;
  if (typeof e.className === 'string' && e.className.trim()) s += '.' + e.className.trim().split(/\s+/).slice(0, 2).join('.');
  if (!withText) return s;
  const t = (e.innerText || '').trim().replace(/\s+/g, ' ').slice(0, 40);
  if (t) s += ' "' + t + '"';
  return s;
}

// deepHit is the element a document shows at (x, y), through open shadow
// roots: the first half of the hit test (hitOn is the second).
function deepHit(doc, x, y) {
  let hit = doc.elementFromPoint(x, y);
  while (hit && hit.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}

// composedParent is n's parent in the composed (flat) tree, as the page
// renders it: the slot a node is slotted into (assignedSlot, for an open
// root), else its parent, else, for a shadow root, its host.
function composedParent(n) {
  return n.assignedSlot || n.parentNode || n.host || null;
}

// outsideScroller says part of el's box lies outside a box that scrolls
// around it (overflow auto or scroll: a long listbox, a menu, a side
// panel), which a person scrolls to see the item: its centre may be in
// the viewport and still show what is under the list (docs/targets.md
// "The checks", In view). The walk goes up the composed tree and ends at
// the document's scroller, which check.js's inView answers for, or at a
// fixed box, which nothing above it clips.
function outsideScroller(el) {
  const r = el.getBoundingClientRect();
  for (let a = el; a && a !== document.scrollingElement; a = composedParent(a)) {
    if (!(a instanceof Element)) continue;
    const cs = getComputedStyle(a);
    if (a !== el && /auto|scroll|overlay/.test(cs.overflowX + ' ' + cs.overflowY)) {
      const c = a.getBoundingClientRect();
      if (r.top < c.top - 1 || r.left < c.left - 1 || r.bottom > c.bottom + 1 || r.right > c.right + 1) return true;
    }
    if (cs.position === 'fixed') return false;
  }
  return false;
}

// fading says a transition or an animation runs on el or on a box
// around it in the composed tree (a dialog fading in, a menu sliding
// down) that ends: one of at most fadeLimit ms, not an endless one (a
// spinner, a pulse), nor one run on a box inside it. Its box may stand
// still while it runs (an opacity fade; the last frames of an ease-out),
// and widgets ignore clicks until it ends (Bootstrap's modal keeps a
// flag until transitionend): the element is not stable until it ends
// (docs/targets.md "The checks", Stable).
function fading(el) {
  return fadingOn(target => composedContains(target, el));
}

// fadingOn says a transition or an animation of at most fadeLimit ms
// runs on an element that on(target) accepts (fading).
function fadingOn(on) {
  if (!document.getAnimations) return false;
  return document.getAnimations().some(a => {
    if (a.playState !== 'running' || !a.effect || !a.effect.target) return false;
    const t = a.effect.getComputedTiming();
    return t.activeDuration <= fadeLimit && t.endTime <= fadeLimit && on(a.effect.target);
  });
}

// composedContains says n is el or inside it in the composed tree: up
// through the slots nodes are slotted into, parents and the hosts of
// shadow roots. A headline <div> slotted into an option's <li> in the
// host's shadow root is inside that <li>.
function composedContains(el, n) {
  for (; n; n = composedParent(n)) if (n === el) return true;
  return false;
}

// composedClosest is the nearest of n and what holds it in the composed
// tree that matches the selector sel, null when none does: a control's
// part in its shadow root is inside the control.
function composedClosest(n, sel) {
  for (; n; n = composedParent(n)) if (n.nodeType === 1 && n.matches(sel)) return n;
  return null;
}

// hostOf reports whether hit is a shadow host that holds el: el's root's
// host, that host's root's host, and so on (nested components).
function hostOf(el, hit) {
  for (let r = el.getRootNode(); r && r.host; r = r.host.getRootNode()) if (r.host === hit) return true;
  return false;
}

// hitOn is the hit test (docs/targets.md "Actionability", "Receives
// events"), the one the checks and the click guard share: whether hit,
// the element a point shows (deepHit) or an event's first target, counts
// as a hit on el: el or inside it in the composed tree (a node slotted
// into el counts); a shadow host that holds el (the hit stops at a host
// where a point shows text slotted into its shadow tree, or where a
// closed root cannot be drilled); a label of el, or one that holds it;
// el's control when el is a label; a part of the field a kit draws around
// el (fieldPart); the trigger a kit lays over el's text (widgetPart).
function hitOn(el, hit) {
  if (composedContains(el, hit) || hostOf(el, hit) || fieldPart(el, hit) || widgetPart(el, hit)) return true;
  const lab = hit && hit.closest ? hit.closest('label') : null;
  if (lab && (lab.control === el || lab.contains(el))) return true;
  return el.tagName === 'LABEL' && !!el.control && hit === el.control;
}

// innerControl says hit is inside a control that el holds, not el
// itself (a link in a label's text): a click there is that control's
// (docs/targets.md "Actionability", "Receives events").
function innerControl(el, hit) {
  if (!hit || !composedContains(el, hit)) return false;
  for (let n = hit; n && n !== el; n = composedParent(n)) {
    if (n.nodeType === 1 && n.matches(controlSelector)) return true;
  }
  return false;
}

// besideControls is a point of el's box b where a click is el's and on
// no control inside it, with what is hit there: along its middle line
// from the start, where a drawn box or a label's text begins, then
// above and below it; null when there is none.
function besideControls(el, b) {
  for (const fy of [0.5, 0.3, 0.7]) {
    for (const fx of [0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95]) {
      const x = b.left + b.width * fx, y = b.top + b.height * fy;
      const hit = deepHit(document, x, y);
      if (hit && hitOn(el, hit) && !innerControl(el, hit)) return {x, y, hit};
    }
  }
  return null;
}

// isField says el takes a value a person types or picks: a text input,
// a textarea, a native select, or an element of such a role.
function isField(el) {
  if (el.tagName === 'TEXTAREA' || el.tagName === 'SELECT') return true;
  if (el.tagName === 'INPUT') return !/^(checkbox|radio|button|submit|reset|image|file|range|color|hidden)$/i.test(el.type);
  return /^(combobox|textbox|searchbox|spinbutton)$/.test(el.getAttribute('role') || '');
}

// drawnOver says el is a checkbox, radio or switch drawn invisible: an
// opacity of 0, or a box of 1×1 or less, its own or that of a box up to
// two levels around it (PrimeVue's Rating clips each star's radio in a
// 1×1 span and draws the star beside it): the kit draws the widget a
// person clicks in its place.
function drawnOver(el) {
  if (!el.matches('input[type=checkbox],input[type=radio],[role=checkbox],[role=radio],[role=switch]')) return false;
  for (let a = el, i = 0; a && a.nodeType === 1 && i < 3; a = composedParent(a), i++) {
    const r = a.getBoundingClientRect();
    if (getComputedStyle(a).opacity === '0' || r.width <= 1 && r.height <= 1) return true;
  }
  return false;
}

// fieldPart says hit is a part of the field a kit draws around el, a
// field or a toggle drawn invisible (drawnOver) (docs/targets.md
// "Actionability", "Receives events"): the
// nearest element that holds both el and hit, within three levels up
// from el, holds no other control, and is not the document's body. A
// kit draws its field's box, its shown value or its placeholder over
// the input it keeps (Vuetify's v-field__input over its input, which
// lets pointer events through; Element Plus' placeholder beside it),
// and listens for clicks on the field: a person clicks the field.
function fieldPart(el, hit) {
  if (!hit || hit.nodeType !== 1 || !(isField(el) || drawnOver(el))) return false;
  return soleControlBox(el, el, (a) => composedContains(a, hit));
}

// widgetPart says hit is the one control of the widget whose text el
// is (docs/targets.md "Actionability", "Receives events"): el is no
// control and in none, and the nearest element that holds both el and
// the control hit is in, within three levels up from el, holds no other
// control, and is not the document's body. A kit lays its trigger over
// the text it shows (Naive UI's multiple select: a transparent focusable
// box over its placeholder; a card's stretched link over its text): a
// person who clicks the text clicks the trigger.
function widgetPart(el, hit) {
  if (!hit || hit.nodeType !== 1 || composedClosest(el, controlSelector)) return false;
  const ctl = composedClosest(hit, controlSelector);
  return !!ctl && soleControlBox(el, ctl, (a) => composedContains(a, ctl));
}

// soleControlBox is the walk fieldPart and widgetPart share: whether one
// of soleControlBoxes(el, own) holds (holds(box)).
function soleControlBox(el, own, holds) {
  return soleControlBoxes(el, own).some(holds);
}

// soleControlBoxes are the boxes up from el, at most three levels and
// never to the body, until one holds a control a person sees other than
// own (or one holding it, or held by it), which is left out, as are those
// above. A control drawn as nothing (a box of 1×1 or less: the native
// select Syncfusion's DropDownList keeps at 0×0 in its wrapper) or
// hidden from assistive technology is no other control.
function soleControlBoxes(el, own) {
  const doc = el.ownerDocument, out = [];
  const seen = (c) => {
    const r = c.getBoundingClientRect();
    return c.getClientRects().length > 0 && (r.width > 1 || r.height > 1) && c.getAttribute('aria-hidden') !== 'true';
  };
  for (let a = composedParent(el), i = 0; i < 3; a = composedParent(a), i++) {
    if (!a || a.nodeType !== 1 || a === doc.body || a === doc.documentElement) break;
    for (const c of a.querySelectorAll(controlSelector)) {
      if (c !== own && !c.contains(own) && !own.contains(c) && seen(c)) return out;
    }
    out.push(a);
  }
  return out;
}

// drawingOf is what a kit draws in place of el, a toggle drawn invisible
// (drawnOver): the outermost of its sole control boxes with a box of more
// than 1×1 (PrimeVue's Rating: the star around the clipped radio), where a
// person clicks; null when there is none. The radio's own box may reach
// past the star, so that its centre shows what is around the rating
// (docs/targets.md "Actionability", "Receives events").
function drawingOf(el) {
  let d = null;
  for (const a of soleControlBoxes(el, el)) {
    const r = a.getBoundingClientRect();
    if (r.width > 1 && r.height > 1) d = a;
  }
  return d;
}

// coverOf is how a cover (a hit that is no hit on el) stands to el, for
// the advice of a covered failure (docs/targets.md "Actionability",
// "Receives events"): 'container', it holds el (el lets pointer events
// through, or the container draws over it); 'component', a part of a
// component that holds el (inside one of el's shadow hosts); '' anything
// else (a banner, a modal, an overlay).
function coverOf(el, hit) {
  if (!hit) return '';
  if (composedContains(hit, el)) return 'container';
  for (let r = el.getRootNode(); r && r.host; r = r.host.getRootNode()) if (composedContains(r.host, hit)) return 'component';
  return popupOf(el, hit) ? 'popup' : '';
}

// popupOf is the popup a cover is part of, when el is not in it: the
// nearest element around hit, in the composed tree, of a popup's role
// (dialog, alertdialog, listbox, menu, tooltip), a <dialog> or an open
// [popover]; null otherwise. A date picker, a menu or a list of
// suggestions left open covers what the next step acts on
// (docs/targets.md "Receives events", a popup left open).
function popupOf(el, hit) {
  for (let n = hit; n && n.nodeType === 1; n = composedParent(n)) {
    const role = n.getAttribute('role');
    if (popupCoverRoles.includes(role) || n.tagName === 'DIALOG' || n.hasAttribute('popover')) {
      return composedContains(n, el) ? null : n;
    }
  }
  return null;
}

const popupCoverRoles = ['dialog', 'alertdialog', 'listbox', 'menu', 'tooltip'];

// coverBy describes a cover: the element hit, and the popup it is part
// of, by its role and name (`span "4" in dialog "Choose Date"`).
function coverBy(el, hit, withText) {
  const by = describe(hit, withText), pop = popupOf(el, hit);
  if (!pop) return by;
  const role = pop.getAttribute('role') || (pop.tagName === 'DIALOG' ? 'dialog' : 'popover');
  let name = pop.getAttribute('aria-label') || '';
  const ids = (pop.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean);
  if (!name && ids.length) name = ids.map((id) => (pop.ownerDocument.getElementById(id) || {}).textContent || '').join(' ');
  name = name.trim().replace(/\s+/g, ' ').slice(0, 40);
  return by + ' in ' + role + (name ? ' "' + name + '"' : '');
}

// installGuard makes the window of node's element refuse mouse events
// that land on anything but the element (or its label) while smokeflow's
// click is dispatched: the page may move between the hit test and the
// click, and a click must never reach another element. The miss is
// recorded for unguard.js to report. So is a click of which no event
// reached the element's window at all (something in another frame took
// it, or nothing did): a click that reached nothing never passes for one
// that landed (docs/targets.md "Actionability").
function installGuard(node) {
  const el = elementOf(node);
  const win = el.ownerDocument.defaultView;
  const types = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'dblclick', 'auxclick', 'contextmenu'];
  if (win.__smokeflowUnguard) win.__smokeflowUnguard();
  win.__smokeflowMiss = '';
  win.__smokeflowMissCover = '';
  win.__smokeflowSeen = false;
  win.__smokeflowExpired = false;
  const box = el.getBoundingClientRect();
  win.__smokeflowAt = [box.left + box.width / 2, box.top + box.height / 2];
  // The first event decides, as in Playwright: once the press lands on
  // the element, the rest of the click may go anywhere (a menu item may
  // hide itself on mousedown); if it lands elsewhere, the whole click is
  // blocked.
  let decided = false, blocked = false;
  const guard = (e) => {
    win.__smokeflowSeen = true;
    if (!decided) {
      decided = true;
      const t = e.composedPath ? e.composedPath()[0] : e.target;
      if (!hitOn(el, t)) {
        blocked = true;
        win.__smokeflowMiss = coverBy(el, t, false);
        win.__smokeflowMissCover = coverOf(el, t);
      }
    }
    if (blocked) {
      e.preventDefault();
      e.stopImmediatePropagation();
    }
  };
  types.forEach(t => win.addEventListener(t, guard, true));
  const unguard = () => { types.forEach(t => win.removeEventListener(t, guard, true)); win.__smokeflowUnguard = null; };
  win.__smokeflowUnguard = unguard;
  // a guard left in place ends by itself; whether the click came after
  // that cannot be told, so it is not judged lost
  setTimeout(() => { if (win.__smokeflowUnguard === unguard) { unguard(); win.__smokeflowExpired = true; } }, 3000);
}

// fieldName is how a message names the form field f: its aria-label,
// its first label's text, the text its aria-labelledby names, its
// placeholder, its name; '' for none (the blockers of a form, form.js;
// the field of a closed list's option, hidden.js).
function fieldName(f) {
  const text = (e) => (e ? (e.innerText || e.textContent || '') : '').replace(/\s+/g, ' ').trim();
  const doc = f.ownerDocument;
  const by = (f.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean).map((id) => text(doc.getElementById(id))).join(' ').trim();
  return f.getAttribute('aria-label') || (f.labels && f.labels.length ? text(f.labels[0]) : '') || by ||
    f.getAttribute('placeholder') || f.getAttribute('name') || '';
}

// deepQueryAll is root.querySelectorAll(sel) with the matches inside
// every open shadow root under root too, each root's after its host's
// tree's: a web component keeps its dialog in its shadow root (Calcite's
// calcite-dialog, Shoelace's sl-dialog).
function deepQueryAll(root, sel) {
  const out = [...root.querySelectorAll(sel)];
  for (const e of root.querySelectorAll('*')) if (e.shadowRoot) out.push(...deepQueryAll(e.shadowRoot, sel));
  return out;
}

// focusAnswered focuses el and resolves once the page has answered the
// focus: when the focus changed the DOM (a picker drawn, a panel opened,
// a style's change aside), it waits a frame and then the timers the page
// set in that answer, round after round until a round changes nothing,
// up to focusAnswerMS. Keys or text sent at once would reach the page
// before those timers and race them: PrimeVue's DatePicker, given its
// text before the timer its panel set, moved the focus to day 1 (docs/targets.md
// "The page's answer to the focus"). A field that had
// the focus already is focused again and not waited for.
function focusAnswered(el) {
  const doc = el.ownerDocument, win = doc.defaultView;
  if (deepActive(doc) === el) { el.focus(); return Promise.resolve(); }
  let moved = false;
  const mo = new MutationObserver((records) => {
    if (records.some((r) => r.type !== 'attributes' || r.attributeName !== 'style')) moved = true;
  });
  const opts = {subtree: true, childList: true, attributes: true, characterData: true};
  mo.observe(doc, opts);
  if (el.getRootNode() !== doc) mo.observe(el.getRootNode(), opts);
  el.focus();
  const task = () => new Promise((r) => win.setTimeout(r, 0));
  const frame = () => new Promise((r) => { win.requestAnimationFrame(() => r()); win.setTimeout(r, 50); });
  const end = performance.now() + Number(focusAnswerMS);
  return (async () => {
    await task();
    while (moved && performance.now() < end) {
      moved = false;
      await frame();
      await task();
    }
    mo.disconnect();
  })();
}
