// overlays.js finds the layers that cover the page's controls
// (docs/targets.md "The snapshot", "Overlays"), by geometry and hit tests, never by class
// names: for each control of the main document whose center is in the
// viewport, the element its center shows (deepHit) is a cover when it is
// no hit on the control (hitOn) and does not hold it; the cover's layer is
// its outermost ancestor positioned fixed or sticky, or absolute with a
// z-index of 1 or more. A layer is reported once, with the controls
// beneath it, the part of the viewport it covers (all of it for a modal
// <dialog>, whose backdrop is the whole viewport; the dialog's part when
// the dialog in it overflows it), whether it is modal
// (Escape closes a modal dialog), the box of the dialog it
// is or holds (or of a dialog on top of it elsewhere: a backdrop beside
// its modal) and the box of its close control: a button of the layer or
// dialog whose name says close, dismiss, accept, reject, ok or ×.
// In-page code: docs/architecture-notes.md "In-page code".
(() => {
  const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
  const dialogSel = 'dialog[open],[role=dialog],[role=alertdialog],[aria-modal=true]';
  const closeWords = /^(×|✕|✖|x|ok|okay|got it|close|dismiss|accept|accept all|agree|i agree|allow all|reject|reject all|decline|deny|no thanks|cancel|continue)\b|\b(close|dismiss)\b/i;
  const box = e => rectOf(e.getBoundingClientRect());
  const layered = e => {
    const cs = getComputedStyle(e);
    if (cs.position === 'fixed' || cs.position === 'sticky') return true;
    return cs.position === 'absolute' && parseInt(cs.zIndex, 10) >= 1;
  };
  const layerOf = hit => {
    let layer = null;
    for (let e = hit; e && e.nodeType === 1 && e !== document.body && e !== document.documentElement; e = composedParent(e)) {
      if (e.nodeType === 1 && layered(e)) layer = e;
    }
    return layer;
  };
  const shown = e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
  const onTop = e => { const b = box(e); const h = deepHit(document, b.x + b.w / 2, b.y + b.h / 2); return !!h && composedContains(e, h); };
  const layers = new Map();
  for (const c of document.querySelectorAll(controlSelector)) {
    const b = box(c);
    const x = b.x + b.w / 2, y = b.y + b.h / 2;
    if (b.w <= 0 || b.h <= 0 || x < 0 || y < 0 || x >= vw || y >= vh) continue;
    const hit = deepHit(document, x, y);
    if (!hit || hitOn(c, hit) || composedContains(hit, c)) continue;
    const layer = layerOf(hit);
    if (!layer || composedContains(layer, c)) continue;
    layers.set(layer, (layers.get(layer) || 0) + 1);
  }
  const out = [];
  for (const [layer, beneath] of layers) {
    let dialog = layer.matches(dialogSel) ? layer : [...layer.querySelectorAll(dialogSel)].find(shown);
    if (!dialog) dialog = [...document.querySelectorAll(dialogSel)].find(d => shown(d) && !composedContains(d, layer) && onTop(d));
    const modal = layer.matches(':modal') || (!!dialog && dialog.matches(':modal'));
    const escape = modal || (!!dialog && dialog.getAttribute('aria-modal') === 'true');
    const lb = box(layer);
    const seen = (b) => Math.max(0, Math.min(vw, b.x + b.w) - Math.max(0, b.x)) * Math.max(0, Math.min(vh, b.y + b.h) - Math.max(0, b.y));
    // a dialog that overflows the layer it is in (a zero-height portal) covers what it covers
    const area = Math.max(seen(lb), dialog && composedContains(layer, dialog) ? seen(box(dialog)) : 0);
    const scope = [layer].concat(dialog && !composedContains(layer, dialog) ? [dialog] : []);
    let close = null;
    for (const s of scope) {
      for (const c of s.querySelectorAll('button,[role=button],a[href],input[type=button],input[type=submit]')) {
        const name = (c.getAttribute('aria-label') || c.innerText || c.value || c.title || '').trim();
        if (!close && shown(c) && closeWords.test(name)) close = c;
      }
    }
    out.push({
      layer: describe(layer, false),
      box: lb,
      cover: modal ? 100 : Math.round(100 * area / (vw * vh)),
      beneath,
      escape,
      dialog: dialog ? box(dialog) : null,
      close: close ? box(close) : null,
    });
  }
  return out.sort((a, b) => b.cover - a.cover);
})()
