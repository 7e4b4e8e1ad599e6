// hidden.js finds elements named like the phrase that the page does not
// render (display:none, visibility:hidden, [hidden], no size): the
// accessibility tree leaves them out, so only the DOM can tell. The
// session runs it on a failure (docs/targets.md "Failure diagnostics").
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
((phrase) => {
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const want = norm(phrase).toLowerCase();
  const out = [];
  const why = (el) => {
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const cs = getComputedStyle(e);
      const d = e === el ? '' : ' (on ' + e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ')';
      if (cs.display === 'none') return 'display:none' + d;
      if (e.hidden) return 'hidden attribute' + d;
    }
    if (getComputedStyle(el).visibility === 'hidden') return 'visibility:hidden';
    return 'no size';
  };
  const visit = (root) => {
    for (const el of root.querySelectorAll('button,a,input,select,textarea,summary,label,[role],[aria-label],[placeholder],[onclick]')) {
      if (out.length >= 10) return;
      if (el.shadowRoot) visit(el.shadowRoot);
      if (el.checkVisibility({visibilityProperty: true})) continue;
      const name = norm(el.getAttribute('aria-label') || el.getAttribute('placeholder') || el.innerText || el.textContent || el.value);
      if (!name.toLowerCase().includes(want)) continue;
      out.push({role: el.getAttribute('role') || el.tagName.toLowerCase(), name: name.slice(0, 80), why: why(el)});
    }
  };
  visit(document);
  return out;
})
