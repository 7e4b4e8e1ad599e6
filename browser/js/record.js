// record.js is the recorder of `smokeflow record` (docs/session.md
// "Recording a flow"), installed in every document of the recorded page
// in an isolated world of its own (the page's scripts cannot see it): it
// sends what the person does, as JSON, through the binding recordBinding,
// and shows the toolbar that adds an expectation on what the person
// points at, in a closed shadow root. An element is sent as a number;
// globalThis.__smokeflowRecorded(N) gives it back, for Go to find it in
// the snapshot.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(() => {
  if (globalThis.__smokeflowRecorded) return;
  const ids = new WeakMap(), els = new Map();
  let next = 1, mode = '', host = null, buttons = {}, pressedAt = -1, dragFrom = null;
  const idOf = (el) => {
    let id = ids.get(el);
    if (!id) { id = next++; ids.set(el, id); els.set(id, el); }
    return id;
  };
  globalThis.__smokeflowRecorded = (id) => els.get(id) || null;
  // pathOf is where el is in its document: the index among its parent's
  // elements of each element from the document down, 's' for a shadow
  // root; Go finds it in its latest read of the document when the
  // element is gone before Go could ask for it (a link's navigation).
  const pathOf = (el) => {
    const segs = [];
    for (let n = el; n && n.nodeType === 1 && n.parentNode;) {
      const p = n.parentNode;
      segs.push(Array.prototype.indexOf.call(p.children, n));
      if (p.nodeType === 11 && p.host) { segs.push('s'); n = p.host; } else n = p;
    }
    return segs.reverse().join('/');
  };
  const send = (o) => {
    const b = globalThis[recordBinding];
    if (!b) return;
    if (o.id) o.path = pathOf(els.get(o.id));
    if (o.to) o.toPath = pathOf(els.get(o.to));
    o.doc = performance.timeOrigin;
    o.url = location.href;
    b(JSON.stringify(o));
  };
  const ours = (e) => host !== null && e.composedPath().includes(host);
  const origin = (e) => { const t = e.composedPath()[0]; return t && t.nodeType === 1 ? t : (t && t.parentElement) || null; };
  const acting = 'a[href],button,input,select,textarea,label,summary,option,[role],[onclick],[tabindex],[contenteditable]';
  const actor = (el) => (el && el.closest(acting)) || el;
  const toggle = (el) => el && el.tagName === 'INPUT' && (el.type === 'checkbox' || el.type === 'radio');
  const noText = ['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'image', 'range', 'color', 'hidden'];
  const textField = (el) => el && (el.tagName === 'TEXTAREA' || el.isContentEditable ||
    (el.tagName === 'INPUT' && !noText.includes(el.type)));
  const fieldName = (el) => el.name || el.id || (el.labels && el.labels[0] && el.labels[0].innerText) ||
    el.getAttribute('aria-label') || el.placeholder || '';
  const pick = (e) => {
    const el = actor(origin(e));
    if (!el) return;
    const text = (el.innerText || el.textContent || '').trim().replace(/\s+/g, ' ');
    send({ kind: 'expect', what: mode, id: idOf(el), text: text.slice(0, 200), value: 'value' in el ? String(el.value) : '' });
    setMode('');
  };
  const swallow = (e) => { e.preventDefault(); e.stopImmediatePropagation(); };
  addEventListener('pointerdown', (e) => {
    if (!e.isTrusted || ours(e)) return;
    if (mode) { swallow(e); return; }
    send({ kind: 'point', id: idOf(actor(origin(e))) });
  }, true);
  for (const t of ['mousedown', 'mouseup', 'pointerup']) {
    addEventListener(t, (e) => { if (mode && e.isTrusted && !ours(e)) swallow(e); }, true);
  }
  addEventListener('click', (e) => {
    if (!e.isTrusted || ours(e)) return;
    if (mode) { swallow(e); pick(e); return; }
    const el = actor(origin(e));
    // a key's click (Enter in a form, Space on a button) is the key's
    if (!el || (e.detail === 0 && performance.now() - pressedAt < 100)) return;
    if (toggle(el) || textField(el) || el.tagName === 'SELECT' || el.tagName === 'OPTION') return;
    if (el.tagName === 'LABEL' && (toggle(el.control) || textField(el.control))) return;
    send({ kind: e.detail === 2 ? 'dblclick' : 'click', id: idOf(el) });
  }, true);
  addEventListener('input', (e) => {
    const el = origin(e);
    if (!e.isTrusted || !textField(el)) return;
    const value = el.isContentEditable && el.tagName !== 'INPUT' ? el.innerText : el.value;
    send({ kind: 'fill', id: idOf(el), value, secret: el.type === 'password', name: fieldName(el) });
  }, true);
  addEventListener('change', (e) => {
    const el = origin(e);
    if (!e.isTrusted || !el) return;
    if (toggle(el)) send({ kind: el.checked ? 'check' : 'uncheck', id: idOf(el) });
    if (el.tagName === 'SELECT') {
      const options = [...el.selectedOptions].map(o => o.label || o.text);
      send({ kind: 'select', id: idOf(el), options, multiple: el.multiple });
    }
  }, true);
  addEventListener('keydown', (e) => {
    if (!e.isTrusted || ours(e) || (e.key !== 'Enter' && e.key !== 'Escape')) return;
    const el = origin(e);
    pressedAt = performance.now();
    send({ kind: 'press', key: e.key, id: el && el !== document.body && el !== document.documentElement ? idOf(el) : 0 });
  }, true);
  addEventListener('dragstart', (e) => { if (e.isTrusted && !ours(e)) dragFrom = actor(origin(e)); }, true);
  addEventListener('drop', (e) => {
    if (!e.isTrusted || !dragFrom) return;
    send({ kind: 'drag', id: idOf(dragFrom), to: idOf(actor(origin(e))) });
    dragFrom = null;
  }, true);
  // the toolbar's state: busy from a change of the page until Go has
  // read the page again and calls __smokeflowReady
  const busy = () => { if (host && host.getAttribute('data-state') !== 'busy') host.setAttribute('data-state', 'busy'); };
  globalThis.__smokeflowReady = () => { if (host && host.getAttribute('data-state') !== 'ready') host.setAttribute('data-state', 'ready'); };
  new MutationObserver((records) => {
    if (records.some(r => r.target !== host)) busy();
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const setMode = (m) => {
    mode = m;
    for (const [k, b] of Object.entries(buttons)) b.setAttribute('aria-pressed', String(k === m));
  };
  const toolbar = () => {
    if (host || !document.documentElement) return;
    host = document.createElement('smokeflow-recorder');
    host.setAttribute('aria-hidden', 'true');
    host.style.cssText = 'all:initial;position:fixed;right:8px;bottom:8px;z-index:2147483647;display:block;width:232px;height:28px';
    const root = host.attachShadow({ mode: 'closed' });
    const style = document.createElement('style');
    style.textContent = ':host{all:initial}div{display:flex;font:12px/28px sans-serif;background:#222;color:#fff;border-radius:4px;overflow:hidden}' +
      'button{all:unset;box-sizing:border-box;width:72px;height:28px;text-align:center;cursor:pointer;color:#fff}' +
      'button:hover{background:#444}button[aria-pressed=true]{background:#c00}' +
      'i{width:10px;height:10px;margin:9px 3px;border-radius:5px;background:#fa0}:host([data-state=ready]) i{background:#0c0}';
    const bar = document.createElement('div');
    bar.title = 'smokeflow record: add an expectation, then click what it is on';
    for (const what of ['visible', 'text', 'value']) {
      const b = document.createElement('button');
      b.textContent = '+' + what;
      b.addEventListener('click', (e) => { e.stopPropagation(); setMode(mode === what ? '' : what); });
      buttons[what] = b;
      bar.append(b);
    }
    const dot = document.createElement('i');
    dot.title = 'green: smokeflow has read the page as it is';
    bar.append(dot);
    root.append(style, bar);
    document.documentElement.append(host);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', toolbar); else toolbar();
})()
