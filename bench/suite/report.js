// The Markdown report of bench/suite/run.sh, from OUT/suite.csv and each
// run's JSON report (OUT/reports/TOOL-ROUND.json: smokeflow's --report
// json, Playwright Test's json reporter).
//   node bench/suite/report.js OUT
// Besides the wall times, where each tool's time goes, medians over the
// rounds: its own figure for the run; the start (from the run's start to
// its first test's); the tests' own time (the sum of their durations, and
// per app); and how busy the 2 workers were (the tests' time over 2 × the
// span from the first test's start to the last one's end).
const fs = require('fs');
const path = require('path');

const out = process.argv[2];
const rows = fs.readFileSync(path.join(out, 'suite.csv'), 'utf8').trim().split('\n').slice(1)
  .map((l) => {
    const [tool, round, ms, rc, load, cpu] = l.split(',');
    return { tool, round: +round, ms: +ms, rc: +rc, load: +load, cpu: cpu ? +cpu : NaN };
  });

// quantile by the nearest rank.
function quantile(xs, q) {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}
const median = (xs) => quantile(xs, 0.5);
const fmt = (x) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '–');
const appOf = (name) => name.split(' — ')[0];

// tests reads one run's report as {start, ms, tests: [{name, start, ms}]}
// (times in ms since the epoch), or null when there is none.
function tests(tool, round) {
  const file = path.join(out, 'reports', `${tool}-${round}.json`);
  if (!fs.existsSync(file)) return null;
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (tool.startsWith('smokeflow')) {
    const list = r.flows.flatMap((f) => (f.attempts || []).map((a) => ({ name: f.name, start: Date.parse(a.started_at), ms: a.duration_ns / 1e6 })));
    return { start: Date.parse(r.started_at), ms: r.duration_ns / 1e6, tests: list };
  }
  const list = [];
  const walk = (s) => {
    for (const spec of s.specs || []) {
      for (const t of spec.tests) for (const x of t.results) list.push({ name: spec.title, start: Date.parse(x.startTime), ms: x.duration });
    }
    for (const c of s.suites || []) walk(c);
  };
  r.suites.forEach(walk);
  return { start: Date.parse(r.stats.startTime), ms: r.stats.duration, tests: list };
}

// breakdown is one run's figures: its own duration, its start, the tests'
// time, per app, and the workers' use.
function breakdown(run) {
  const first = Math.min(...run.tests.map((t) => t.start));
  const last = Math.max(...run.tests.map((t) => t.start + t.ms));
  const sum = run.tests.reduce((a, t) => a + t.ms, 0);
  const apps = {};
  for (const t of run.tests) apps[appOf(t.name)] = (apps[appOf(t.name)] || 0) + t.ms;
  return { own: run.ms, start: first - run.start, sum, span: last - first, busy: sum / (2 * (last - first)), apps, after: run.start + run.ms - last };
}

console.log(fs.readFileSync(path.join(out, 'machine.txt'), 'utf8').trim().split('\n').map((l) => '    ' + l).join('\n'));
console.log();
const loads = rows.map((r) => r.load);
console.log(`Load average (1 min) at the start of each run: median ${median(loads)}, min ${Math.min(...loads)}, max ${Math.max(...loads)}.`);
console.log();
console.log('| tool | runs passed | median wall time | min | max | CPU (median) | load (median) |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
const tools = ['smokeflow', 'smokeflow-b', 'playwright'].filter((t) => rows.some((r) => r.tool === t));
const med = {};
// cpuOf is the median CPU time of the runs that passed, in seconds.
const cpuOf = (runs) => {
  const x = median(runs.filter((r) => r.rc === 0 && Number.isFinite(r.cpu)).map((r) => r.cpu));
  return Number.isFinite(x) ? x.toFixed(1) : '–';
};
for (const tool of tools) {
  const mine = rows.filter((r) => r.tool === tool);
  const ok = mine.filter((r) => r.rc === 0).map((r) => r.ms);
  med[tool] = median(ok);
  console.log(`| ${tool === 'playwright' ? 'Playwright Test' : tool} | ${ok.length}/${mine.length} | ${fmt(med[tool])} ms | ${fmt(Math.min(...ok))} ms | ${fmt(Math.max(...ok))} ms | ${cpuOf(mine)} s | ${median(mine.map((r) => r.load))} |`);
}
console.log();
for (const tool of tools.filter((t) => t !== 'playwright')) {
  console.log(`**Ratio of the medians, ${tool} / Playwright Test: ${(med[tool] / med.playwright).toFixed(2)}** (issue 37: at most 0.7).`);
  const paired = rows.filter((r) => r.tool === tool && r.rc === 0).map((s) => {
    const p = rows.find((r) => r.tool === 'playwright' && r.round === s.round && r.rc === 0);
    return p ? s.ms / p.ms : NaN;
  }).filter(Number.isFinite);
  console.log(`Round by round: ${paired.map((x) => x.toFixed(2)).join(', ')}.`);
  console.log();
}

// Where the time goes.
const per = {};
for (const tool of tools) {
  per[tool] = rows.filter((r) => r.tool === tool && r.rc === 0).map((r) => tests(tool, r.round)).filter(Boolean).map(breakdown);
}
const apps = [...new Set(Object.values(per).flat().flatMap((b) => Object.keys(b.apps)))];
console.log('Where the time goes (medians over the rounds; ms):');
console.log();
const names = { smokeflow: 'smokeflow', 'smokeflow-b': 'smokeflow-b', playwright: 'Playwright Test' };
const sfs = tools.filter((t) => t !== 'playwright');
console.log(`| | ${tools.map((t) => names[t]).join(' | ')} | ${sfs.map((t) => `${t} / Playwright`).join(' | ')} |`);
console.log(`|---|${tools.map(() => '---:').join('|')}|${sfs.map(() => '---:').join('|')}|`);
const line = (label, f, digits) => {
  const m = Object.fromEntries(tools.map((t) => [t, median(per[t].map(f))]));
  const show = (x) => (digits ? x.toFixed(digits) : fmt(x));
  console.log(`| ${label} | ${tools.map((t) => show(m[t])).join(' | ')} | ${sfs.map((t) => (m[t] / m.playwright).toFixed(2)).join(' | ')} |`);
};
line("the tool's own time for the run", (b) => b.own);
line('from its start to the first test', (b) => b.start);
line('first test to last test done', (b) => b.span);
line('from the last test done to its end', (b) => b.after);
line('the tests, summed', (b) => b.sum);
for (const app of apps) line(`… ${app}`, (b) => b.apps[app] || 0);
line('the workers busy (tests / 2 × span)', (b) => b.busy, 2);

// smokeflow's steps by app and action, summed over the run (medians over
// the rounds), and what is outside the steps (the context, the page's
// set-up, closing): what the trace and each kind of step cost.
const sfTools = tools.filter((t) => t.startsWith('smokeflow'));
const byAction = {};
for (const tool of sfTools) {
  for (const r of rows.filter((x) => x.tool === tool && x.rc === 0)) {
    const file = path.join(out, 'reports', `${tool}-${r.round}.json`);
    if (!fs.existsSync(file)) continue;
    const sums = {};
    for (const f of JSON.parse(fs.readFileSync(file, 'utf8')).flows) {
      for (const a of f.attempts || []) {
        let steps = 0;
        for (const s of a.steps || []) {
          const k = `${appOf(f.name)} | ${s.action}`;
          sums[k] = (sums[k] || 0) + s.duration_ns / 1e6;
          steps += s.duration_ns / 1e6;
        }
        const k = `${appOf(f.name)} | (outside the steps)`;
        sums[k] = (sums[k] || 0) + a.duration_ns / 1e6 - steps;
      }
    }
    for (const [k, v] of Object.entries(sums)) ((byAction[k] ||= {})[tool] ||= []).push(v);
  }
}
if (Object.keys(byAction).length) {
  console.log();
  console.log("smokeflow's steps by app and action, summed over a run (medians over the rounds; ms):");
  console.log();
  console.log(`| app | action | ${sfTools.join(' | ')} |`);
  console.log(`|---|---|${sfTools.map(() => '---:').join('|')}|`);
  for (const k of Object.keys(byAction).sort()) {
    console.log(`| ${k} | ${sfTools.map((t) => fmt(median(byAction[k][t] || []))).join(' | ')} |`);
  }
}
