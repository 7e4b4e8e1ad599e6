// link-href.js is the href of a link ('' for what has none).
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function(){ return this.href || '' })
