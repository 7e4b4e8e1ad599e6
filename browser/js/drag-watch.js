// drag-watch.js listens, in the window of the element a drag starts on,
// for the dragstart that a press and a move on it may fire: a native drag
// and drop, which the browser then hands to smokeflow (Input.dragIntercepted)
// instead of running it (docs/targets.md "Dragging"). drag-state.js reads
// what it saw.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function() {
  const win = elementOf(this).ownerDocument.defaultView;
  if (win.__smokeflowDragEnd) win.__smokeflowDragEnd();
  win.__smokeflowDragStart = null;
  const seen = (e) => { win.__smokeflowDragStart = e; };
  win.addEventListener('dragstart', seen, true);
  const end = () => { win.removeEventListener('dragstart', seen, true); win.__smokeflowDragEnd = null; };
  win.__smokeflowDragEnd = end;
  // a watch left in place (the step failed before its drop) ends by itself
  setTimeout(() => { if (win.__smokeflowDragEnd === end) end(); }, 30000);
})
