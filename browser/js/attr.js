// attr.js reads an attribute of the element (a text node's parent), or
// else its property of that name as a string ('' when it has neither);
// with prop, the property alone (a field's value now, not the value its
// attribute started it with).
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function(name, prop) {
  const el = elementOf(this);
  if (!prop && el.hasAttribute(name)) return el.getAttribute(name);
  const v = el[name];
  return v === undefined || v === null ? '' : String(v);
})
