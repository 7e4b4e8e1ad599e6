// check.js checks that the element is attached and enabled (and editable),
// scrolls it into view, waits until it stays put over two rendered frames
// (the box now and after the next frame; watching for up to 30 while it
// moves, or while a box around it fades: lib.js fading), hit-tests its
// centre (or, where the centre is on a control the element holds, a point
// beside it: lib.js besideControls; for a toggle drawn invisible whose
// centre is off its drawing, the drawing's centre: lib.js drawingOf) and, for a click, puts the click guard
// in place, all in one call; it answers the centre, where to act
// (docs/targets.md "Actionability", "One call"). A page at rest
// (still: the change watcher has reported no DOM change for a while; no
// animation or transition running in the element's document; nothing to
// scroll) cannot move the element, and is not watched over frames. Two reads count as
// one sample only when a frame was rendered between them (the document
// timeline moved): on a loaded machine the 100 ms fallback timer can beat
// the next frame, and a box read twice in one frame always looks still.
// When no frame comes at all (a page that does not render), nothing can
// move, and the box is taken as it is. It runs in the element's own frame,
// so iframes and shadow roots need no coordinate juggling, in smokeflow's
// isolated world (world.go). What counts as a hit is lib.js hitOn's (a
// shadow host that holds the element, a node slotted into it); a cover
// comes with how it stands to the element (coverOf).
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(async function(needHit, still, enabled, editable, guard) {
  const el = elementOf(this);
  if (!el || !el.isConnected) return {state: 'detached'};
  if (enabled && el.matches(':disabled')) return {state: 'disabled'};
  // HTML's readonly applies to no range input (docs/targets.md "Sliders")
  if (editable && el.readOnly === true && el.type !== 'range') return {state: 'not_editable'};
  // the whole height, and the middle of the width: a person does not
  // scroll sideways to click what they see the middle of (a popover
  // that overflows the viewport's right edge, which a scroll closes)
  const inView = (r) => r.top >= 0 && r.bottom <= innerHeight && (r.left + r.right) / 2 >= 0 && (r.left + r.right) / 2 < innerWidth;
  let scrolled = false;
  if (!inView(el.getBoundingClientRect()) || outsideScroller(el)) { el.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'}); scrolled = true; }
  const now = () => document.timeline ? document.timeline.currentTime : null;
  const same = (a, b) => a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
  // a page at rest: no DOM change for a while, no animation or transition
  // running anywhere in this document, nothing scrolled
  const rest = still && !scrolled && (!document.getAnimations || document.getAnimations().length === 0);
  // the first sample is the box now, as the next frame will show it; the
  // second, the box once that frame is rendered
  let a = el.getBoundingClientRect(), b = a, ta = now(), stable = rest, rendered = rest;
  for (let i = 0; i < 30 && !stable && el.isConnected; i++) {
    await nextFrame();
    b = el.getBoundingClientRect();
    const tb = now();
    if (tb === null || tb !== ta) { rendered = true; stable = same(a, b) && !fading(el); }
    a = b;
    ta = tb;
  }
  if (!rendered) stable = same(a, b);
  if (!el.isConnected) return {state: 'detached'};
  if (!stable) return {state: 'unstable'};
  if (b.width === 0 || b.height === 0) return {state: 'hidden'};
  let x = b.left + b.width / 2, y = b.top + b.height / 2;
  if (!needHit) return {state: 'ok', x, y};
  let hit = deepHit(document, x, y);
  if (innerControl(el, hit)) {
    // the centre is on a control the element holds (AdminLTE's "I agree to
    // the terms of service." label, whose middle is its link): a person
    // clicks the element beside it
    const p = besideControls(el, b);
    if (p) ({x, y, hit} = p);
  }
  let on = !!hit && hitOn(el, hit);
  const drawing = hit && !on && drawnOver(el) ? drawingOf(el) : null;
  if (drawing) {
    // a toggle drawn invisible whose own centre is off the kit's drawing
    // of it: a person clicks the drawing
    const r = drawing.getBoundingClientRect();
    x = r.left + r.width / 2;
    y = r.top + r.height / 2;
    hit = deepHit(document, x, y);
    on = !!hit && hitOn(el, hit);
  }
  if (!hit) return {state: 'covered', by: 'nothing: the centre is outside the viewport'};
  if (!on) return {state: 'covered', by: coverBy(el, hit, true), cover: coverOf(el, hit)};
  if (guard) installGuard(this);
  return {state: 'ok', x, y};
})
