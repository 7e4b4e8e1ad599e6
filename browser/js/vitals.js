// vitals.js reads the web vitals of the main document so far, in
// smokeflow's world (docs/flows.md "Web vitals"). The first call in a
// document starts buffered PerformanceObservers, kept in the world's own
// globals (the page cannot see them): the buffers hand over what came
// before (every largest-contentful-paint and layout-shift entry, the first
// input, and the event entries of 104 ms or more), and from then on every
// interaction of 16 ms or more is seen. It answers one object of figures
// in milliseconds (cls a score), null for a figure not there yet:
//   ttfb: the navigation's responseStart; fcp: first-contentful-paint;
//   lcp: the last largest-contentful-paint entry, with lcpElement;
//   cls: the largest session window of layout shifts without recent
//   input (a window ends after a 1 s gap or at 5 s), as web-vitals counts;
//   inp: the slowest interaction, one left out per 50 (web-vitals' p98),
//   with interactions, their number; load: loadEventEnd.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(async () => {
  const key = '__smokeflowVitals';
  let st = globalThis[key];
  const fresh = !st;
  if (fresh) {
    st = globalThis[key] = { lcp: null, shifts: [], inter: new Map(), first: null, obs: [] };
    const handle = {
      'largest-contentful-paint': e => { st.lcp = e; },
      'layout-shift': e => { if (!e.hadRecentInput) st.shifts.push([e.startTime, e.value]); },
      'first-input': e => { st.first = e; },
      'event': e => {
        if (!e.interactionId) return;
        st.inter.set(e.interactionId, Math.max(st.inter.get(e.interactionId) || 0, e.duration));
      },
    };
    for (const [type, fn] of Object.entries(handle)) {
      try {
        const o = new PerformanceObserver(list => list.getEntries().forEach(fn));
        o.observe(type === 'event' ? { type, buffered: true, durationThreshold: 16 } : { type, buffered: true });
        st.obs.push([o, fn]);
      } catch (e) { /* a type this browser does not know */ }
    }
    // buffered entries come in a task of their own
    await new Promise(r => setTimeout(r, 0));
  }
  for (const [o, fn] of st.obs) o.takeRecords().forEach(fn);

  const nav = performance.getEntriesByType('navigation')[0];
  const start = nav && nav.activationStart > 0 ? nav.activationStart : 0;
  const since = t => Math.max(t - start, 0);
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];

  let cls = 0, win = 0, winStart = 0, prev = -Infinity;
  for (const [t, v] of st.shifts) {
    if (t - prev < 1000 && t - winStart < 5000) win += v;
    else { win = v; winStart = t; }
    prev = t;
    cls = Math.max(cls, win);
  }

  // before the observers, an interaction under 104 ms left only the
  // first input's entry
  let durs = [...st.inter.values()];
  if (!durs.length && st.first) durs = [st.first.duration];
  durs.sort((a, b) => b - a);
  const inp = durs.length ? durs[Math.min(durs.length - 1, Math.floor(durs.length / 50))] : null;

  return {
    ttfb: nav && nav.responseStart > 0 ? since(nav.responseStart) : null,
    fcp: fcp ? since(fcp.startTime) : null,
    lcp: st.lcp ? since(st.lcp.startTime) : null,
    lcpElement: st.lcp && st.lcp.element ? describe(st.lcp.element) : '',
    cls,
    inp,
    interactions: durs.length,
    load: nav && nav.loadEventEnd > 0 ? since(nav.loadEventEnd) : null,
    url: location.href,
  };
})()
