// host-focus.js focuses an editing host for keystrokes. A host that already
// holds the caret (its document has focus, and the focus and selection are
// inside it: after a click, an earlier type or press) keeps it, so keys go
// where the caret is; any other is focused with the caret at the end of
// its own text, so type appends. A caret a script placed in a document
// without focus does not count: the body of a document is its active
// element whether it has focus or not. That end is found in the DOM: Chrome does not always type
// where a selection at the host's very end says (after a locked block
// such as a widget, keys land at the start). Whitespace-only text is
// skipped, a locked part (contenteditable=false) counts as one character
// when it is inline and is stepped over when it is a block, and a
// trailing <br> stays after the caret. Its frame's window is focused
// first: the body of a designMode document is not focused by focus()
// alone.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function() {
  const el = this, doc = el.ownerDocument, win = doc.defaultView, sel = win.getSelection();
  const inside = (n) => !!n && (n === el || el.contains(n));
  if (doc.hasFocus() && inside(doc.activeElement) && sel.rangeCount > 0 && inside(sel.getRangeAt(0).startContainer)) return;
  const index = (c) => Array.prototype.indexOf.call(c.parentNode.childNodes, c);
  const end = (node) => {
    for (let c = node.lastChild; c; c = c.previousSibling) {
      if (c.nodeType === 3) {
        const t = c.data.replace(/[ \t\n\r\f]+$/, '');
        if (t !== '') return [c, t.length];
        continue;
      }
      if (c.nodeType !== 1) continue;
      if (!c.isContentEditable) {
        if (win.getComputedStyle(c).display.startsWith('inline')) return [node, index(c) + 1];
        continue;
      }
      if (c.tagName === 'BR') return [node, index(c)];
      const inner = end(c);
      if (inner) return inner;
    }
    return null;
  };
  win.focus();
  el.focus({preventScroll: true});
  const at = end(el);
  if (at) sel.collapse(at[0], at[1]);
  else { sel.selectAllChildren(el); sel.collapseToEnd(); }
})
