// read-only.js says the element is read-only by its own readOnly (the
// readonly attribute of an input or textarea), which the accessibility
// tree does not say of a combobox input: true or false.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function() {
  return elementOf(this).readOnly === true;
})
