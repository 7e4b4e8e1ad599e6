// still.js holds a document still for a capture.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
// It answers how many animations it ended or stopped: 0 when the page
// holds none that runs. Again (the page held already), it waits for
// nothing when it found none: nothing on the page moved.
async (again) => {
  let held = 0;
  if (!document.getElementById('__smokeflow_still')) {
    const st = document.createElement('style');
    st.id = '__smokeflow_still';
    st.textContent = '*, *::before, *::after { caret-color: transparent !important; }';
    (document.head || document.documentElement).appendChild(st);
  }
  const replay = globalThis.__smokeflowReplay || [];
  for (const a of document.getAnimations()) {
    if (a.playState === 'finished') continue; // held at its end already
    held++;
    const t = a.effect ? a.effect.getComputedTiming() : null;
    if (t && t.endTime === Infinity) {
      a.cancel();
      replay.push(a);
      continue;
    }
    try { a.finish(); } catch (e) { a.cancel(); }
  }
  globalThis.__smokeflowReplay = replay;
  if (again && held === 0) return 0;
  await document.fonts.ready;
  await nextFrame();
  await nextFrame();
  return held;
}
