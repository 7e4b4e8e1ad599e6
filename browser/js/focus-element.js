// focus-element.js focuses the element, for type and press on anything
// but an editing host (host-focus.js), and waits for the page's answer
// to the focus (focusAnswered).
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function() { return focusAnswered(this); })
