// bench/agent/report.js — the Markdown report of bench/agent/run.sh from
// the results the Go driver wrote (docs/benchmarks.md "The agent session
// against agent-browser"), and the task's transcripts as text.
//   node bench/agent/report.js OUT > OUT/report.md
// Tokens: gpt-tokenizer's encode (o200k_base), as bench/report.js and
// realapps/peer.js count them; needs gpt-tokenizer on NODE_PATH.
'use strict';
const fs = require('fs');
const path = require('path');
const { encode } = require('gpt-tokenizer');

const out = process.argv[2];
if (!out) {
  console.error('usage: node bench/agent/report.js OUT');
  process.exit(2);
}
const res = JSON.parse(fs.readFileSync(path.join(out, 'results.json'), 'utf8'));
const machine = fs.existsSync(path.join(out, 'machine.txt')) ? fs.readFileSync(path.join(out, 'machine.txt'), 'utf8').trim() : '';

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const median = (xs) => {
  if (!xs || !xs.length) return NaN;
  const s = sorted(xs);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
// p90 by nearest rank.
const p90 = (xs) => (xs && xs.length ? sorted(xs)[Math.ceil(0.9 * xs.length) - 1] : NaN);
const ms = (x) => (Number.isFinite(x) ? (x < 100 ? x.toFixed(1) : Math.round(x).toLocaleString('en-US')) : '–');
const n0 = (x) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '–');
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b ? (a / b).toFixed(2) : '–');
const tokens = (r) => encode((r.stdout || '') + (r.stderr || '')).length;

const lines = [];
const p = (s = '') => lines.push(s);
const SF = 'smokeflow';
const AB = 'agent-browser';
const BEFORE = 'smokeflow-before';

p('# smokeflow\'s agent session vs agent-browser — bench/agent/run.sh');
p();
if (machine) { p('```'); p(machine); p('```'); p(); }
if (!res.tools.includes(SF)) {
  p('**smokeflow was not measured in this run** (TOOLS=' + res.tools.join(',') + '): its columns are empty.');
  p();
}

if (res.warm) {
  p('## Warm command latency');
  p();
  p(`Milliseconds from the CLI process's start to its exit, session already open; ${res.runs} timed runs per tool after untimed ones, the tools alternating run by run.`);
  p();
  // BEFORE=… runs another build as smokeflow-before, alternating with the others
  const before = res.tools.includes(BEFORE);
  p('| page | command | smokeflow median | p90 | agent-browser median | p90 | smokeflow / agent-browser |' + (before ? ' smokeflow-before median | its ratio |' : ''));
  p('|---|---|---:|---:|---:|---:|---:|' + (before ? '---:|---:|' : ''));
  for (const [pageName, kinds] of Object.entries(res.warm)) {
    const order = ['click', 'fill', 'select', 'check', 'press', 'get text', 'get value', 'snapshot'];
    for (const kind of order.filter((k) => kinds[k])) {
      const sf = kinds[kind][SF], ab = kinds[kind][AB], bf = kinds[kind][BEFORE];
      p(`| ${pageName} | ${kind} | ${ms(median(sf))} | ${ms(p90(sf))} | ${ms(median(ab))} | ${ms(p90(ab))} | ${ratio(median(sf), median(ab))} |` +
        (before ? ` ${ms(median(bf))} | ${ratio(median(bf), median(ab))} |` : ''));
    }
  }
  p();
}

if (res.cold) {
  p('## Cold first command');
  p();
  p('`open URL` (the dashboard) with no daemon and no browser running, so it starts both; the session closed and every process of the tool gone between runs.');
  p();
  p('| tool | runs | median (ms) | p90 (ms) | min (ms) | max (ms) |');
  p('|---|---:|---:|---:|---:|---:|');
  for (const [tool, xs] of Object.entries(res.cold)) {
    p(`| ${tool} | ${xs.length} | ${n0(median(xs))} | ${n0(p90(xs))} | ${n0(Math.min(...xs))} | ${n0(Math.max(...xs))} |`);
  }
  p();
}

if (res.task && res.task.length) {
  const byTask = new Map();
  for (const r of res.task) {
    const name = (r.task && r.task.name) || 'adminlte';
    if (!byTask.has(name)) byTask.set(name, []);
    byTask.get(name).push(r);
  }
  if (byTask.size > 1) summary(byTask);
  for (const [name, runs] of byTask) taskReport(name, runs);
}

// summary is the table of the tasks side by side: everything each tool
// printed over a task, smokeflow's `snapshot --diff` against
// agent-browser's `snapshot -i --delta`.
function summary(byTask) {
  p('## Tokens an agent reads over the tasks');
  p();
  p('Everything each command printed (stdout and stderr), o200k tokens: `open`, a read, then each action followed by a read.');
  p();
  p('| task | app | commands | smokeflow, snapshot --diff | agent-browser, snapshot -i --delta | ratio | agent-browser, snapshot -i |');
  p('|---|---|---:|---:|---:|---:|---:|');
  const sum = { sf: 0, ab: 0, full: 0 };
  for (const [name, runs] of byTask) {
    const col = (tool, diff) => runs.find((r) => r.column.tool === tool && (r.column.name.includes('--d') === diff));
    const total = (r) => (r ? r.steps.map(tokens).reduce((a, b) => a + b, 0) : NaN);
    const sf = total(col(SF, true)), ab = total(col(AB, true)), full = total(col(AB, false));
    sum.sf += sf; sum.ab += ab; sum.full += full;
    const task = runs[0].task || {};
    p(`| ${name} | ${task.app || 'AdminLTE 3.2.0'} | ${perAction(runs[0].steps).length} | ${n0(sf)} | ${n0(ab)} | ${ratio(sf, ab)} | ${n0(full)} |`);
  }
  p(`| **total** | | | **${n0(sum.sf)}** | **${n0(sum.ab)}** | **${ratio(sum.sf, sum.ab)}** | ${n0(sum.full)} |`);
  p();
}

function taskReport(name, task) {
  const app = (task[0].task && task[0].task.app) || 'AdminLTE 3.2.0';
  p(`## Task ${name} (${app})`);
  p();
  p('| column | open + first read | actions | later reads | total |');
  p('|---|---:|---:|---:|---:|');
  for (const { column, steps } of task) {
    const t = steps.map(tokens);
    const first = t[0] + t[1];
    let actions = 0, reads = 0;
    steps.forEach((s, i) => {
      if (i < 2) return;
      if (s.what === 'read') reads += t[i]; else actions += t[i];
    });
    p(`| ${column.name} | ${n0(first)} | ${n0(actions)} | ${n0(reads)} | **${n0(first + actions + reads)}** |`);
    writeTranscript(name, column, steps, t);
  }
  p();
  p('Per action (its output + the reads after it):');
  p();
  p('| # | command | ' + task.map(({ column }) => column.name).join(' | ') + ' |');
  p('|---:|---|' + task.map(() => '---:').join('|') + '|');
  const per = task.map(({ steps }) => perAction(steps));
  per[0].forEach((row, i) => {
    const cells = per.map((rows) => (rows[i] ? `${n0(rows[i].action)} + ${n0(rows[i].reads)}` : '–'));
    p(`| ${i + 1} | ${row.what} | ${cells.join(' | ')} |`);
  });
  p();
}

// perAction groups a transcript by command: each command that is not a
// read, with the tokens of the reads after it (more than one where the
// task read again for an element not listed yet), a command tried again
// after it failed counted with it.
function perAction(steps) {
  const rows = [];
  steps.forEach((s) => {
    const last = rows[rows.length - 1];
    if (s.what === 'read' && last) last.reads += tokens(s);
    else if (last && last.what === s.what && !last.reads) last.action += tokens(s); // tried again
    else rows.push({ what: s.what, action: tokens(s), reads: 0 });
  });
  return rows;
}

function writeTranscript(name, column, steps, t) {
  const slug = (name + '-' + column.name).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const text = steps.map((s, i) => `$ ${s.command}    # ${t[i]} tokens, ${ms(s.ms)} ms\n${s.stdout}${s.stderr ? '[stderr] ' + s.stderr : ''}`).join('\n');
  fs.writeFileSync(path.join(out, `task-${slug}.txt`), text);
}

p(`Tokens: gpt-tokenizer ${require('gpt-tokenizer/package.json').version}, encode (o200k_base). Transcripts of the tasks: task-*.txt beside this report.`);
console.log(lines.join('\n'));
