// change.js fires a change event at the element, after fill typed its
// text, and answers the value it then holds: a string for an input or a
// textarea, null for a password input and any other element (docs/targets.md "Actionability";
// docs/flows.md "fill").
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function() {
  this.dispatchEvent(new Event('change', {bubbles: true}));
  if (this.localName === 'input' && this.type === 'password') return null; // a secret is never read back
  return this.localName === 'input' || this.localName === 'textarea' ? this.value : null;
})
