// hidden.js finds elements named like the phrase that the page does not
// render (display:none, visibility:hidden, [hidden], no size), or renders
// inside what it hides from assistive technology (aria-hidden="true",
// inert, outside a modal <dialog>: a dialog or popup hides the rest of
// the page while it is open, which a person still sees): the
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
  // hiddenFromTree is the attribute, and where, that hides a shown el from
  // the accessibility tree, or ''
  const modal = document.querySelector('dialog:modal');
  const hiddenFromTree = (el) => {
    for (let e = el; e; e = composedParent(e)) {
      if (e.nodeType !== 1) continue;
      if (e.getAttribute('aria-hidden') === 'true') return 'aria-hidden="true" on ' + describe(e);
      if (e.inert) return 'inert on ' + describe(e);
    }
    // a modal <dialog> makes the rest of the page inert
    return modal && !composedContains(modal, el) ? 'the modal ' + describe(modal) : '';
  };
  // popupOpen says a dialog or popup is shown that does not hold el: what
  // hides the rest of the page while it is open; else the page hides el
  // itself (a kit's aria-hidden label)
  const popupOpen = (el) => [...document.querySelectorAll('dialog[open],[role=dialog],[role=alertdialog],[aria-modal=true],[role=menu],[role=listbox]')]
    .some(p => !composedContains(p, el) && p.checkVisibility());
  // listOf is what an option belongs to, for the hint of a choice of a
  // list that is closed: whether it is a native <select>'s, and the name
  // of its field (the select, or what controls or owns its listbox)
  const listOf = (el) => {
    const sel = el.closest('select');
    if (sel) return {native: true, field: fieldName(sel)};
    const list = el.closest('[role=listbox]');
    const f = list && list.id && document.querySelector('[aria-controls~="' + CSS.escape(list.id) + '"],[aria-owns~="' + CSS.escape(list.id) + '"]');
    return {native: false, field: f ? fieldName(f) : ''};
  };
  const visit = (root) => {
    for (const el of root.querySelectorAll('button,a,input,select,option,textarea,summary,label,[role],[aria-label],[placeholder],[onclick]')) {
      if (out.length >= 10) return;
      if (el.shadowRoot) visit(el.shadowRoot);
      const shown = el.checkVisibility({visibilityProperty: true});
      const untold = shown ? hiddenFromTree(el) : '';
      if (shown && !untold) continue;
      const name = norm(el.getAttribute('aria-label') || el.getAttribute('placeholder') || el.innerText || el.textContent || el.value);
      if (!name.toLowerCase().includes(want)) continue;
      const role = el.getAttribute('role') || el.tagName.toLowerCase();
      const found = {role, name: name.slice(0, 80), why: untold || why(el), shown, popup: !!untold && popupOpen(el)};
      if (role === 'option') Object.assign(found, listOf(el));
      out.push(found);
    }
  };
  visit(document);
  return out;
})
