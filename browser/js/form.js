// form.js finds the form of the control `this` (its form owner, or the
// nearest <form> or role=form around it) and the fields of that form that
// hold it back: required and empty (or unchecked, or with nothing
// chosen), or invalid, by the browser's own constraint validation
// (validity, validationMessage; read, never checkValidity(), which would
// fire `invalid` events at the page) and by aria-required, aria-checked
// and aria-invalid for ARIA widgets. It returns [form, field...] with the
// facts in .info, or null when the control is in no form. It runs in
// smokeflow's isolated world, out of the page's reach (world.go).
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function(max) {
  const el = elementOf(this);
  const form = el.form || el.closest('form, [role=form]');
  if (!form) return null;
  const text = (e) => (e ? (e.innerText || e.textContent || '') : '').replace(/\s+/g, ' ').trim();
  const roleOf = (f) => f.getAttribute('role') || ({checkbox: 'checkbox', radio: 'radio'})[f.type] ||
    (f.tagName === 'SELECT' ? 'combobox' : 'textbox');
  const ariaInvalid = (f) => { const v = f.getAttribute('aria-invalid'); return v !== null && v !== 'false'; };
  const errorText = (f) => { const id = f.getAttribute('aria-errormessage'); return id ? text(f.ownerDocument.getElementById(id)) : ''; };
  const stateOf = (f, required) => {
    if ('validity' in f) {
      if (f.willValidate && !f.validity.valid) {
        if (!f.validity.valueMissing) return ['invalid', f.validationMessage];
        if (f.type === 'checkbox') return ['unchecked', f.validationMessage];
        if (f.type === 'radio' || f.tagName === 'SELECT') return ['unselected', f.validationMessage];
        return ['empty', f.validationMessage];
      }
      return f.willValidate && ariaInvalid(f) ? ['invalid', errorText(f)] : null;
    }
    const role = f.getAttribute('role');
    if (ariaInvalid(f)) return ['invalid', errorText(f)];
    if (!required || f.getAttribute('aria-disabled') === 'true') return null;
    if ((role === 'checkbox' || role === 'switch') && f.getAttribute('aria-checked') !== 'true') return ['unchecked', ''];
    if (['textbox', 'searchbox', 'combobox'].includes(role) && !text(f)) return ['empty', ''];
    return null;
  };
  const native = form.tagName === 'FORM' ? [...form.elements] : [...form.querySelectorAll('input, select, textarea')];
  const aria = [...form.querySelectorAll('[aria-required=true], [aria-invalid]:not([aria-invalid=false])')];
  const out = [form], fields = [], seen = new Set(), groups = new Set();
  for (const f of [...native, ...aria]) {
    if (fields.length >= max) break;
    if (f === el || seen.has(f)) continue;
    seen.add(f);
    const required = f.required === true || f.getAttribute('aria-required') === 'true';
    const st = stateOf(f, required);
    if (!st) continue;
    if (f.type === 'radio' && f.name) {
      if (groups.has(f.name)) continue;
      groups.add(f.name);
    }
    out.push(f);
    fields.push({required, state: st[0], message: st[1] || '', role: roleOf(f), name: fieldName(f)});
  }
  out.info = {name: form.getAttribute('aria-label') || '', fields};
  return out;
})
