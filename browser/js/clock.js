// clock.js sets the page's Date (docs/flows.md "Devices and places",
// `clock:`): called with fixed, at and since (milliseconds since the
// epoch), Date.now() and new Date() give at, always when fixed, else at
// plus the real time passed since `since` (when the flow's browser
// context started, the same for all its tabs). Only the wall clock
// moves: setTimeout, setInterval, requestAnimationFrame and
// performance.now() run as they do, so the page's timers still fire.
// In-page code: docs/architecture-notes.md "In-page code". It runs in
// the page's own world, before the page's scripts, in every document.
(fixed, at, since) => {
  // once per document: a tab the holder set up gets the script from two
  // sessions (browser/hold.go)
  const mark = Symbol.for('smokeflow.clock');
  if (globalThis.Date[mark]) return;
  const RealDate = globalThis.Date;
  const realNow = RealDate.now.bind(RealDate);
  const now = () => (fixed ? at : at + (realNow() - since));
  const FakeDate = function Date(...args) {
    if (!new.target) return new RealDate(now()).toString();
    return Reflect.construct(RealDate, args.length === 0 ? [now()] : args, new.target);
  };
  Object.defineProperty(FakeDate, 'length', { value: 7 });
  FakeDate.prototype = RealDate.prototype;
  FakeDate.now = now;
  FakeDate[mark] = true;
  FakeDate.parse = RealDate.parse;
  FakeDate.UTC = RealDate.UTC;
  FakeDate.toString = () => 'function Date() { [native code] }';
  Object.defineProperty(RealDate.prototype, 'constructor', {
    value: FakeDate, writable: true, configurable: true, enumerable: false,
  });
  globalThis.Date = FakeDate;
}
