// focus.js focuses the element and selects its content; an input whose
// value a picker sets (date, time, datetime-local, month, week, color)
// takes the value at once instead, with an input and a change event, as
// Playwright's fill does: it answers "set", or "malformed" when the input
// refused the value (docs/targets.md "Actionability", "Date, time and
// colour inputs"). A colour is compared in lower case, as the input keeps
// it.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(async function(clear, value) {
  const el = this;
  if (el.localName === 'input' && ['date', 'time', 'datetime-local', 'month', 'week', 'color'].includes(el.type)) {
    const v = el.type === 'color' ? value.trim().toLowerCase() : value.trim();
    el.focus();
    el.value = v;
    if (el.value !== v) return 'malformed';
    el.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
    el.dispatchEvent(new Event('change', {bubbles: true}));
    return 'set';
  }
  await focusAnswered(el);
  if (el.isContentEditable) {
    const r = document.createRange(); r.selectNodeContents(el);
    const s = getSelection(); s.removeAllRanges(); s.addRange(r);
    if (clear) { document.execCommand('delete'); }
    return 'focused';
  }
  if (typeof el.select === 'function') { try { el.select(); } catch (e) {} }
  if (clear && 'value' in el) {
    const proto = Object.getPrototypeOf(el);
    const d = Object.getOwnPropertyDescriptor(proto, 'value');
    if (d && d.set) d.set.call(el, ''); else el.value = '';
    el.dispatchEvent(new Event('input', {bubbles: true}));
  }
  return 'focused';
})
