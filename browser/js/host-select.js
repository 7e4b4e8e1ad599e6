// host-select.js focuses an editing host and selects all its content, which
// the next insertText replaces; with clear, deletes it at once. Both go
// through the browser's editing, which fires the host's beforeinput and
// input events as typing does.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function(clear) {
  const el = this, doc = el.ownerDocument, win = doc.defaultView, sel = win.getSelection();
  win.focus();
  el.focus({preventScroll: true});
  sel.selectAllChildren(el);
  if (clear && !sel.isCollapsed) doc.execCommand('delete');
})
