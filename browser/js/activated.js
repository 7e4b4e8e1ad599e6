// activated.js is the element that pressing key (flows.KeyEnter or
// flows.KeySpace) on this element activates, or null (docs/security.md
// "What a rule on click covers"): Space, the element, unless it takes
// text; Enter in a textarea or an editing host, nothing; Enter in another
// input than a button, its form's default button (the first submit button
// of the form, in tree order), else the form itself (which Enter may
// submit), else nothing; Enter on anything else, the element.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function(key) {
  const el = elementOf(this);
  if (!el) return null;
  const tag = el.localName;
  const buttonType = tag === 'input' && ['submit', 'button', 'reset', 'image'].includes(el.type);
  const takesText = el.isContentEditable || tag === 'textarea' ||
    (tag === 'input' && !buttonType && !['checkbox', 'radio', 'file', 'range', 'color'].includes(el.type));
  if (key === keySpace) return takesText ? null : el;
  if (tag === 'textarea' || (el.isContentEditable && tag !== 'input')) return null;
  if (tag !== 'input' || buttonType) return el;
  const f = el.form;
  if (!f) return null;
  for (const c of f.elements) {
    if ((c.localName === 'button' && c.type === 'submit') || (c.localName === 'input' && (c.type === 'submit' || c.type === 'image'))) return c;
  }
  return f;
})
