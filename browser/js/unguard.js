// unguard.js ends the guard and says where the click went, as {by,
// cover}: by is nothing on the element, the element it would have landed
// on (cover: how that one stands to it, lib.js coverOf), or lostClick (a
// constant of Go) when no event of it reached the element's window. No event is expected there
// when the click point is on a frame inside the element (an <iframe> the
// element holds, or the element itself): that frame's document took them.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function() {
  const el = elementOf(this);
  const win = el.ownerDocument.defaultView;
  if (win.__smokeflowUnguard) win.__smokeflowUnguard();
  if (win.__smokeflowMiss) return {by: win.__smokeflowMiss, cover: win.__smokeflowMissCover || ''};
  if (win.__smokeflowSeen || win.__smokeflowExpired) return {by: '', cover: ''};
  const [x, y] = win.__smokeflowAt || [0, 0];
  const hit = deepHit(el.ownerDocument, x, y);
  if (hit && /^(IFRAME|FRAME|OBJECT|EMBED)$/.test(hit.tagName) && composedContains(el, hit)) return {by: '', cover: ''};
  return {by: lostClick, cover: ''};
})
