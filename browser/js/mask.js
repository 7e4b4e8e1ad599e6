// mask.js returns, in the frame's viewport coordinates, the boxes of:
// password fields that hold a value; inputs, textareas and selects whose
// value, placeholder or options contain a secret; images whose alt text
// does; the line boxes of each text node that contains one; and, for a
// secret split over several nodes (`hun<b>ter2</b>`), the smallest
// element holding all of it. It walks open shadow roots too. w and h are
// the frame's viewport, which clips what an iframe shows.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(secrets) => {
  const boxes = [];
  const add = (r) => { if (r.width > 0 && r.height > 0) boxes.push([r.left, r.top, r.width, r.height]); };
  if (!secrets.length) {
    // no secret: only filled password fields, found by the browser's own
    // queries rather than a walk over every node
    const visit = (root) => {
      for (const el of root.querySelectorAll('input[type=password]')) if (el.value !== '') add(el.getBoundingClientRect());
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) visit(el.shadowRoot);
    };
    visit(document);
    return {boxes, w: innerWidth, h: innerHeight};
  }
  const count = (s) => {
    let n = 0;
    if (s) for (const v of secrets) for (let i = s.indexOf(v); i >= 0; i = s.indexOf(v, i + v.length)) n++;
    return n;
  };
  const holds = (el) => {
    switch (el.localName) {
    case 'input':
      return (el.type === 'password' && el.value !== '') || count(el.value) + count(el.placeholder) > 0;
    case 'textarea':
      return count(el.value) + count(el.placeholder) > 0;
    case 'select':
      return count(el.value) + count(el.textContent) > 0;
    case 'img':
    case 'area':
      return count(el.alt) > 0;
    }
    return false;
  };
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const t = node.data;
      if (count(t) > 0) {
        const r = document.createRange();
        r.selectNodeContents(node);
        for (const q of r.getClientRects()) add(q);
      }
      return t;
    }
    const el = node.nodeType === Node.ELEMENT_NODE ? node : null;
    if (el && holds(el)) add(el.getBoundingClientRect());
    let text = '', inner = 0;
    const kids = el && el.shadowRoot ? [el.shadowRoot, ...node.childNodes] : node.childNodes;
    for (const k of kids) {
      const t = walk(k);
      if (secrets.length && t) { text += t; inner += count(t); }
    }
    if (el && text && count(text) > inner) add(el.getBoundingClientRect());
    return text;
  };
  walk(document);
  return {boxes, w: innerWidth, h: innerHeight};
}
