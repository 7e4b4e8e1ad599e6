// set-storage.js puts items ([{name, value}]) in the document's
// localStorage and answers "[]", the JSON text atOrigin decodes
// (docs/security.md "Saved state").
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
((items) => { for (const i of items) localStorage.setItem(i.name, i.value); return '[]'; })
