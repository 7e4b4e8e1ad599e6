// drag-state.js waits for the next rendered frame (a library that reads
// pointer moves once a frame has read the last one by then), then says
// whether a native drag started on the element's window since
// drag-watch.js: a dragstart the page did not cancel. done ends the watch.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(async function(done) {
  const win = elementOf(this).ownerDocument.defaultView;
  await nextFrame();
  const e = win.__smokeflowDragStart;
  if (done && win.__smokeflowDragEnd) win.__smokeflowDragEnd();
  return !!e && !e.defaultPrevented;
})
