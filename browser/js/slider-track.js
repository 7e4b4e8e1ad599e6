// slider-track.js: where a slider's values lie on the screen, for fill on
// a slider its keys do not move (docs/targets.md "Sliders"): the
// slider's own box (its handle), and the track it moves along: the
// slider itself when it is long on its axis (three times its width
// across, 40 px at least), else the nearest of its four closest
// ancestors three times as long as the slider on that axis; null when
// none is. Vertical from aria-orientation, right to left from its
// direction. Boxes in its frame's viewport.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function() {
  const el = elementOf(this);
  const vertical = el.getAttribute('aria-orientation') === 'vertical';
  const along = (r) => vertical ? r.height : r.width;
  const across = (r) => vertical ? r.width : r.height;
  const own = el.getBoundingClientRect();
  let track = null, self = false;
  if (along(own) >= 3 * across(own) && along(own) >= 40) { track = own; self = true; }
  for (let a = composedParent(el), i = 0; !track && a && a.nodeType === 1 && i < 4; a = composedParent(a), i++) {
    const r = a.getBoundingClientRect();
    if (along(r) >= 3 * along(own) && along(r) >= 40) track = r;
  }
  if (!track) return null;
  return {handle: rectOf(own), track: rectOf(track), self, vertical, rtl: getComputedStyle(el).direction === 'rtl'};
})
