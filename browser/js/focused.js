// focused.js is the element that has the focus in this document: through
// open shadow roots, up to a frame (whose own document then says); null
// when nothing has it.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(() => {
  const el = deepActive(document);
  if (!el || el === document.body || el === document.documentElement) return null;
  return el;
})()
