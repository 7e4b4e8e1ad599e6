// axe-run.js runs axe-core (loaded before, in the same world) on context,
// an element or the document (null), with axe.run's options as Go built
// them (browser/axe.go), and returns the violations, rules in axe-core's
// order, elements in document order, each with its selector (the
// selectors of a shadow root's host and of the element inside it joined
// by " >>> "), HTML, impact and what to fix. `expect: {a11y}` runs it
// (docs/flows.md "Accessibility checks"), and explore (docs/explore.md
// "Accessibility").
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
/* global axe */
((context, options) => axe.run(context || document, options).then(r => r.violations.map(v => ({
  rule: v.id, impact: v.impact || '', help: v.help, help_url: v.helpUrl,
  nodes: v.nodes.map(n => ({target: n.target.map(t => [].concat(t).join(' >>> ')).join(' '), html: n.html,
    impact: n.impact || v.impact || '', summary: n.failureSummary || ''}))}))))
