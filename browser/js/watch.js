// watch.js is the change watcher, installed in every document in an
// isolated world (the page's own scripts cannot see it): it calls the
// binding changeBinding when the DOM changes, at most every 20 ms, and
// keeps the document's stamp (globalThis.__smokeflowStamp), for reusing
// a read (docs/targets.md "Reusing a read").
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(() => {
  let last = 0, timer = 0, muts = 0, evs = 0, trans = 0, focus = 0, active = null;
  const fire = () => {
    timer = 0;
    last = Date.now();
    const notify = globalThis[changeBinding];
    if (notify) notify('');
  };
  const opts = { subtree: true, childList: true, attributes: true, characterData: true };
  // the open shadow roots watched, in the order found (the form
  // controls' digest walks them); one whose host left the page is let go
  // by that walk
  const roots = new Set();
  let found = 0; // shadow roots found, and watched since
  const changed = (records) => {
    muts++;
    for (const r of records) for (const n of r.addedNodes) watchShadows(n);
    if (!timer) timer = setTimeout(fire, Math.max(0, 20 - (Date.now() - last)));
  };
  const mo = new MutationObserver(changed);
  const watchShadows = (node) => {
    if (!node || (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11)) return;
    const visit = (el) => {
      const sr = el.shadowRoot;
      if (sr && !roots.has(sr)) { roots.add(sr); found++; mo.observe(sr, opts); watchShadows(sr); }
    };
    if (node.nodeType === 1) visit(node);
    for (const el of node.querySelectorAll('*')) visit(el);
  };
  mo.observe(document, opts);
  watchShadows(document);
  for (const t of ['focusin', 'focusout', 'mouseover', 'mouseout', 'pointerover', 'pointerout', 'resize', 'scroll',
    'toggle', 'load', 'input', 'change', 'animationstart', 'animationend', 'animationcancel']) {
    addEventListener(t, () => { evs++; }, true);
  }
  for (const t of ['transitionrun', 'transitionend', 'transitioncancel']) addEventListener(t, () => { trans++; }, true);
  if (document.fonts && document.fonts.addEventListener) document.fonts.addEventListener('loadingdone', () => { evs++; });
  // What a script sets on a form control with no event and no DOM change
  // (a value, checked, indeterminate, the options selected), as a digest:
  // a read that shows them may not stand once one moved (docs/targets.md
  // "Reusing a read"). A password field counts by its length alone.
  const controls = () => {
    let h = 0;
    const mix = (t) => { for (let i = 0; i < t.length; i++) h = (Math.imul(h, 31) + t.charCodeAt(i)) | 0; };
    const visit = (root) => {
      for (const el of root.querySelectorAll('input,textarea,select')) {
        if (el.tagName === 'SELECT') {
          for (const o of el.selectedOptions) mix(o.index + ',');
        } else {
          mix(el.type === 'password' ? String(el.value.length) : el.value);
          mix(el.checked ? '1' : '0');
          mix(el.indeterminate ? '1' : '0');
        }
        mix('|');
      }
    };
    visit(document);
    for (const r of roots) {
      // a root that left the page is let go (found again if it comes back)
      if (r.host.isConnected) visit(r); else roots.delete(r);
    }
    return h;
  };
  globalThis.__smokeflowStamp = () => {
    const pending = mo.takeRecords();
    if (pending.length) changed(pending);
    // a shadow root attached after its host was added is found here
    const known = found;
    watchShadows(document);
    if (found !== known) muts++;
    // an animation running: no stamp; CSS transitions running: a stamp
    // marked moving. The stamp opens with that word and the transitions'
    // events, which an expectation's reuse passes over (docs/targets.md
    // "Reusing a read", "Transitions"; clock.go sameShown).
    const running = document.getAnimations ? document.getAnimations().filter(a => a.pending || a.playState === 'running') : [];
    const transition = (a) => typeof CSSTransition !== 'undefined' && a instanceof CSSTransition;
    if (running.some(a => !transition(a))) return '';
    const a = deepActive(document);
    if (a !== active) { active = a; focus++; }
    let sheets = '';
    for (const s of document.styleSheets) {
      let n = -1;
      try { n = s.cssRules.length; } catch (e) {}
      sheets += (s.disabled ? 'd' : 's') + n + (s.media ? s.media.mediaText : '') + ',';
    }
    const adopted = document.adoptedStyleSheets ? document.adoptedStyleSheets.length : 0;
    return (running.length ? movingMark : 'still ') + trans + ' ' + [muts, evs, focus, innerWidth, innerHeight, scrollX, scrollY, devicePixelRatio,
      document.visibilityState, adopted, sheets, controls()].join(' ');
  };
})()
