// animating.js says a transition or an animation of at most fadeLimit ms
// runs anywhere in the element's document (fadingOn): a page that still
// moves, whose element meant may show in a moment (a dialog scaling in
// from nothing), though no DOM change says so (docs/targets.md "When
// waiting ends").
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function() {
  return fadingOn(() => true);
})
