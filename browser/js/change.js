// change.js fires a change event at the element, after fill typed its
// text (docs/targets.md "Actionability").
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function() { this.dispatchEvent(new Event('change', {bubbles: true})); })
