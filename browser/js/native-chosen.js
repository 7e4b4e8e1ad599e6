// native-chosen.js says whether the native <select> a widget stands for
// holds the option named want: 'chosen', 'unchosen', or '' when no such
// select holds it. The select is the one nearest the element: inside
// it, or inside a box up to three levels around it (Choices.js, Select2
// and Tom Select keep a hidden <select> beside their widget, which is
// what the form sends); docs/targets.md "Custom selects", 4.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function(want) {
  const norm = (s) => s.replace(/\s+/g, ' ').trim().toLowerCase();
  let a = elementOf(this);
  for (let i = 0; a && i < 4; a = composedParent(a), i++) {
    if (!(a instanceof Element)) continue;
    const sel = a.matches('select') ? a : a.querySelector('select');
    if (!sel) continue;
    for (const o of sel.options) if (norm(o.text) === norm(want)) return o.selected ? 'chosen' : 'unchosen';
    return '';
  }
  return '';
})
