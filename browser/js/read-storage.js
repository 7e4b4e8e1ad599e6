// read-storage.js is the localStorage of the document, as JSON text of
// [{name, value}] (docs/security.md "Saved state").
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
JSON.stringify(Object.keys(localStorage).map(k => ({name: k, value: localStorage.getItem(k)})))
