// A "library" that rewrites built-ins, as old and not-so-old libraries do
// (polyfills, Prototype.js, MooTools, ad and analytics scripts), here with
// broken versions: each throws or returns garbage. It runs after the
// page's own script, which captured what it needs. smokeflow's code in the
// page must not notice (docs/targets.md "smokeflow's code in the page");
// window.hostileBroken counts what was replaced.
(function () {
  const broken = [];
  const define = Object.defineProperty, describe = Object.getOwnPropertyDescriptor;
  const boom = (name) => function () { throw new TypeError(name + ' was replaced by a hostile library'); };
  const put = (obj, key, name, value) => {
    define(obj, key, { value, writable: true, configurable: true });
    broken.push(name);
  };
  const getter = (obj, key, name, get) => {
    const d = describe(obj, key);
    define(obj, key, { get, set: d && d.set, configurable: true });
    broken.push(name);
  };
  const setter = (obj, key, name) => {
    const d = describe(obj, key);
    define(obj, key, { get: d.get, set: boom(name + ' setter'), configurable: true });
    broken.push(name + ' setter');
  };

  // constructors of events, and of the things scripts build with
  for (const c of ['Event', 'CustomEvent', 'MouseEvent', 'PointerEvent', 'KeyboardEvent', 'InputEvent', 'FocusEvent', 'Set', 'Map']) {
    put(window, c, c, boom(c));
  }
  // JSON
  put(JSON, 'parse', 'JSON.parse', boom('JSON.parse'));
  put(JSON, 'stringify', 'JSON.stringify', () => '"garbage"');
  // arrays and objects
  put(Array.prototype, 'map', 'Array.prototype.map', boom('Array.prototype.map'));
  put(Array.prototype, 'forEach', 'Array.prototype.forEach', () => undefined);
  put(Array.prototype, 'filter', 'Array.prototype.filter', () => []);
  put(Array.prototype, 'includes', 'Array.prototype.includes', () => false);
  put(Array.prototype, 'find', 'Array.prototype.find', () => undefined);
  put(Array.prototype, 'slice', 'Array.prototype.slice', () => ['garbage']);
  put(Array.prototype, 'join', 'Array.prototype.join', () => 'garbage');
  put(Array, 'from', 'Array.from', boom('Array.from'));
  put(Array, 'isArray', 'Array.isArray', () => false);
  put(Object, 'keys', 'Object.keys', () => []);
  put(Object, 'entries', 'Object.entries', boom('Object.entries'));
  put(Object, 'assign', 'Object.assign', boom('Object.assign'));
  put(Object, 'getPrototypeOf', 'Object.getPrototypeOf', () => null);
  put(Object, 'getOwnPropertyDescriptor', 'Object.getOwnPropertyDescriptor', () => undefined);
  put(String.prototype, 'trim', 'String.prototype.trim', () => 'garbage');
  put(String.prototype, 'replace', 'String.prototype.replace', () => 'garbage');
  put(String.prototype, 'split', 'String.prototype.split', () => ['garbage']);
  put(String.prototype, 'toLowerCase', 'String.prototype.toLowerCase', () => 'garbage');
  put(Math, 'max', 'Math.max', () => NaN);
  put(Date, 'now', 'Date.now', () => 0);
  // promises
  put(Promise.prototype, 'then', 'Promise.prototype.then', boom('Promise.prototype.then'));
  put(Promise, 'race', 'Promise.race', boom('Promise.race'));
  put(window, 'Promise', 'Promise', boom('Promise'));
  // functions
  put(Function.prototype, 'bind', 'Function.prototype.bind', boom('Function.prototype.bind'));
  put(Function.prototype, 'call', 'Function.prototype.call', boom('Function.prototype.call'));
  put(Function.prototype, 'apply', 'Function.prototype.apply', boom('Function.prototype.apply'));
  // the DOM
  put(Element.prototype, 'getBoundingClientRect', 'Element.prototype.getBoundingClientRect',
    () => ({ x: -5000, y: -5000, left: -5000, top: -5000, right: -4999, bottom: -4999, width: 1, height: 1 }));
  put(Element.prototype, 'getClientRects', 'Element.prototype.getClientRects', () => []);
  put(Element.prototype, 'scrollIntoView', 'Element.prototype.scrollIntoView', boom('Element.prototype.scrollIntoView'));
  put(Element.prototype, 'closest', 'Element.prototype.closest', () => null);
  put(Element.prototype, 'getAttribute', 'Element.prototype.getAttribute', () => 'garbage');
  put(Element.prototype, 'hasAttribute', 'Element.prototype.hasAttribute', () => true);
  put(Element.prototype, 'checkVisibility', 'Element.prototype.checkVisibility', () => true);
  put(Element.prototype, 'querySelector', 'Element.prototype.querySelector', () => null);
  put(Element.prototype, 'querySelectorAll', 'Element.prototype.querySelectorAll', boom('Element.prototype.querySelectorAll'));
  put(Document.prototype, 'querySelector', 'document.querySelector', () => null);
  put(Document.prototype, 'querySelectorAll', 'document.querySelectorAll', boom('document.querySelectorAll'));
  put(Document.prototype, 'getElementById', 'document.getElementById', () => null);
  put(Document.prototype, 'createElement', 'document.createElement', boom('document.createElement'));
  put(Document.prototype, 'createRange', 'document.createRange', boom('document.createRange'));
  put(Document.prototype, 'elementFromPoint', 'document.elementFromPoint', function () { return this.body; });
  put(Document.prototype, 'execCommand', 'document.execCommand', () => false);
  put(Node.prototype, 'contains', 'Node.prototype.contains', () => false);
  put(Node.prototype, 'getRootNode', 'Node.prototype.getRootNode', () => null);
  put(EventTarget.prototype, 'addEventListener', 'EventTarget.prototype.addEventListener', () => undefined);
  put(EventTarget.prototype, 'removeEventListener', 'EventTarget.prototype.removeEventListener', () => undefined);
  put(EventTarget.prototype, 'dispatchEvent', 'EventTarget.prototype.dispatchEvent', boom('EventTarget.prototype.dispatchEvent'));
  put(HTMLElement.prototype, 'focus', 'HTMLElement.prototype.focus', () => undefined);
  put(HTMLElement.prototype, 'blur', 'HTMLElement.prototype.blur', () => undefined);
  put(HTMLElement.prototype, 'click', 'HTMLElement.prototype.click', boom('HTMLElement.prototype.click'));
  put(HTMLInputElement.prototype, 'select', 'HTMLInputElement.prototype.select', boom('HTMLInputElement.prototype.select'));
  setter(HTMLInputElement.prototype, 'value', 'HTMLInputElement.prototype.value');
  getter(ShadowRoot.prototype, 'host', 'ShadowRoot.prototype.host', () => null);
  getter(Node.prototype, 'parentNode', 'Node.prototype.parentNode', () => null);
  getter(Node.prototype, 'isConnected', 'Node.prototype.isConnected', () => false);
  getter(Element.prototype, 'tagName', 'Element.prototype.tagName', () => 'GARBAGE');
  getter(HTMLElement.prototype, 'innerText', 'HTMLElement.prototype.innerText', () => 'garbage');
  getter(Document.prototype, 'timeline', 'document.timeline', () => null);
  // the window
  put(window, 'requestAnimationFrame', 'requestAnimationFrame', () => 0);
  put(window, 'setTimeout', 'setTimeout', boom('setTimeout'));
  put(window, 'getComputedStyle', 'getComputedStyle', boom('getComputedStyle'));
  put(window, 'getSelection', 'getSelection', boom('getSelection'));
  put(window, 'scrollTo', 'scrollTo', boom('scrollTo'));
  put(window, 'scrollBy', 'scrollBy', boom('scrollBy'));
  put(window, 'innerWidth', 'innerWidth', 0);
  put(window, 'innerHeight', 'innerHeight', 0);
  put(window, 'Node', 'Node', {});
  put(window, 'ShadowRoot', 'ShadowRoot', boom('ShadowRoot'));
  window.hostileBroken = broken.length;
})();
