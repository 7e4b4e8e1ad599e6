// drop-at.js hit-tests the point (x, y) CSS px from the element's
// top-left corner, where a drag drops (docs/targets.md "Dragging"): the
// same hit test as a click's (lib.js hitOn), with the cover described.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function(x, y) {
  const el = elementOf(this);
  if (!el || !el.isConnected) return {state: 'detached'};
  const b = el.getBoundingClientRect();
  if (x > b.width || y > b.height) return {state: 'outside', w: b.width, h: b.height};
  const hit = deepHit(document, b.left + x, b.top + y);
  if (!hit) return {state: 'covered', by: 'nothing: the point is outside the viewport'};
  if (!hitOn(el, hit)) return {state: 'covered', by: coverBy(el, hit, true), cover: coverOf(el, hit)};
  return {state: 'ok'};
})
