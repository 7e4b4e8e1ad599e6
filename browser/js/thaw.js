// thaw.js undoes still.js.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
() => {
  document.getElementById('__smokeflow_still')?.remove();
  for (const a of globalThis.__smokeflowReplay || []) { try { a.play(); } catch (e) {} }
  globalThis.__smokeflowReplay = [];
}
