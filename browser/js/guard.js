// guard.js puts the click guard (lib.js installGuard) in place for a
// click that checks no more (docs/targets.md "Actionability"); check.js
// puts it in place itself, in the same call as the checks.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function() {
  installGuard(this);
})
