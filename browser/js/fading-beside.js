// fading-beside.js says a transition or an animation that ends runs
// beside the element, on what the box up to three levels around it holds
// but not on the element or around it, or has ended there holding what
// it faded out at an opacity of 0: a popup closing in the form item of a
// label (View UI's Select fades its list out for 0.3 s, its items still
// drawn, then keeps it at opacity 0 until its script hides it), whose
// items made the label name none of the controls beside it
// (docs/targets.md "Custom selects").
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function() {
  const el = elementOf(this);
  let box = el;
  for (let i = 0; i < 3; i++) {
    const up = composedParent(box);
    if (!up || up.nodeType !== 1 || up === document.body) break;
    box = up;
  }
  if (box === el) return false;
  const beside = (target) => composedContains(box, target) && !composedContains(target, el);
  if (fadingOn(beside)) return true;
  return !!document.getAnimations && document.getAnimations().some(a => a.playState === 'finished' && a.effect &&
    a.effect.target && /forwards|both/.test(a.effect.getComputedTiming().fill) && beside(a.effect.target) &&
    getComputedStyle(a.effect.target).opacity === '0');
})
