// drawn.js: whether the element is drawn where it is: 'hit' when the
// point at its centre shows it (hitOn), 'miss' when it shows something
// else (a list clipped away under its widget, as Chosen closes its drop
// with a clip-path), 'out' when its centre is outside the viewport or it
// has no box (then nothing is told). The select step asks it of a popup
// it found still there before it reopens a widget (docs/targets.md
// "Custom selects").
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function() {
  const el = elementOf(this);
  if (!el || !el.isConnected) return 'out';
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (r.width <= 0 || r.height <= 0 || x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return 'out';
  return hitOn(el, deepHit(el.ownerDocument, x, y)) ? 'hit' : 'miss';
})
