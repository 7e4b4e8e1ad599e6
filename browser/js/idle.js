// idle.js is the idle probe, run in smokeflow's world of the main document
// (docs/targets.md "Settling"): it waits for two animation frames (at
// most 100 ms each: a hidden page draws none) and then for the renderer's
// next idle period (requestIdleCallback, at most idleWait), watching the
// DOM all along; then it answers through the change watcher's binding,
// as "idle N quiet", "idle N changed" (the DOM changed) or "idle N busy"
// (no idle period came). The answer is an event of the page's session,
// so every event the renderer sent before it (a request the page started
// meanwhile) has been handled when the answer is. It takes the probe's
// number, then idleWait in milliseconds.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
((n, wait) => {
  const notify = globalThis[changeBinding];
  let changed = false;
  const mo = new MutationObserver(() => { changed = true; });
  mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const frame = () => new Promise(r => {
    const t = setTimeout(r, 100);
    requestAnimationFrame(() => { clearTimeout(t); r(); });
  });
  const idle = () => new Promise(r => {
    if (typeof requestIdleCallback !== 'function') return setTimeout(() => r(false), 0);
    requestIdleCallback(d => r(d.didTimeout), { timeout: wait });
  });
  frame().then(frame).then(idle).then(late => {
    if (mo.takeRecords().length) changed = true;
    mo.disconnect();
    const busy = late && document.visibilityState !== 'hidden';
    if (notify) notify('idle ' + n + (busy ? ' busy' : changed ? ' changed' : ' quiet'));
  });
})
