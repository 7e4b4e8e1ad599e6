// shown.js: the element (a text node's parent) is attached, has a box and
// is not hidden by visibility.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function() {
  const el = elementOf(this);
  if (!el || !el.isConnected) return false;
  const r = el.getBoundingClientRect();
  if (r.width <= 0 || r.height <= 0) return false;
  const v = getComputedStyle(el).visibility;
  return v !== 'hidden' && v !== 'collapse';
})
