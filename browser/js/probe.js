// probe.js reads settleProbe in the main document, out of the page's reach
// (the change watcher's isolated world). It takes
// refreshFollowed in seconds.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
((refreshWithin) => {
  const scripted = !!document.querySelector('script, iframe, frame, object, embed, [onload], [onpageshow], [onerror]');
  let refresh = '';
  const m = document.querySelector('meta[http-equiv="refresh" i]');
  const r = m && /^\s*(\d+)[\d.]*\s*(?:[;,\s]\s*(?:url\s*=\s*)?(["']?)(.*?)\2\s*)?$/i.exec(m.content || '');
  if (r && Number(r[1]) <= refreshWithin && r[3]) {
    try {
      const to = new URL(r[3], document.baseURI).href;
      if (to.split('#')[0] !== location.href.split('#')[0]) refresh = to;
    } catch (e) {}
  }
  return JSON.stringify({scripted, refresh});
})
