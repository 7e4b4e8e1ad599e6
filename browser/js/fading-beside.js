// fading-beside.js says a transition or an animation that ends runs
// beside the element, on what the box up to three levels around it holds
// but not on the element or around it: a popup closing in the form item
// of a label (View UI's Select fades its list out for 0.3 s, its items
// still drawn), whose items made the label name none of the controls
// beside it (docs/targets.md "Custom selects").
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
  return box !== el && fadingOn(target => composedContains(box, target) && !composedContains(target, el));
})
