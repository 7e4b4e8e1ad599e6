// attr.js reads an attribute of the element (a text node's parent), or
// else its property of that name as a string ('' when it has neither).
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function(name) {
  const el = elementOf(this);
  if (el.hasAttribute(name)) return el.getAttribute(name);
  const v = el[name];
  return v === undefined || v === null ? '' : String(v);
})
