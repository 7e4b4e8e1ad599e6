// select-controls.js answers the ids of the popups a custom select
// controls: the aria-controls and aria-owns of the element, and of the
// controls inside it or in its shadow root (a combobox input inside a
// custom element), for the select step to look for its options there
// (docs/targets.md "Custom selects").
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function() {
  const ids = [];
  const add = (el) => {
    for (const a of ['aria-controls', 'aria-owns']) {
      for (const id of (el.getAttribute(a) || '').split(/\s+/)) if (id && !ids.includes(id)) ids.push(id);
    }
  };
  add(this);
  for (const root of [this, this.shadowRoot]) {
    if (root) for (const el of root.querySelectorAll('[aria-controls], [aria-owns]')) add(el);
  }
  return ids;
})
