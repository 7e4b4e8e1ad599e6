// realapps/table.js — the results table of docs/realapps.md from a run.
//   node realapps/table.js OUT/results.json > OUT/table.md
// One row per flow: the app (the flow's `x-app`), the npm package and the
// version package-lock.json pins (its `x-package`), the flow's name, its
// result and, for a failure, the reason and the failing step's message.
'use strict';
const fs = require('fs');
const path = require('path');

const [resultsPath] = process.argv.slice(2);
if (!resultsPath) {
  console.error('usage: node realapps/table.js RESULTS.json');
  process.exit(2);
}
const here = __dirname;
const run = JSON.parse(fs.readFileSync(resultsPath, 'utf8'));
const lock = JSON.parse(fs.readFileSync(path.join(here, 'package-lock.json'), 'utf8'));

// meta reads the x- keys of a flow file (top-level `x-NAME: value` lines).
function meta(file) {
  const out = {};
  const abs = path.isAbsolute(file) ? file : path.join(here, '..', file);
  for (const line of fs.readFileSync(abs, 'utf8').split('\n')) {
    const m = /^x-([a-z]+):\s*(.+?)\s*$/.exec(line);
    if (m) out[m[1]] = m[2];
  }
  return out;
}

function cell(s) {
  return String(s).replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
}

const rows = [];
for (const f of run.flows) {
  const m = meta(f.file);
  const pkg = m.package || '';
  const entry = lock.packages['node_modules/' + pkg];
  const version = entry ? entry.version : '?';
  const last = (f.attempts || [])[f.attempts.length - 1] || {};
  let failure = '';
  if (last.failure) {
    failure = `${last.failure.reason}: ${last.failure.message.split('\n')[0]}`;
  } else if (f.skip_reason) {
    failure = f.skip_reason;
  }
  rows.push([m.app || pkg, `${pkg} ${version}`, f.name, f.status, failure]);
}
console.log('| app | package | flow | result | failure |');
console.log('|---|---|---|---|---|');
for (const r of rows) console.log('| ' + r.map(cell).join(' | ') + ' |');
const count = (s) => run.flows.filter((f) => f.status === s).length;
console.log(`\n${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped (${run.tool}, ${run.browser || 'Chromium'})`);
