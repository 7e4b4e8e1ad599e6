// modal-focus.js: where a key with no target will go, for press: 'none'
// when no dialog is open, 'in' when the focus is inside the last one
// open, 'still' when it is outside and nothing of the dialog moves; else,
// while the dialog's opening transition runs, it waits, up to ms, for
// the focus to move into it, as a kit moves it once that transition ends
// (antd's and ant-design-vue's Modal, Bootstrap's), and answers 'moved',
// or 'outside' when the time ran out (docs/flows.md "press"). A dialog
// is a modal one (`<dialog>` shown modal, aria-modal=true), or any open
// dialog while the focus is in no field: a field's picker may be a
// dialog (a calendar) that the keys typed in the field are not meant
// for; one in a web component's shadow root counts (Calcite's
// calcite-dialog). A dialog that stays open and still (a cookie banner)
// holds no key.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function(ms) {
  const active = deepActive(document);
  const typing = !!active && (isField(active) || active.isContentEditable);
  const sel = typing ? 'dialog:modal, [aria-modal=true]' : 'dialog[open], [aria-modal=true], [role=dialog], [role=alertdialog]';
  const open = deepQueryAll(document, sel)
    .filter((d) => d.getClientRects().length > 0 && getComputedStyle(d).visibility !== 'hidden');
  const modal = open[open.length - 1];
  if (!modal) return 'none';
  const inside = () => composedContains(modal, deepActive(document));
  if (inside()) return 'in';
  const running = (a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime);
  let moving = modal.getAnimations({ subtree: true }).some(running);
  for (let a = composedParent(modal); a && a.nodeType === 1 && !moving; a = composedParent(a)) moving = a.getAnimations().some(running);
  if (!moving) return 'still';
  return new Promise((resolve) => {
    const done = (answer) => {
      clearTimeout(timer);
      document.removeEventListener('focusin', moved, true);
      resolve(answer);
    };
    const moved = () => { if (inside()) done('moved'); };
    const timer = setTimeout(() => done('outside'), ms);
    document.addEventListener('focusin', moved, true);
  });
})
