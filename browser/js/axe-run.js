// axe-run.js runs axe-core (loaded before, in the same world) on the
// document: the rules of the tags given, less the ones turned off, and
// returns the violations, rules in axe-core's order, elements in document
// order. explore runs it (docs/explore.md "Accessibility").
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
/* global axe */
((tags, off) => axe.run(document, {runOnly: {type: 'tag', values: tags},
  rules: off, resultTypes: ['violations'], iframes: false}).then(r => r.violations.map(v => ({
  rule: v.id, impact: v.impact || '', help: v.help, help_url: v.helpUrl,
  nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html}))}))))
