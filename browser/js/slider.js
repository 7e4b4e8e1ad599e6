// slider.js reads a slider's value and range (docs/targets.md "Sliders"):
// a native range input's valueAsNumber, min, max and step (0 for "any"),
// or an ARIA slider's aria-valuenow, aria-valuemin and aria-valuemax (0
// and 100 when missing, as ARIA says) and no known step. wait: after the
// next rendered frame (a page that updates the value once it renders).
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(async function(wait) {
  const el = elementOf(this);
  if (wait) await nextFrame();
  if (el.tagName === 'INPUT' && el.type === 'range') {
    const step = el.step === 'any' ? 0 : (parseFloat(el.step) || 1);
    return {now: el.valueAsNumber, min: parseFloat(el.min) || 0, max: el.max === '' ? 100 : parseFloat(el.max), step, native: true};
  }
  const num = (name, dflt) => {
    const v = parseFloat(el.getAttribute(name));
    return Number.isFinite(v) ? v : dflt;
  };
  return {now: num('aria-valuenow', NaN), min: num('aria-valuemin', 0), max: num('aria-valuemax', 100), step: 0, native: false};
})
