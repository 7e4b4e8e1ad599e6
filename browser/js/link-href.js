// link-href.js is where following a link leads: its href, '' for what
// has none, or leads nowhere a click would: the same document (`#`, a
// fragment, which a script link's click handler answers instead) or a
// `javascript:` URL (docs/targets.md "Actionability", a covered link).
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
(function(){
  const h = this.href || '';
  if (!h || /^javascript:/i.test(h) || h.split('#')[0] === location.href.split('#')[0]) return '';
  return h;
})
