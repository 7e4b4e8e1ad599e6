// select.js picks the options of a native <select> by value, then by
// label (spaces folded), then by label in any case, and fires input and
// change; it answers the labels picked, or the ones missing with the
// options there are, or why the select cannot take them.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function(wanted) {
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const opts = Array.from(this.options || []);
  const picked = [], missing = [];
  for (const w of wanted) {
    const o = opts.find(o => o.value === w) || opts.find(o => norm(o.label) === norm(w)) ||
      opts.find(o => norm(o.label).toLowerCase() === norm(w).toLowerCase());
    if (!o) missing.push(w); else picked.push(o);
  }
  if (missing.length) return {missing, options: opts.map(o => norm(o.label))};
  if (!this.multiple && picked.length > 1) return {error: 'this select takes one option'};
  for (const o of opts) o.selected = picked.includes(o);
  this.dispatchEvent(new Event('input', {bubbles: true}));
  this.dispatchEvent(new Event('change', {bubbles: true}));
  return {picked: picked.map(o => norm(o.label))};
})
