// select.js picks the options of a native <select>, or the one option of
// the <datalist> of a text input (its `list`: what the browser's own list
// of suggestions sets on a pick), by value, then by label (spaces
// folded), then by label in any case, and fires input and change; it
// answers the labels picked, or the ones missing with the options there
// are, or why the field cannot take them (docs/targets.md "Custom
// selects").
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function(wanted) {
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const label = (o) => norm(o.label) || norm(o.value);
  const list = this.localName === 'input' ? this.list : null;
  const opts = Array.from((list || this).options || []).filter(o => !list || !o.disabled);
  const picked = [], missing = [];
  for (const w of wanted) {
    const o = opts.find(o => o.value === w) || opts.find(o => label(o) === norm(w)) ||
      opts.find(o => label(o).toLowerCase() === norm(w).toLowerCase());
    if (!o) missing.push(w); else picked.push(o);
  }
  if (missing.length) return {missing, options: opts.map(label)};
  if ((list || !this.multiple) && picked.length > 1) return {error: 'this field takes one option'};
  if (list) {
    this.focus();
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(this, picked[0].value);
    this.dispatchEvent(new InputEvent('input', {bubbles: true, composed: true, inputType: 'insertReplacementText', data: picked[0].value}));
  } else {
    for (const o of opts) o.selected = picked.includes(o);
    this.dispatchEvent(new Event('input', {bubbles: true}));
  }
  this.dispatchEvent(new Event('change', {bubbles: true}));
  return {picked: picked.map(label)};
})
