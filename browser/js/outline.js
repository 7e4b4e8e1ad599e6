// outline.js draws numbered outlines over the candidates, in the main
// document, for the failure screenshot (docs/targets.md "Failure
// diagnostics"); the session removes them (#__smokeflow_outline) after
// the capture. Like hidden.js, it runs in smokeflow's isolated world
// (docs/targets.md "smokeflow's code in the page"): the page's own
// scripts can neither break it nor see it.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
((boxes) => {
  const root = document.createElement('div');
  root.id = '__smokeflow_outline';
  root.style.cssText = 'position:fixed;inset:0;pointer-events:none;z-index:2147483647';
  boxes.forEach((b, i) => {
    const d = document.createElement('div');
    d.style.cssText = 'position:fixed;border:3px solid #e11d48;box-sizing:border-box;left:' + b.x + 'px;top:' + b.y + 'px;width:' + b.w + 'px;height:' + b.h + 'px';
    const l = document.createElement('span');
    l.textContent = String(i + 1);
    l.style.cssText = 'position:absolute;left:-3px;top:-22px;background:#e11d48;color:#fff;font:bold 13px sans-serif;padding:1px 5px';
    d.appendChild(l);
    root.appendChild(d);
  });
  document.documentElement.appendChild(root);
})
