// is-select.js says the element is a native <select>.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function(){ return this.tagName === 'SELECT' })
