// form-info.js is the facts form.js put on the array it returned.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function() { return this.info })
