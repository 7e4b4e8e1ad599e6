// components/table.js — the results table of docs/components.md from a
// run of components/run.sh:
//   node components/table.js OUT RUNS LIBRARY... > OUT/table.md
// One row per library: the library (its flow's `x-app`), the npm package
// and the version package-lock.json pins (`x-package`), how many of the
// RUNS smokeflow and Playwright passed (OUT/run-N/smokeflow.json and
// OUT/run-N/playwright/results.json), the workarounds each needed (a
// smokeflow flow has none: components/flows are written as a new user
// writes them; Playwright's are its test's "workaround" annotations,
// components/playwright/kit.js), and each tool's first failure.
'use strict';
const fs = require('fs');
const path = require('path');

const [out, runsArg, ...libs] = process.argv.slice(2);
if (!out || !runsArg || !libs.length) {
  console.error('usage: node components/table.js OUT RUNS LIBRARY...');
  process.exit(2);
}
const runs = Number(runsArg);
const here = __dirname;
const lock = JSON.parse(fs.readFileSync(path.join(here, 'package-lock.json'), 'utf8'));

function readJSON(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// meta reads the x- keys of a flow file (top-level `x-NAME: value` lines).
function meta(lib) {
  const m = {};
  for (const line of fs.readFileSync(path.join(here, 'flows', lib + '.yaml'), 'utf8').split('\n')) {
    const x = /^x-([a-z]+):\s*"?(.+?)"?\s*$/.exec(line);
    if (x) m[x[1]] = x[2];
  }
  return m;
}

// smokeflow: lib → [{passed, failure}] over the runs.
function smokeflowResults(run) {
  const res = {};
  const data = readJSON(path.join(out, `run-${run}`, 'smokeflow.json'));
  for (const f of (data && data.flows) || []) {
    const lib = path.basename(f.file).replace(/\.ya?ml$/, '');
    const last = (f.attempts || [])[(f.attempts || []).length - 1] || {};
    // The step's place, relative to the repository: (components/flows/…).
    const failure = last.failure
      ? `${last.failure.reason}: ${last.failure.message.split('\n')[0]}`.replace(/\([^()]*\/(components\/flows\/)/, '($1')
      : '';
    res[lib] = { passed: f.status === 'passed', failure };
  }
  return res;
}

// playwright: lib → {passed, failure, workarounds} for one run.
function playwrightResults(run) {
  const res = {};
  const data = readJSON(path.join(out, `run-${run}`, 'playwright', 'results.json'));
  const walk = (suite) => {
    for (const s of suite.suites || []) walk(s);
    for (const spec of suite.specs || []) {
      for (const t of spec.tests || []) {
        const r = (t.results || [])[t.results.length - 1] || {};
        const err = (r.errors || [])[0] || r.error;
        res[spec.title] = {
          passed: r.status === 'passed',
          failure: err ? String(err.message || '').replace(/\u001b\[[0-9;]*m/g, '').split('\n')[0] : r.status || 'not run',
          workarounds: (t.annotations || []).filter((a) => a.type === 'workaround').map((a) => a.description),
        };
      }
    }
  };
  if (data) walk(data);
  return res;
}

function cell(s) {
  return String(s).replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
}

const sf = [], pw = [];
for (let i = 1; i <= runs; i++) {
  sf.push(smokeflowResults(i));
  pw.push(playwrightResults(i));
}
const firstFailure = (rs, lib) => (rs.map((r) => r[lib]).find((x) => x && !x.passed) || {}).failure || '';
const count = (rs, lib) => rs.filter((r) => r[lib] && r[lib].passed).length;

console.log('| library | package and version | smokeflow | Playwright | smokeflow workarounds | Playwright workarounds | smokeflow failure | Playwright failure |');
console.log('|---|---|---|---|---|---|---|---|');
let sfAll = 0, pwAll = 0, pwWorked = 0;
const onlyPeer = []; // smokeflow passed every run, Playwright needed a workaround
for (const lib of libs) {
  const m = meta(lib);
  const entry = lock.packages['node_modules/' + m.package];
  const workarounds = [...new Set(pw.flatMap((r) => (r[lib] ? r[lib].workarounds : [])))];
  const s = count(sf, lib), p = count(pw, lib);
  if (s === runs) sfAll++;
  if (p === runs) pwAll++;
  if (workarounds.length) pwWorked++;
  if (workarounds.length && s === runs) onlyPeer.push(m.app || lib);
  console.log('| ' + [
    m.app || lib, `${m.package} ${entry ? entry.version : '?'}`, `${s}/${runs}`, `${p}/${runs}`, 'none',
    workarounds.length ? workarounds.join('; ') : 'none', firstFailure(sf, lib), firstFailure(pw, lib),
  ].map(cell).join(' | ') + ' |');
}
console.log(`\nsmokeflow passed ${runs}/${runs} on ${sfAll} of ${libs.length} libraries, Playwright on ${pwAll} of ${libs.length}; Playwright needed workarounds on ${pwWorked}.`);
console.log(`Where smokeflow passed with no workaround and Playwright needed one: ${onlyPeer.length ? onlyPeer.join(', ') : 'none'}.`);
