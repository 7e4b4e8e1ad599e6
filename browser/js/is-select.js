// is-select.js says the element is a native <select>, or a text input
// with a <datalist> of suggestions (its `list`), which select.js picks
// in as the browser's own lists do (docs/targets.md "Custom selects").
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function(){ return this.tagName === 'SELECT' || this.localName === 'input' && !!this.list })
