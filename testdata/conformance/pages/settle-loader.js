// A script loader as RequireJS is: the module that <script data-main> names
// is loaded a tick after this script ran (setTimeout 4 ms), from an async
// <script>, and each module's dependencies a tick after it was defined. So
// a page whose static HTML has loaded can have its app boot a few script
// loads after its load event. Modules: define(name, [deps], factory).
(() => {
  const modules = {}, pending = [];
  const tick = fn => setTimeout(fn, 4);
  const load = name => {
    if (modules[name] || document.querySelector(`script[data-module="${name}"]`)) return;
    const s = document.createElement('script');
    s.async = true;
    s.src = name + '.js';
    s.dataset.module = name;
    document.head.append(s);
  };
  const run = () => {
    for (let again = true; again;) {
      again = false;
      for (const [i, m] of pending.entries()) {
        if (m.deps.every(d => d in modules)) {
          pending.splice(i, 1);
          modules[m.name] = m.factory(...m.deps.map(d => modules[d]));
          again = true;
          break;
        }
      }
    }
  };
  window.define = (name, deps, factory) => {
    pending.push({ name, deps, factory });
    tick(() => { deps.forEach(load); run(); });
  };
  const main = document.currentScript.dataset.main;
  tick(() => load(main));
})();
